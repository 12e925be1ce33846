import { DEFAULT_UQC, formatQuantity } from "@bahi/shared/contract";

/**
 * Stock as the screens show it: "7.5 KGS", but a plain "5" for things counted in numbers (NOS),
 * the default a shop owner never chose. Documents always print the unit (Rule 46).
 */
export function stockText(stock: number, unit: string | undefined): string {
  return formatQuantity(stock, unit && unit !== DEFAULT_UQC ? unit : null);
}
