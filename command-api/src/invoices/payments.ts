/**
 * Issue 10: payments against an invoice. They are decided on the invoice's own stream, so two
 * payments racing for the last rupee are decided one after the other: the loser's append fails
 * on the revision, is decided again against the new balance and is refused.
 */
import { formatPaise, indianDateOf, type InvoiceStatus, type PaymentMode } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
export { statusAfterPayment } from "@bahi/shared/events";
import { DomainError, notFound, ValidationError } from "@bahi/shared/server";

export interface PaymentFacts {
  paymentId: string;
  amountPaise: number;
  /** The day received, "YYYY-MM-DD" or an instant (compared as India dates). */
  date: string;
  mode: PaymentMode | null;
  reference: string | null;
  /** Issue 10: paid from this customer advance (command-api/src/advances). */
  advanceId?: string;
}

export type RecordPaymentCommand = { kind: "recordPayment"; ownerId: string; payment: PaymentFacts; notesPaise: number; today: string; at: string };
/** Mark Paid (SPEC's PATCH status "paid"): a payment of whatever is still owed. */
export type MarkPaidCommand = { kind: "markPaid"; ownerId: string; paymentId: string; notesPaise: number; today: string; at: string };

/** What the payment rules need of the invoice's state. */
interface PayableState {
  status: InvoiceStatus | "none";
  invoice?: { invoiceId: string; ownerId: string; invoiceNumber: string; issueDate: string; totalPaise: number };
  paidPaise?: number;
  payments?: readonly { paymentId: string }[];
}

/**
 * Still owed: the total net of notes (notesPaise: debit − credit) less what was paid, never
 * below 0 — a credit note larger than what is left is money owed back to the customer, not a
 * negative balance. An invoice marked paid before payments existed owes nothing.
 */
export function balanceOf(state: PayableState, notesPaise: number): number {
  if (state.status === "none" || !state.invoice || state.status === "paid" || state.status === "cancelled") return 0;
  return Math.max(0, state.invoice.totalPaise + notesPaise - (state.paidPaise ?? 0));
}

function payable(state: PayableState, ownerId: string) {
  if (state.status === "none" || !state.invoice || state.invoice.ownerId !== ownerId) throw notFound("Invoice");
  if (state.status === "cancelled") throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} is cancelled: it cannot be paid`);
  return state.invoice;
}

function paymentEvent(
  state: PayableState,
  invoice: NonNullable<PayableState["invoice"]>,
  payment: PaymentFacts,
  balance: number,
  at: string,
): BahiEventOf<"InvoicePaymentRecorded"> {
  return {
    type: "InvoicePaymentRecorded",
    data: { invoiceId: invoice.invoiceId, ownerId: invoice.ownerId, ...payment, settles: payment.amountPaise === balance, recordedAt: at },
  };
}

export function decidePayment(command: RecordPaymentCommand, state: PayableState): BahiEventOf<"InvoicePaymentRecorded">[] {
  // Recorded already (an advance's application finished by the recovery sweep and by its request): nothing more.
  if (state.payments?.some((p) => p.paymentId === command.payment.paymentId)) return [];
  const invoice = payable(state, command.ownerId);
  const day = indianDateOf(command.payment.date);
  if (day < indianDateOf(invoice.issueDate)) {
    throw new ValidationError([{ path: ["date"], message: "Payment date cannot be before the invoice date" }]);
  }
  if (day > command.today) throw new ValidationError([{ path: ["date"], message: "Payment date cannot be in the future" }]);
  const balance = balanceOf(state, command.notesPaise);
  if (command.payment.amountPaise > balance) {
    throw new DomainError(
      "PAYMENT_EXCEEDS_BALANCE",
      balance === 0
        ? `Invoice ${invoice.invoiceNumber} has nothing left to pay`
        : `Invoice ${invoice.invoiceNumber} has ₹${formatPaise(balance)} left to pay; this payment is ₹${formatPaise(command.payment.amountPaise)}`,
      { balanceDue: formatPaise(balance) },
    );
  }
  return [paymentEvent(state, invoice, command.payment, balance, command.at)];
}

/** Mark Paid on pending, partially paid and overdue invoices: one payment of the balance, dated today. */
export function decideMarkPaid(command: MarkPaidCommand, state: PayableState): (BahiEventOf<"InvoicePaymentRecorded"> | BahiEventOf<"InvoiceStatusChanged">)[] {
  const invoice = payable(state, command.ownerId);
  if (state.status === "paid") throw new DomainError("CONFLICT", `Invoice ${invoice.invoiceNumber} is already paid`);
  const balance = balanceOf(state, command.notesPaise);
  // Credit notes took the whole balance: nothing to receive, the invoice is simply settled.
  if (balance === 0) {
    const from = state.status as EventData<"InvoiceStatusChanged">["from"];
    return [{ type: "InvoiceStatusChanged", data: { invoiceId: invoice.invoiceId, ownerId: invoice.ownerId, from, to: "paid", changedAt: command.at } }];
  }
  const payment: PaymentFacts = { paymentId: command.paymentId, amountPaise: balance, date: command.today, mode: null, reference: null };
  return [paymentEvent(state, invoice, payment, balance, command.at)];
}
