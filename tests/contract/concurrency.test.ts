import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { migrate, postgresClient, SqlEventStore, WrongExpectedRevisionError } from "@bahi/shared/server";
import type { AppendResult, SqlClient, SqlExecutor } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import type { TestDatabase } from "../support/postgres.ts";
import { freshStreamId, newEvent } from "./eventStore.contract.ts";

const WRITERS = 8;
const EVENTS_PER_WRITER = 500;
const TOTAL = WRITERS * EVENTS_PER_WRITER;

/**
 * Makes transactions overlap and commit out of order: after every statement inside a
 * transaction (so also between the INSERT that takes a transaction id and position, and
 * the COMMIT) it waits 0-3 ms at random.
 */
function delayingClient(inner: SqlClient): SqlClient {
  return {
    kind: inner.kind,
    query: (text, params) => inner.query(text, params),
    exec: (text) => inner.exec(text),
    listen: (channel, onNotify) => inner.listen(channel, onNotify),
    listening: () => inner.listening(),
    close: () => inner.close(),
    transaction: (work) =>
      inner.transaction((tx) => {
        const delayed: SqlExecutor = {
          async query<Row>(text: string, params?: readonly unknown[]) {
            const rows = await tx.query<Row>(text, params);
            await sleep(Math.floor(Math.random() * 4));
            return rows;
          },
        };
        return work(delayed);
      }),
  };
}

const postgresSkipReason = await postgresUnavailableReason();

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL event log under concurrent writers${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  let database: TestDatabase;
  let writerSql: SqlClient;
  let readerSql: SqlClient;
  let writerStore: SqlEventStore;
  let readerStore: SqlEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    readerSql = postgresClient(database.url, { max: 3 });
    await migrate(readerSql);
    writerSql = delayingClient(postgresClient(database.url, { max: WRITERS }));
    writerStore = new SqlEventStore(writerSql);
    readerStore = new SqlEventStore(readerSql);
  });

  afterAll(async () => {
    await writerStore?.close();
    await readerStore?.close();
    await writerSql?.close();
    await readerSql?.close();
    await database?.drop();
  });

  it(`a live reader sees all ${TOTAL} events of ${WRITERS} concurrent writers exactly once, in increasing order`, async () => {
    const appendedAt = new Map<string, string>();
    let writersDone = false;

    async function writer(index: number): Promise<void> {
      // A few streams per writer, one event per append, each at its exact revision.
      const streams = Array.from({ length: 5 }, () => ({ id: freshStreamId(`writer${index}`), revision: null as number | null }));
      for (let i = 0; i < EVENTS_PER_WRITER; i++) {
        const stream = streams[i % streams.length]!;
        // One business per writer: a business's appends queue on its hash chain's head (issue 11),
        // so transactions overlap and commit out of order across businesses, as they do in use.
        const written = newEvent("Written", { writer: index, i });
        const event = { ...written, metadata: { ...written.metadata, userId: `writer-${index}`, actor: `user:writer-${index}` } };
        const result: AppendResult = await writerStore.appendToStream(stream.id, [event], stream.revision ?? "no_stream");
        stream.revision = result.nextExpectedRevision;
        appendedAt.set(event.id, result.position);
      }
    }

    /** Follows the log through the port, as a projector does. */
    async function liveReader(): Promise<{ ids: string[]; positions: string[] }> {
      const ids: string[] = [];
      const positions: string[] = [];
      const seen = new Set<string>();
      let checkpoint: string | null = null;
      // Once the writers are done, everything must show up soon; a transaction open
      // elsewhere in the cluster may hold the snapshot's xmin back for a moment.
      let lastProgress = Date.now();
      while (seen.size < TOTAL && !(writersDone && Date.now() - lastProgress > 3_000)) {
        const page = await readerStore.readAll(checkpoint, 25);
        for (const event of page.events) {
          ids.push(event.id);
          positions.push(event.position);
          seen.add(event.id);
        }
        checkpoint = page.checkpoint;
        if (page.events.length > 0 || !writersDone) lastProgress = Date.now();
        if (page.events.length === 0) await sleep(1);
      }
      return { ids, positions };
    }

    /** The bug this log must not have: paging by position alone, blind to transactions still open. */
    async function naiveReader(): Promise<Set<string>> {
      const seen = new Set<string>();
      let checkpoint = "0";
      for (;;) {
        const done = writersDone;
        const rows = await readerSql.query<{ id: string; pos: string }>(
          "SELECT event_id::text AS id, position::text AS pos FROM bahi_events WHERE position > $1::bigint ORDER BY position LIMIT 25",
          [checkpoint],
        );
        for (const row of rows) seen.add(row.id);
        if (rows.length > 0) checkpoint = rows[rows.length - 1]!.pos;
        else if (done) return seen;
        else await sleep(1);
      }
    }

    const writing = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i))).finally(() => {
      writersDone = true;
    });
    const [, live, naive] = await Promise.all([writing, liveReader(), naiveReader()]);

    expect(appendedAt.size).toBe(TOTAL);
    expect(live.ids).toHaveLength(TOTAL);
    expect(new Set(live.ids).size).toBe(TOTAL);
    expect(new Set(live.ids)).toEqual(new Set(appendedAt.keys()));
    for (let i = 1; i < live.positions.length; i++) {
      if (readerStore.comparePositions(live.positions[i - 1]!, live.positions[i]!) >= 0) {
        expect.fail(`positions not strictly increasing at ${i}: ${live.positions[i - 1]} then ${live.positions[i]}`);
      }
    }
    // Each event sits where its append said it would.
    live.ids.forEach((id, i) => {
      if (appendedAt.get(id) !== live.positions[i]) expect.fail(`event ${id} read at ${live.positions[i]}, appended at ${appendedAt.get(id)}`);
    });
    // Following live gave the very order a reader gets afterwards from the start.
    const after = await readerStore.readAll(null, TOTAL + 1);
    expect(after.events.map((e) => e.id)).toEqual(live.ids);

    const missed = TOTAL - naive.size;
    console.log(`naive reader (ORDER BY position, no xmin filter) missed ${missed} of ${TOTAL} events (${((100 * missed) / TOTAL).toFixed(1)}%); the port's reader missed 0`);
  });

  it("lets exactly one of concurrent appenders at the same expected revision win", async () => {
    for (let round = 0; round < 10; round++) {
      const streamId = freshStreamId("contended");
      const expected = round % 2 === 0 ? "no_stream" : 0;
      if (expected === 0) await writerStore.appendToStream(streamId, [newEvent("Opened")], "no_stream");
      const contenders = Array.from({ length: WRITERS }, (_, i) => newEvent("Contender", { i }));
      const outcomes = await Promise.allSettled(contenders.map((event) => writerStore.appendToStream(streamId, [event], expected)));

      const winners = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
      expect(winners, `round ${round}`).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      const stored = await readerStore.readStream(streamId);
      const base = expected === 0 ? 1 : 0;
      expect(stored).toHaveLength(base + 1);
      expect(stored[base]!.id).toBe(contenders[winners[0]!]!.id);
    }
  });
});
