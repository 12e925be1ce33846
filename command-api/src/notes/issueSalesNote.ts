/**
 * Issue 9, part 3: issuing a credit or debit note (s.34). The note is its own aggregate with a
 * series of its own; each invoice it adjusts keeps a ledger of the notes against it
 * (invoicenotes-{id}), which is what bounds a later credit note.
 */
import { indianDateOf, type SalesNoteCreateInput, type SalesNoteKind } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { financialYearOf, periodLabel, returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, notFound, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { filedReturns } from "../gst/closedPeriods.ts";
import { fold, handle, type CommandContext } from "../http/decider.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { issueSeriesNumber, UNREGISTERED, voidSeriesNumber, type SeriesKey } from "../invoices/series.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { decideSalesNote, invoiceNotesDecider, salesNoteDecider, type NoteInvoice } from "./salesNote.ts";

const SERIES = { credit: { series: "credit-note", prefix: "CN" }, debit: { series: "debit-note", prefix: "DN" } } as const;
const RETURN_NAME = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" } as const;

async function loadInvoices(store: EventStore, userId: string, invoiceIds: readonly string[]): Promise<NoteInvoice[]> {
  const loaded: NoteInvoice[] = [];
  for (const invoiceId of invoiceIds) {
    const state = fold(invoiceDecider, await store.readStream(streams.invoice(invoiceId)));
    if (state.status === "none" || state.invoice.ownerId !== userId) throw notFound("Invoice");
    if (state.status === "cancelled") throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} is cancelled: no note can be issued against it`);
    const notes = fold(invoiceNotesDecider, await store.readStream(streams.invoiceNotes(invoiceId)));
    loaded.push({ invoice: state.invoice, creditedPaise: notes.creditedPaise });
  }
  return loaded;
}

/**
 * Everything a request can be refused for is decided before the number is taken, so bad
 * input appends nothing; then the number, then the note, then each invoice's ledger entry.
 * A failure before the note lands voids the number (Table 13 counts it cancelled).
 * Known gap: two credit notes racing on one invoice both check the ledger before either
 * writes to it, so together they can exceed what was left; the ledger still records both.
 */
export async function issueSalesNote(store: EventStore, kind: SalesNoteKind, input: SalesNoteCreateInput, target: { userId: string; noteId: string; now: Date }, context: CommandContext) {
  const { userId, noteId, now } = target;
  const issueDate = input.issueDate ?? indianDateOf(now);
  const invoices = await loadInvoices(store, userId, input.invoiceIds);
  const user = fold(userDecider, await store.readStream(streams.user(userId)));
  const gstin = user.registered ? user.profile.gstNumber : null;
  const roundOff = user.registered ? (user.profile.roundOff ?? true) : true;
  decideSalesNote(kind, input, invoices, { noteId, number: "", issueDate, now, roundOff });
  const period = returnPeriodOf(issueDate);
  const filed = await filedReturns(store, userId, period, "sale");
  if (filed.length > 0) {
    throw new DomainError("PERIOD_FILED", `${filed.map((type) => RETURN_NAME[type]).join(" and ")} for ${periodLabel(period)} is already filed: date the note in an open period`, { period });
  }

  const key: SeriesKey = { userId, series: SERIES[kind].series, gstin: gstin ?? UNREGISTERED, financialYear: financialYearOf(issueDate) };
  const { number } = await issueSeriesNumber(store, { ...key, prefix: SERIES[kind].prefix, documentId: noteId, documentDate: issueDate }, context);
  const note = decideSalesNote(kind, input, invoices, { noteId, number, issueDate, now, roundOff });
  let issued;
  try {
    issued = await handle(store, streams.salesNote(noteId), salesNoteDecider, { kind: "issue", note }, context);
  } catch (error) {
    await voidSeriesNumber(store, { ...key, documentId: noteId, reason: `note ${number} (${noteId}) was not issued: ${(error as Error).message}`.slice(0, 500) }, context).catch(() => undefined);
    throw error;
  }
  let position = issued.position;
  for (const invoiceId of note.invoiceIds) {
    const taxablePaise = note.lines.filter((line) => line.invoiceId === invoiceId).reduce((sum, line) => sum + line.taxablePaise, 0);
    const entry = { invoiceId, ownerId: userId, noteId, kind, number, taxablePaise, appliedAt: now.toISOString() };
    const applied = await retryOnConflict(() => handle(store, streams.invoiceNotes(invoiceId), invoiceNotesDecider, { kind: "apply", entry }, context));
    position = applied.position ?? position;
  }
  return { note, position };
}

