import { randomBytes } from "node:crypto";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
  /**
   * Terminates the database's backends (only those whose current or last statement matches the
   * ILIKE `pattern`, when given): what a dropped connection looks like to the processes using it.
   */
  terminateConnections(pattern?: string): Promise<number>;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let reachable: Promise<string | null> | null = null;

/** null when the server answers; the reason otherwise. Under CI=true an absent server is a failure, never a skip. */
export function postgresUnavailableReason(): Promise<string | null> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return null;
    } catch (error) {
      const reason = `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: ${(error as Error).message}`;
      if (process.env.CI === "true") throw new Error(`${reason} (CI=true: a missing PostgreSQL is a failure)`, { cause: error });
      console.warn(`SKIPPED PostgreSQL suites: ${reason}`);
      return reason;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/** A database of the test's own, dropped afterwards, so runs never see each other's data. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `bahi_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(POSTGRES_ADMIN_URL, name),
    async terminateConnections(pattern = "%") {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND query ILIKE $2", [
          name,
          pattern,
        ]);
        return rows.length;
      } finally {
        await admin.end();
      }
    },
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
