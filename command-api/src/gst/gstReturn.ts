import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

export type GstReturnType = "GSTR1" | "GSTR3B";
export type GstReturnEvent = BahiEventOf<"GstReturnFilingRequested" | "GstReturnFiled" | "GstReturnFilingFailed">;

export type GstReturnState = { status: "none" } | { status: "requested"; requestedAt: string } | { status: "failed"; reason: string } | { status: "filed"; arn: string };

export type GstReturnCommand =
  | { kind: "request"; userId: string; returnType: GstReturnType; period: string; at: string }
  | { kind: "recordFiled"; filing: EventData<"GstReturnFiled"> }
  | { kind: "recordFailure"; userId: string; returnType: GstReturnType; period: string; reason: string; at: string };

export class AlreadyFiledError extends DomainError {
  constructor(
    readonly returnType: GstReturnType,
    readonly period: string,
    readonly arn: string,
  ) {
    super("CONFLICT", `${returnType === "GSTR1" ? "GSTR-1" : "GSTR-3B"} for ${period} was already filed (ARN ${arn})`);
  }
}

/**
 * One stream per business, return type and period: a return is filed at most once. A
 * request while one is in flight adds nothing, so a retried click never files twice.
 */
export const gstReturnDecider: Decider<GstReturnCommand, GstReturnEvent, GstReturnState> = {
  initialState: { status: "none" },
  evolve(_state, event) {
    switch (event.type) {
      case "GstReturnFilingRequested":
        return { status: "requested", requestedAt: event.data.requestedAt };
      case "GstReturnFiled":
        return { status: "filed", arn: event.data.arn };
      case "GstReturnFilingFailed":
        return { status: "failed", reason: event.data.reason };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "request":
        if (state.status === "filed") throw new AlreadyFiledError(command.returnType, command.period, state.arn);
        if (state.status === "requested") return [];
        return [{ type: "GstReturnFilingRequested", data: { userId: command.userId, returnType: command.returnType, period: command.period, requestedAt: command.at } }];
      case "recordFiled":
        return state.status === "requested" ? [{ type: "GstReturnFiled", data: command.filing }] : [];
      case "recordFailure":
        return state.status === "requested"
          ? [
              {
                type: "GstReturnFilingFailed",
                data: { userId: command.userId, returnType: command.returnType, period: command.period, reason: command.reason, failedAt: command.at },
              },
            ]
          : [];
    }
  },
};
