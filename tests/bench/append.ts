/**
 * Issue 12, issue 13: append throughput on PostgreSQL at 1 and 8 concurrent writers for each way
 * of telling other processes about an append (pg_notify in every append's transaction, one
 * coalesced pg_notify after commit, none: followers poll), next to a raw single-row INSERT and
 * Emmett's appendToStream (@event-driven-io/emmett-postgresql, a dev dependency of this bench
 * only) on the same server, and ten-event appends next to ten raw single-row INSERTs. Each row
 * gives its ratio to the raw INSERT measured with it. Reported in the README; never asserted.
 */
import { randomUUID } from "node:crypto";
import { getPostgreSQLEventStore } from "@event-driven-io/emmett-postgresql";
import pg from "pg";
import { migrate, postgresClient, SqlEventStore, type AppendNotification } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { recordTarget, times } from "./targets.ts";

const PER_WRITER = 400;
const WARM_UP = 20;

const metadata = (businessId: string) => ({
  userId: businessId,
  businessId,
  actor: "bench",
  causationId: null,
  correlationId: "bench",
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

async function writers(count: number, work: (writer: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, writer) => work(writer)));
  return (performance.now() - started) / 1000;
}

/** Appends (or rows) a second, and the mean latency of one, for `writers` each doing PER_WRITER of `work`. */
async function timed(writerCount: number, work: (writer: number, i: number) => Promise<void>): Promise<{ rate: number; latencyMs: number }> {
  // Untimed first: connections opened, statements and code warmed, for every contender alike.
  await writers(writerCount, async (writer) => {
    for (let i = 0; i < WARM_UP; i++) await work(writer, -1 - i);
  });
  const seconds = await writers(writerCount, async (writer) => {
    for (let i = 0; i < PER_WRITER; i++) await work(writer, i);
  });
  const total = writerCount * PER_WRITER;
  return { rate: total / seconds, latencyMs: (seconds * 1000 * writerCount) / total };
}

async function onFreshDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await work(database.url);
  } finally {
    await database.drop();
  }
}

/** A raw single-row INSERT per call (`rows` of them per call for the multi-event comparison). */
async function rawInserts(writerCount: number, rows: number) {
  return onFreshDatabase(async (url) => {
    const sql = postgresClient(url, { max: 10 });
    try {
      await sql.query("CREATE TABLE bench_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)");
      return await timed(writerCount, async (_, i) => {
        for (let r = 0; r < rows; r++) await sql.query("INSERT INTO bench_rows (data) VALUES ($1::jsonb)", [JSON.stringify({ i, r })]);
      });
    } finally {
      await sql.close();
    }
  });
}

async function bahiAppends(writerCount: number, notify: AppendNotification, events: number) {
  return onFreshDatabase(async (url) => {
    const sql = postgresClient(url, { max: 10 });
    try {
      await migrate(sql);
      // A listener in another connection, as a projector would have: notifications are delivered.
      const follower = postgresClient(url, { max: 1 });
      const unlisten = await follower.listen("bahi_events", () => {});
      const store = new SqlEventStore(sql, { notify });
      // Each writer is its own business, as concurrent users are: no chain head is shared.
      const businesses = Array.from({ length: writerCount }, () => randomUUID());
      const result = await timed(writerCount, async (writer, i) => {
        await store.appendToStream(
          `bench-${randomUUID()}`,
          Array.from({ length: events }, (_, e) => ({ id: randomUUID(), type: "BenchEventRecorded", data: { i, e }, metadata: metadata(businesses[writer]!) })),
          "no_stream",
        );
      });
      await store.close();
      await unlisten();
      await follower.close();
      return result;
    } finally {
      await sql.close();
    }
  });
}

async function emmettAppends(writerCount: number, events: number) {
  return onFreshDatabase(async (url) => {
    // Our own pool, ended by us (and one whose connections a database drop may end harmlessly).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on("error", () => {});
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pooled: true, pool } });
    try {
      // Its schema is made by the first append: not timed.
      await store.appendToStream(`warm-${randomUUID()}`, [{ type: "BenchEventRecorded", data: { i: -1 } }]);
      return await timed(writerCount, async (_, i) => {
        await store.appendToStream(
          `bench-${randomUUID()}`,
          Array.from({ length: events }, (_, e) => ({ type: "BenchEventRecorded", data: { i, e } })),
          { expectedStreamVersion: "STREAM_DOES_NOT_EXIST" },
        );
      });
    } finally {
      await store.close();
      await pool.end();
    }
  });
}

export async function appendThroughputRows(): Promise<string[]> {
  const reason = await postgresUnavailableReason();
  if (reason) return [`| PostgreSQL | skipped: ${reason} | | | |`];
  const rows: string[] = [];
  const row = (what: string, writerCount: number, events: number, result: { rate: number; latencyMs: number }, raw: { rate: number }) =>
    `| ${what} | ${writerCount} | ${events} | ${result.rate.toFixed(0)} appends/s (${(result.rate * events).toFixed(0)} events/s) | ${result.latencyMs.toFixed(2)} ms | ${((result.rate * events) / raw.rate).toFixed(2)}× |`;
  for (const writerCount of [1, 8]) {
    const raw = await rawInserts(writerCount, 1);
    rows.push(`| raw single-row INSERT | ${writerCount} | 1 | ${raw.rate.toFixed(0)} rows/s | ${raw.latencyMs.toFixed(2)} ms | 1.00× |`);
    let bahi = 0;
    for (const notify of ["adaptive", "batched", "per-append", "none"] as AppendNotification[]) {
      const result = await bahiAppends(writerCount, notify, 1);
      if (notify === "adaptive") bahi = result.rate;
      rows.push(row(`Bahi append, notify ${notify}${notify === "adaptive" ? " (the default)" : ""}`, writerCount, 1, result, raw));
    }
    const emmett = await emmettAppends(writerCount, 1);
    rows.push(row("Emmett 0.42 appendToStream", writerCount, 1, emmett, raw));
    const what = `Append of one event, PostgreSQL, ${writerCount} writer${writerCount === 1 ? "" : "s"}`;
    recordTarget({ what, target: "≥ 0.80× a raw single-row INSERT", measured: times(bahi / raw.rate), met: bahi / raw.rate >= 0.8 });
    recordTarget({ what, target: "ahead of Emmett's appendToStream", measured: `${times(bahi / emmett.rate)} Emmett`, met: bahi > emmett.rate });
  }
  const raw10 = await rawInserts(8, 10);
  rows.push(
    `| raw single-row INSERT, ten per call | 8 | 10 | ${raw10.rate.toFixed(0)} calls/s (${(raw10.rate * 10).toFixed(0)} rows/s) | ${raw10.latencyMs.toFixed(2)} ms | 1.00× |`,
  );
  const ten = await bahiAppends(8, "adaptive", 10);
  rows.push(row("Bahi append of ten events", 8, 10, ten, { rate: raw10.rate * 10 }));
  const tenRatio = (ten.rate * 10) / (raw10.rate * 10);
  recordTarget({ what: "Append of ten events, PostgreSQL, 8 writers (rows a second)", target: "≥ 0.80× raw single-row INSERTs", measured: times(tenRatio), met: tenRatio >= 0.8 });
  rows.push(row("Emmett 0.42 appendToStream of ten events", 8, 10, await emmettAppends(8, 10), { rate: raw10.rate * 10 }));
  return rows;
}

export const APPEND_HEADER = "| what | writers | events per append | throughput | mean latency | × raw INSERT rows/s |\n|---|---|---|---|---|---|";

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(APPEND_HEADER);
  for (const row of await appendThroughputRows()) console.log(row);
}
