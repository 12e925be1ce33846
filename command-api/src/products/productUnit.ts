import { DEFAULT_UQC, quantityUnitProblem } from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";

/** Issue 9: a product's unit of measure; products recorded before units were asked count in NOS. */
export function unitOf(fields: { unit?: string | undefined }): string {
  return fields.unit ?? DEFAULT_UQC;
}

/**
 * A 400 when `quantity` is a fraction of a counted unit (uqc.ts): opening stock, a receipt or
 * an adjustment of 2.5 NOS is refused, 2.5 KGS is fine.
 */
export function assertQuantityFitsUnit(quantity: number, unit: string, field: string, productName: string): void {
  const problem = quantityUnitProblem(Math.abs(quantity), unit, productName);
  if (problem) throw new ValidationError([{ path: [field], message: problem }]);
}

/** The 400's entries for invoice items whose quantity is a fraction of a counted unit (2.5 NOS). */
export function quantityUnitErrors(
  items: readonly { productId: string; quantity: number }[],
  productOf: (productId: string) => { name: string; unit: string },
): { path: (string | number)[]; message: string }[] {
  return items.flatMap((item, index) => {
    const product = productOf(item.productId);
    const problem = quantityUnitProblem(item.quantity, product.unit, product.name);
    return problem ? [{ path: ["items", index, "quantity"], message: problem }] : [];
  });
}
