/**
 * Issue 13: what durability costs the embedded store. Single-event appends at 1 and 8
 * concurrent writers on PGlite with PostgreSQL's own fsyncs (the WAL at every commit, the data
 * files at checkpoints: what `bahi start` runs) and with PGlite's default `-F` (nothing
 * synced, unsafe), next to the same on the local PostgreSQL server. Never asserted.
 *
 * `node --import tsx tests/bench/embedded.ts`: this scenario alone.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate, openPglite, PGLITE_EXTENSIONS, pgliteClient, postgresClient, SqlEventStore, type SqlClient, type SqlEventStoreOptions } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { recordTarget, whole } from "./targets.ts";

/** The measure of the embedded store's durable appends before it (145–214 a second at 1 or 8 writers): the target is five times its best. */
const DURABLE_BEFORE = 214;

const APPENDS = 800;

async function appendThroughput(sql: SqlClient, label: string, writers: number, options: SqlEventStoreOptions = {}): Promise<{ row: string; rate: number }> {
  await migrate(sql);
  const eventStore = new SqlEventStore(sql, options);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      const business = randomUUID();
      for (let i = 0; i < APPENDS / writers; i++) {
        await eventStore.appendToStream(
          `bench-${randomUUID()}`,
          [
            {
              id: randomUUID(),
              type: "BenchEventRecorded",
              data: { i },
              metadata: { userId: business, actor: "bench", causationId: null, correlationId: "bench", occurredAt: new Date().toISOString(), schemaVersion: 1 },
            },
          ],
          "no_stream",
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await eventStore.close();
  await sql.close();
  return { row: `| ${label} | ${writers} | ${(APPENDS / seconds).toFixed(0)} appends/s | ${((seconds * 1000) / APPENDS).toFixed(2)} ms |`, rate: APPENDS / seconds };
}

async function embedded(durable: boolean, writers: number, groupCommit = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "bahi-bench-"));
  try {
    const db = durable ? await openPglite(dir) : await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    const label = !durable
      ? "PGlite, no fsync (unsafe, for comparison)"
      : groupCommit
        ? "PGlite, WAL fsynced at commit, data files at checkpoints, group commit (what `bahi start` runs)"
        : "PGlite, WAL fsynced at commit, data files at checkpoints, a commit per append";
    const { row, rate } = await appendThroughput(pgliteClient(db), label, writers, { groupCommit });
    if (durable && groupCommit) {
      recordTarget({
        what: `Durable appends on the embedded store, ${writers} writer${writers === 1 ? "" : "s"}`,
        target: `≥ 5× the issue's ${DURABLE_BEFORE} a second (${whole(5 * DURABLE_BEFORE)})`,
        measured: `${whole(rate)} appends/s`,
        met: rate >= 5 * DURABLE_BEFORE,
      });
    }
    return row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(writers: number): Promise<string> {
  const reason = await postgresUnavailableReason();
  if (reason) return `| PostgreSQL | skipped: ${reason} | | |`;
  const database = await createTestDatabase();
  try {
    return (await appendThroughput(postgresClient(database.url, { max: 10 }), "PostgreSQL 15 server (local)", writers)).row;
  } finally {
    await database.drop();
  }
}

export async function embeddedAppendRows(): Promise<string[]> {
  const rows: string[] = [];
  for (const writers of [1, 8]) {
    rows.push(await embedded(true, writers));
    if (writers > 1) rows.push(await embedded(true, writers, false));
    rows.push(await embedded(false, writers), await postgres(writers));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("| store | writers | throughput | mean latency |\n|---|---|---|---|");
  for (const row of await embeddedAppendRows()) console.log(row);
}
