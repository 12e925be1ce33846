import type { SqlClient } from "./client.ts";

/**
 * Tables of the SQL adapters, one part per adapter (each adapter's tables beside the rest here,
 * applied in this order). The log is indexed on (transaction_id, position), the order readers
 * page in, so a page costs the same at any log size.
 */
const EVENTS = `
CREATE TABLE IF NOT EXISTS bahi_events (
  position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, position),
  CONSTRAINT bahi_events_event_id_key UNIQUE (event_id),
  CONSTRAINT bahi_events_stream_revision_key UNIQUE (stream_id, stream_revision)
);
`;

const READ_MODELS = `
CREATE TABLE IF NOT EXISTS bahi_rm_generations (
  generation integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('building', 'active'))
);
CREATE UNIQUE INDEX IF NOT EXISTS bahi_rm_one_active ON bahi_rm_generations (status) WHERE status = 'active';
INSERT INTO bahi_rm_generations (generation, status)
  SELECT 1, 'active' WHERE NOT EXISTS (SELECT 1 FROM bahi_rm_generations);

CREATE TABLE IF NOT EXISTS bahi_rm_documents (
  generation integer NOT NULL,
  collection text NOT NULL,
  id text NOT NULL,
  owner_id text,
  data jsonb,
  position text NOT NULL,
  PRIMARY KEY (generation, collection, id)
);
CREATE INDEX IF NOT EXISTS bahi_rm_documents_owner ON bahi_rm_documents (generation, collection, owner_id);

CREATE TABLE IF NOT EXISTS bahi_rm_checkpoints (
  generation integer NOT NULL,
  projector text NOT NULL,
  position text,
  PRIMARY KEY (generation, projector)
);
`;

const SCHEMA_PARTS: readonly string[] = [EVENTS, READ_MODELS];

/** Idempotent; an advisory lock keeps processes starting together from racing on CREATE. */
export async function migrate(client: SqlClient): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(74290001)");
    for (const part of SCHEMA_PARTS) {
      for (const statement of part.split(";").map((s) => s.trim()).filter(Boolean)) {
        await tx.query(statement);
      }
    }
  });
}
