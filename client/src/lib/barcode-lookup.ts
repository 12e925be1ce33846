import { addQuantities, barcodeKey, type Product } from "@bahi/shared/contract";

/**
 * Issue 10: the product a scanned or typed code names: its barcode first, then its SKU (a shop may
 * print its SKUs as barcodes). Active products win over inactive ones with the same code.
 */
export function findProductByCode<P extends Pick<Product, "barcode" | "sku" | "isActive">>(products: readonly P[], code: string): P | null {
  const key = barcodeKey(code);
  if (!key) return null;
  const byBarcode = products.filter((product) => product.barcode && barcodeKey(product.barcode) === key);
  const bySku = products.filter((product) => barcodeKey(product.sku) === key);
  const matches = [...byBarcode, ...bySku];
  return matches.find((product) => product.isActive) ?? matches[0] ?? null;
}

/**
 * Where a scanned product goes on the invoice: the row already holding it gets one more, else
 * the first empty row, else a new row. `rows` are the form's item rows.
 */
export function placeScannedProduct(
  rows: readonly { productId: string; quantity: number | string }[],
  productId: string,
): { kind: "increment"; index: number; quantity: number } | { kind: "fill"; index: number } | { kind: "append" } {
  const existing = rows.findIndex((row) => row.productId === productId);
  if (existing >= 0) {
    const current = Number(rows[existing]!.quantity);
    // In thousandths, so 2.5 KGS becomes 3.5 exactly (issue 9 quantities).
    return { kind: "increment", index: existing, quantity: addQuantities(Number.isFinite(current) ? current : 0, 1) };
  }
  const empty = rows.findIndex((row) => !row.productId);
  return empty >= 0 ? { kind: "fill", index: empty } : { kind: "append" };
}
