import { selfInvoiceNumber } from "@bahi/shared/contract";
import { streams, type BahiEventOf } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { Map as ImmutableMap } from "immutable";
import { handle, type CommandContext, type Decider } from "../handling/decider.ts";
import { retryOnConflict } from "../processes/steps.ts";

export type SelfInvoiceEvent = BahiEventOf<"SelfInvoiceNumberIssued">;
/** The numbers issued so far in one financial year, by the expense that holds each. */
export type SelfInvoiceState = { count: number; byExpense: ImmutableMap<string, string> };
export type SelfInvoiceCommand = { kind: "issue"; userId: string; financialYear: string; expenseId: string; at: string };

/**
 * The self-invoice series of one business and financial year (s.31(3)(f): the recipient issues
 * an invoice for every reverse-charge purchase, numbered consecutively, Rule 46(b)). One counter
 * stream appended with its expected revision, so two purchases recorded at once cannot take the
 * same number. An expense keeps the number it was given: asking again returns it.
 */
export const selfInvoiceDecider: Decider<SelfInvoiceCommand, SelfInvoiceEvent, SelfInvoiceState> = {
  initialState: { count: 0, byExpense: ImmutableMap() },
  // Issue 38: a persistent map, shared with the state before rather than copied (as the invoice series: series.ts).
  evolve: (state, event) => ({ count: Math.max(state.count, event.data.sequence), byExpense: state.byExpense.set(event.data.expenseId, event.data.number) }),
  snapshot: {
    kind: "self-invoice-series",
    version: 1,
    encode: (state) => ({ count: state.count, byExpense: [...state.byExpense.entries()] }),
    decode: (data, version) => {
      if (version !== 1) return null;
      const { count, byExpense } = data as { count: number; byExpense: [string, string][] };
      return { count, byExpense: ImmutableMap(byExpense) };
    },
  },
  sizeOf: (state) => state.byExpense.size,
  decide(command, state) {
    if (state.byExpense.has(command.expenseId)) return [];
    const sequence = state.count + 1;
    return [
      {
        type: "SelfInvoiceNumberIssued",
        data: {
          userId: command.userId,
          financialYear: command.financialYear,
          number: selfInvoiceNumber(command.financialYear, sequence),
          sequence,
          expenseId: command.expenseId,
          issuedAt: command.at,
        },
      },
    ];
  },
};

/** The expense's self-invoice number in `financialYear` ("2026-27"), issuing the next one if it has none. */
export async function issueSelfInvoiceNumber(eventStore: EventStore, command: Omit<SelfInvoiceCommand, "kind">, context: CommandContext): Promise<string> {
  const stream = streams.selfInvoice(command.userId, command.financialYear);
  const result = await retryOnConflict(() => handle(eventStore, stream, selfInvoiceDecider, { kind: "issue", ...command }, context), 10);
  return result.state.byExpense.get(command.expenseId)!;
}
