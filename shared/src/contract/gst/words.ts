/**
 * Amount in words, Indian numbering (GST.md §8.4), via the `to-words` library's en-IN locale
 * (the per-locale entry point, ~3.5 KB gzip, no Node APIs, so it runs in the browser).
 *
 * Style, as to-words writes it: Title Case, no "and" inside a number, "Rupee"/"Rupees",
 * "Paisa"/"Paise", "And" before the paise, "Only" at the end:
 *   12345678950 paise → "Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty
 *   Nine Rupees And Fifty Paise Only"; 99 → "Zero Rupees And Ninety Nine Paise Only".
 *
 * Two decisions on top of the library:
 * - Rupees and paise are each converted from an exact integer (BigInt) and joined here, so no
 *   float is made of the amount (to-words' own currency mode goes through Number and toFixed).
 *   The test file checks the result equals to-words' `toCurrency` wherever both apply.
 * - From 100 crore up, crores are counted in crores ("One Hundred Crore", "Twelve Thousand
 *   Three Hundred Forty Five Crore") as Indian business English and cheques do, rather than
 *   to-words' Arab/Kharab scales, which few readers know.
 */
import { toWords } from "to-words/en-IN";
import type { Paise } from "../money.ts";

const CRORE = 10_000_000n;
const HUNDRED_CRORE = 100n * CRORE;

/** A non-negative whole number in words, crore as the largest scale. */
function wholeInWords(value: bigint): string {
  if (value < HUNDRED_CRORE) return toWords(value);
  const crores = value / CRORE;
  const rest = value % CRORE;
  return `${wholeInWords(crores)} Crore${rest === 0n ? "" : ` ${toWords(rest)}`}`;
}

/** 10050 → "One Hundred Rupees And Fifty Paise Only". Negative amounts start with "Minus". */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  const magnitude = BigInt(Math.abs(paise));
  const rupees = magnitude / 100n;
  const fraction = magnitude % 100n;
  const rupeePart = `${wholeInWords(rupees)} ${rupees === 1n ? "Rupee" : "Rupees"}`;
  const paisePart = fraction === 0n ? "" : ` And ${toWords(fraction)} ${fraction === 1n ? "Paisa" : "Paise"}`;
  return `${paise < 0 ? "Minus " : ""}${rupeePart}${paisePart} Only`;
}
