/**
 * Issue 13: the floors under a rebuild, on each store and at two sizes, next to what a rebuild
 * makes of them. The targets (20,000 events/s embedded, 40,000 on PostgreSQL, 600 MB for the
 * embedded process) are set against these, not against Bahi's own code:
 *
 * - reading the whole log, page by page, and nothing else;
 * - folding it through every projection in memory (createFold: the as-of replay's fold over the
 *   projector's own fold.ts), with the heap the documents then hold: read models kept in memory instead of
 *   in the store;
 * - writing those documents into a table with no index (the least a store can do with them),
 *   and into the read models' own table with its indexes, as a rebuild writes them;
 * - the rebuild itself (Projector.rebuild, one lane: the store on disk, as `npm start` keeps it).
 *
 * Never asserted. `node --import tsx tests/bench/floors.ts [invoices…]` (default 1,000 and 1,00,000).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { allProjections, createFold, Projector } from "@bahi/projector";
import { openPglite, pgliteClient, postgresClient, storesOnClient, type ReadDocument, type SqlClient, type Stores } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { bulkHistory } from "./asOf.ts";
import { whole } from "./targets.ts";

/** asOf.ts's history: two invoices in three events, the third their payment. One business holds 1,000 invoices' events. */
const EVENTS_PER_BUSINESS = 1_500;
const PAGE = 5_000;
const WRITE_CHUNK = 2_000;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const rate = (count: number, ms: number) => whole(count / (ms / 1000));

async function seed(sql: SqlClient, invoices: number): Promise<number> {
  const events = Math.round((invoices * 3) / 2);
  for (let from = 0; from < events; from += EVENTS_PER_BUSINESS) {
    await bulkHistory(sql, randomUUID(), randomUUID(), randomUUID(), from, Math.min(EVENTS_PER_BUSINESS, events - from));
  }
  return events;
}

/** Reads the whole log and nothing else. */
async function readLog(stores: Stores): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  let from: string | null = null;
  let events = 0;
  for (;;) {
    const page = await stores.eventLog.readAll(from, PAGE);
    if (page.covered === 0 || page.checkpoint === null) break;
    events += page.events.length;
    from = page.checkpoint;
  }
  return { events, ms: performance.now() - started };
}

/** Folds the log through every projection in memory (the as-of replay's createFold); the fold's time alone, and the heap its documents hold. */
async function foldInMemory(stores: Stores): Promise<{ events: number; ms: number; documents: ReadDocument[]; heapMb: number; residentMb: number }> {
  const fold = createFold(allProjections);
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let from: string | null = null;
  let events = 0;
  let ms = 0;
  for (;;) {
    const page = await stores.eventLog.readAll(from, PAGE);
    if (page.covered === 0 || page.checkpoint === null) break;
    const started = performance.now();
    for (const recorded of page.events) fold.add(recorded);
    ms += performance.now() - started;
    events += page.events.length;
    from = page.checkpoint;
  }
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  const heapMb = Math.round((heapUsed - heapBefore) / 1_048_576);
  return { events, ms, documents: fold.documents(), heapMb, residentMb: Math.round(rss / 1_048_576) };
}

/** Writes the documents in chunks, as a rebuild's batches do (one jsonb parameter a chunk), into `table`. */
async function writeDocuments(sql: SqlClient, table: string, generation: number, documents: readonly ReadDocument[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < documents.length; i += WRITE_CHUNK) {
    const chunk = documents.slice(i, i + WRITE_CHUNK).map((d) => ({
      generation,
      collection: d.collection,
      id: d.id,
      owner_id: d.ownerId,
      data: d.data,
      position: d.position,
      revision: d.revision ?? null,
    }));
    await sql.query(
      `INSERT INTO ${table} (generation, collection, id, owner_id, data, position, revision)
       SELECT d.generation, d.collection, d.id, d.owner_id, d.data, d.position, d.revision
         FROM jsonb_to_recordset($1::jsonb) AS d(generation integer, collection text, id text, owner_id text, data jsonb, position text, revision integer)`,
      [JSON.stringify(chunk)],
    );
  }
  return performance.now() - started;
}

async function floorsOf(label: string, sql: SqlClient, invoices: number): Promise<string[]> {
  const stores = await storesOnClient(sql, "floors");
  try {
    const events = await seed(sql, invoices);
    const size = `${invoices.toLocaleString("en-IN")} invoices (${events.toLocaleString("en-IN")} events)`;
    const read = await readLog(stores);
    const fold = await foldInMemory(stores);
    await sql.query("CREATE TABLE bench_bare_documents (generation integer, collection text, id text, owner_id text, data jsonb, position text, revision integer)");
    const bare = await writeDocuments(sql, "bench_bare_documents", 1, fold.documents);
    await sql.query("DROP TABLE bench_bare_documents");
    // Documents of a generation nobody reads (no keys, so no tallies): the table's own indexes maintained as a rebuild's writes maintain them.
    const indexed = await writeDocuments(sql, "bahi_rm_documents", 1_000_000, fold.documents);
    await sql.query("DELETE FROM bahi_rm_documents WHERE generation = 1000000");
    const projector = new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections: allProjections, partitions: 1 });
    const started = performance.now();
    await projector.rebuild();
    const rebuild = performance.now() - started;
    const docs = fold.documents.length;
    return [
      `| ${label}, ${size}: reading the log alone | ${rate(read.events, read.ms)} events/s |`,
      `| ${label}, ${size}: folding it in memory alone (the projector's fold, createFold) | ${rate(fold.events, fold.ms)} events/s; its ${docs.toLocaleString("en-IN")} documents hold ${fold.heapMb} MB of heap (this process then ${fold.residentMb} MB resident, its store open) |`,
      `| ${label}, ${size}: writing those documents into a table with no index | ${rate(docs, bare)} documents/s (${rate(events, bare)} events/s) |`,
      `| ${label}, ${size}: writing them into the read models' table, its indexes kept | ${rate(docs, indexed)} documents/s (${rate(events, indexed)} events/s) |`,
      `| ${label}, ${size}: a full rebuild (Projector.rebuild) | ${rate(events, rebuild)} events/s |`,
    ];
  } finally {
    await stores.close();
  }
}

export async function floorRows(sizes: readonly number[] = [1_000, 100_000], progress: (line: string) => void = () => undefined): Promise<string[]> {
  const rows: string[] = [];
  for (const invoices of sizes) {
    const dataDir = await mkdtemp(join(tmpdir(), "bahi-floors-"));
    try {
      const sql = pgliteClient(await openPglite(join(dataDir, "pglite")));
      rows.push(...(await floorsOf("PGlite on disk", sql, invoices)));
      progress(`floors: PGlite at ${invoices} invoices done`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const reason = await postgresUnavailableReason();
    if (reason) {
      rows.push(`| PostgreSQL | skipped: ${reason} |`);
      continue;
    }
    const database = await createTestDatabase();
    try {
      rows.push(...(await floorsOf("PostgreSQL", postgresClient(database.url), invoices)));
      progress(`floors: PostgreSQL at ${invoices} invoices done`);
    } finally {
      await database.drop();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number);
  console.log("| what | result |\n|---|---|");
  for (const row of await floorRows(sizes.length > 0 ? sizes : undefined, (line) => console.error(line))) console.log(row);
}
