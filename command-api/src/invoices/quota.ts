import type { BahiEventOf } from "@bahi/shared/events";
import { streams } from "@bahi/shared/events";
import { DomainError, type EventStore } from "@bahi/shared/server";
import { Set as ImmutableSet } from "immutable";
import { type Decider } from "../handling/decider.ts";
import { readState } from "../handling/streamStates.ts";

export type QuotaEvent = BahiEventOf<"InvoiceQuotaUsed" | "InvoiceQuotaReturned">;
export type QuotaState = { used: ImmutableSet<string> };
export type QuotaCommand =
  | { kind: "use"; userId: string; month: string; invoiceId: string; limit: number }
  /** `reason` and `process` say why, for an auditor reading the counter stream. */
  | { kind: "return"; userId: string; month: string; invoiceId: string; reason?: string; process?: string };

/**
 * The free plan's monthly counter: one stream per business and month, appended with its
 * expected revision, so twenty parallel creates cannot all see "9 used" and pass.
 */
export const invoiceQuotaDecider: Decider<QuotaCommand, QuotaEvent, QuotaState> = {
  initialState: { used: ImmutableSet() },
  // Issue 38: a persistent set, shared with the state before rather than copied.
  evolve(state, event) {
    switch (event.type) {
      case "InvoiceQuotaUsed":
        return { used: state.used.add(event.data.invoiceId) };
      case "InvoiceQuotaReturned":
        return { used: state.used.delete(event.data.invoiceId) };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  sizeOf: (state) => state.used.size,
  decide(command, state) {
    switch (command.kind) {
      case "use":
        if (state.used.has(command.invoiceId)) return [];
        if (state.used.size >= command.limit) {
          throw new DomainError("PLAN_LIMIT", `You have used all ${command.limit} invoices of the free plan this month. Upgrade to Professional for unlimited invoices.`);
        }
        return [{ type: "InvoiceQuotaUsed", data: { userId: command.userId, month: command.month, invoiceId: command.invoiceId, limit: command.limit } }];
      case "return":
        return state.used.has(command.invoiceId)
          ? [
              {
                type: "InvoiceQuotaReturned",
                data: {
                  userId: command.userId,
                  month: command.month,
                  invoiceId: command.invoiceId,
                  ...(command.reason !== undefined ? { reason: command.reason } : {}),
                  ...(command.process !== undefined ? { process: command.process } : {}),
                },
              },
            ]
          : [];
    }
  },
};

/** This month's count on the free plan's counter stream. */
export async function invoicesUsedIn(eventStore: EventStore, userId: string, month: string): Promise<number> {
  return (await readState(eventStore, streams.invoiceQuota(userId, month), invoiceQuotaDecider)).used.size;
}
