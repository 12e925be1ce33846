/**
 * Issue 10: applying a customer advance to an invoice, a process over two streams. The advance
 * is decided first (what is left, on its own revision), then the invoice (its balance, on its
 * revision); when the invoice refuses, the application is reversed on the advance. A crash
 * between the two is finished by the process sweep (settleAdvanceApplication).
 */
import { indianDateOf } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { notFound, ValidationError, type EventStore } from "@bahi/shared/server";
import { handle, type CommandContext } from "../handling/decider.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { notesPaiseOf } from "../invoices/recordPayment.ts";
import { errorCode, retryOnConflict } from "../processes/steps.ts";
import { advanceDecider } from "./advance.ts";
import { readState } from "../handling/streamStates.ts";

export interface ApplyTarget {
  userId: string;
  customerId: string;
  advanceId: string;
  invoiceId: string;
  paymentId: string;
  amountPaise: number;
  now: Date;
}

/** Reserve on the advance, pay the invoice, reverse the reservation when the invoice refuses. */
export async function applyAdvance(store: EventStore, target: ApplyTarget, context: CommandContext, onReversed: (position: string | null) => void = () => {}) {
  const { userId, customerId, advanceId, invoiceId, paymentId, amountPaise, now } = target;
  const invoice = await readState(store, streams.invoice(invoiceId), invoiceDecider);
  if (invoice.status === "none" || invoice.invoice.ownerId !== userId) throw notFound("Invoice");
  if (invoice.invoice.customer.id.toLowerCase() !== customerId) throw new ValidationError([{ path: ["invoiceId"], message: "That invoice is for another customer" }]);
  const at = now.toISOString();
  // What the invoice would refuse (its balance, its state, the date) is refused before anything is reserved.
  const payment = { paymentId, amountPaise, date: indianDateOf(now), mode: null, reference: null, advanceId };
  invoiceDecider.decide({ kind: "recordPayment", ownerId: userId, payment, notesPaise: await notesPaiseOf(store, invoiceId), today: indianDateOf(now), at }, invoice);
  const reserved = await retryOnConflict(() =>
    handle(store, streams.advance(advanceId), advanceDecider, { kind: "apply", ownerId: userId, customerId, invoiceId, paymentId, amountPaise, at }, context),
  );
  const advance = reserved.state.status === "received" ? reserved.state.advance : null;
  try {
    return await retryOnConflict(async () => {
      const notesPaise = await notesPaiseOf(store, invoiceId);
      const fromAdvance = { ...payment, reference: advance?.reference ?? null };
      return handle(
        store,
        streams.invoice(invoiceId),
        invoiceDecider,
        { kind: "recordPayment", ownerId: userId, payment: fromAdvance, notesPaise, today: indianDateOf(now), at },
        context,
      );
    });
  } catch (error) {
    const reversed = await retryOnConflict(() =>
      handle(store, streams.advance(advanceId), advanceDecider, { kind: "reverse", ownerId: userId, paymentId, reason: errorCode(error), at }, context),
    );
    onReversed(reversed.position);
    throw error;
  }
}

/**
 * The recovery sweep's step for an application a crash left halfway (reserved on the advance,
 * not yet recorded on the invoice): it rolls forward, recording the payment under the same
 * payment id (the invoice records an id once, so the stalled request and the sweep cannot both
 * pay), and takes the reservation back when the invoice refuses it.
 */
export async function settleAdvanceApplication(store: EventStore, refs: { advanceId: string; invoiceId: string; paymentId: string }, context: CommandContext): Promise<string> {
  const advance = await readState(store, streams.advance(refs.advanceId), advanceDecider);
  if (advance.status !== "received") return "none";
  const amountPaise = advance.applications.get(refs.paymentId);
  if (amountPaise === undefined) return "none"; // reversed already
  const invoice = await readState(store, streams.invoice(refs.invoiceId), invoiceDecider);
  if (invoice.status !== "none" && invoice.payments?.some((p) => p.paymentId === refs.paymentId)) return "none";
  const { ownerId } = advance.advance;
  const at = context.now.toISOString();
  const today = indianDateOf(context.now);
  const payment = { paymentId: refs.paymentId, amountPaise, date: today, mode: null, reference: advance.advance.reference, advanceId: refs.advanceId };
  try {
    await retryOnConflict(async () =>
      handle(
        store,
        streams.invoice(refs.invoiceId),
        invoiceDecider,
        { kind: "recordPayment", ownerId, payment, notesPaise: await notesPaiseOf(store, refs.invoiceId), today, at },
        context,
      ),
    );
    return "completed";
  } catch (error) {
    await retryOnConflict(() =>
      handle(store, streams.advance(refs.advanceId), advanceDecider, { kind: "reverse", ownerId, paymentId: refs.paymentId, reason: errorCode(error), at }, context),
    );
    return "compensated";
  }
}
