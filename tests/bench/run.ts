/**
 * `npm run bench`: measurements reported in the README, never asserted in tests.
 * Each case runs against fresh stores in a temporary directory / database.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, pgliteClient, postgresClient, storesOnClient, type SqlClient } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { invoiceThroughput } from "./commerce.ts";
import { readLatency } from "./reads.ts";
import { asOfLatency } from "./asOf.ts";
import { appendThroughputRows } from "./append.ts";
import { shardRows } from "./shards.ts";

const APPENDS = 500;

async function appendThroughput(sql: SqlClient, label: string): Promise<string> {
  const stores = await storesOnClient(sql, label);
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    await stores.eventStore.appendToStream(
      `bench-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: "BenchEventRecorded",
          data: { i },
          metadata: { userId: null, actor: "bench", causationId: null, correlationId: "bench", occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ],
      "no_stream",
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await stores.close();
  return `| ${label} | ${APPENDS} | ${(APPENDS / seconds).toFixed(0)} appends/s | ${((seconds * 1000) / APPENDS).toFixed(2)} ms |`;
}

async function embedded(durable: boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "bahi-bench-"));
  try {
    const db = await openPglite(dir);
    return await appendThroughput(
      pgliteClient(db, durable ? { durableDir: dir } : {}),
      durable ? "PGlite, fsync after each commit (what `bahi start` runs)" : "PGlite, no fsync (unsafe, for comparison)",
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<string> {
  const reason = await postgresUnavailableReason();
  if (reason) return `| PostgreSQL | skipped: ${reason} | | |`;
  const database = await createTestDatabase();
  try {
    return await appendThroughput(postgresClient(database.url), "PostgreSQL 15 server (local)");
  } finally {
    await database.drop();
  }
}

const rows = [await embedded(true), await embedded(false), await postgres()];
console.log("\n## Event store: sequential single-event appends\n");
console.log("| store | appends | throughput | mean latency |\n|---|---|---|---|");
for (const row of rows) console.log(row);

console.log("\n## Invoices and the dashboard\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of [...(await invoiceThroughput()), ...(await asOfLatency())]) console.log(row);

console.log("\n## Reads at 1,000 and 1,00,000 invoices in one business (issue 12)\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of await readLatency()) console.log(row);

console.log("\n## Append notification, shards and read-your-writes (issue 12)\n");
console.log("| what | writers | throughput | mean latency per append |\n|---|---|---|---|");
for (const row of await appendThroughputRows()) console.log(row);
console.log("\n| what | events | result |\n|---|---|---|");
for (const row of await shardRows()) console.log(row);
