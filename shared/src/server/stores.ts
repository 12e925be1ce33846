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
import type { SnapshotStore } from "./ports/snapshotStore.ts";
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
import { SqlSnapshotStore } from "./sql/sqlSnapshotStore.ts";
import { EventStoreDbEventStore } from "./eventstoredb/eventStoreDbEventStore.ts";
import { openMongoReadSide } from "./mongodb/mongoStores.ts";
import { describeStores, type EventSide, type ReadSide, type StoreConfig } from "./storeConfig.ts";

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
  /** Issue 38: the command side's snapshots of long streams' folded state (handling/streamStates.ts). */
  snapshots: SnapshotStore;
  /** Issue 12: how this process's projector shares the read models' partitions with others. */
  partitionLeases(): PartitionLeases;
  /**
   * Issue 13: only this process reaches the store (PGlite). No shard can share its read models,
   * so a generation needs one partition: with eight, every live batch moved eight checkpoints per projection.
   */
  oneProcess: boolean;
  describe: string;
  /** "store": the database answers, and notifications (read-your-writes' wake-ups) reach us; one per server when the sides are apart. */
  health: HealthCheck[];
  /**
   * Issue 14: where the audit chain is built beside the log (EventStoreDB), what extends it up
   * to the log's head; the worker role runs it every few seconds. null where every append
   * extends the chain itself (SQL).
   */
  chainAudit: (() => Promise<void>) | null;
  close(): Promise<void>;
}

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
    snapshots: new SqlSnapshotStore(sql),
    partitionLeases: options.partitionLeases ?? (() => everyPartition),
    oneProcess: sql.kind === "pglite",
    describe,
    health: [storeHealth(sql)],
    chainAudit: null,
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

/**
 * One PGlite per process, under a lock; a pool on a PostgreSQL server; or (issue 14) each side on
 * its own server (storeConfig.ts). `log`: where connection trouble that is survived (a dropped
 * LISTEN, an idle connection lost) is reported.
 */
export async function openStores(config: StoreConfig, options: { log?: (message: string) => void } = {}): Promise<Stores> {
  if (config.kind === "postgres") {
    const sql = postgresClient(config.databaseUrl, { log: options.log });
    await migrate(sql);
    // Projector shards on one database share its partitions through advisory locks.
    return storesOver(sql, "postgres", () => {}, { partitionLeases: () => new AdvisoryLeases(config.databaseUrl, { log: options.log }) });
  }
  if (config.kind === "servers") return openServers(config, options);
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

/** Issue 14: what the event side's server gives a process (openServers puts the two sides together). */
export type EventSideStores = Pick<Stores, "eventStore" | "eventLog" | "auditLog" | "chainAudit" | "health" | "close">;
/** Issue 14: what the read side's server gives: the read models and the stores beside them. */
export type ReadSideStores = Pick<Stores, "readStore" | "blobStore" | "sessionStore" | "idempotency" | "snapshots" | "partitionLeases" | "health" | "close">;

/** A pool on a PostgreSQL server, its schema migrated; closed again when migrating fails. */
async function migratedClient(databaseUrl: string, log: ((message: string) => void) | undefined): Promise<SqlClient> {
  const sql = postgresClient(databaseUrl, { log });
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return sql;
}

async function openEventSide(side: EventSide, log: ((message: string) => void) | undefined): Promise<EventSideStores> {
  if (side.kind === "eventstoredb") {
    const store = EventStoreDbEventStore.connect(side.url);
    const auditLog = store.auditLog();
    return {
      eventStore: store,
      eventLog: store,
      auditLog,
      chainAudit: () => auditLog.catchUp(),
      health: [{ name: "event store", check: async () => ({ status: "ok", detail: { kind: "eventstoredb", head: await store.head() } }) }],
      close: () => store.close(),
    };
  }
  const sql = await migratedClient(side.databaseUrl, log);
  const store = new SqlEventStore(sql);
  return {
    eventStore: store,
    eventLog: store,
    auditLog: store,
    chainAudit: null,
    health: [{ ...storeHealth(sql), name: "event store" }],
    async close() {
      await store.close();
      await sql.close();
    },
  };
}

async function openReadSide(side: ReadSide, log: ((message: string) => void) | undefined): Promise<ReadSideStores> {
  if (side.kind === "mongodb") return openMongoReadSide(side.url, log);
  const sql = await migratedClient(side.databaseUrl, log);
  const readStore = new SqlReadStore(sql);
  return {
    readStore,
    blobStore: new SqlBlobStore(sql),
    sessionStore: new SqlSessionStore(sql),
    idempotency: new SqlIdempotencyStore(sql),
    snapshots: new SqlSnapshotStore(sql),
    partitionLeases: () => new AdvisoryLeases(side.databaseUrl, { log }),
    health: [{ ...storeHealth(sql), name: "read store" }],
    async close() {
      await readStore.close();
      await sql.close();
    },
  };
}

/** Issue 14: the event side and the read side, each on the server its configuration names. */
async function openServers(config: Extract<StoreConfig, { kind: "servers" }>, options: { log?: (message: string) => void }): Promise<Stores> {
  const events = await openEventSide(config.events, options.log);
  let reads: ReadSideStores;
  try {
    reads = await openReadSide(config.reads, options.log);
  } catch (error) {
    await events.close();
    throw error;
  }
  const { close: closeEvents, health: eventHealth, ...eventSide } = events;
  const { close: closeReads, health: readHealth, ...readSide } = reads;
  return {
    ...eventSide,
    ...readSide,
    oneProcess: false,
    describe: describeStores(config),
    health: [...eventHealth, ...readHealth],
    async close() {
      await closeReads();
      await closeEvents();
    },
  };
}

/** Stores over an already open SQL client (tests share one PGlite this way). */
export async function storesOnClient(sql: SqlClient, describe: string, options: StoresOptions = {}): Promise<Stores> {
  await migrate(sql);
  return storesOver(sql, describe, () => {}, options);
}
