import { indianDateOf, placeOfSupplyLabel } from "@bahi/shared/contract";
import type { Invoice } from "@bahi/shared/contract";

export const INVOICE_CSV_COLUMNS = [
  "Invoice Number",
  "Customer",
  "Customer GSTIN",
  "Issue Date",
  "Due Date",
  "Place of Supply",
  "Taxable Value",
  "CGST",
  "SGST/UTGST",
  "IGST",
  "Total",
  "Status",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text cell that
 * a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe, so a
 * customer named "=HYPERLINK(...)" stays text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Amounts stay as the API's exact two-decimal strings: a spreadsheet reads them as numbers. */
function amountField(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : csvField(value);
}

function dateField(iso: string | null): string {
  if (!iso) return "";
  try {
    return indianDateOf(iso);
  } catch {
    return csvField(iso);
  }
}

function placeOfSupplyField(code: string): string {
  try {
    return csvField(placeOfSupplyLabel(code));
  } catch {
    return csvField(code);
  }
}

/** The invoices as a CSV a spreadsheet or an accountant can open: one row per invoice, CRLF lines. */
export function invoicesToCsv(invoices: readonly Invoice[]): string {
  const rows = invoices.map((invoice) =>
    [
      csvField(invoice.invoiceNumber),
      csvField(invoice.customer.name),
      csvField(invoice.customer.gstNumber ?? ""),
      dateField(invoice.issueDate),
      dateField(invoice.dueDate),
      placeOfSupplyField(invoice.placeOfSupply),
      amountField(invoice.subtotal),
      amountField(invoice.cgstAmount),
      amountField(invoice.sgstAmount),
      amountField(invoice.igstAmount),
      amountField(invoice.total),
      csvField(invoice.status),
    ].join(","),
  );
  return [INVOICE_CSV_COLUMNS.join(","), ...rows].map((line) => `${line}\r\n`).join("");
}
