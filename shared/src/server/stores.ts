import { join } from "node:path";
import type { EventLog } from "./ports/eventLog.ts";
import type { EventStore } from "./ports/eventStore.ts";
import type { ReadStore } from "./ports/readStore.ts";
import { lockDataDir } from "./dataDirLock.ts";
import { openPglite, pgliteClient, postgresClient, type SqlClient } from "./sql/client.ts";
import { migrate } from "./sql/schema.ts";
import { SqlEventStore } from "./sql/sqlEventStore.ts";
import { SqlReadStore } from "./sql/sqlReadStore.ts";

export interface Stores {
  eventStore: EventStore;
  eventLog: EventLog;
  readStore: ReadStore;
  describe: string;
  close(): Promise<void>;
}

export type StoreConfig =
  | { kind: "embedded"; dataDir: string }
  | { kind: "postgres"; databaseUrl: string };

function storesOver(sql: SqlClient, describe: string, release: () => void = () => {}): Stores {
  const events = new SqlEventStore(sql);
  return {
    eventStore: events,
    eventLog: events,
    readStore: new SqlReadStore(sql),
    describe,
    async close() {
      await events.close();
      await sql.close();
      release();
    },
  };
}

/** One PGlite per process, under a lock, or a pool on a PostgreSQL server. */
export async function openStores(config: StoreConfig): Promise<Stores> {
  if (config.kind === "postgres") {
    const sql = postgresClient(config.databaseUrl);
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
export async function storesOnClient(sql: SqlClient, describe: string): Promise<Stores> {
  await migrate(sql);
  return storesOver(sql, describe);
}
