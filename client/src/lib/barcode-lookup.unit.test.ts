import { describe, expect, it } from "vitest";
import { findProductByCode, placeScannedProduct } from "./barcode-lookup.ts";

const products = [
  { id: "p-1", sku: "SHIRT-01", barcode: "4006381333931", isActive: true },
  { id: "p-2", sku: "4006381333931", barcode: null, isActive: true },
  { id: "p-3", sku: "OLD-01", barcode: "96385074", isActive: false },
  { id: "p-4", sku: "NEW-01", barcode: "96385074", isActive: true },
  { id: "p-5", sku: "MUG-01", barcode: "mug-code-77", isActive: true },
];

describe("findProductByCode", () => {
  it("finds by barcode before SKU", () => {
    expect(findProductByCode(products, "4006381333931")?.id).toBe("p-1");
  });
  it("finds by SKU, any case, spaces trimmed", () => {
    expect(findProductByCode(products, " shirt-01 ")?.id).toBe("p-1");
    expect(findProductByCode(products, "MUG-CODE-77")?.id).toBe("p-5");
  });
  it("an active product wins over an inactive one with the same code", () => {
    expect(findProductByCode(products, "96385074")?.id).toBe("p-4");
    expect(findProductByCode(products.slice(0, 3), "96385074")?.id).toBe("p-3");
  });
  it("an unknown or empty code finds nothing", () => {
    expect(findProductByCode(products, "12345670")).toBeNull();
    expect(findProductByCode(products, "  ")).toBeNull();
  });
});

describe("placeScannedProduct", () => {
  it("a product already on the invoice gets one more", () => {
    expect(placeScannedProduct([{ productId: "p-1", quantity: 2 }], "p-1")).toEqual({ kind: "increment", index: 0, quantity: 3 });
    expect(placeScannedProduct([{ productId: "p-1", quantity: "2.5" }], "p-1")).toEqual({ kind: "increment", index: 0, quantity: 3.5 });
    expect(placeScannedProduct([{ productId: "p-1", quantity: 2.675 }], "p-1")).toEqual({ kind: "increment", index: 0, quantity: 3.675 });
  });
  it("else the first empty row takes it, else a new row", () => {
    expect(
      placeScannedProduct(
        [
          { productId: "p-2", quantity: 1 },
          { productId: "", quantity: 1 },
        ],
        "p-1",
      ),
    ).toEqual({ kind: "fill", index: 1 });
    expect(placeScannedProduct([{ productId: "p-2", quantity: 1 }], "p-1")).toEqual({ kind: "append" });
  });
});
