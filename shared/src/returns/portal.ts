/**
 * The GST portal's wire formats, and nothing else: amounts are JSON numbers in rupees with at
 * most two decimals, dates are "dd-mm-yyyy" (returns) or "dd/mm/yyyy" (e-invoice, e-way bill).
 *
 * Inside Bahi money is integer paise. The conversion to a portal number happens only at the
 * very end, through the exact decimal string (`Number(formatPaise(p))`), and the conversion
 * back goes through the number's shortest decimal text — never `x * 100`, never `toFixed`.
 */
import { formatPaise, indianDateOf } from "../contract/index.ts";
import type { IndianDate, Paise } from "../contract/index.ts";

/** 512900 → 5129 (rupees, for the portal's JSON). */
export function toPortalAmount(paise: Paise): number {
  return Number(formatPaise(paise));
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A portal amount (a JSON number in rupees, or its text) → paise, rounded half-up (half away
 * from zero) at the paisa. Works on the number's shortest decimal text, so 900.045 → 90005 —
 * the value the portal wrote, not the binary double below it (900.04499…).
 */
export function portalAmountToPaise(value: number | string): Paise {
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) throw new RangeError(`Not an amount: ${JSON.stringify(value)}`);
  const negative = match[1] === "-";
  const digits = `${match[2] ?? ""}${match[3] ?? ""}`;
  // Position of the decimal point inside `digits`, after applying the exponent.
  const point = (match[2] ?? "").length + Number(match[4] ?? "0");
  // Paise = the digits up to two places after the point; the next digit decides rounding.
  const paiseEnd = point + 2;
  let whole: string;
  let nextDigit: number;
  if (paiseEnd <= 0) {
    whole = "0";
    nextDigit = paiseEnd === 0 ? Number(digits[0] ?? "0") : 0;
  } else {
    whole = digits.slice(0, paiseEnd).padEnd(paiseEnd, "0");
    nextDigit = Number(digits[paiseEnd] ?? "0");
  }
  const magnitude = BigInt(whole) + (nextDigit >= 5 ? 1n : 0n);
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount is too large: ${JSON.stringify(value)}`);
  const paise = Number(magnitude);
  return negative && paise !== 0 ? -paise : paise;
}

/** "2025-10-15" (or an instant, taken in India) → "15-10-2025", the returns' `idt`/`dt` format. */
export function toPortalDate(date: string | Date, separator: "-" | "/" = "-"): string {
  const [year, month, day] = indianDateOf(date).split("-");
  return `${day}${separator}${month}${separator}${year}`;
}

const PORTAL_DATE = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;

/** "24-11-2016" or "24/11/2016" → "2016-11-24". Throws RangeError on anything else. */
export function fromPortalDate(text: string): IndianDate {
  const match = PORTAL_DATE.exec(text.trim());
  if (!match) throw new RangeError(`Not a dd-mm-yyyy date: ${JSON.stringify(text)}`);
  return indianDateOf(`${match[3]}-${match[2]}-${match[1]}`);
}

/** Whole days from `from` to `to` (Indian calendar dates); negative when `to` is earlier. */
export function daysBetween(from: IndianDate, to: IndianDate): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** `date` plus `days` calendar days, as an Indian calendar date. */
export function addDays(date: IndianDate, days: number): IndianDate {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** A rate in basis points (1800) → the portal's percent number (18; 0.25). Exact: bp / 100 via text. */
export function basisPointsToPortalRate(basisPoints: number): number {
  return Number(formatPaise(basisPoints));
}

/**
 * Natural order for document numbers: digit runs compare by value ("INV-9" < "INV-10"), the
 * rest by code unit, so the order never depends on the machine's locale.
 */
export function compareDocumentNumbers(a: string, b: string): number {
  const chunks = (s: string) => s.match(/\d+|\D+/g) ?? [];
  const left = chunks(a);
  const right = chunks(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!;
    const y = right[i]!;
    if (x === y) continue;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    if (xDigits && yDigits) {
      const bx = BigInt(x);
      const by = BigInt(y);
      if (bx !== by) return bx < by ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length;
      continue;
    }
    return x < y ? -1 : 1;
  }
  return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
}
