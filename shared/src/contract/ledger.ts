/**
 * Issue 10: a customer's ledger (statement of account) and the one balance computation.
 *
 * Every invoice becomes ledger lines (its debit, its notes, its payments, its cancellation)
 * whose sum is what the invoice still owes (invoiceOwedPaise), or, after a credit note larger
 * than what was left, what is owed back to the customer (a negative sum). The customer's balance
 * is the sum of those lines: the statement's closing balance, GET /customers/{id}/balance and
 * the credit-limit check are all this one sum (customerBalancePaise in creditLimit.ts is
 * built on invoiceLedgerLines), so they cannot disagree.
 */
import { z } from "zod";
import { dateProblem } from "./fields.ts";
import { indianDateOf } from "./gst/indiaDate.ts";
import type { Invoice } from "./invoices.ts";
import { formatPaise, toPaise, type Paise } from "./money.ts";
import { PAYMENT_MODE_LABELS } from "./payments.ts";
import type { CustomerAdvance } from "./advances.ts";

export const LEDGER_ENTRY_KINDS = ["invoice", "credit_note", "debit_note", "payment", "cancellation", "adjustment", "advance"] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export type InvoiceOwed = Pick<Invoice, "customerId" | "status" | "total"> & { netTotal?: string; balanceDue?: string };

/**
 * What one invoice still owes: its balanceDue (net of notes and payments) when the read model
 * carries it; for documents written before payments, its total net of notes unless paid or
 * cancelled.
 */
export function invoiceOwedPaise(invoice: InvoiceOwed): Paise {
  if (invoice.status === "cancelled") return 0;
  if (invoice.balanceDue !== undefined) return toPaise(invoice.balanceDue);
  if (invoice.status === "paid") return 0;
  return Math.max(toPaise(invoice.netTotal ?? invoice.total), 0);
}

/** One row of the statement. Amounts are two-decimal rupees; balance: positive = the customer owes. */
export interface LedgerEntry {
  /** Indian date "YYYY-MM-DD". */
  date: string;
  kind: LedgerEntryKind;
  /** The invoice (or note, or advance) the row belongs to. */
  documentId: string;
  /** The invoice or note number, or the payment's reference (null when none was given). */
  number: string | null;
  description: string;
  debit: string;
  credit: string;
  balance: string;
}

/** GET /api/customers/{id}/ledger?from&to. */
export interface CustomerLedger {
  customer: { id: string; name: string; gstNumber: string | null };
  from: string;
  to: string;
  openingBalance: string;
  entries: LedgerEntry[];
  totalDebit: string;
  totalCredit: string;
  closingBalance: string;
}

/** A ledger line in paise before running balances: amount > 0 is a debit, < 0 a credit. */
export interface LedgerLine {
  date: string;
  kind: LedgerEntryKind;
  documentId: string;
  number: string | null;
  description: string;
  amountPaise: Paise;
  /** Same-date order: invoices, then notes (and advances), then payments, then cancellations, then a closing adjustment; then by time. */
  rank: number;
  at: string;
}

/** What the ledger needs of a note that is not on the invoice: its date (InvoiceNoteRef carries only its share). */
export type NoteDates = ReadonlyMap<string, { issueDate: string; createdAt?: string }>;

const RANK: Record<LedgerEntryKind, number> = { invoice: 0, advance: 1, credit_note: 1, debit_note: 1, payment: 2, cancellation: 3, adjustment: 4 };

type LedgerInvoice = Pick<Invoice, "id" | "customerId" | "invoiceNumber" | "issueDate" | "status" | "total" | "createdAt"> &
  Partial<Pick<Invoice, "netTotal" | "balanceDue" | "payments" | "salesNotes" | "paidAt" | "cancelledAt">>;

/**
 * The invoice's ledger lines. They add up to invoiceOwedPaise(invoice), where the invoice's
 * own lines do not (an invoice marked paid before payments were recorded; a cancellation), one
 * closing line says why; except when credit notes took more than was left after payments:
 * then they add up to less than 0, the amount owed back to the customer.
 */
export function invoiceLedgerLines(invoice: LedgerInvoice, noteDates: NoteDates = new Map()): LedgerLine[] {
  const issued = indianDateOf(invoice.issueDate);
  const line = (kind: LedgerEntryKind, date: string, at: string, amountPaise: Paise, number: string | null, description: string, documentId = invoice.id): LedgerLine => ({
    date,
    kind,
    documentId,
    number,
    description,
    amountPaise,
    rank: RANK[kind],
    at,
  });
  const lines: LedgerLine[] = [line("invoice", issued, invoice.createdAt, toPaise(invoice.total), invoice.invoiceNumber, `Invoice ${invoice.invoiceNumber}`)];
  for (const note of invoice.salesNotes ?? []) {
    const known = noteDates.get(note.id);
    const date = known ? indianDateOf(known.issueDate) : issued;
    const credit = note.kind === "credit";
    lines.push(
      line(
        credit ? "credit_note" : "debit_note",
        date,
        known?.createdAt ?? invoice.createdAt,
        (credit ? -1 : 1) * toPaise(note.total),
        note.number,
        `${credit ? "Credit" : "Debit"} note ${note.number} against ${invoice.invoiceNumber}`,
        note.id,
      ),
    );
  }
  for (const payment of invoice.payments ?? []) {
    const how = payment.advanceId ? "from advance" : payment.mode ? PAYMENT_MODE_LABELS[payment.mode] : "Marked paid";
    lines.push(line("payment", indianDateOf(payment.date), payment.recordedAt, -toPaise(payment.amount), payment.reference, `Payment for ${invoice.invoiceNumber} (${how})`));
  }
  const sum = lines.reduce((total, l) => total + l.amountPaise, 0);
  const residual = invoiceOwedPaise(invoice) - sum;
  if (residual !== 0) {
    if (invoice.status === "cancelled") {
      const at = invoice.cancelledAt ?? invoice.createdAt;
      lines.push(line("cancellation", indianDateOf(at), at, residual, invoice.invoiceNumber, `Invoice ${invoice.invoiceNumber} cancelled`));
    } else if (invoice.status === "paid" && invoice.payments === undefined && residual < 0) {
      // Marked paid before payments were recorded: one payment of what it owed, on the day it was marked.
      const at = invoice.paidAt ?? invoice.issueDate;
      lines.push(line("payment", indianDateOf(at), at, residual, null, `Payment for ${invoice.invoiceNumber} (Marked paid)`));
    } else if (residual < 0) {
      const last = lines.reduce((latest, l) => (l.date > latest.date || (l.date === latest.date && l.at > latest.at) ? l : latest));
      lines.push(line("adjustment", last.date, last.at, residual, invoice.invoiceNumber, `Balance of ${invoice.invoiceNumber} settled`));
    }
    // residual > 0: credit notes took more than was left after payments. The invoice owes
    // nothing (its balance stops at 0), and the customer's account shows the excess as owed
    // back to them (a credit balance) until it is refunded or used: no line hides it.
  }
  return lines;
}

/**
 * The advance's ledger lines: received, a credit; each application, a debit that the invoice's
 * payment line (a credit) offsets, so applying moves nothing net. They add up to −remaining.
 */
export function advanceLedgerLines(advance: CustomerAdvance, invoiceNumbers: ReadonlyMap<string, string> = new Map()): LedgerLine[] {
  const received: LedgerLine = {
    date: indianDateOf(advance.date),
    kind: "advance",
    documentId: advance.id,
    number: advance.reference,
    description: `Advance received (${PAYMENT_MODE_LABELS[advance.mode]})`,
    amountPaise: -toPaise(advance.amount),
    rank: 1,
    at: advance.receivedAt,
  };
  const applied = advance.applications.map((application): LedgerLine => ({
    date: indianDateOf(application.appliedAt),
    kind: "advance",
    documentId: advance.id,
    number: advance.reference,
    description: `Advance applied to ${invoiceNumbers.get(application.invoiceId) ?? "an invoice"}`,
    amountPaise: toPaise(application.amount),
    // Just before the invoice's payment from it on the same day: the pair moves nothing net.
    rank: 1.5,
    at: application.appliedAt,
  }));
  return [received, ...applied];
}

/** Every ledger line of the customer's invoices and advances (unsorted). */
export function customerLedgerLines(invoices: readonly LedgerInvoice[], customerId: string, noteDates?: NoteDates, advances: readonly CustomerAdvance[] = []): LedgerLine[] {
  const id = customerId.toLowerCase();
  const theirs = invoices.filter((invoice) => invoice.customerId.toLowerCase() === id);
  const numbers = new Map(theirs.map((invoice) => [invoice.id, invoice.invoiceNumber]));
  return [
    ...theirs.flatMap((invoice) => invoiceLedgerLines(invoice, noteDates)),
    ...advances.filter((advance) => advance.customerId.toLowerCase() === id).flatMap((advance) => advanceLedgerLines(advance, numbers)),
  ];
}

export const sumLedgerLines = (lines: readonly LedgerLine[]): Paise => lines.reduce((total, l) => total + l.amountPaise, 0);

const byDateThenRank = (a: LedgerLine, b: LedgerLine) =>
  a.date.localeCompare(b.date) || a.rank - b.rank || a.at.localeCompare(b.at) || (a.number ?? "").localeCompare(b.number ?? "") || a.documentId.localeCompare(b.documentId);

/** The statement for [from, to]: opening = every line before `from`; lines after `to` are left out. */
export function buildLedger(customer: CustomerLedger["customer"], lines: readonly LedgerLine[], from: string, to: string): CustomerLedger {
  const sorted = [...lines].sort(byDateThenRank);
  const opening = sumLedgerLines(sorted.filter((l) => l.date < from));
  let running = opening;
  let debit = 0;
  let credit = 0;
  const entries: LedgerEntry[] = sorted
    .filter((l) => l.date >= from && l.date <= to)
    .map((l) => {
      running += l.amountPaise;
      if (l.amountPaise > 0) debit += l.amountPaise;
      else credit -= l.amountPaise;
      return {
        date: l.date,
        kind: l.kind,
        documentId: l.documentId,
        number: l.number,
        description: l.description,
        debit: formatPaise(Math.max(l.amountPaise, 0)),
        credit: formatPaise(Math.max(-l.amountPaise, 0)),
        balance: formatPaise(running),
      };
    });
  return {
    customer,
    from,
    to,
    openingBalance: formatPaise(opening),
    entries,
    totalDebit: formatPaise(debit),
    totalCredit: formatPaise(credit),
    closingBalance: formatPaise(running),
  };
}

/** The period's first day by default: 1 April of the current Indian financial year. */
export function financialYearFirstDay(today: string): string {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 4 ? `${year}-04-01` : `${year - 1}-04-01`;
}

const ledgerDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2025-10-14` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${label} must be a date like 2025-10-14` : dateProblem(value, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();

/** ?from&to of the ledger: calendar dates; from may not be after to (checked with the defaults applied). */
export const ledgerQuerySchema = z.object({ from: ledgerDate("From date"), to: ledgerDate("To date") });
