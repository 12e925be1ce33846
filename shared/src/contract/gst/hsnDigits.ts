/**
 * How many HSN/SAC digits a business must give (GST.md §8.3): Notification 78/2020-Central Tax
 * (15 Oct 2020, w.e.f. 1 Apr 2021), under the first proviso to Rule 46 CGST Rules, by the
 * aggregate turnover of the preceding financial year:
 *   - up to ₹5 crore: 4 digits; and such a business "may not mention" the HSN on tax invoices
 *     for supplies to unregistered persons (B2C), so a product may be saved without one;
 *   - more than ₹5 crore: 6 digits, on every tax invoice.
 * A product is saved before the invoices it goes on are known, so the product carries the
 * digits the business's band needs on any invoice: ≥ 6 above ₹5 crore (and then it is
 * required), ≥ 4 otherwise (optional). Codes are 4, 6 or 8 digits long (the master's lengths).
 */

export type ProductKind = "goods" | "services";
export const PRODUCT_KINDS = ["goods", "services"] as const satisfies readonly ProductKind[];

/** SAC codes (services) are chapter 99 of the classification; every other code is goods (HSN). */
export function kindOfHsn(code: string | null | undefined): ProductKind {
  return code?.startsWith("99") ? "services" : "goods";
}

/** Notification 78/2020-CT's minimum number of digits for the business's turnover band. */
export function minimumHsnDigits(turnoverAbove5Crore: boolean): 4 | 6 {
  return turnoverAbove5Crore ? 6 : 4;
}

/** Whether the business must give a code on every product (above ₹5 crore it is on every invoice). */
export function hsnRequired(turnoverAbove5Crore: boolean): boolean {
  return turnoverAbove5Crore;
}

/**
 * What is wrong with a product's code for its kind and the business's band, as the shop
 * owner reads it; null when it is fine. Whether the code exists is the master's question
 * (server-side); this checks only what the notification and the kind say.
 */
export function hsnDigitsProblem(code: string | null, kind: ProductKind, turnoverAbove5Crore: boolean): string | null {
  const name = kind === "services" ? "SAC" : "HSN";
  if (!code) {
    return hsnRequired(turnoverAbove5Crore) ? `${name} code is required: with turnover above ₹5 crore every invoice must show at least 6 digits (Notification 78/2020)` : null;
  }
  if (kind === "services" && !code.startsWith("99")) return `Services take a SAC code, which starts with 99 (like 998314); ${code} is an HSN code for goods`;
  if (kind === "goods" && code.startsWith("99")) return `${code} is a SAC code for services (it starts with 99); choose "Services" or give an HSN code for goods`;
  const minimum = minimumHsnDigits(turnoverAbove5Crore);
  if (code.length < minimum) {
    return `${name} code must have at least ${minimum} digits for a business with turnover ${turnoverAbove5Crore ? "above" : "up to"} ₹5 crore (Notification 78/2020)`;
  }
  return null;
}
