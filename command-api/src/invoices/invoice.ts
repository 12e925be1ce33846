import { indianDateOf, type InvoiceStatus, type SettableInvoiceStatus } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";
import { releaseWhy, reservationDecider } from "../handling/reservation.ts";
import { decideMarkPaid, decidePayment, statusAfterPayment, type MarkPaidCommand, type RecordPaymentCommand } from "./payments.ts";

export type InvoiceEvent = BahiEventOf<
  | "InvoiceCreationStarted"
  | "InvoiceCreationAbandoned"
  | "InvoiceCreationCompensated"
  | "InvoiceCreated"
  | "InvoiceMarkedPaid"
  | "InvoicePaymentRecorded"
  | "InvoiceStatusChanged"
  | "InvoiceBecameOverdue"
  | "InvoiceRevised"
  | "InvoiceCancelled"
>;
export type InvoiceDraft = EventData<"InvoiceCreated">;
export type InvoiceCreationIntent = EventData<"InvoiceCreationStarted">;
/** A revision's new facts: everything the invoice says but its number and creation time, which stay. */
export type InvoiceRevision = Omit<InvoiceDraft, "invoiceNumber" | "createdAt">;

/**
 * Where the creation process stands before the invoice exists: "started" (its number and
 * quota slot may be held), "abandoned" (fenced: the invoice can no longer be created, what
 * it held is being given back), "compensated" (everything given back).
 */
export interface InvoiceCreation {
  intent: InvoiceCreationIntent;
  phase: "started" | "abandoned" | "compensated";
  abandoned: { reason: string; code: string } | null;
}

/** A stream whose creation never completed is, to every command, an invoice that does not exist. */
export type InvoiceState =
  | { status: "none"; creation?: InvoiceCreation }
  | { status: InvoiceStatus; invoice: InvoiceDraft; paidAt: string | null; /** Issue 10: received so far. */ paidPaise?: number; payments?: EventData<"InvoicePaymentRecorded">[] };

export type InvoiceCommand =
  /** The creation process's intent, recorded before anything is reserved. */
  | { kind: "startCreation"; intent: InvoiceCreationIntent }
  /** Everything was looked up and computed by the handler; the decider only checks the facts. */
  | { kind: "create"; draft: InvoiceDraft }
  /** The fence: after it, `create` is refused, so compensation can never be overtaken. */
  | { kind: "abandonCreation"; reason: string; code: string; at: string }
  | { kind: "finishCompensation"; at: string }
  | { kind: "changeStatus"; ownerId: string; to: SettableInvoiceStatus; at: string }
  /** The overdue sweep: `today` is the Indian date it runs for. */
  | { kind: "markOverdue"; today: string; at: string }
  /** Issue 9: the handler recomputed the figures and checked the periods; the decider checks the invoice may change. */
  | { kind: "revise"; ownerId: string; facts: InvoiceRevision; at: string }
  | { kind: "cancel"; ownerId: string; reason: string; at: string }
  /** Issue 10 (payments.ts): notesPaise is the notes' net (debit − credit), read by the handler. */
  | RecordPaymentCommand
  | MarkPaidCommand;

/** SPEC leaves the transitions open; these are the ones a business means. */
const ALLOWED: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  pending: ["paid", "overdue"],
  overdue: ["paid"],
  partially_paid: ["paid", "overdue"],
  paid: [],
  cancelled: [],
};

/** What the projections take back when an invoice's facts are replaced or withdrawn. */
function previousOf(invoice: InvoiceDraft): EventData<"InvoiceCancelled">["previous"] {
  return {
    issueDate: invoice.issueDate,
    lines: invoice.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    subtotalPaise: invoice.subtotalPaise,
    totalPaise: invoice.totalPaise,
  };
}

/**
 * An invoice can be corrected only while nobody has relied on it: unpaid (a payment settled
 * its amount) and not cancelled (afterwards only a credit note). The filed-period rule needs
 * the return streams, so the handler checks it.
 */
export function changeable(state: InvoiceState, ownerId: string): asserts state is Extract<InvoiceState, { invoice: InvoiceDraft }> {
  if (state.status === "none" || state.invoice.ownerId !== ownerId) throw notFound("Invoice");
  if (state.status === "paid") throw new DomainError("CONFLICT", "A paid invoice cannot be changed");
  if ((state.paidPaise ?? 0) > 0) throw new DomainError("CONFLICT", "A partly paid invoice cannot be changed: issue a credit note instead");
  if (state.status === "cancelled") throw new DomainError("CONFLICT", "A cancelled invoice cannot be changed: issue a new invoice instead");
}

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "InvoiceCreationStarted":
        return { status: "none", creation: { intent: event.data, phase: "started", abandoned: null } };
      case "InvoiceCreationAbandoned":
        return state.status === "none" && state.creation
          ? { status: "none", creation: { ...state.creation, phase: "abandoned", abandoned: { reason: event.data.reason, code: event.data.code } } }
          : state;
      case "InvoiceCreationCompensated":
        return state.status === "none" && state.creation ? { status: "none", creation: { ...state.creation, phase: "compensated" } } : state;
      case "InvoiceCreated":
        return { status: "pending", invoice: event.data, paidAt: null };
      case "InvoiceMarkedPaid":
        return state.status === "none" ? state : { ...state, status: "paid", paidAt: event.data.paidAt };
      case "InvoicePaymentRecorded":
        return state.status === "none"
          ? state
          : {
              ...state,
              status: statusAfterPayment(state.status, event.data.settles),
              paidPaise: (state.paidPaise ?? 0) + event.data.amountPaise,
              payments: [...(state.payments ?? []), event.data],
              paidAt: event.data.settles ? event.data.date : state.paidAt,
            };
      case "InvoiceStatusChanged":
        return state.status === "none" ? state : { ...state, status: event.data.to };
      case "InvoiceBecameOverdue":
        return state.status === "none" ? state : { ...state, status: "overdue" };
      case "InvoiceRevised": {
        if (state.status === "none") return state;
        const { previous: _previous, revisedAt: _revisedAt, ...facts } = event.data;
        return { ...state, invoice: { ...facts, invoiceNumber: state.invoice.invoiceNumber, createdAt: state.invoice.createdAt } };
      }
      case "InvoiceCancelled":
        return state.status === "none" ? state : { ...state, status: "cancelled" };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "startCreation":
        if (state.status !== "none" || state.creation) throw new DomainError("CONFLICT", "This invoice already exists");
        return [{ type: "InvoiceCreationStarted", data: command.intent }];
      case "create": {
        if (state.status !== "none") throw new DomainError("CONFLICT", "This invoice already exists");
        const intent = state.creation?.intent;
        // A series number is issued after the intent: the intent names the series, not the number.
        const numberMatches = intent?.series ? command.draft.invoiceNumber !== "" : intent?.invoiceNumber === command.draft.invoiceNumber;
        if (!intent || intent.invoiceId !== command.draft.invoiceId || !numberMatches) {
          throw new DomainError("CONFLICT", "This invoice's creation was not started");
        }
        if (state.creation!.phase !== "started") throw creationAbandoned();
        return [{ type: "InvoiceCreated", data: command.draft }];
      }
      case "abandonCreation":
        // Once created, the commit won the race: there is nothing to abandon.
        if (state.status !== "none" || state.creation?.phase !== "started") return [];
        return [
          {
            type: "InvoiceCreationAbandoned",
            data: { invoiceId: state.creation.intent.invoiceId, ownerId: state.creation.intent.ownerId, reason: command.reason, code: command.code, abandonedAt: command.at },
          },
        ];
      case "finishCompensation":
        if (state.status !== "none" || state.creation?.phase !== "abandoned") return [];
        return [{ type: "InvoiceCreationCompensated", data: { invoiceId: state.creation.intent.invoiceId, ownerId: state.creation.intent.ownerId, compensatedAt: command.at } }];
      case "changeStatus": {
        if (state.status === "none" || state.invoice.ownerId !== command.ownerId) throw notFound("Invoice");
        const { invoiceId, ownerId, totalPaise } = state.invoice;
        if (state.status === command.to) throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} is already ${command.to}`);
        if (state.status === "cancelled" || !ALLOWED[state.status].includes(command.to)) {
          throw new DomainError("CONFLICT", `A ${state.status} invoice cannot become ${command.to}`);
        }
        if (command.to === "paid") return [{ type: "InvoiceMarkedPaid", data: { invoiceId, ownerId, paidAt: command.at, amountPaise: totalPaise } }];
        return [{ type: "InvoiceStatusChanged", data: { invoiceId, ownerId, from: state.status, to: command.to, changedAt: command.at } }];
      }
      case "markOverdue": {
        if ((state.status !== "pending" && state.status !== "partially_paid") || !state.invoice.dueDate) return [];
        const dueDate = indianDateOf(state.invoice.dueDate);
        if (dueDate >= command.today) return [];
        return [{ type: "InvoiceBecameOverdue", data: { invoiceId: state.invoice.invoiceId, ownerId: state.invoice.ownerId, dueDate, markedAt: command.at } }];
      }
      case "revise": {
        changeable(state, command.ownerId);
        if (command.facts.invoiceId !== state.invoice.invoiceId) throw new DomainError("CONFLICT", "The revision is for another invoice");
        return [{ type: "InvoiceRevised", data: { ...command.facts, previous: previousOf(state.invoice), revisedAt: command.at } }];
      }
      case "recordPayment":
        return decidePayment(command, state);
      case "markPaid":
        return decideMarkPaid(command, state);
      case "cancel": {
        changeable(state, command.ownerId);
        const { invoiceId, ownerId } = state.invoice;
        return [{ type: "InvoiceCancelled", data: { invoiceId, ownerId, reason: command.reason, previous: previousOf(state.invoice), cancelledAt: command.at } }];
      }
    }
  },
};

/** A create that lost to the fence: recovery decided the request had taken too long. */
export const creationAbandoned = () => new DomainError("CONFLICT", "The invoice was not created: saving it took too long and was rolled back. Please try again");

export const invoiceNumberDecider = reservationDecider<BahiEventOf<"InvoiceNumberReserved" | "InvoiceNumberReleased">>({
  taken: () => new DomainError("CONFLICT", "Invoice number already exists"),
  reserved: ({ userId, value, holder }) => ({ type: "InvoiceNumberReserved", data: { userId, invoiceNumber: value, invoiceId: holder } }),
  released: (command) => ({ type: "InvoiceNumberReleased", data: { userId: command.userId, invoiceNumber: command.value, invoiceId: command.holder, ...releaseWhy(command) } }),
  holderAfter: (event) => (event.type === "InvoiceNumberReserved" ? event.data.invoiceId : null),
});
