/**
 * Issue 12: append throughput on PostgreSQL at 1 and 8 concurrent writers for each way of
 * telling other processes about an append (pg_notify in every append's transaction, one
 * coalesced pg_notify after commit, none: followers poll), next to a raw single-row INSERT on
 * the same server. Reported in the README; never asserted.
 */
import { randomUUID } from "node:crypto";
import { migrate, postgresClient, SqlEventStore, type AppendNotification } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";

const PER_WRITER = 400;

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

export async function appendThroughputRows(): Promise<string[]> {
  const reason = await postgresUnavailableReason();
  if (reason) return [`| PostgreSQL | skipped: ${reason} | | |`];
  const rows: string[] = [];
  for (const writerCount of [1, 8]) {
    for (const notify of ["per-append", "batched", "none"] as AppendNotification[]) {
      const database = await createTestDatabase();
      const sql = postgresClient(database.url, { max: 10 });
      try {
        await migrate(sql);
        // A listener in another connection, as a projector would have: notifications are delivered.
        const follower = postgresClient(database.url, { max: 1 });
        const unlisten = await follower.listen("bahi_events", () => {});
        const store = new SqlEventStore(sql, { notify });
        const seconds = await writers(writerCount, async () => {
          // Each writer is its own business, as concurrent users are: no chain head is shared.
          const business = randomUUID();
          for (let i = 0; i < PER_WRITER; i++) {
            await store.appendToStream(`bench-${randomUUID()}`, [{ id: randomUUID(), type: "BenchEventRecorded", data: { i }, metadata: metadata(business) }], "no_stream");
          }
        });
        await unlisten();
        await follower.close();
        const total = writerCount * PER_WRITER;
        rows.push(`| append, notify ${notify} | ${writerCount} | ${(total / seconds).toFixed(0)} appends/s | ${((seconds * 1000 * writerCount) / total).toFixed(2)} ms |`);
      } finally {
        await sql.close();
        await database.drop();
      }
    }
    const database = await createTestDatabase();
    const sql = postgresClient(database.url, { max: 10 });
    try {
      await sql.query("CREATE TABLE bench_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)");
      const seconds = await writers(writerCount, async () => {
        for (let i = 0; i < PER_WRITER; i++) await sql.query("INSERT INTO bench_rows (data) VALUES ($1::jsonb)", [JSON.stringify({ i })]);
      });
      const total = writerCount * PER_WRITER;
      rows.push(`| raw single-row INSERT | ${writerCount} | ${(total / seconds).toFixed(0)} rows/s | ${((seconds * 1000 * writerCount) / total).toFixed(2)} ms |`);
    } finally {
      await sql.close();
      await database.drop();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("| what | writers | throughput | mean latency per append |\n|---|---|---|---|");
  for (const row of await appendThroughputRows()) console.log(row);
}
