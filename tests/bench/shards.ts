/**
 * Issue 12: rebuild throughput with one and two projector shards, and read-your-writes lag
 * across processes. The log holds 480 businesses' invoices and payments (asOf.ts's bulk
 * history): a business's events all belong to one partition, so with few businesses the
 * shards' shares would be as uneven as the hash makes them. "Shards" are real `bahi projector`
 * processes filling a `rebuild --shared`, timed from its start to the swap (the median of
 * three), beside how busy the machine's cores were meanwhile; the PGlite row is the embedded
 * store's in-process rebuild (one process owns an embedded store).
 */
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { randomBytes, randomUUID } from "node:crypto";
import { allProjections, Projector } from "@bahi/projector";
import { migrate, openStores, postgresClient, storesOnClient, type SqlClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { freshPglite } from "../support/pglite.ts";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { startRole, stop, type BahiProcess } from "../support/processes.ts";
import { bulkHistory } from "./asOf.ts";

const BUSINESSES = 1_920;
const PER_BUSINESS = 50;
const TIMED_REBUILDS = 3;
const PARTITIONS = "8";

async function seed(sql: SqlClient): Promise<number> {
  for (let b = 0; b < BUSINESSES; b++) await bulkHistory(sql, randomUUID(), randomUUID(), randomUUID(), b * PER_BUSINESS, PER_BUSINESS);
  await migrate(sql);
  return BUSINESSES * PER_BUSINESS;
}

const rate = (events: number, ms: number) => `${Math.round(events / (ms / 1000)).toLocaleString("en-IN")} events/s (${(ms / 1000).toFixed(1)} s)`;

async function pgliteRebuild(): Promise<string> {
  const sql = await freshPglite();
  const stores = await storesOnClient(sql, "bench");
  try {
    const events = await seed(sql);
    const started = performance.now();
    await new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections: allProjections }).rebuild();
    return `| rebuild of every projection, PGlite, in process | ${events.toLocaleString("en-IN")} | ${rate(events, performance.now() - started)} |`;
  } finally {
    await stores.close();
  }
}

/** CPU time the whole machine spent busy so far, in seconds (Linux), or null elsewhere. */
function busySeconds(): number | null {
  if (!existsSync("/proc/stat")) return null;
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait is work.
  return (ticks.reduce((sum, t) => sum + t, 0) - ticks[3]! - ticks[4]!) / 100;
}

async function postgresRebuild(shards: number): Promise<string> {
  const database = await createTestDatabase();
  const stores = await openStores({ kind: "postgres", databaseUrl: database.url });
  const started: BahiProcess[] = [];
  try {
    const sql = postgresClient(database.url);
    const events = await seed(sql).finally(() => sql.close());
    const env = { DATABASE_URL: database.url, BAHI_PROJECTOR_PARTITIONS: PARTITIONS, BAHI_LOG_LEVEL: "warn" };
    for (let i = 0; i < shards; i++) await startRole("projector", env, started, 60_000);
    const projector = new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections: allProjections });
    // The shards fill the live generations first: wait for that, so only rebuilds are timed.
    await projector.rebuild({ shared: true, pollMs: 20 });
    const runs: { ms: number; busy: number | null }[] = [];
    for (let i = 0; i < TIMED_REBUILDS; i++) {
      const busyBefore = busySeconds();
      const begun = performance.now();
      await projector.rebuild({ shared: true, pollMs: 20 });
      const ms = performance.now() - begun;
      const busyAfter = busySeconds();
      runs.push({ ms, busy: busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore });
    }
    const median = runs.sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
    const busy = median.busy === null ? "" : `; cores busy ${Math.round((100 * median.busy) / ((median.ms / 1000) * cpus().length))}% of ${cpus().length}`;
    return `| rebuild of every projection, PostgreSQL, ${shards} projector process${shards > 1 ? "es" : ""} | ${events.toLocaleString("en-IN")} | ${rate(events, median.ms)}${busy} |`;
  } finally {
    for (const p of started) await stop(p);
    await stores.close();
    await database.drop();
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function readYourWrites(): Promise<string> {
  const database = await createTestDatabase();
  const started: BahiProcess[] = [];
  try {
    const env = {
      DATABASE_URL: database.url,
      BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"),
      BAHI_AUTH_LIMIT_PER_IP: "100000",
      BAHI_PROJECTOR_PARTITIONS: PARTITIONS,
      BAHI_LOG_LEVEL: "warn",
    };
    const commandApi = await startRole("command-api", env, started, 60_000);
    const readApi = await startRole("read-api", env, started, 60_000);
    await startRole("projector", env, started, 60_000);
    await startRole("projector", env, started, 60_000);
    const client = new ApiClient(readApi.url, { commandUrl: commandApi.url });
    await client.register();
    const lags: number[] = [];
    // The second shard takes its partitions over within a second of starting: measure after that.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (let i = -20; i < 200; i++) {
      const created = await client.post("/api/customers", { name: `Customer ${i}`, stateCode: "27" });
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const begun = performance.now();
      const read = await client.get(`/api/customers/${created.body.id}`);
      if (read.status !== 200 || read.headers.get("x-bahi-stale")) throw new Error(`read-your-writes failed at ${i}: ${read.status}, stale ${read.headers.get("x-bahi-stale")}`);
      if (i >= 0) lags.push(performance.now() - begun);
    }
    return `| read-your-writes: GET after a create, command-api → 2 projector shards → read-api (PostgreSQL, separate processes) | 200 | p50 ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms |`;
  } finally {
    for (const p of started) await stop(p);
    await database.drop();
  }
}

export async function shardRows(): Promise<string[]> {
  const rows = [await pgliteRebuild()];
  const reason = await postgresUnavailableReason();
  if (reason) return [...rows, `| PostgreSQL | skipped: ${reason} | |`];
  rows.push(await postgresRebuild(1), await postgresRebuild(2), await readYourWrites());
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("| what | events | result |\n|---|---|---|");
  for (const row of await shardRows()) console.log(row);
}
