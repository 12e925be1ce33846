import { createHash } from "node:crypto";
import type { SqlClient } from "./client.ts";
import { backfillChain } from "./chainBackfill.ts";
import { backfillBusinessHash } from "./partitionBackfill.ts";
import { readModelIndexDdl } from "./readQuerySql.ts";
import { backfillReadKeys } from "./readKeysBackfill.ts";

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

/**
 * Issue 11: each business's events form a hash chain (shared/src/server/audit/chain.ts). The
 * chain columns are added beside the first shape's; rows from before them are given their
 * links by backfillChain after the statements (the hash is SHA-256, computed in TypeScript:
 * PGlite has no pgcrypto). bahi_chain_heads holds each chain's newest link: an append locks
 * its business's row, so one business's appends queue on it and never fork the chain while
 * other businesses do not wait; verify compares the rows against it (a deleted last event).
 * (chain_key, recorded_at) serves as-of replays: one business's events up to a moment. The
 * partial index of unchained rows is empty in use, so the migration's look for rows to chain
 * costs one index probe at any log size, not a scan at every start.
 */
const CHAIN = `
ALTER TABLE bahi_events ADD COLUMN IF NOT EXISTS chain_key text;
ALTER TABLE bahi_events ADD COLUMN IF NOT EXISTS chain_seq bigint;
ALTER TABLE bahi_events ADD COLUMN IF NOT EXISTS prev_hash text;
ALTER TABLE bahi_events ADD COLUMN IF NOT EXISTS hash text;
CREATE UNIQUE INDEX IF NOT EXISTS bahi_events_chain ON bahi_events (chain_key, chain_seq);
CREATE INDEX IF NOT EXISTS bahi_events_chain_recorded ON bahi_events (chain_key, recorded_at);
CREATE INDEX IF NOT EXISTS bahi_events_unchained ON bahi_events (transaction_id, position) WHERE hash IS NULL;
CREATE TABLE IF NOT EXISTS bahi_chain_heads (
  chain_key text PRIMARY KEY,
  seq bigint NOT NULL,
  hash text NOT NULL
);
`;

/**
 * Issue 12: each event's partition hash (partitionHash of its business, shared/src/server/partition.ts),
 * so a projector shard reads only the events of the businesses it holds. Computed in TypeScript
 * at append, and for older rows by backfillBusinessHash; the partial index of rows without one
 * is empty in use, like the unchained rows' above.
 */
const BUSINESS_HASH = `
ALTER TABLE bahi_events ADD COLUMN IF NOT EXISTS business_hash bigint;
CREATE INDEX IF NOT EXISTS bahi_events_unhashed ON bahi_events (transaction_id, position) WHERE business_hash IS NULL;
`;

/**
 * Read models: per projection (named by its collection) numbered generations, one of them
 * active; documents, checkpoints and parked events belong to a generation.
 *
 * Migration from the first shape (one global generation for every projection, checkpoint
 * "main"): a generations table without a projection column is dropped with the documents and
 * checkpoints. Read models are derived from the log only, so nothing is lost: the projector
 * creates each projection's generation and rebuilds it from the log when it starts. The drop
 * goes through a one-statement SQL function because migrations run statement by statement
 * (split on semicolons) and plain SQL has no IF.
 */
const READ_MODELS = `
CREATE OR REPLACE FUNCTION bahi_rm_drop_global_generations() RETURNS void LANGUAGE sql AS
  'DROP TABLE IF EXISTS bahi_rm_documents, bahi_rm_checkpoints, bahi_rm_generations';
SELECT bahi_rm_drop_global_generations()
 WHERE EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'bahi_rm_generations')
   AND NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'bahi_rm_generations' AND column_name = 'projection');
DROP FUNCTION bahi_rm_drop_global_generations();

CREATE TABLE IF NOT EXISTS bahi_rm_generations (
  generation integer PRIMARY KEY,
  projection text NOT NULL,
  status text NOT NULL CHECK (status IN ('building', 'active'))
);
CREATE UNIQUE INDEX IF NOT EXISTS bahi_rm_one_active ON bahi_rm_generations (projection) WHERE status = 'active';

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
  generation integer PRIMARY KEY,
  position text
);

-- Issue 12: a generation splits into partitions, each with its own checkpoint, for projector
-- shards. Retired generations wait, invisible, until dropRetired deletes them in batches.
ALTER TABLE bahi_rm_generations ADD COLUMN IF NOT EXISTS parts integer NOT NULL DEFAULT 1;
ALTER TABLE bahi_rm_generations ADD COLUMN IF NOT EXISTS scope text NOT NULL DEFAULT 'business';
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'bahi_rm_checkpoints' AND column_name = 'part') THEN
    ALTER TABLE bahi_rm_checkpoints ADD COLUMN part integer NOT NULL DEFAULT 0;
    ALTER TABLE bahi_rm_checkpoints DROP CONSTRAINT bahi_rm_checkpoints_pkey;
    ALTER TABLE bahi_rm_checkpoints ADD PRIMARY KEY (generation, part);
    ALTER TABLE bahi_rm_generations DROP CONSTRAINT IF EXISTS bahi_rm_generations_status_check;
    ALTER TABLE bahi_rm_generations ADD CONSTRAINT bahi_rm_generations_status_check CHECK (status IN ('building', 'active', 'retired'));
  END IF;
END
$$;

CREATE TABLE IF NOT EXISTS bahi_rm_parked (
  generation integer NOT NULL,
  position text NOT NULL,
  document_id text NOT NULL,
  event jsonb NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (generation, position, document_id)
);
`;

/** Server-side sessions (SqlSessionStore): the cookie names a row, logout revokes it. */
const SESSIONS = `
CREATE TABLE IF NOT EXISTS bahi_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS bahi_sessions_expires ON bahi_sessions (expires_at);
-- Issue 11: the business a session works in (null: the person's own), switched by POST /api/me/business.
ALTER TABLE bahi_sessions ADD COLUMN IF NOT EXISTS business_id text;
`;

/** Content-addressed documents that events refer to by hash (ports/blobStore.ts); never updated. */
const BLOBS = `
CREATE TABLE IF NOT EXISTS bahi_blobs (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  size bigint NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * Issue 11: the log is append-only for the application's own connection. An UPDATE, DELETE or
 * TRUNCATE of bahi_events is refused by the database (the audit trail "cannot be disabled",
 * Companies (Accounts) Rules 2014, Rule 3(1) proviso); only a superuser who drops or disables
 * the trigger can change history.
 */
const APPEND_ONLY = `
CREATE OR REPLACE FUNCTION bahi_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bahi_events is append-only: % is refused', TG_OP USING ERRCODE = '42501';
END
$$;
CREATE OR REPLACE TRIGGER bahi_events_no_change BEFORE UPDATE OR DELETE ON bahi_events
  FOR EACH ROW EXECUTE FUNCTION bahi_events_append_only();
CREATE OR REPLACE TRIGGER bahi_events_no_truncate BEFORE TRUNCATE ON bahi_events
  FOR EACH STATEMENT EXECUTE FUNCTION bahi_events_append_only();
`;

/**
 * Issue 12: Idempotency-Key claims and their answers (SqlIdempotencyStore). A row without a
 * status is a claim still running; expires_at drives the sweep.
 */
const IDEMPOTENCY = `
CREATE TABLE IF NOT EXISTS bahi_idempotency (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  claimed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status integer,
  headers jsonb,
  body bytea,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS bahi_idempotency_expires ON bahi_idempotency (expires_at);
`;

/**
 * Issue 12: each document's declared keys (readModels/indexes.ts) beside its data, the version of
 * the declarations each generation's keys follow, per-business tallies kept with the documents,
 * and the expression indexes lists and system jobs read through.
 */
const READ_KEYS = `
ALTER TABLE bahi_rm_documents ADD COLUMN IF NOT EXISTS keys jsonb;
ALTER TABLE bahi_rm_generations ADD COLUMN IF NOT EXISTS keys_version text;
CREATE TABLE IF NOT EXISTS bahi_rm_tallies (
  generation integer NOT NULL,
  collection text NOT NULL,
  owner_id text NOT NULL,
  tally text NOT NULL,
  bucket text NOT NULL,
  count bigint NOT NULL,
  sums jsonb NOT NULL,
  PRIMARY KEY (generation, collection, owner_id, tally, bucket)
);
${readModelIndexDdl()}
`;

/**
 * Issue 12: a record's document keeps its own stream's revision, which its single read answers
 * as ETag without reading the stream. Older documents have none until projected again.
 */
const RECORD_REVISIONS = `
ALTER TABLE bahi_rm_documents ADD COLUMN IF NOT EXISTS revision integer
`;

/**
 * Issue 13: an append in one round trip (SqlEventStore.tryAppend). The caller sends each event's
 * canonical text (chain.ts: everything the hash covers, the revision included, so it knows the
 * revision the events will take); the function locks the business's chain head, checks the
 * stream's revision, links each event to the one before it with the same
 * sha256hex(prevHash || E'\n' || canonical) as linkHash, inserts the rows and moves the head.
 * A revision that does not match is answered, not raised: the caller decides between a
 * conflict and an idempotent retry. p_first is the revision the first event takes (0: the
 * stream must not exist yet); p_notify sends pg_notify inside the transaction (the bench's
 * "per-append" way of telling other processes).
 */
const APPEND_FUNCTION = `
CREATE OR REPLACE FUNCTION bahi_append(p_stream text, p_first bigint, p_chain_key text, p_recorded_at timestamptz,
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_canonical text[], p_business_hashes bigint[], p_notify boolean)
RETURNS TABLE (current_revision bigint, tx text, pos text) LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  found_revision bigint;
  prevs text[] := '{}';
  hashes text[] := '{}';
  link text;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM bahi_chain_heads WHERE chain_key = p_chain_key FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO bahi_chain_heads (chain_key, seq, hash) VALUES (p_chain_key, 0, repeat('0', 64)) ON CONFLICT (chain_key) DO NOTHING;
    SELECT seq, hash INTO head_seq, head_hash FROM bahi_chain_heads WHERE chain_key = p_chain_key FOR UPDATE;
  END IF;
  SELECT max(stream_revision) INTO found_revision FROM bahi_events WHERE stream_id = p_stream;
  IF coalesce(found_revision + 1, 0) <> p_first THEN
    RETURN QUERY SELECT found_revision, NULL::text, NULL::text;
    RETURN;
  END IF;
  link := head_hash;
  FOR i IN 1 .. cardinality(p_ids) LOOP
    prevs := prevs || link;
    link := encode(sha256(convert_to(link || E'\\n' || p_canonical[i], 'UTF8')), 'hex');
    hashes := hashes || link;
  END LOOP;
  UPDATE bahi_chain_heads SET seq = head_seq + cardinality(p_ids), hash = link WHERE chain_key = p_chain_key;
  IF p_notify THEN
    PERFORM pg_notify('bahi_events', '');
  END IF;
  RETURN QUERY
    WITH inserted AS (
      INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata, recorded_at, chain_key, chain_seq, prev_hash, hash, business_hash)
      SELECT e.id::uuid, p_stream, p_first + e.n - 1, e.type, e.data::jsonb, e.metadata::jsonb, p_recorded_at, p_chain_key, head_seq + e.n, e.prev, e.hash, e.business_hash
        FROM unnest(p_ids, p_types, p_data, p_metadata, prevs, hashes, p_business_hashes) WITH ORDINALITY AS e(id, type, data, metadata, prev, hash, business_hash, n)
      RETURNING transaction_id, position
    )
    SELECT found_revision, max(transaction_id::text), max(position)::text FROM inserted;
END
$$;
`;

/**
 * Issue 38: command processes' snapshots of long streams' folded state (SqlSnapshotStore); derived
 * data, safe to truncate.
 */
const SNAPSHOTS = `
CREATE TABLE IF NOT EXISTS bahi_snapshots (
  stream_id text NOT NULL,
  kind text NOT NULL,
  version integer NOT NULL,
  revision bigint NOT NULL,
  position text,
  state jsonb NOT NULL,
  taken_at timestamptz NOT NULL,
  PRIMARY KEY (stream_id, kind)
);
`;

const SCHEMA_PARTS: readonly string[] = [
  EVENTS,
  CHAIN,
  BUSINESS_HASH,
  APPEND_ONLY,
  READ_MODELS,
  SESSIONS,
  BLOBS,
  IDEMPOTENCY,
  READ_KEYS,
  RECORD_REVISIONS,
  APPEND_FUNCTION,
  SNAPSHOTS,
];

/** The statements of a part: split on semicolons outside $$-quoted bodies. */
export function statementsOf(part: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < part.length; i++) {
    if (part.startsWith("$$", i)) {
      quoted = !quoted;
      current += "$$";
      i++;
    } else if (part[i] === ";" && !quoted) {
      statements.push(current);
      current = "";
    } else {
      current += part[i];
    }
  }
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

/**
 * Issue 12: the schema this code expects, by content. A database that already has it is left
 * alone: DDL such as ALTER TABLE takes exclusive locks even when it changes nothing, and a
 * process starting beside running ones (a projector shard joining) must not lock their tables
 * or deadlock with their commits.
 */
export const SCHEMA_VERSION = createHash("sha256").update(SCHEMA_PARTS.join("\n")).digest("hex");

/** Idempotent; an advisory lock keeps processes starting together from racing on CREATE. */
export async function migrate(client: SqlClient): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(74290001)");
    await tx.query("CREATE TABLE IF NOT EXISTS bahi_schema_version (id integer PRIMARY KEY CHECK (id = 1), version text NOT NULL)");
    const [current] = await tx.query<{ version: string }>("SELECT version FROM bahi_schema_version WHERE id = 1");
    if (current?.version !== SCHEMA_VERSION) {
      for (const part of SCHEMA_PARTS) {
        for (const statement of statementsOf(part)) {
          await tx.query(statement);
        }
      }
      await tx.query("INSERT INTO bahi_schema_version (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version", [SCHEMA_VERSION]);
    }
    // Rows written around the adapter (an earlier release, a bulk load) are chained whatever the schema.
    await backfillChain(tx);
    await backfillBusinessHash(tx);
    // Documents keyed under other declarations (or none) are keyed again, their tallies counted afresh.
    await backfillReadKeys(tx);
  });
}
