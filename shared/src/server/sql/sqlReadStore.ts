import {
  ProjectionConflictError,
  type DocumentKey,
  type ProjectorCommit,
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

const ACTIVE = "(SELECT generation FROM bahi_rm_generations WHERE status = 'active')";

/** ReadStore over PostgreSQL or PGlite: JSONB documents in numbered generations. */
export class SqlReadStore implements ReadStore {
  constructor(private readonly sql: SqlClient) {}

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

  async checkpoint(projector: string): Promise<string | null> {
    const [row] = await this.sql.query<{ position: string | null }>(
      `SELECT position FROM bahi_rm_checkpoints WHERE generation = ${ACTIVE} AND projector = $1`,
      [projector],
    );
    return row?.position ?? null;
  }

  async activeGeneration(): Promise<number> {
    const [row] = await this.sql.query<{ generation: number }>(
      "SELECT generation FROM bahi_rm_generations WHERE status = 'active'",
    );
    if (!row) throw new Error("Read store has no active generation: was it migrated?");
    return Number(row.generation);
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

  async checkpointAt(generation: number, projector: string): Promise<string | null> {
    const [row] = await this.sql.query<{ position: string | null }>(
      "SELECT position FROM bahi_rm_checkpoints WHERE generation = $1 AND projector = $2",
      [generation, projector],
    );
    return row?.position ?? null;
  }

  async commit(commit: ProjectorCommit): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const [generation] = await tx.query<{ status: string }>(
        "SELECT status FROM bahi_rm_generations WHERE generation = $1 FOR SHARE",
        [commit.generation],
      );
      if (!generation) throw new ProjectionConflictError(`Generation ${commit.generation} is gone`);
      await tx.query(
        `INSERT INTO bahi_rm_checkpoints (generation, projector, position) VALUES ($1, $2, NULL)
         ON CONFLICT (generation, projector) DO NOTHING`,
        [commit.generation, commit.projector],
      );
      const [stored] = await tx.query<{ position: string | null }>(
        "SELECT position FROM bahi_rm_checkpoints WHERE generation = $1 AND projector = $2 FOR UPDATE",
        [commit.generation, commit.projector],
      );
      if ((stored?.position ?? null) !== commit.expectedCheckpoint) {
        throw new ProjectionConflictError(
          `Checkpoint of ${commit.projector} moved from ${String(commit.expectedCheckpoint)} to ${String(stored?.position)}`,
        );
      }
      await writeDocuments(tx, commit.generation, commit.documents);
      await tx.query("UPDATE bahi_rm_checkpoints SET position = $3 WHERE generation = $1 AND projector = $2", [
        commit.generation,
        commit.projector,
        commit.checkpoint,
      ]);
    });
  }

  async createGeneration(): Promise<number> {
    return this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [row] = await tx.query<{ next: number }>(
        "SELECT COALESCE(max(generation), 0) + 1 AS next FROM bahi_rm_generations",
      );
      const next = Number(row!.next);
      await tx.query("INSERT INTO bahi_rm_generations (generation, status) VALUES ($1, 'building')", [next]);
      return next;
    });
  }

  async activateGeneration(generation: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations IN EXCLUSIVE MODE");
      const [target] = await tx.query<{ status: string }>("SELECT status FROM bahi_rm_generations WHERE generation = $1", [
        generation,
      ]);
      // Without this, activating a dropped generation would leave no active one at all.
      if (!target) throw new ProjectionConflictError(`Generation ${generation} is gone: it cannot be activated`);
      // Older generations still building belong to rebuilds this one supersedes.
      const dropped = await tx.query<{ generation: number }>(
        "DELETE FROM bahi_rm_generations WHERE generation <> $1 AND (status = 'active' OR generation < $1) RETURNING generation",
        [generation],
      );
      const droppedGenerations = dropped.map((row) => Number(row.generation));
      await tx.query("UPDATE bahi_rm_generations SET status = 'active' WHERE generation = $1", [generation]);
      await tx.query("DELETE FROM bahi_rm_documents WHERE generation < $1 OR generation = ANY($2::integer[])", [
        generation,
        droppedGenerations,
      ]);
      await tx.query("DELETE FROM bahi_rm_checkpoints WHERE generation < $1 OR generation = ANY($2::integer[])", [
        generation,
        droppedGenerations,
      ]);
    });
  }

  async dropGeneration(generation: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query("DELETE FROM bahi_rm_generations WHERE generation = $1 AND status = 'building'", [generation]);
      await tx.query("DELETE FROM bahi_rm_documents WHERE generation = $1 AND NOT EXISTS (SELECT 1 FROM bahi_rm_generations WHERE generation = $1)", [generation]);
      await tx.query("DELETE FROM bahi_rm_checkpoints WHERE generation = $1 AND NOT EXISTS (SELECT 1 FROM bahi_rm_generations WHERE generation = $1)", [generation]);
    });
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
