/**
 * Issue 9: correcting an issued invoice. While nobody has relied on it (unpaid, its return
 * period unfiled) the invoice itself is revised or cancelled; afterwards the law's answer is a
 * credit or debit note (s.34), so both are refused with a code that says so.
 */
import { indianDateOf, type InvoiceCreateInput } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { financialYearOf, periodLabel, returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, ValidationError, type EventStore } from "@bahi/shared/server";
import { filedReturns } from "../gst/closedPeriods.ts";
import { handle, type CommandContext, type Handled } from "../handling/decider.ts";
import { invoiceNotesDecider } from "../notes/salesNote.ts";
import { draftInvoice } from "./draftInvoice.ts";
import { documentTypeChangeProblem } from "./salesDocument.ts";
import { changeable, invoiceDecider, type InvoiceDraft, type InvoiceState } from "./invoice.ts";
import { readState } from "../handling/streamStates.ts";

const RETURN_NAME = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" } as const;

/** The invoice as it stands, refused (404, 409) when it cannot be changed by this user. */
async function changeableInvoice(store: EventStore, userId: string, invoiceId: string): Promise<InvoiceDraft> {
  const state = await readState(store, streams.invoice(invoiceId), invoiceDecider);
  changeable(state, userId);
  const period = state.invoice.reportingPeriod ?? returnPeriodOf(state.invoice.issueDate);
  const filed = await filedReturns(store, userId, period, "sale");
  if (filed.length > 0) {
    throw new DomainError(
      "PERIOD_FILED",
      `${filed.map((type) => RETURN_NAME[type]).join(" and ")} for ${periodLabel(period)} is already filed with invoice ${state.invoice.invoiceNumber} in it: issue a credit or debit note instead`,
      { period },
    );
  }
  // Once a credit or debit note adjusts it, the invoice is what the note refers to: further
  // corrections are notes too (s.34), never a silent change under the note.
  if ((await readState(store, streams.invoiceNotes(invoiceId), invoiceNotesDecider)).standing.size > 0) {
    throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} has a credit or debit note against it: correct it with another note`);
  }
  return state.invoice;
}

/** `check` (issue 10: the credit limit) sees the invoice as it stands and as revised, before anything is appended. */
export async function reviseInvoice(
  store: EventStore,
  input: InvoiceCreateInput,
  target: { userId: string; invoiceId: string; now: Date },
  context: CommandContext,
  check?: (current: InvoiceDraft, revised: InvoiceDraft) => Promise<void>,
): Promise<Handled<InvoiceState>> {
  const { userId, invoiceId, now } = target;
  const current = await changeableInvoice(store, userId, invoiceId);
  if (input.invoiceNumber !== "" && input.invoiceNumber.trim().toUpperCase() !== current.invoiceNumber.toUpperCase()) {
    throw new ValidationError([{ path: ["invoiceNumber"], message: `The invoice number cannot change: it stays ${current.invoiceNumber}` }]);
  }
  // Absent, the issue date stays: a correction is not a new invoice dated today.
  const issueDate = input.issueDate ?? current.issueDate;
  const numberYear = financialYearOf(indianDateOf(current.issueDate));
  if (financialYearOf(indianDateOf(issueDate)) !== numberYear) {
    throw new ValidationError([{ path: ["issueDate"], message: `${current.invoiceNumber} belongs to the ${numberYear} series: the issue date must stay in that financial year` }]);
  }
  const { draft } = await draftInvoice(store, userId, invoiceId, { ...input, issueDate }, now);
  // Issue 9: its number is from its document's series, so a tax invoice stays one (and a bill of supply too).
  const documentChange = documentTypeChangeProblem(current, draft);
  if (documentChange) throw new ValidationError([{ path: ["items"], message: documentChange }]);
  await check?.(current, draft);
  const { invoiceNumber: _number, createdAt: _createdAt, ...facts } = draft;
  return handle(store, streams.invoice(invoiceId), invoiceDecider, { kind: "revise", ownerId: userId, facts, at: now.toISOString() }, context);
}

export async function cancelInvoice(
  store: EventStore,
  reason: string,
  target: { userId: string; invoiceId: string; now: Date },
  context: CommandContext,
): Promise<Handled<InvoiceState>> {
  const { userId, invoiceId, now } = target;
  await changeableInvoice(store, userId, invoiceId);
  return handle(store, streams.invoice(invoiceId), invoiceDecider, { kind: "cancel", ownerId: userId, reason, at: now.toISOString() }, context);
}
