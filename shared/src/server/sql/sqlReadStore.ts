import { EventEmitter } from "node:events";
import { compareWirePositions } from "../../contract/http.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import {
  ProjectionConflictError,
  type DocumentKey,
  type ParkedEvent,
  type ParkedSummary,
  type ProjectionBatch,
  type ProjectionState,
  type ReadDocument,
  type ReadStore,
} from "../ports/readStore.ts";
import type { SqlClient, SqlExecutor } from "./client.ts";

interface DocumentRow {
  collection: string;
  id: string;
  owner_id: string | null;
  data: unknown;
  position: string;
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

/** Projectors' commits are announced here, in the commit's transaction, to every process. */
const NOTIFY_CHANNEL = "bahi_read_models";

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

/** ReadStore over PostgreSQL or PGlite: JSONB documents in numbered generations per projection. */
export class SqlReadStore implements ReadStore {
  private readonly committed = new EventEmitter();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(private readonly sql: SqlClient) {
    this.committed.setMaxListeners(0);
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const [row] = await this.sql.query<{ data: T | null }>(
      `SELECT data FROM bahi_rm_documents WHERE generation = ${ACTIVE} AND collection = $1 AND id = $2`,
      [collection, id],
    );
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

  async find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]> {
    const rows = await this.sql.query<{ data: T }>(
      `SELECT data FROM bahi_rm_documents
        WHERE generation = ${ACTIVE} AND collection = $1 AND data IS NOT NULL AND data @> $2::jsonb
        ORDER BY id`,
      [collection, JSON.stringify(where)],
    );
    return rows.map((row) => row.data);
  }

  async checkpoints(): Promise<Record<string, string | null>> {
    const rows = await this.sql.query<{ projection: string; position: string | null }>(
      `SELECT g.projection, c.position FROM bahi_rm_generations g
         LEFT JOIN bahi_rm_checkpoints c ON c.generation = g.generation
        WHERE g.status = 'active'`,
    );
    return Object.fromEntries(rows.map((row) => [row.projection, row.position ?? null]));
  }

  onCommit(listener: () => void): () => void {
    this.committed.on("commit", listener);
    if (this.sql.kind === "postgres" && !this.listening && !this.unlisten && !this.closed) {
      // Projectors in other processes commit too: PostgreSQL's NOTIFY carries their hint to us.
      this.listening = this.sql
        .listen(NOTIFY_CHANNEL, () => this.committed.emit("commit"))
        .then((unlisten) => {
          this.unlisten = unlisten;
          this.listening = null;
        })
        .catch(() => {
          // Waiters fall back to their slow re-check; the next subscriber tries to listen again.
          this.listening = null;
        });
    }
    return () => this.committed.off("commit", listener);
  }

  async activeProjections(projections: readonly string[]): Promise<ProjectionState[]> {
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
          await tx.query(
            `INSERT INTO bahi_rm_generations (generation, projection, status)
             SELECT COALESCE((SELECT max(generation) FROM bahi_rm_generations), 0) + 1, $1, 'active'
              WHERE NOT EXISTS (SELECT 1 FROM bahi_rm_generations WHERE projection = $1 AND status = 'active')`,
            [projection],
          );
        }
      });
    }
    const rows = await this.sql.query<{ projection: string; generation: number; position: string | null }>(
      `SELECT g.projection, g.generation, c.position FROM bahi_rm_generations g
         LEFT JOIN bahi_rm_checkpoints c ON c.generation = g.generation
        WHERE g.status = 'active' AND g.projection = ANY($1::text[])`,
      [projections],
    );
    return rows.map((row) => ({ projection: row.projection, generation: Number(row.generation), checkpoint: row.position ?? null }));
  }

  async getDocuments(generation: number, keys: readonly DocumentKey[]): Promise<ReadDocument[]> {
    if (keys.length === 0) return [];
    const rows = await this.sql.query<DocumentRow>(
      `SELECT d.collection, d.id, d.owner_id, d.data, d.position
         FROM bahi_rm_documents d
         JOIN unnest($2::text[], $3::text[]) AS k(collection, id) ON d.collection = k.collection AND d.id = k.id
        WHERE d.generation = $1`,
      [generation, keys.map((k) => k.collection), keys.map((k) => k.id)],
    );
    return rows.map((row) => ({
      collection: row.collection,
      id: row.id,
      ownerId: row.owner_id,
      data: row.data,
      position: row.position,
    }));
  }

  async parkedDocuments(generation: number, ids: readonly string[]): Promise<Map<string, string>> {
    const earliest = new Map<string, string>();
    if (ids.length === 0) return earliest;
    const rows = await this.sql.query<{ document_id: string; position: string }>(
      "SELECT document_id, position FROM bahi_rm_parked WHERE generation = $1 AND document_id = ANY($2::text[])",
      [generation, ids],
    );
    for (const row of rows) {
      const known = earliest.get(row.document_id);
      if (known === undefined || compareWirePositions(row.position, known) < 0) earliest.set(row.document_id, row.position);
    }
    return earliest;
  }

  async checkpointAt(generation: number): Promise<string | null> {
    const [row] = await this.sql.query<{ position: string | null }>("SELECT position FROM bahi_rm_checkpoints WHERE generation = $1", [generation]);
    return row?.position ?? null;
  }

  async commit(batches: readonly ProjectionBatch[]): Promise<void> {
    if (batches.length === 0) return;
    // Always in generation order, so two projectors committing overlapping batches cannot
    // deadlock; and set-based, so a batch costs the same few round trips however many
    // projections it moves.
    const ordered = [...batches].sort((a, b) => a.generation - b.generation);
    const generations = ordered.map((batch) => batch.generation);
    await this.sql.transaction(async (tx) => {
      const owners = await tx.query<{ generation: number; projection: string }>(
        "SELECT generation, projection FROM bahi_rm_generations WHERE generation = ANY($1::integer[]) ORDER BY generation FOR SHARE",
        [generations],
      );
      const projectionOf = new Map(owners.map((row) => [Number(row.generation), row.projection]));
      for (const batch of ordered) {
        const owner = projectionOf.get(batch.generation);
        if (owner === undefined) throw new ProjectionConflictError(`Generation ${batch.generation} is gone`);
        if (owner !== batch.projection) {
          throw new ProjectionConflictError(`Generation ${batch.generation} belongs to ${owner}, not ${batch.projection}`);
        }
        const stray = batch.documents.find((d) => d.collection !== batch.projection);
        if (stray) throw new RangeError(`Projection ${batch.projection} cannot write to collection ${stray.collection}`);
      }
      await tx.query(
        "INSERT INTO bahi_rm_checkpoints (generation, position) SELECT g, NULL FROM unnest($1::integer[]) AS g ON CONFLICT (generation) DO NOTHING",
        [generations],
      );
      const stored = await tx.query<{ generation: number; position: string | null }>(
        "SELECT generation, position FROM bahi_rm_checkpoints WHERE generation = ANY($1::integer[]) ORDER BY generation FOR UPDATE",
        [generations],
      );
      const storedOf = new Map(stored.map((row) => [Number(row.generation), row.position]));
      for (const batch of ordered) {
        const position = storedOf.get(batch.generation) ?? null;
        if (position !== batch.expectedCheckpoint) {
          throw new ProjectionConflictError(
            `Checkpoint of ${batch.projection} (generation ${batch.generation}) moved from ${String(batch.expectedCheckpoint)} to ${String(position)}`,
          );
        }
      }
      for (const batch of ordered) {
        await writeDocuments(tx, batch.generation, batch.documents);
        await resolveParked(tx, batch);
        await writeParked(tx, batch);
      }
      const moved = ordered.filter((batch) => batch.checkpoint !== batch.expectedCheckpoint);
      if (moved.length > 0) {
        await tx.query(
          "UPDATE bahi_rm_checkpoints c SET position = u.position FROM unnest($1::integer[], $2::text[]) AS u(generation, position) WHERE c.generation = u.generation",
          [moved.map((batch) => batch.generation), moved.map((batch) => batch.checkpoint)],
        );
      }
      await tx.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`);
    });
    this.committed.emit("commit");
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

  async createGeneration(projection: string): Promise<number> {
    return this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [row] = await tx.query<{ next: number }>("SELECT COALESCE(max(generation), 0) + 1 AS next FROM bahi_rm_generations");
      const next = Number(row!.next);
      await tx.query("INSERT INTO bahi_rm_generations (generation, projection, status) VALUES ($1, $2, 'building')", [next, projection]);
      return next;
    });
  }

  async activateGeneration(generation: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [target] = await tx.query<{ projection: string }>("SELECT projection FROM bahi_rm_generations WHERE generation = $1", [generation]);
      // Without this, activating a dropped generation would leave the projection with no active one at all.
      if (!target) throw new ProjectionConflictError(`Generation ${generation} is gone: it cannot be activated`);
      // Older generations of the projection still building belong to rebuilds this one supersedes.
      const dropped = await tx.query<{ generation: number }>(
        `DELETE FROM bahi_rm_generations
          WHERE projection = $2 AND generation <> $1 AND (status = 'active' OR generation < $1)
          RETURNING generation`,
        [generation, target.projection],
      );
      await tx.query("UPDATE bahi_rm_generations SET status = 'active' WHERE generation = $1", [generation]);
      await deleteGenerations(
        tx,
        dropped.map((row) => Number(row.generation)),
      );
      await tx.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`);
    });
    this.committed.emit("commit");
  }

  async dropGeneration(generation: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const dropped = await tx.query<{ generation: number }>(
        "DELETE FROM bahi_rm_generations WHERE generation = $1 AND status = 'building' RETURNING generation",
        [generation],
      );
      await deleteGenerations(
        tx,
        dropped.map((row) => Number(row.generation)),
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listening;
    await this.unlisten?.();
    this.unlisten = null;
    this.committed.removeAllListeners();
  }
}

async function deleteGenerations(tx: SqlExecutor, generations: readonly number[]): Promise<void> {
  if (generations.length === 0) return;
  for (const table of ["bahi_rm_documents", "bahi_rm_checkpoints", "bahi_rm_parked"]) {
    await tx.query(`DELETE FROM ${table} WHERE generation = ANY($1::integer[])`, [generations]);
  }
}

async function writeDocuments(tx: SqlExecutor, generation: number, documents: readonly ReadDocument[]): Promise<void> {
  if (documents.length === 0) return;
  await tx.query(
    `INSERT INTO bahi_rm_documents (generation, collection, id, owner_id, data, position)
     SELECT $1, d.collection, d.id, d.owner_id, d.data::jsonb, d.position
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS d(collection, id, owner_id, data, position)
     ON CONFLICT (generation, collection, id)
     DO UPDATE SET owner_id = EXCLUDED.owner_id, data = EXCLUDED.data, position = EXCLUDED.position`,
    [
      generation,
      documents.map((d) => d.collection),
      documents.map((d) => d.id),
      documents.map((d) => d.ownerId),
      documents.map((d) => (d.data === null ? null : JSON.stringify(d.data))),
      documents.map((d) => d.position),
    ],
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
      parked.map((p) => p.error.replace(/\u0000/g, "")),
      parked.map((p) => p.attempts),
    ],
  );
}
