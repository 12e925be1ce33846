/**
 * Credit and debit notes (s.34 CGST Act) as the return engine reads them (issue 9, part 3).
 *
 * A note follows its original invoice: GSTR-1 Table 9B reports it in `cdnr` when the invoice
 * went to a registered customer (b2b), in `cdnur` when it was B2C Large or an export, and a note
 * on a B2C Small sale adjusts that period's `b2cs` row (net; the portal has no note section for
 * it). GSTR-3B 3.1 takes notes in the period they are reported in: credit notes lower it, debit
 * notes raise it. A note's heads follow the invoice's place of supply (H12 copies them).
 *
 * The document is the salesNotes read model (H12, changes.md): money as "0.00" strings, like
 * the invoice view; only the fields the engine needs are declared here.
 */
import { toPaise } from "../contract/index.ts";
import type { IndianDate, Paise, SalesNote } from "../contract/index.ts";
import { indianDateOf, percentToBasisPoints } from "../contract/index.ts";
import { returnPeriodOf } from "./period.ts";
import type { SaleDocument } from "./prepare.ts";
import { toSale, withRecipientTax } from "./sales.ts";
import type { Heads, Sale, SaleLine } from "./sales.ts";

/** The salesNotes read model (H12's `SalesNote`), as far as the engine reads it. */
export type SalesNoteForReturn = Pick<SalesNote, "id" | "kind" | "number" | "issueDate" | "invoiceIds" | "placeOfSupply" | "items" | "total"> & {
  /** "MMYYYY" (H12); "YYYY-MM" read too; absent → the issue date's period. */
  readonly reportingPeriod?: string | null;
  readonly supplier?: { readonly gstin: string | null } | null;
};

export interface Note {
  readonly note: SalesNoteForReturn;
  readonly kind: "credit" | "debit";
  /** Credit −1, debit +1: what the note does to the supplier's liability. */
  readonly sign: 1 | -1;
  readonly number: string;
  readonly date: IndianDate;
  /** The original invoice (the first of the note's invoices) classified as GSTR-1 does. */
  readonly original: Sale;
  readonly total: Paise;
  /** The note's lines, unsigned (as the portal reports them in cdnr/cdnur). */
  readonly lines: readonly SaleLine[];
}

/** "MMYYYY" of the period a note is reported in. */
export function noteReportingPeriod(note: Pick<SalesNoteForReturn, "reportingPeriod" | "issueDate">): string {
  const p = note.reportingPeriod?.trim();
  if (p && /^\d{4}-\d{2}$/.test(p)) return `${p.slice(5, 7)}${p.slice(0, 4)}`;
  if (p && /^\d{6}$/.test(p)) return p;
  return returnPeriodOf(note.issueDate);
}

function noteLines(note: SalesNoteForReturn): SaleLine[] {
  return note.items.map((item, i) => ({
    index: i + 1,
    productName: item.productName,
    hsnCode: item.hsnCode?.trim() ? item.hsnCode.replace(/\s/g, "") : null,
    quantity: item.quantity,
    unit: item.unit ?? "NOS",
    rateBasisPoints: percentToBasisPoints(item.gstRate),
    taxable: toPaise(item.taxableValue),
    igst: toPaise(item.igstAmount),
    cgst: toPaise(item.cgstAmount),
    sgst: toPaise(item.sgstAmount),
    cess: toPaise(item.cessAmount),
  }));
}

/** Heads multiplied by the note's sign. */
export function signedHeads(heads: Heads, sign: 1 | -1): Heads {
  return { taxable: sign * heads.taxable, igst: sign * heads.igst, cgst: sign * heads.cgst, sgst: sign * heads.sgst, cess: sign * heads.cess };
}

/** A line with every figure (quantity too) multiplied by the note's sign: for nets (b2cs, HSN, 3B). */
export function signedLine(line: SaleLine, sign: 1 | -1): SaleLine {
  return {
    ...line,
    quantity: sign * line.quantity,
    taxable: sign * line.taxable,
    igst: sign * line.igst,
    cgst: sign * line.cgst,
    sgst: sign * line.sgst,
    cess: sign * line.cess,
  };
}

/**
 * The notes a return of `gstin` for `period` reports: reported in the period, issued on an
 * invoice of this GSTIN (a note goes with its invoice's registration). A note whose invoice is
 * not in the books is left out (it cannot be classified; the server never issues one).
 */
export function notesOfPeriod(notes: readonly SalesNoteForReturn[], invoices: readonly SaleDocument[], gstin: string, period: string, supplierState: string): Note[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const out: Note[] = [];
  for (const note of notes) {
    if (noteReportingPeriod(note) !== period) continue;
    const invoice = byId.get(note.invoiceIds[0] ?? "");
    const issuedUnder = (note.supplier?.gstin ?? invoice?.supplier?.gstin)?.trim().toUpperCase();
    if (!invoice || issuedUnder !== gstin) continue;
    const sign = note.kind === "credit" ? -1 : 1;
    const original = toSale(invoice, supplierState);
    out.push({
      note,
      kind: note.kind,
      sign,
      number: note.number,
      date: indianDateOf(note.issueDate),
      original,
      total: toPaise(note.total),
      // Issue 9: a note on a reverse-charge invoice reports the recipient's tax, as its invoice does.
      lines: original.reverseCharge ? noteLines(note).map((line) => withRecipientTax(line, original)) : noteLines(note),
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}
