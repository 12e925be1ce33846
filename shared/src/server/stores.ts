import { join } from "node:path";
import type { EventLog } from "./ports/eventLog.ts";
import type { EventStore } from "./ports/eventStore.ts";
import type { ReadStore } from "./ports/readStore.ts";
import type { BlobStore } from "./ports/blobStore.ts";
import type { SessionStore } from "./ports/sessionStore.ts";
import type { AuditLog } from "./ports/auditLog.ts";
import type { ChainVerifier } from "./audit/chain.ts";
import { lockDataDir } from "./dataDirLock.ts";
import type { HealthCheck } from "./health.ts";
import { openPglite, pgliteClient, postgresClient, type SqlClient } from "./sql/client.ts";
import { migrate } from "./sql/schema.ts";
import { SqlEventStore } from "./sql/sqlEventStore.ts";
import { SqlReadStore } from "./sql/sqlReadStore.ts";
import { SqlBlobStore } from "./sql/sqlBlobStore.ts";
import { SqlSessionStore } from "./sql/sqlSessionStore.ts";

export interface Stores {
  eventStore: EventStore;
  eventLog: EventLog;
  /** Issue 11: each business's hash-chained events (the ledger, verify, as-of replays). */
  auditLog: AuditLog & ChainVerifier;
  readStore: ReadStore;
  /** Documents too large for an event (uploads, filed returns), referred to by hash. */
  blobStore: BlobStore;
  sessionStore: SessionStore;
  describe: string;
  /** "store": the database answers, and notifications (read-your-writes' wake-ups) reach us. */
  health: HealthCheck;
  close(): Promise<void>;
}

export type StoreConfig =
  | { kind: "embedded"; dataDir: string }
  | { kind: "postgres"; databaseUrl: string };

/** `clock`: when appended events are recorded (tests move it to record events "last month"). */
export interface StoresOptions {
  clock?: () => Date;
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
    return storesOver(sql, "postgres");
  }
  const release = lockDataDir(config.dataDir);
  try {
    const pgdata = join(config.dataDir, "pglite");
    const db = await openPglite(pgdata);
    const sql = pgliteClient(db, { durableDir: pgdata });
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
