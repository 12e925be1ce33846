/** Issue 10: the payment handlers — what the invoice decider needs from outside its stream, then decide and append. */
import { formatPaise, indianDateOf, toPaise, type Invoice, type PaymentCreateInput } from "@bahi/shared/contract";
import { invoiceView, noteShareOf, paymentView, streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { handle, type CommandContext } from "../handling/decider.ts";
import { invoiceNotesDecider, salesNoteDecider } from "../notes/salesNote.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { invoiceDecider, type InvoiceState } from "./invoice.ts";
import { balanceOf } from "./payments.ts";
import { readState } from "../handling/streamStates.ts";

/** The invoice's notes, net (debit − credit), in paise: only notes actually issued and still standing. */
export async function notesPaiseOf(store: EventStore, invoiceId: string): Promise<number> {
  const ledger = await readState(store, streams.invoiceNotes(invoiceId), invoiceNotesDecider);
  let net = 0;
  for (const [noteId, entry] of ledger.standing) {
    const note = await readState(store, streams.salesNote(noteId), salesNoteDecider);
    if (note.status === "issued") net += (entry.kind === "credit" ? -1 : 1) * noteShareOf(note.note, invoiceId);
  }
  return net;
}

interface Target {
  userId: string;
  invoiceId: string;
  paymentId: string;
  now: Date;
}

/**
 * Each try re-reads the stream and decides again, so of payments racing for the same balance
 * only as many land as it can take; the rest are refused with PAYMENT_EXCEEDS_BALANCE.
 */
export async function recordPayment(store: EventStore, input: PaymentCreateInput, target: Target, context: CommandContext) {
  const { userId, invoiceId, paymentId, now } = target;
  const payment = { paymentId, amountPaise: toPaise(input.amount), date: indianDateOf(input.date), mode: input.mode, reference: input.reference };
  return retryOnConflict(async () => {
    const notesPaise = await notesPaiseOf(store, invoiceId);
    const command = { kind: "recordPayment" as const, ownerId: userId, payment, notesPaise, today: indianDateOf(now), at: now.toISOString() };
    return handle(store, streams.invoice(invoiceId), invoiceDecider, command, context);
  });
}

/** Mark Paid: the balance, received today. */
export async function markPaid(store: EventStore, target: Target, context: CommandContext) {
  const { userId, invoiceId, paymentId, now } = target;
  return retryOnConflict(async () => {
    const notesPaise = await notesPaiseOf(store, invoiceId);
    return handle(
      store,
      streams.invoice(invoiceId),
      invoiceDecider,
      { kind: "markPaid", ownerId: userId, paymentId, notesPaise, today: indianDateOf(now), at: now.toISOString() },
      context,
    );
  });
}

/** The invoice as the payment left it (the read model shows the same once projected). */
export function paidInvoiceView(state: InvoiceState, notesPaise: number): Invoice {
  if (state.status === "none") throw new Error("A paid invoice exists");
  const paidPaise = state.paidPaise ?? 0;
  return {
    ...invoiceView(state.invoice, state.status, state.paidAt),
    ...(notesPaise === 0 ? {} : { netTotal: formatPaise(state.invoice.totalPaise + notesPaise) }),
    amountPaid: formatPaise(paidPaise),
    balanceDue: formatPaise(balanceOf(state, notesPaise)),
    payments: (state.payments ?? []).map(paymentView),
  };
}
