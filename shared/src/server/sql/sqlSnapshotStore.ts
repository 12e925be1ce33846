import type { Snapshot, SnapshotStore } from "../ports/snapshotStore.ts";
import type { SqlClient } from "./client.ts";

interface SnapshotRow {
  version: number;
  revision: string;
  position: string | null;
  state: unknown;
}

/** Issue 38: SnapshotStore over PostgreSQL or PGlite: one row per stream and fold (table bahi_snapshots). */
export class SqlSnapshotStore implements SnapshotStore {
  constructor(private readonly sql: SqlClient) {}

  async load(streamId: string, kind: string): Promise<Snapshot | null> {
    const [row] = await this.sql.query<SnapshotRow>("SELECT version, revision::text AS revision, position, state FROM bahi_snapshots WHERE stream_id = $1 AND kind = $2", [
      streamId,
      kind,
    ]);
    if (!row) return null;
    const state: unknown = typeof row.state === "string" ? JSON.parse(row.state) : row.state;
    return { streamId, kind, version: row.version, revision: Number(row.revision), position: row.position, state };
  }

  async save(snapshot: Snapshot): Promise<void> {
    // Two processes may take one at once: the later revision stays, and another version replaces it.
    await this.sql.query(
      `INSERT INTO bahi_snapshots (stream_id, kind, version, revision, position, state, taken_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, now())
       ON CONFLICT (stream_id, kind) DO UPDATE SET version = EXCLUDED.version, revision = EXCLUDED.revision, position = EXCLUDED.position,
         state = EXCLUDED.state, taken_at = EXCLUDED.taken_at
        WHERE bahi_snapshots.revision < EXCLUDED.revision OR bahi_snapshots.version <> EXCLUDED.version`,
      [snapshot.streamId, snapshot.kind, snapshot.version, snapshot.revision, snapshot.position, JSON.stringify(snapshot.state)],
    );
  }
}
