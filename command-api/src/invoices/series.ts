import { DEFAULT_INVOICE_PREFIX, financialYearOf, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import { streams, type BahiEventOf } from "@bahi/shared/events";
import { DomainError, type EventStore } from "@bahi/shared/server";
import { Map as ImmutableMap } from "immutable";
import { handle, type CommandContext, type Decider } from "../handling/decider.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { readState } from "../handling/streamStates.ts";

/** The invoices' series; credit and debit notes have their own ("credit-note", "debit-note": notes/issueSalesNote.ts). */
export const INVOICE_SERIES = "invoice";
export { DEFAULT_INVOICE_PREFIX };
/** The GSTIN part of a series stream for a business without one. */
export const UNREGISTERED = "unregistered";

export type SeriesEvent = BahiEventOf<"DocumentNumberIssued" | "DocumentNumberVoided">;

/** Which series: one per business, series kind, GSTIN (or "unregistered") and financial year. */
export interface SeriesKey {
  userId: string;
  series: string;
  gstin: string;
  financialYear: string;
}

export interface IssuedNumber {
  sequence: number;
  number: string;
  documentId: string;
  documentDate: string | null;
  voided: boolean;
}

/**
 * `issued`: the highest sequence issued (voided ones count: a number is never used twice).
 * `byDocument` is a persistent map (immutable.js): folding one more number shares the rest of the
 * map with the state before, instead of copying it (issue 38: copying made a series of n numbers
 * cost n² to fold, 37 % of all time at 1,200 invoices).
 */
export type SeriesState = { issued: number; byDocument: ImmutableMap<string, IssuedNumber> };

export type SeriesCommand =
  | ({ kind: "issue"; prefix: string; documentId: string; documentDate: string; at: string } & SeriesKey)
  | ({ kind: "void"; documentId: string; reason: string; at: string } & SeriesKey);

/**
 * Whether a typed number is one the series would give later ("INV/26-27/0007" while 3 are
 * issued): taking it now would make the series collide with it when it gets there.
 */
export function isFutureSeriesNumber(typed: string, prefix: string, financialYear: string, issued: number): boolean {
  const match = /^(.*)\/(\d+)$/.exec(typed.trim());
  if (!match) return false;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence <= issued) return false;
  return seriesNumber(prefix, financialYear, sequence).toUpperCase() === typed.trim().toUpperCase();
}

export const seriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  initialState: { issued: 0, byDocument: ImmutableMap() },
  evolve(state, event) {
    const { sequence, number, documentId } = event.data;
    const documentDate = event.data.documentDate ?? null;
    const issued = Math.max(state.issued, sequence);
    if (event.type === "DocumentNumberIssued") return { issued, byDocument: state.byDocument.set(documentId, { sequence, number, documentId, documentDate, voided: false }) };
    const held = state.byDocument.get(documentId);
    return { issued, byDocument: held ? state.byDocument.set(documentId, { ...held, voided: true }) : state.byDocument };
  },
  // A series grows with every document of the year: kept across restarts, measured by its numbers.
  snapshot: {
    kind: "document-series",
    version: 1,
    encode: (state) => ({ issued: state.issued, numbers: [...state.byDocument.values()].map((n) => [n.sequence, n.number, n.documentId, n.documentDate, n.voided]) }),
    decode(data, version) {
      if (version !== 1) return null;
      const { issued, numbers } = data as { issued: number; numbers: [number, string, string, string | null, boolean][] };
      const byDocument = ImmutableMap<string, IssuedNumber>().withMutations((map) => {
        for (const [sequence, number, documentId, documentDate, voided] of numbers) map.set(documentId, { sequence, number, documentId, documentDate, voided });
      });
      return { issued, byDocument };
    },
  },
  sizeOf: (state) => state.byDocument.size,
  decide(command, state) {
    const { userId, series, gstin, financialYear, documentId } = command;
    const held = state.byDocument.get(documentId);
    switch (command.kind) {
      case "issue": {
        // A retried step gets the number it was given; a voided one is never given again.
        if (held && !held.voided) return [];
        if (held) throw new DomainError("CONFLICT", `Number ${held.number} was voided: this document cannot take another`);
        const sequence = state.issued + 1;
        const number = seriesNumber(command.prefix, financialYear, sequence);
        return [
          { type: "DocumentNumberIssued", data: { userId, series, gstin, financialYear, sequence, number, documentId, documentDate: command.documentDate, issuedAt: command.at } },
        ];
      }
      case "void": {
        if (!held || held.voided) return [];
        const { sequence, number } = held;
        const date = held.documentDate === null ? {} : { documentDate: held.documentDate };
        return [
          {
            type: "DocumentNumberVoided",
            data: { userId, series, gstin, financialYear, sequence, number, documentId, ...date, reason: command.reason.slice(0, 500), voidedAt: command.at },
          },
        ];
      }
    }
  },
};

/** The series an invoice dated `issueDate` takes its number from. */
export function invoiceSeriesKey(userId: string, gstin: string | null, issueDate: string | Date): SeriesKey {
  return { userId, series: INVOICE_SERIES, gstin: gstin ?? UNREGISTERED, financialYear: financialYearOf(indianDateOf(issueDate)) };
}

const streamOf = (key: SeriesKey) => streams.documentSeries(key.userId, key.series, key.gstin, key.financialYear);

export async function readSeries(eventStore: EventStore, key: SeriesKey): Promise<SeriesState> {
  return await readState(eventStore, streamOf(key), seriesDecider);
}

/** The number the next document of the series would get (nothing is issued). */
export async function nextSeriesNumber(eventStore: EventStore, key: SeriesKey, prefix: string): Promise<string> {
  return seriesNumber(prefix, key.financialYear, (await readSeries(eventStore, key)).issued + 1);
}

/**
 * Issues the document its number: the next sequence, appended at the revision read, so of
 * concurrent requests exactly one gets each sequence and the losers re-read and take the
 * next. Many tries: every creation of the business's year contends for this one stream.
 */
export async function issueSeriesNumber(
  eventStore: EventStore,
  command: SeriesKey & { prefix: string; documentId: string; documentDate: string },
  context: CommandContext,
): Promise<IssuedNumber> {
  const result = await retryOnConflict(() => handle(eventStore, streamOf(command), seriesDecider, { kind: "issue", ...command, at: context.now.toISOString() }, context), 200);
  return result.state.byDocument.get(command.documentId)!;
}

/** Voids the number issued to the document, if it has one that is not voided yet (idempotent). */
export async function voidSeriesNumber(eventStore: EventStore, command: SeriesKey & { documentId: string; reason: string }, context: CommandContext): Promise<IssuedNumber | null> {
  const result = await retryOnConflict(() => handle(eventStore, streamOf(command), seriesDecider, { kind: "void", ...command, at: context.now.toISOString() }, context), 200);
  return result.state.byDocument.get(command.documentId) ?? null;
}
