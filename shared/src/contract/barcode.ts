import { z } from "zod";

/**
 * Issue 10: a product's barcode, as a scanner reads it off the pack.
 *
 * Codes of 8, 12 or 13 digits are the retail codes (EAN-8, UPC-A, EAN-13; 8 digits may also be a
 * UPC-E): their last digit is a GS1 check digit, so a code whose check digit does not match is a
 * typing slip or a misread and is refused. Anything else is taken as another symbology (Code 128,
 * Code 39, a shop's own labels): 8 to 40 printable characters without spaces.
 */
export const BARCODE_MIN = 8;
export const BARCODE_MAX = 40;

const PRINTABLE = /^[\x21-\x7E]+$/;
const DIGITS = /^\d+$/;

/** The GS1 check digit for `body` (the code without its last digit): weights 3,1,3,… from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of an all-digit `code` is its GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14). */
export function hasValidGs1CheckDigit(code: string): boolean {
  if (!DIGITS.test(code) || code.length < 2) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** A UPC-E code (8 digits, number system 0 or 1) written out as its UPC-A, or null when it is not one. */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = code.split("");
  let body: string;
  if (d6 === "0" || d6 === "1" || d6 === "2") body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  else if (d6 === "3") body = `${d1}${d2}${d3}00000${d4}${d5}`;
  else if (d6 === "4") body = `${d1}${d2}${d3}${d4}00000${d5}`;
  else body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

const RETAIL_NAMES: Record<number, string> = { 8: "EAN-8", 12: "UPC-A", 13: "EAN-13" };

/** Why `code` (already trimmed) cannot be a barcode, or null when it can. */
export function barcodeProblem(code: string): string | null {
  if (code.length < BARCODE_MIN || code.length > BARCODE_MAX) return `Barcode must be ${BARCODE_MIN} to ${BARCODE_MAX} characters`;
  if (!PRINTABLE.test(code)) return "Barcode may contain only letters, digits and symbols, without spaces";
  const retail = DIGITS.test(code) ? RETAIL_NAMES[code.length] : undefined;
  if (retail && !hasValidGs1CheckDigit(code)) {
    const upcE = code.length === 8 ? expandUpcE(code) : null;
    if (upcE && hasValidGs1CheckDigit(upcE)) return null;
    return `This looks like an ${retail} barcode but its last digit (the check digit) does not match: check the number for a typing mistake`;
  }
  return null;
}

/** How codes are compared when looking a product up: a scanner may send letters in either case. */
export function barcodeKey(code: string): string {
  return code.trim().toUpperCase();
}

/** The product form's optional barcode: empty is none. */
export const barcodeField = z
  .string({ error: "Barcode must be text" })
  .nullish()
  .transform((value) => (value ? value.trim() : "") || null)
  .superRefine((value, ctx) => {
    const problem = value === null ? null : barcodeProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
