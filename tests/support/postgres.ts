import { randomBytes } from "node:crypto";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
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
      if (process.env.CI === "true") throw new Error(`${reason} (CI=true: a missing PostgreSQL is a failure)`);
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
