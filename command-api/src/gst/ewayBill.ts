import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

export type EwayBillEvent = BahiEventOf<"EwayBillGenerated" | "EwayBillCancelled">;
export type Generated = EventData<"EwayBillGenerated">;
export type EwayBillState = { status: "none" } | { status: "active" | "cancelled"; bill: Generated };
export type EwayBillCommand = { kind: "generate"; bill: Generated } | { kind: "cancel"; ownerId: string; reason: string; at: Date };

/** An e-way bill may be cancelled within 24 hours of its generation (GST.md §7). */
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export const ewayBillDecider: Decider<EwayBillCommand, EwayBillEvent, EwayBillState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "EwayBillGenerated":
        return { status: "active", bill: event.data };
      case "EwayBillCancelled":
        return state.status === "none" ? state : { ...state, status: "cancelled" };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "generate":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This e-way bill already exists");
        return [{ type: "EwayBillGenerated", data: command.bill }];
      case "cancel":
        if (state.status === "none" || state.bill.ownerId !== command.ownerId) throw notFound("E-way bill");
        if (state.status === "cancelled") throw new DomainError("CONFLICT", `E-way bill ${state.bill.ewayBillNo} is already cancelled`);
        if (command.at.getTime() - Date.parse(state.bill.generatedAt) > CANCEL_WINDOW_MS) {
          throw new DomainError("CONFLICT", "An e-way bill can be cancelled only within 24 hours of its generation");
        }
        return [
          { type: "EwayBillCancelled", data: { ewayBillId: state.bill.ewayBillId, ownerId: command.ownerId, reason: command.reason, cancelledAt: command.at.toISOString() } },
        ];
    }
  },
};
