/**
 * Issue 9, part 3: issuing a credit or debit note (s.34). The note is its own aggregate with a
 * series of its own; each invoice it adjusts keeps a ledger of the notes against it
 * (invoicenotes-{id}), which is what bounds a later credit note.
 */
import { indianDateOf, type SalesNoteCreateInput, type SalesNoteKind } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { financialYearOf } from "@bahi/shared/returns";
import { DomainError, notFound, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { reportingPeriodFor } from "../gst/closedPeriods.ts";
import { handle, type CommandContext } from "../handling/decider.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { issueSeriesNumber, UNREGISTERED, voidSeriesNumber, type SeriesKey } from "../invoices/series.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { decideSalesNote, invoiceNotesDecider, salesNoteDecider, type NoteInvoice } from "./salesNote.ts";
import { readState } from "../handling/streamStates.ts";

const SERIES = { credit: { series: "credit-note", prefix: "CN" }, debit: { series: "debit-note", prefix: "DN" } } as const;

async function loadInvoices(store: EventStore, userId: string, invoiceIds: readonly string[]): Promise<NoteInvoice[]> {
  const loaded: NoteInvoice[] = [];
  for (const invoiceId of invoiceIds) {
    const state = await readState(store, streams.invoice(invoiceId), invoiceDecider);
    if (state.status === "none" || state.invoice.ownerId !== userId) throw notFound("Invoice");
    if (state.status === "cancelled") throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} is cancelled: no note can be issued against it`);
    const notes = await readState(store, streams.invoiceNotes(invoiceId), invoiceNotesDecider);
    loaded.push({ invoice: state.invoice, creditedPaise: notes.creditedPaise });
  }
  return loaded;
}

/**
 * Everything a request can be refused for is decided before the number is taken, so bad
 * input appends nothing. Then the number, then each invoice's ledger entry — the ledger
 * refuses a credit beyond what is left, against the revision it read, so racing notes
 * cannot together over-credit an invoice — and last the note itself. A failure after the
 * number withdraws the shares already applied and voids the number (Table 13 counts it
 * cancelled), so nothing stands for a note that was never issued.
 */
export async function issueSalesNote(
  store: EventStore,
  kind: SalesNoteKind,
  input: SalesNoteCreateInput,
  target: { userId: string; noteId: string; now: Date },
  context: CommandContext,
) {
  const { userId, noteId, now } = target;
  const issueDate = input.issueDate ?? indianDateOf(now);
  const invoices = await loadInvoices(store, userId, input.invoiceIds);
  const user = await readState(store, streams.user(userId), userDecider);
  const gstin = user.registered ? user.profile.gstNumber : null;
  const roundOff = user.registered ? (user.profile.roundOff ?? true) : true;
  const checked = decideSalesNote(kind, input, invoices, { noteId, number: "", issueDate, now, roundOff });
  // A note dated in a filed period is reported in the next open one, once the user confirms
  // (design §4). A debit note's tax is then paid late (interest); a credit note's is not.
  const reportingPeriod = await reportingPeriodFor(store, {
    userId,
    date: issueDate,
    kind: "sale",
    confirmed: input.reportInNextOpenPeriod === true,
    tax: kind === "debit" ? { igst: checked.igstPaise, cgst: checked.cgstPaise, sgst: checked.sgstPaise } : { igst: 0, cgst: 0, sgst: 0 },
    today: now,
  });

  const key: SeriesKey = { userId, series: SERIES[kind].series, gstin: gstin ?? UNREGISTERED, financialYear: financialYearOf(issueDate) };
  const { number } = await issueSeriesNumber(store, { ...key, prefix: SERIES[kind].prefix, documentId: noteId, documentDate: issueDate }, context);
  const note = { ...decideSalesNote(kind, input, invoices, { noteId, number, issueDate, now, roundOff }), reportingPeriod };
  const applied: string[] = [];
  let issued;
  try {
    for (const { invoice } of invoices) {
      const taxablePaise = note.lines.filter((line) => line.invoiceId === invoice.invoiceId).reduce((sum, line) => sum + line.taxablePaise, 0);
      const entry = { invoiceId: invoice.invoiceId, ownerId: userId, noteId, kind, number, taxablePaise, appliedAt: now.toISOString() };
      const bound = { subtotalPaise: invoice.subtotalPaise, invoiceNumber: invoice.invoiceNumber };
      await retryOnConflict(() => handle(store, streams.invoiceNotes(invoice.invoiceId), invoiceNotesDecider, { kind: "apply", entry, bound }, context));
      applied.push(invoice.invoiceId);
    }
    issued = await handle(store, streams.salesNote(noteId), salesNoteDecider, { kind: "issue", note }, context);
  } catch (error) {
    const reason = `note ${number} (${noteId}) was not issued: ${(error as Error).message}`.slice(0, 500);
    // Compensation is best effort and must not hide why the note failed: the caller gets that
    // error. A withdrawal or void that fails as well leaves a number reserved without a note
    // (no process sweep covers notes yet: README "Known limits").
    for (const invoiceId of applied) {
      await retryOnConflict(() =>
        handle(store, streams.invoiceNotes(invoiceId), invoiceNotesDecider, { kind: "withdraw", noteId, ownerId: userId, reason, at: now.toISOString() }, context),
      ).catch(() => undefined);
    }
    await voidSeriesNumber(store, { ...key, documentId: noteId, reason }, context).catch(() => undefined);
    throw error;
  }
  return { note, position: issued.position };
}
