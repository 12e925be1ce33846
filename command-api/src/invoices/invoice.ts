import { indianDateOf, type InvoiceStatus } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";
import { reservationDecider } from "../http/reservation.ts";

export type InvoiceEvent = BahiEventOf<"InvoiceCreated" | "InvoiceMarkedPaid" | "InvoiceStatusChanged" | "InvoiceBecameOverdue">;
export type InvoiceDraft = EventData<"InvoiceCreated">;

export type InvoiceState =
  | { status: "none" }
  | { status: InvoiceStatus; invoice: InvoiceDraft; paidAt: string | null };

export type InvoiceCommand =
  /** Everything was looked up and computed by the handler; the decider only checks the facts. */
  | { kind: "create"; draft: InvoiceDraft }
  | { kind: "changeStatus"; ownerId: string; to: InvoiceStatus; at: string }
  /** The overdue sweep: `today` is the Indian date it runs for. */
  | { kind: "markOverdue"; today: string; at: string };

/** SPEC leaves the transitions open; these are the ones a business means. */
const ALLOWED: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  pending: ["paid", "overdue"],
  overdue: ["paid"],
  paid: [],
};

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "InvoiceCreated":
        return { status: "pending", invoice: event.data, paidAt: null };
      case "InvoiceMarkedPaid":
        return state.status === "none" ? state : { ...state, status: "paid", paidAt: event.data.paidAt };
      case "InvoiceStatusChanged":
        return state.status === "none" ? state : { ...state, status: event.data.to };
      case "InvoiceBecameOverdue":
        return state.status === "none" ? state : { ...state, status: "overdue" };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "create":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This invoice already exists");
        return [{ type: "InvoiceCreated", data: command.draft }];
      case "changeStatus": {
        if (state.status === "none" || state.invoice.ownerId !== command.ownerId) throw notFound("Invoice");
        const { invoiceId, ownerId, totalPaise } = state.invoice;
        if (state.status === command.to) throw new DomainError("CONFLICT", `Invoice ${state.invoice.invoiceNumber} is already ${command.to}`);
        if (!ALLOWED[state.status].includes(command.to)) {
          throw new DomainError("CONFLICT", `A ${state.status} invoice cannot become ${command.to}`);
        }
        if (command.to === "paid") return [{ type: "InvoiceMarkedPaid", data: { invoiceId, ownerId, paidAt: command.at, amountPaise: totalPaise } }];
        return [{ type: "InvoiceStatusChanged", data: { invoiceId, ownerId, from: state.status, to: command.to, changedAt: command.at } }];
      }
      case "markOverdue": {
        if (state.status !== "pending" || !state.invoice.dueDate) return [];
        const dueDate = indianDateOf(state.invoice.dueDate);
        if (dueDate >= command.today) return [];
        return [{ type: "InvoiceBecameOverdue", data: { invoiceId: state.invoice.invoiceId, ownerId: state.invoice.ownerId, dueDate, markedAt: command.at } }];
      }
    }
  },
};

export const invoiceNumberDecider = reservationDecider<BahiEventOf<"InvoiceNumberReserved" | "InvoiceNumberReleased">>({
  taken: () => new DomainError("CONFLICT", "Invoice number already exists"),
  reserved: ({ userId, value, holder }) => ({ type: "InvoiceNumberReserved", data: { userId, invoiceNumber: value, invoiceId: holder } }),
  released: ({ userId, value, holder }) => ({ type: "InvoiceNumberReleased", data: { userId, invoiceNumber: value, invoiceId: holder } }),
  holderAfter: (event) => (event.type === "InvoiceNumberReserved" ? event.data.invoiceId : null),
});
