/**
 * Rupees for people: en-IN grouping (GST.md §8.5), "₹1,23,45,678.90".
 *
 * Only the whole rupees go through Intl.NumberFormat (as a BigInt, so exactly); the paise
 * digits are appended from the integer, so no float rounding is ever involved.
 */
import type { Paise } from "../money.ts";
import { roundHalfUp } from "./tax.ts";

export interface FormatInrOptions {
  /**
   * 2 (default) shows paise; 0 shows whole rupees, rounding half-up (₹10.50 → ₹11, the
   * CGST Act s.170 rule), as the SPEC's dashboard figures do.
   */
  readonly decimals?: 0 | 2;
  /** Prefix "₹" (default true). */
  readonly symbol?: boolean;
}

const WITH_SYMBOL = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const WITHOUT_SYMBOL = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** 12345600 → "₹1,23,456.00"; -9876543 → "-₹98,765.43"; 1050 with decimals 0 → "₹11". */
export function formatInr(paise: Paise, options: FormatInrOptions = {}): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  const decimals = options.decimals ?? 2;
  const formatter = options.symbol === false ? WITHOUT_SYMBOL : WITH_SYMBOL;
  const magnitude = Math.abs(paise);
  const rupees = decimals === 0 ? roundHalfUp(magnitude, 100) : Math.trunc(magnitude / 100);
  const suffix = decimals === 0 ? "" : `.${String(magnitude % 100).padStart(2, "0")}`;
  // No "-₹0" when a small negative amount rounds to zero rupees.
  const negative = paise < 0 && (decimals === 2 || rupees !== 0);
  return `${negative ? "-" : ""}${formatter.format(BigInt(rupees))}${suffix}`;
}
