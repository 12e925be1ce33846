/**
 * Invoice numbers (CGST Rule 46(b), GST.md §8.1): at most 16 characters of letters, digits,
 * hyphen "-" and slash "/", unique per supplier per financial year (the server's job).
 *
 * Decision: the first character must be a letter or a digit, as India Compliance's
 * GST_INVOICE_NUMBER_FORMAT and the e-invoice schema require; "/1" or "-A" would be refused by
 * e-invoicing later. Letters are ASCII only; case is kept as typed.
 */
import { z } from "zod";
import { indianDateOf } from "./indiaDate.ts";

export const INVOICE_NUMBER_MAX_LENGTH = 16;
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/;

export const INVOICE_NUMBER_REQUIRED = "Invoice number is required";

/** Why an invoice number is not acceptable (after trimming), or null when it is. */
export function invoiceNumberProblem(raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0) return INVOICE_NUMBER_REQUIRED;
  if (value.length > INVOICE_NUMBER_MAX_LENGTH) return `Invoice number must be at most ${INVOICE_NUMBER_MAX_LENGTH} characters`;
  if (!/^[A-Za-z0-9/-]+$/.test(value)) return 'Invoice number may contain only letters, digits, "-" and "/"';
  if (!INVOICE_NUMBER_PATTERN.test(value)) return "Invoice number must start with a letter or a digit";
  return null;
}

/** The invoice-number field of the create-invoice schema: trimmed, then checked as above. */
export const invoiceNumberField = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? INVOICE_NUMBER_REQUIRED : "Invoice number must be text"),
  })
  .trim()
  .superRefine((value, ctx) => {
    const problem = invoiceNumberProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * Issue 9: the create-invoice field, where empty, null or absent asks for the next number of
 * the business's series (the output is then ""); anything typed is checked as above.
 */
export const seriesOrTypedInvoiceNumberField = z
  .string({ error: "Invoice number must be text" })
  .nullish()
  .transform((value) => (value ?? "").trim())
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : invoiceNumberProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * The number the client proposes when the form opens (SPEC §3): INV-{YYYY}{MM}-{NNN}, the
 * year and month of `date` in India, NNN = `random0to999` padded to three digits. The caller
 * supplies the randomness (e.g. `Math.floor(Math.random() * 1000)`) so this stays pure. It is
 * only a proposal: the server still refuses a duplicate.
 */
export function proposeInvoiceNumber(date: string | Date, random0to999: number): string {
  if (!Number.isInteger(random0to999) || random0to999 < 0 || random0to999 > 999) {
    throw new RangeError(`Expected a whole number from 0 to 999: ${random0to999}`);
  }
  const day = indianDateOf(date);
  return `INV-${day.slice(0, 4)}${day.slice(5, 7)}-${String(random0to999).padStart(3, "0")}`;
}

/**
 * "INV/26-27/0001": prefix, the financial year's short form, the sequence padded to four. The
 * e-invoice schema allows 16 characters, so a sequence past 9999 takes more digits and the
 * prefix gives up its tail to make room (Rule 46(b): the number only has to be unique and
 * consecutive; the serial and the year are what keep it so).
 */
export function seriesNumber(prefix: string, financialYear: string, sequence: number): string {
  const year = `${financialYear.slice(2, 4)}-${financialYear.slice(5, 7)}`;
  const serial = String(sequence).padStart(4, "0");
  const room = INVOICE_NUMBER_MAX_LENGTH - year.length - serial.length - 2;
  return `${prefix.slice(0, Math.max(room, 1))}/${year}/${serial}`;
}
