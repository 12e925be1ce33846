import type { BahiEvent } from "@bahi/shared/events";
import type { DomainError } from "@bahi/shared/server";
import type { Decider } from "./decider.ts";

/** `value` is what is kept unique (the SKU, the invoice number) within `userId`'s business. */
export interface ReservationCommand {
  kind: "reserve" | "release";
  userId: string;
  value: string;
  holder: string;
  /** For a release: why, in words an auditor reads in the log. */
  reason?: string;
  /** The process that takes or gives it back ("createInvoice", "deleteProduct", ...). */
  process?: string;
}
export type ReservationState = { holder: string | null };

/** How one kind of reservation stream (SKU, invoice number) names its events. */
export interface ReservationEvents<Event extends BahiEvent> {
  taken(): DomainError;
  reserved(command: ReservationCommand): Event;
  released(command: ReservationCommand): Event;
  /** The holder after this event: the reserving record's id, or null when released. */
  holderAfter(event: Event): string | null;
}

/**
 * A reservation stream keeps a value unique per business (an SKU, an invoice number)
 * through the event store's expected revisions, never through a read-model index.
 * Reserving again for the same holder is a no-op, so a retried command is harmless; so is
 * releasing what the holder no longer holds, which lets a compensation run twice.
 */
export function reservationDecider<Event extends BahiEvent>(events: ReservationEvents<Event>): Decider<ReservationCommand, Event, ReservationState> {
  return {
    initialState: { holder: null },
    evolve: (_state, event) => ({ holder: events.holderAfter(event) }),
    decide(command, state) {
      switch (command.kind) {
        case "reserve":
          if (state.holder === command.holder) return [];
          if (state.holder !== null) throw events.taken();
          return [events.reserved(command)];
        case "release":
          return state.holder === command.holder ? [events.released(command)] : [];
      }
    },
  };
}

/** The optional audit fields of a release event, only when given (older events have neither). */
export function releaseWhy(command: ReservationCommand): { reason?: string; process?: string } {
  return { ...(command.reason !== undefined ? { reason: command.reason } : {}), ...(command.process !== undefined ? { process: command.process } : {}) };
}
