import { join } from "node:path";
import type { EventLog } from "./ports/eventLog.ts";
import type { EventStore } from "./ports/eventStore.ts";
import type { ReadStore } from "./ports/readStore.ts";
import type { BlobStore } from "./ports/blobStore.ts";
import type { SessionStore } from "./ports/sessionStore.ts";
import { everyPartition, type PartitionLeases } from "./ports/partitionLeases.ts";
import { AdvisoryLeases } from "./sql/advisoryLeases.ts";
import type { AuditLog } from "./ports/auditLog.ts";
import type { IdempotencyStore } from "./ports/idempotencyStore.ts";
import type { ChainVerifier } from "./audit/chain.ts";
import { lockDataDir } from "./dataDirLock.ts";
import type { HealthCheck } from "./health.ts";
import { initPgliteApart, openPglite, pgliteClient, postgresClient, type SqlClient } from "./sql/client.ts";
import { migrate } from "./sql/schema.ts";
import { SqlEventStore } from "./sql/sqlEventStore.ts";
import { SqlReadStore } from "./sql/sqlReadStore.ts";
import { SqlBlobStore } from "./sql/sqlBlobStore.ts";
import { SqlSessionStore } from "./sql/sqlSessionStore.ts";
import { SqlIdempotencyStore } from "./sql/sqlIdempotencyStore.ts";

export interface Stores {
  eventStore: EventStore;
  eventLog: EventLog;
  /** Issue 11: each business's hash-chained events (the ledger, verify, as-of replays). */
  auditLog: AuditLog & ChainVerifier;
  readStore: ReadStore;
  /** Documents too large for an event (uploads, filed returns), referred to by hash. */
  blobStore: BlobStore;
  sessionStore: SessionStore;
  /** Issue 12: Idempotency-Key claims and the answers retries get back. */
  idempotency: IdempotencyStore;
  /** Issue 12: how this process's projector shares the read models' partitions with others. */
  partitionLeases(): PartitionLeases;
  /**
   * Issue 13: only this process reaches the store (PGlite). No shard can share its read models,
   * so a generation needs one partition: with eight, every live batch moved eight checkpoints per projection.
   */
  oneProcess: boolean;
  describe: string;
  /** "store": the database answers, and notifications (read-your-writes' wake-ups) reach us. */
  health: HealthCheck;
  close(): Promise<void>;
}

export type StoreConfig = { kind: "embedded"; dataDir: string } | { kind: "postgres"; databaseUrl: string };

/** `clock`: when appended events are recorded (tests move it to record events "last month"). */
export interface StoresOptions {
  clock?: () => Date;
  /** Default: this process works every partition (one projector per store, as on PGlite). */
  partitionLeases?: () => PartitionLeases;
}

function storesOver(sql: SqlClient, describe: string, release: () => void = () => {}, options: StoresOptions = {}): Stores {
  const events = new SqlEventStore(sql, { clock: options.clock });
  const readStore = new SqlReadStore(sql);
  return {
    eventStore: events,
    eventLog: events,
    auditLog: events,
    readStore,
    blobStore: new SqlBlobStore(sql),
    sessionStore: new SqlSessionStore(sql),
    idempotency: new SqlIdempotencyStore(sql),
    partitionLeases: options.partitionLeases ?? (() => everyPartition),
    oneProcess: sql.kind === "pglite",
    describe,
    health: storeHealth(sql),
    async close() {
      await events.close();
      await readStore.close();
      await sql.close();
      release();
    },
  };
}

function storeHealth(sql: SqlClient): HealthCheck {
  return {
    name: "store",
    async check() {
      await sql.query("SELECT 1");
      if (!sql.listening()) {
        return { status: "down", detail: { listening: false, error: "the LISTEN connection is reconnecting: read-your-writes waits for its fallback until it is back" } };
      }
      return { status: "ok", detail: { kind: sql.kind, listening: true } };
    },
  };
}

/** One PGlite per process, under a lock, or a pool on a PostgreSQL server. */
/** `log`: where connection trouble that is survived (a dropped LISTEN, an idle connection lost) is reported. */
export async function openStores(config: StoreConfig, options: { log?: (message: string) => void } = {}): Promise<Stores> {
  if (config.kind === "postgres") {
    const sql = postgresClient(config.databaseUrl, { log: options.log });
    await migrate(sql);
    // Projector shards on one database share its partitions through advisory locks.
    return storesOver(sql, "postgres", () => {}, { partitionLeases: () => new AdvisoryLeases(config.databaseUrl, { log: options.log }) });
  }
  const release = lockDataDir(config.dataDir);
  try {
    const pgdata = join(config.dataDir, "pglite");
    await initPgliteApart(pgdata);
    const db = await openPglite(pgdata);
    const sql = pgliteClient(db);
    await migrate(sql);
    return storesOver(sql, `embedded:${config.dataDir}`, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** Stores over an already open SQL client (tests share one PGlite this way). */
export async function storesOnClient(sql: SqlClient, describe: string, options: StoresOptions = {}): Promise<Stores> {
  await migrate(sql);
  return storesOver(sql, describe, () => {}, options);
}
