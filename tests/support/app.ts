import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { postgresClient, storesOnClient, type SqlClient, type Stores } from "@bahi/shared/server";
import { createBahi, type BahiOptions, type RunningBahi } from "../../bin/server.ts";
import { freshPglite } from "./pglite.ts";
import { createTestDatabase } from "./postgres.ts";

export type Backend = "pglite" | "postgres";

export interface TestApp {
  baseUrl: string;
  bahi: RunningBahi;
  stores: Stores;
  sql: SqlClient;
  /** The PostgreSQL database's URL (null on PGlite), for a second process on the same store. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = randomBytes(32).toString("base64url");
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 } as const;

/** The whole app in this process on a fresh store of the given kind, on an ephemeral port. */
export async function startTestApp(backend: Backend, overrides: Partial<BahiOptions> = {}): Promise<TestApp> {
  const database = backend === "postgres" ? await createTestDatabase() : null;
  const sql = database ? postgresClient(database.url) : await freshPglite();
  // One clock for the app and the log: tests record events "last month" (issue 11, as-of).
  const stores = await storesOnClient(sql, backend, { clock: overrides.clock });
  const { bahi, baseUrl } = await serveTestApp(stores, overrides);
  return {
    baseUrl,
    bahi,
    stores,
    sql,
    databaseUrl: database?.url ?? null,
    async close() {
      await bahi.close();
      await stores.close();
      await database?.drop();
    },
  };
}

/**
 * The app over stores already open, listening on an ephemeral port: the command and read APIs and
 * the projector unless `overrides.roles` says otherwise, with the test suites' cheap limits.
 */
export async function serveTestApp(stores: Stores, overrides: Partial<BahiOptions> = {}): Promise<{ bahi: RunningBahi; baseUrl: string }> {
  const bahi = createBahi({
    roles: ["command-api", "read-api", "projector"],
    stores,
    sessionSecret: TEST_SESSION_SECRET,
    clientDir: null,
    authLimits: { perIp: 10_000, perEmail: 10_000, windowMs: 60_000 },
    // Suites register hundreds of users: OWASP's scrypt cost (~0.3 s a hash) is checked in
    // tests/api/security.test.ts; everywhere else a cheap one keeps the suites fast.
    passwordCost: TEST_PASSWORD_COST,
    ...overrides,
  });
  const server = await bahi.listen(0, "127.0.0.1");
  return { bahi, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Every read-model document of the active generations, for comparing two builds. */
export async function snapshotReadModels(sql: SqlClient): Promise<unknown[]> {
  return sql.query(
    `SELECT collection, id, owner_id, data, position, revision FROM bahi_rm_documents
      WHERE generation IN (SELECT generation FROM bahi_rm_generations WHERE status = 'active')
      ORDER BY collection, id`,
  );
}

export async function countEvents(sql: SqlClient): Promise<number> {
  const [row] = await sql.query<{ n: string }>("SELECT count(*)::text AS n FROM bahi_events");
  return Number(row!.n);
}
