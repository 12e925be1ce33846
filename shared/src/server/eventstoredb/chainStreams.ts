/**
 * Issue 14: the audit chain's streams on EventStoreDB (audit/chainBesideLog.ts builds the chain
 * beside the log, as EventStoreDB has no transaction across streams). A stream's last event is
 * one backwards read; an append at an expected revision that lost its race answers false.
 */
import { ANY, BACKWARDS, END, EventStoreDBClient, FORWARDS, jsonEvent, NO_STREAM, WrongExpectedVersionError, type ReadStreamOptions } from "@eventstore/db-client";
import type { BookkeepingEvent, ChainStreams } from "../audit/chainBesideLog.ts";
import { storeErrorOf } from "./mapping.ts";
import { readStreamEvents } from "./streamReads.ts";

export function eventStoreDbChainStreams(client: EventStoreDBClient): ChainStreams {
  const read = async <T>(streamId: string, options: ReadStreamOptions): Promise<T[]> => (await readStreamEvents(client, streamId, options)).map((event) => event.data as T);

  return {
    async last<T>(streamId: string) {
      const [data] = await read<T>(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      return data ?? null;
    },
    from: <T>(streamId: string, revision: number) => read<T>(streamId, { direction: FORWARDS, fromRevision: BigInt(revision) }),
    async append(streamId: string, events: readonly BookkeepingEvent[], expected: number | "no_stream" | "any") {
      try {
        await client.appendToStream(
          streamId,
          events.map((event) => jsonEvent({ ...event, data: event.data as Record<string, unknown> })),
          { expectedRevision: expected === "any" ? ANY : expected === "no_stream" ? NO_STREAM : BigInt(expected) },
        );
        return true;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) return false;
        throw storeErrorOf(error);
      }
    },
  };
}
