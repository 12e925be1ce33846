/**
 * Issue 10: a customer advance, its own aggregate (advance-{id}). Applying part of it to an
 * invoice touches two streams; the advance is decided first (its remaining, race-proof on its
 * own revision), then the invoice (its balance, race-proof on its revision); when the invoice
 * refuses, the application is reversed on the advance (see applyAdvance.ts).
 */
import { formatPaise } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound, ValidationError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

export type AdvanceEvent = BahiEventOf<"CustomerAdvanceReceived" | "CustomerAdvanceApplied" | "CustomerAdvanceApplicationReversed">;

export type AdvanceState = { status: "none" } | { status: "received"; advance: EventData<"CustomerAdvanceReceived">; applications: Map<string, number> };

export type AdvanceCommand =
  | { kind: "receive"; facts: EventData<"CustomerAdvanceReceived"> }
  | { kind: "apply"; ownerId: string; customerId: string; invoiceId: string; paymentId: string; amountPaise: number; at: string }
  | { kind: "reverse"; ownerId: string; paymentId: string; reason: string; at: string };

export const remainingPaise = (state: Extract<AdvanceState, { status: "received" }>) =>
  state.advance.amountPaise - [...state.applications.values()].reduce((sum, amount) => sum + amount, 0);

export const advanceDecider: Decider<AdvanceCommand, AdvanceEvent, AdvanceState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "CustomerAdvanceReceived":
        return { status: "received", advance: event.data, applications: new Map() };
      case "CustomerAdvanceApplied":
        if (state.status !== "received") return state;
        return { ...state, applications: new Map(state.applications).set(event.data.paymentId, event.data.amountPaise) };
      case "CustomerAdvanceApplicationReversed": {
        if (state.status !== "received") return state;
        const applications = new Map(state.applications);
        applications.delete(event.data.paymentId);
        return { ...state, applications };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "receive":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This advance is already recorded");
        return [{ type: "CustomerAdvanceReceived", data: command.facts }];
      case "apply": {
        if (state.status !== "received" || state.advance.ownerId !== command.ownerId || state.advance.customerId !== command.customerId) throw notFound("Advance");
        const remaining = remainingPaise(state);
        if (command.amountPaise > remaining) {
          throw new ValidationError([
            {
              path: ["amount"],
              message:
                remaining === 0 ? "Nothing is left on this advance" : `Only ₹${formatPaise(remaining)} is left on this advance; this is ₹${formatPaise(command.amountPaise)}`,
            },
          ]);
        }
        const { advanceId, ownerId, customerId } = state.advance;
        return [
          {
            type: "CustomerAdvanceApplied",
            data: { advanceId, ownerId, customerId, invoiceId: command.invoiceId, paymentId: command.paymentId, amountPaise: command.amountPaise, appliedAt: command.at },
          },
        ];
      }
      case "reverse": {
        if (state.status !== "received" || state.advance.ownerId !== command.ownerId) return [];
        const amountPaise = state.applications.get(command.paymentId);
        if (amountPaise === undefined) return [];
        return [
          {
            type: "CustomerAdvanceApplicationReversed",
            data: { advanceId: state.advance.advanceId, ownerId: command.ownerId, paymentId: command.paymentId, amountPaise, reason: command.reason, reversedAt: command.at },
          },
        ];
      }
    }
  },
};
