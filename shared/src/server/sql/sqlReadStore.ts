import { compareWirePositions } from "../../contract/http.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import {
  ProjectionConflictError,
  type DocumentKey,
  type ParkedEvent,
  type ParkedSummary,
  type PartitionScope,
  type Partitioning,
  type ProjectionBatch,
  type ProjectionInput,
  type ProjectionState,
  type ReadDocument,
  type ReadStore,
} from "../ports/readStore.ts";
import type { SqlClient, SqlExecutor } from "./client.ts";
import { SqlHints } from "./hints.ts";
import { lowestOf } from "../partition.ts";
import { yieldToEventLoop } from "../eventLoop.ts";
import { indexOf, KEYS_VERSION, keysOf, type DocumentKeys } from "../../readModels/indexes.ts";
import type { PageQuery, PageRow, TallyBucket } from "../ports/readStore.ts";
import { tallyDeltas } from "../readQuery.ts";
import { countStatement, isLookup, lookupStatement, pageStatement } from "./readQuerySql.ts";

interface DocumentRow {
  collection: string;
  id: string;
  owner_id: string | null;
  data: unknown;
  position: string;
  revision: number | null;
}

function toDocument(row: DocumentRow): ReadDocument {
  return { collection: row.collection, id: row.id, ownerId: row.owner_id, data: row.data, position: row.position, revision: row.revision === null ? null : Number(row.revision) };
}

interface ParkedRow {
  projection: string;
  generation: number;
  position: string;
  document_id: string;
  event: RecordedEvent;
  error: string;
  attempts: number;
  parked_at: string;
}

/** Projectors' commits are announced here to every process, after the commit (SqlHints). */
const NOTIFY_CHANNEL = "bahi_read_models";
/** Issue 12: a rebuild created generations, which projector shards fill beside their live work. */
const REBUILD_CHANNEL = "bahi_rebuilds";

/** The active generation of the collection named by the query's first parameter. */
const ACTIVE = "(SELECT generation FROM bahi_rm_generations WHERE projection = $1 AND status = 'active')";

/** parked.document_id is part of the primary key: an event parked before its documents were known has "". */
const NO_DOCUMENT = "";

function toParked(row: ParkedRow): ParkedEvent {
  return {
    projection: row.projection,
    generation: Number(row.generation),
    position: row.position,
    documentId: row.document_id === NO_DOCUMENT ? null : row.document_id,
    event: row.event,
    error: row.error,
    attempts: Number(row.attempts),
    parkedAt: new Date(row.parked_at).toISOString(),
  };
}

const byPosition = (a: { position: string }, b: { position: string }) => compareWirePositions(a.position, b.position);

const SINGLE: Partitioning = { parts: 1, scope: "business" };

interface StateRow {
  projection: string;
  generation: number;
  parts: number;
  scope: PartitionScope;
  part: number | null;
  position: string | null;
}

/** Generation rows joined with their partitions' checkpoints, one state per generation. */
function statesOf(rows: readonly StateRow[]): ProjectionState[] {
  const byGeneration = new Map<number, ProjectionState>();
  for (const row of rows) {
    const generation = Number(row.generation);
    let state = byGeneration.get(generation);
    if (!state) {
      const parts = Number(row.parts);
      state = { projection: row.projection, generation, checkpoint: null, parts, scope: row.scope, partCheckpoints: Array.from({ length: parts }, () => null) };
      byGeneration.set(generation, state);
    }
    if (row.part !== null && Number(row.part) < state.parts) state.partCheckpoints[Number(row.part)] = row.position ?? null;
  }
  for (const state of byGeneration.values()) state.checkpoint = lowestOf(state.partCheckpoints);
  return [...byGeneration.values()];
}

const STATES = `SELECT g.projection, g.generation, g.parts, g.scope, c.part, c.position
                  FROM bahi_rm_generations g LEFT JOIN bahi_rm_checkpoints c ON c.generation = g.generation`;

/** ReadStore over PostgreSQL or PGlite: JSONB documents in numbered generations per projection. */
export class SqlReadStore implements ReadStore {
  /** Commit and rebuild hints, to this process and the others. */
  private readonly hints: SqlHints;
  /** Documents written or deleted since the last (VACUUM) ANALYZE, and how many rows it saw. */
  private changedSinceVacuum = 0;
  private rowsAtVacuum = 0;

  constructor(private readonly sql: SqlClient) {
    this.hints = new SqlHints(sql);
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const [row] = await this.sql.query<{ data: T | null }>(`SELECT data FROM bahi_rm_documents WHERE generation = ${ACTIVE} AND collection = $1 AND id = $2`, [collection, id]);
    return row?.data ?? null;
  }

  async list<T>(collection: string, ownerId: string): Promise<T[]> {
    const rows = await this.sql.query<{ data: T }>(
      `SELECT data FROM bahi_rm_documents
        WHERE generation = ${ACTIVE} AND collection = $1 AND owner_id = $2 AND data IS NOT NULL
        ORDER BY id`,
      [collection, ownerId],
    );
    return rows.map((row) => row.data);
  }

  async page<T>(collection: string, ownerId: string, query: PageQuery): Promise<PageRow<T>[]> {
    const statement = pageStatement(collection, ownerId, query);
    const rows = await this.sql.query<{ id: string; data: T; keys: DocumentKeys | null }>(statement.text, statement.values);
    return rows.map((row) => ({ id: row.id, data: row.data, keys: row.keys ?? {} }));
  }

  async count(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): Promise<number> {
    const statement = countStatement(collection, ownerId, query, cap);
    const [row] = await this.sql.query<{ n: number }>(statement.text, statement.values);
    return Number(row?.n ?? 0);
  }

  async tally(collection: string, ownerId: string, tally: string): Promise<Record<string, TallyBucket>> {
    const rows = await this.sql.query<{ bucket: string; count: string | number; sums: Record<string, string | number> }>(
      `SELECT bucket, count, sums FROM bahi_rm_tallies WHERE generation = ${ACTIVE} AND collection = $1 AND owner_id = $2 AND tally = $3 AND count <> 0`,
      [collection, ownerId, tally],
    );
    return Object.fromEntries(
      rows.map((row) => [row.bucket, { count: Number(row.count), sums: Object.fromEntries(Object.entries(row.sums).map(([name, value]) => [name, Number(value)])) }]),
    );
  }

  async find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]> {
    if (isLookup(collection, Object.keys(where))) {
      const statement = lookupStatement(collection, where);
      return (await this.sql.query<{ data: T }>(statement.text, statement.values)).map((row) => row.data);
    }
    const rows = await this.sql.query<{ data: T }>(
      `SELECT data FROM bahi_rm_documents
        WHERE generation = ${ACTIVE} AND collection = $1 AND data IS NOT NULL AND data @> $2::jsonb
        ORDER BY id`,
      [collection, JSON.stringify(where)],
    );
    return rows.map((row) => row.data);
  }

  async checkpoints(): Promise<Record<string, string | null>> {
    return Object.fromEntries((await this.partitionCheckpoints()).map((state) => [state.projection, state.checkpoint]));
  }

  async partitionCheckpoints(): Promise<ProjectionState[]> {
    return statesOf(await this.sql.query<StateRow>(`${STATES} WHERE g.status = 'active'`));
  }

  onCommit(listener: () => void): () => void {
    // Projectors in other processes commit too: PostgreSQL's NOTIFY carries their hint to us.
    return this.hints.on(NOTIFY_CHANNEL, listener);
  }

  onRebuild(listener: () => void): () => void {
    return this.hints.on(REBUILD_CHANNEL, listener);
  }

  async activeProjections(projections: readonly string[], partitioning: (projection: string) => Partitioning = () => SINGLE): Promise<ProjectionState[]> {
    if (projections.length === 0) return [];
    const missing = async () =>
      this.sql.query<{ projection: string }>(
        `SELECT p.projection FROM unnest($1::text[]) AS p(projection)
          WHERE NOT EXISTS (SELECT 1 FROM bahi_rm_generations g WHERE g.projection = p.projection AND g.status = 'active')`,
        [projections],
      );
    const absent = await missing();
    if (absent.length > 0) {
      await this.sql.transaction(async (tx) => {
        await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
        for (const { projection } of absent) {
          const { parts, scope } = partitioning(projection);
          await tx.query(
            `INSERT INTO bahi_rm_generations (generation, projection, status, parts, scope, keys_version)
             SELECT COALESCE((SELECT max(generation) FROM bahi_rm_generations), 0) + 1, $1, 'active', $2, $3, $4
              WHERE NOT EXISTS (SELECT 1 FROM bahi_rm_generations WHERE projection = $1 AND status = 'active')`,
            [projection, checkedParts(parts), scope, KEYS_VERSION],
          );
        }
      });
    }
    return statesOf(await this.sql.query<StateRow>(`${STATES} WHERE g.status = 'active' AND g.projection = ANY($1::text[])`, [projections]));
  }

  async buildingProjections(projections: readonly string[]): Promise<ProjectionState[]> {
    if (projections.length === 0) return [];
    return statesOf(await this.sql.query<StateRow>(`${STATES} WHERE g.status = 'building' AND g.projection = ANY($1::text[]) ORDER BY g.generation`, [projections]));
  }

  async getDocuments(generation: number, keys: readonly DocumentKey[]): Promise<ReadDocument[]> {
    if (keys.length === 0) return [];
    const rows = await this.sql.query<DocumentRow>(
      `SELECT d.collection, d.id, d.owner_id, d.data, d.position, d.revision
         FROM bahi_rm_documents d
         JOIN unnest($2::text[], $3::text[]) AS k(collection, id) ON d.collection = k.collection AND d.id = k.id
        WHERE d.generation = $1`,
      [generation, keys.map((k) => k.collection), keys.map((k) => k.id)],
    );
    return rows.map(toDocument);
  }

  async documentsToProject(requests: readonly { generation: number; keys: readonly DocumentKey[] }[]): Promise<Map<number, ProjectionInput>> {
    const inputs = new Map<number, ProjectionInput>(requests.map(({ generation }) => [generation, { documents: new Map(), blocked: new Map() }]));
    const keys = requests.flatMap(({ generation, keys }) => keys.map((key) => ({ generation, ...key })));
    if (keys.length === 0) return inputs;
    const rows = await this.sql.query<DocumentRow & { generation: number; parked: boolean }>(
      `SELECT false AS parked, d.generation, d.collection, d.id, d.owner_id, d.data, d.position, d.revision
         FROM bahi_rm_documents d
         JOIN unnest($1::integer[], $2::text[], $3::text[]) AS k(generation, collection, id) ON d.generation = k.generation AND d.collection = k.collection AND d.id = k.id
       UNION ALL
       SELECT true, p.generation, NULL, p.document_id, NULL, NULL, p.position, NULL
         FROM bahi_rm_parked p
         JOIN (SELECT DISTINCT generation, id FROM unnest($1::integer[], $3::text[]) AS u(generation, id)) k ON p.generation = k.generation AND p.document_id = k.id`,
      [keys.map((k) => k.generation), keys.map((k) => k.collection), keys.map((k) => k.id)],
    );
    for (const row of rows) {
      const input = inputs.get(Number(row.generation))!;
      if (!row.parked) {
        input.documents.set(row.id, toDocument(row));
        continue;
      }
      const known = input.blocked.get(row.id);
      if (known === undefined || compareWirePositions(row.position, known) < 0) input.blocked.set(row.id, row.position);
    }
    return inputs;
  }

  async checkpointAt(generation: number): Promise<string | null> {
    const [state] = statesOf(await this.sql.query<StateRow>(`${STATES} WHERE g.generation = $1 AND g.status <> 'retired'`, [generation]));
    return state?.checkpoint ?? null;
  }

  async commit(batches: readonly ProjectionBatch[]): Promise<void> {
    if (batches.length === 0) return;
    // Always in generation order, so two projectors committing overlapping batches cannot
    // deadlock; and set-based, so a batch costs the same few round trips however many
    // projections it moves.
    const partOf = (batch: ProjectionBatch) => batch.part ?? 0;
    const ordered = [...batches].sort((a, b) => a.generation - b.generation || partOf(a) - partOf(b));
    const generations = [...new Set(ordered.map((batch) => batch.generation))];
    await this.sql.transaction(async (tx) => {
      const owners = await tx.query<{ generation: number; projection: string; parts: number; status: string }>(
        "SELECT generation, projection, parts, status FROM bahi_rm_generations WHERE generation = ANY($1::integer[]) ORDER BY generation FOR SHARE",
        [generations],
      );
      const ownerOf = new Map(owners.map((row) => [Number(row.generation), row]));
      const seen = new Set<string>();
      for (const batch of ordered) {
        const owner = ownerOf.get(batch.generation);
        // A retired generation was swapped out by a rebuild: its rows are on their way out.
        if (owner === undefined || owner.status === "retired") throw new ProjectionConflictError(`Generation ${batch.generation} is gone`);
        if (owner.projection !== batch.projection) {
          throw new ProjectionConflictError(`Generation ${batch.generation} belongs to ${owner.projection}, not ${batch.projection}`);
        }
        const part = partOf(batch);
        if (!Number.isInteger(part) || part < 0 || part >= Number(owner.parts)) throw new RangeError(`Generation ${batch.generation} has no partition ${part}`);
        const key = `${batch.generation}/${part}`;
        if (seen.has(key)) throw new RangeError(`Two batches for partition ${part} of generation ${batch.generation}`);
        seen.add(key);
        const stray = batch.documents.find((d) => d.collection !== batch.projection);
        if (stray) throw new RangeError(`Projection ${batch.projection} cannot write to collection ${stray.collection}`);
      }
      // A partition's checkpoint row exists once it has held a position: only those expected
      // to have none may need theirs made (issue 13: one statement fewer per live commit).
      const unplaced = ordered.filter((batch) => batch.expectedCheckpoint === null);
      if (unplaced.length > 0) {
        await tx.query(
          `INSERT INTO bahi_rm_checkpoints (generation, part, position)
           SELECT g, p, NULL FROM unnest($1::integer[], $2::integer[]) AS k(g, p) ON CONFLICT (generation, part) DO NOTHING`,
          [unplaced.map((batch) => batch.generation), unplaced.map(partOf)],
        );
      }
      const stored = await tx.query<{ generation: number; part: number; position: string | null }>(
        `SELECT c.generation, c.part, c.position FROM bahi_rm_checkpoints c
           JOIN unnest($1::integer[], $2::integer[]) AS k(g, p) ON c.generation = k.g AND c.part = k.p
          ORDER BY c.generation, c.part FOR UPDATE OF c`,
        [ordered.map((batch) => batch.generation), ordered.map(partOf)],
      );
      const storedOf = new Map(stored.map((row) => [`${Number(row.generation)}/${Number(row.part)}`, row.position]));
      for (const batch of ordered) {
        const position = storedOf.get(`${batch.generation}/${partOf(batch)}`) ?? null;
        if (position !== batch.expectedCheckpoint) {
          throw new ProjectionConflictError(
            `Checkpoint of ${batch.projection} (generation ${batch.generation}, partition ${partOf(batch)}) moved from ${String(batch.expectedCheckpoint)} to ${String(position)}`,
          );
        }
      }
      await writeDocuments(tx, ordered);
      for (const batch of ordered) {
        await resolveParked(tx, batch);
        await writeParked(tx, batch);
      }
      const moved = ordered.filter((batch) => batch.checkpoint !== batch.expectedCheckpoint);
      if (moved.length > 0) {
        await tx.query(
          `UPDATE bahi_rm_checkpoints c SET position = u.position
             FROM unnest($1::integer[], $2::integer[], $3::text[]) AS u(generation, part, position)
            WHERE c.generation = u.generation AND c.part = u.part`,
          [moved.map((batch) => batch.generation), moved.map(partOf), moved.map((batch) => batch.checkpoint)],
        );
      }
    });
    this.committed();
    await this.vacuumWhenGrown(ordered.reduce((sum, batch) => sum + batch.documents.length, 0));
  }

  /**
   * PGlite runs no autovacuum, so nothing gathers the planner's statistics: after a bulk of
   * writes it would still think the read models empty and pick any index of a business's
   * documents for a filter (a month's 300 invoices read through the status index, 100k rows
   * filtered). Nor does anything merge the search keys' GIN pending lists (issue 13): while
   * they grow the planner prices the trigram index above reading every document. Like
   * autovacuum's thresholds, once the documents written since the last VACUUM ANALYZE pass
   * 500 plus half the rows it saw, it runs again.
   *
   * PostgreSQL's daemon looks at most once a minute, and a first catch-up or a rebuild writes
   * tens of thousands of documents before it does: meanwhile the planner read each batch's old
   * documents through the owner index, every document of the collection per key (issue 13:
   * the first rebuild at a third of the speed of the second). There this process runs ANALYZE
   * each time the documents written pass the rows it last saw (a table growing from nothing
   * is analyzed a logarithmic number of times), skipping it while another process holds the
   * table's analyze lock.
   */
  private async vacuumWhenGrown(changed: number): Promise<void> {
    if (changed === 0) return;
    this.changedSinceVacuum += changed;
    if (this.changedSinceVacuum < 500 + this.rowsAtVacuum / (this.sql.kind === "pglite" ? 2 : 1)) return;
    this.changedSinceVacuum = 0;
    if (this.sql.kind === "pglite") {
      await this.sql.query("VACUUM ANALYZE bahi_rm_documents");
      await this.sql.query("ANALYZE bahi_rm_tallies");
    } else {
      await this.sql.query("ANALYZE (SKIP_LOCKED) bahi_rm_documents, bahi_rm_tallies");
    }
    const [row] = await this.sql.query<{ rows: number }>("SELECT reltuples::bigint AS rows FROM pg_class WHERE relname = 'bahi_rm_documents' AND relkind = 'r'");
    this.rowsAtVacuum = Math.max(0, Number(row?.rows ?? 0));
  }

  async parked(filter: { projection?: string; generation?: number } = {}): Promise<ParkedEvent[]> {
    const rows = await this.sql.query<ParkedRow>(
      `SELECT g.projection, p.generation, p.position, p.document_id, p.event, p.error, p.attempts, p.parked_at::text AS parked_at
         FROM bahi_rm_parked p JOIN bahi_rm_generations g ON g.generation = p.generation
        WHERE ($1::integer IS NULL AND g.status = 'active' OR p.generation = $1::integer)
          AND ($2::text IS NULL OR g.projection = $2::text)`,
      [filter.generation ?? null, filter.projection ?? null],
    );
    return rows.map(toParked).sort((a, b) => a.projection.localeCompare(b.projection) || byPosition(a, b) || (a.documentId ?? "").localeCompare(b.documentId ?? ""));
  }

  async parkedSummary(): Promise<ParkedSummary[]> {
    // Counted in SQL: health asks often, and a poisoned document can park many events behind it.
    const rows = await this.sql.query<{ projection: string; count: number; position: string; error: string }>(
      `SELECT DISTINCT ON (g.projection) g.projection, (count(*) OVER (PARTITION BY g.projection))::integer AS count, p.position, p.error
         FROM bahi_rm_parked p JOIN bahi_rm_generations g ON g.generation = p.generation
        WHERE g.status = 'active'
        ORDER BY g.projection, split_part(p.position, ':', 1)::numeric, split_part(p.position, ':', 2)::numeric`,
    );
    return rows.map((row) => ({ projection: row.projection, count: Number(row.count), firstPosition: row.position, firstError: row.error }));
  }

  async createGeneration(projection: string, partitioning: Partitioning = SINGLE): Promise<number> {
    const generation = await this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [row] = await tx.query<{ next: number }>("SELECT COALESCE(max(generation), 0) + 1 AS next FROM bahi_rm_generations");
      const next = Number(row!.next);
      await tx.query("INSERT INTO bahi_rm_generations (generation, projection, status, parts, scope, keys_version) VALUES ($1, $2, 'building', $3, $4, $5)", [
        next,
        projection,
        checkedParts(partitioning.parts),
        partitioning.scope,
        KEYS_VERSION,
      ]);
      return next;
    });
    this.hints.emit(REBUILD_CHANNEL);
    this.hints.notify(REBUILD_CHANNEL);
    return generation;
  }

  async activateGeneration(generation: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [target] = await tx.query<{ projection: string; status: string }>("SELECT projection, status FROM bahi_rm_generations WHERE generation = $1", [generation]);
      // Without this, activating a dropped generation would leave the projection with no active one at all.
      if (!target || target.status === "retired") throw new ProjectionConflictError(`Generation ${generation} is gone: it cannot be activated`);
      // A pointer swap: the old active generation (and older rebuilds this one supersedes) are
      // retired here and deleted later in batches by dropRetired, outside this lock.
      await tx.query(
        `UPDATE bahi_rm_generations SET status = 'retired'
          WHERE projection = $2 AND generation <> $1 AND status <> 'retired' AND (status = 'active' OR generation < $1)`,
        [generation, target.projection],
      );
      await tx.query("UPDATE bahi_rm_generations SET status = 'active' WHERE generation = $1", [generation]);
    });
    this.committed();
  }

  async dropGeneration(generation: number): Promise<void> {
    await this.sql.query("UPDATE bahi_rm_generations SET status = 'retired' WHERE generation = $1 AND status = 'building'", [generation]);
  }

  async dropRetired(options: { batchSize?: number } = {}): Promise<number> {
    const batchSize = options.batchSize ?? 5_000;
    let deleted = 0;
    const retired = await this.sql.query<{ generation: number }>("SELECT generation FROM bahi_rm_generations WHERE status = 'retired' ORDER BY generation");
    for (const { generation } of retired) {
      for (;;) {
        // Short transactions of a bounded size: readers and projectors never wait behind a big delete.
        const rows = await this.sql.query<{ id: string }>(
          `DELETE FROM bahi_rm_documents WHERE (generation, collection, id) IN (
             SELECT generation, collection, id FROM bahi_rm_documents WHERE generation = $1 LIMIT $2)
           RETURNING id`,
          [generation, batchSize],
        );
        deleted += rows.length;
        if (rows.length < batchSize) break;
        await yieldToEventLoop();
      }
      await this.sql.transaction(async (tx) => {
        await tx.query("DELETE FROM bahi_rm_parked WHERE generation = $1", [generation]);
        await tx.query("DELETE FROM bahi_rm_checkpoints WHERE generation = $1", [generation]);
        await tx.query("DELETE FROM bahi_rm_tallies WHERE generation = $1", [generation]);
        // A writer that raced the last batch could have added a document: only a bare generation goes.
        await tx.query("DELETE FROM bahi_rm_generations WHERE generation = $1 AND status = 'retired' AND NOT EXISTS (SELECT 1 FROM bahi_rm_documents WHERE generation = $1)", [
          generation,
        ]);
      });
    }
    // Issue 13: the dead rows of a dropped generation count toward PGlite's next VACUUM like written ones.
    await this.vacuumWhenGrown(deleted);
    return deleted;
  }

  async close(): Promise<void> {
    await this.hints.close();
  }

  /** Tells this process's waiters and every other process that a commit happened. */
  private committed(): void {
    this.hints.emit(NOTIFY_CHANNEL);
    this.hints.notify(NOTIFY_CHANNEL);
  }
}

function checkedParts(parts: number): number {
  if (!Number.isInteger(parts) || parts < 1 || parts > 1024) throw new RangeError(`A read model splits into 1 to 1024 partitions, not ${parts}`);
  return parts;
}

/**
 * Writes the documents with their declared keys, and moves their collection's tallies by what
 * each document's old keys gave and its new ones give (read in this transaction, under the
 * partition's checkpoint lock, so no other writer moves them meanwhile).
 */
/** Issue 13: every batch's documents of a commit in one statement (and their tallies in one more). */
async function writeDocuments(tx: SqlExecutor, batches: readonly ProjectionBatch[]): Promise<void> {
  const keyed = batches.flatMap((batch) => batch.documents.map((d) => ({ ...d, generation: batch.generation, keys: keysOf(d.collection, d.data) })));
  if (keyed.length === 0) return;
  await writeTallies(tx, keyed);
  // One jsonb parameter rather than eight arrays: PostgreSQL reads the documents' JSON once,
  // where a text[] of JSON doubles every quote to escape it and parses each string twice
  // (half the statement's time on PGlite, tests/bench/rebuild.ts).
  await tx.query(
    `INSERT INTO bahi_rm_documents (generation, collection, id, owner_id, data, position, keys, revision)
     SELECT d.generation, d.collection, d.id, d.owner_id, d.data, d.position, d.keys, d.revision
       FROM jsonb_to_recordset($1::jsonb) AS d(generation integer, collection text, id text, owner_id text, data jsonb, position text, keys jsonb, revision integer)
     ON CONFLICT (generation, collection, id)
     DO UPDATE SET owner_id = EXCLUDED.owner_id, data = EXCLUDED.data, position = EXCLUDED.position, keys = EXCLUDED.keys, revision = EXCLUDED.revision`,
    [
      JSON.stringify(
        keyed.map((d) => ({
          generation: d.generation,
          collection: d.collection,
          id: d.id,
          owner_id: d.ownerId,
          data: d.data,
          position: d.position,
          keys: d.keys,
          revision: d.revision ?? null,
        })),
      ),
    ],
  );
}

export type TallyRow = { generation: number; collection: string; owner: string; tally: string; bucket: string; count: number; sums: Record<string, number> };

/** Adds tally rows' counts and sums into a map keyed by generation, collection, owner, tally and bucket. */
export function addTallies(into: Map<string, TallyRow>, generation: number, collection: string, owner: string | null, deltas: ReturnType<typeof tallyDeltas>): void {
  if (owner === null) return;
  for (const delta of deltas) {
    const key = JSON.stringify([generation, collection, owner, delta.tally, delta.bucket]);
    const row = into.get(key) ?? { generation, collection, owner, tally: delta.tally, bucket: delta.bucket, count: 0, sums: {} };
    row.count += delta.count;
    for (const [sum, value] of Object.entries(delta.sums)) row.sums[sum] = (row.sums[sum] ?? 0) + value;
    into.set(key, row);
  }
}

/** Adds the rows to their generations' stored tallies (upserting each bucket's count and sums). */
export async function storeTallies(tx: SqlExecutor, rows: Iterable<TallyRow>): Promise<void> {
  const list = [...rows];
  if (list.length === 0) return;
  await tx.query(
    `INSERT INTO bahi_rm_tallies (generation, collection, owner_id, tally, bucket, count, sums)
     SELECT t.generation, t.collection, t.owner_id, t.tally, t.bucket, t.count, t.sums::jsonb
       FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[]) AS t(generation, collection, owner_id, tally, bucket, count, sums)
     ON CONFLICT (generation, collection, owner_id, tally, bucket) DO UPDATE SET
       count = bahi_rm_tallies.count + EXCLUDED.count,
       sums = (SELECT COALESCE(jsonb_object_agg(k, COALESCE((bahi_rm_tallies.sums->>k)::numeric, 0) + COALESCE((EXCLUDED.sums->>k)::numeric, 0)), '{}'::jsonb)
                 FROM jsonb_object_keys(bahi_rm_tallies.sums || EXCLUDED.sums) AS k)`,
    [
      list.map((r) => r.generation),
      list.map((r) => r.collection),
      list.map((r) => r.owner),
      list.map((r) => r.tally),
      list.map((r) => r.bucket),
      list.map((r) => r.count),
      list.map((r) => JSON.stringify(r.sums)),
    ],
  );
}

async function writeTallies(tx: SqlExecutor, documents: readonly (ReadDocument & { generation: number; keys: DocumentKeys | null })[]): Promise<void> {
  const tallied = documents.filter((d) => indexOf(d.collection)?.tallies !== undefined);
  if (tallied.length === 0) return;
  const stored = await tx.query<{ generation: number; collection: string; id: string; owner_id: string | null; keys: DocumentKeys | null }>(
    `SELECT d.generation, d.collection, d.id, d.owner_id, d.keys FROM bahi_rm_documents d
       JOIN unnest($1::integer[], $2::text[], $3::text[]) AS k(generation, collection, id) ON d.generation = k.generation AND d.collection = k.collection AND d.id = k.id`,
    [tallied.map((d) => d.generation), tallied.map((d) => d.collection), tallied.map((d) => d.id)],
  );
  const current = new Map(stored.map((row) => [`${Number(row.generation)}/${row.collection}/${row.id}`, { owner: row.owner_id, keys: row.keys }]));
  const rows = new Map<string, TallyRow>();
  for (const doc of tallied) {
    const key = `${doc.generation}/${doc.collection}/${doc.id}`;
    const before = current.get(key);
    if (before) addTallies(rows, doc.generation, doc.collection, before.owner, tallyDeltas(doc.collection, before.keys, null));
    addTallies(rows, doc.generation, doc.collection, doc.ownerId, tallyDeltas(doc.collection, null, doc.keys));
    current.set(key, { owner: doc.ownerId, keys: doc.keys });
  }
  await storeTallies(
    tx,
    [...rows.values()].filter((row) => row.count !== 0 || Object.values(row.sums).some((v) => v !== 0)),
  );
}

async function resolveParked(tx: SqlExecutor, batch: ProjectionBatch): Promise<void> {
  const resolved = batch.resolve ?? [];
  if (resolved.length === 0) return;
  const rows = await tx.query<{ position: string }>(
    `DELETE FROM bahi_rm_parked p USING unnest($2::text[], $3::text[]) AS k(position, document_id)
      WHERE p.generation = $1 AND p.position = k.position AND p.document_id = k.document_id
      RETURNING p.position`,
    [batch.generation, resolved.map((k) => k.position), resolved.map((k) => k.documentId ?? NO_DOCUMENT)],
  );
  // Someone else (a concurrent retry) applied them first: this batch's documents are stale.
  if (rows.length !== resolved.length) throw new ProjectionConflictError(`Parked events of ${batch.projection} were resolved by another writer`);
}

async function writeParked(tx: SqlExecutor, batch: ProjectionBatch): Promise<void> {
  const parked = batch.park ?? [];
  if (parked.length === 0) return;
  await tx.query(
    `INSERT INTO bahi_rm_parked (generation, position, document_id, event, error, attempts)
     SELECT $1, p.position, p.document_id, p.event::jsonb, p.error, p.attempts
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[]) AS p(position, document_id, event, error, attempts)
     ON CONFLICT (generation, position, document_id)
     DO UPDATE SET error = EXCLUDED.error, attempts = EXCLUDED.attempts`,
    [
      batch.generation,
      parked.map((p) => p.position),
      parked.map((p) => p.documentId ?? NO_DOCUMENT),
      parked.map((p) => JSON.stringify(p.event)),
      // NUL cannot be stored in PostgreSQL text; an error message is for people, so drop it.
      // eslint-disable-next-line no-control-regex -- NUL is what this removes
      parked.map((p) => p.error.replace(/\u0000/g, "")),
      parked.map((p) => p.attempts),
    ],
  );
}
