/**
 * One Bahi app on a bench's store, listening on a free port, as every read and write benchmark
 * starts it: login limits out of the way, no client pages.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { storesOnClient, type SqlClient } from "@bahi/shared/server";
import { createBahi } from "../../bin/server.ts";
import { startRole, type BahiProcess, type StartedRole } from "../support/processes.ts";

export interface BenchServer {
  stores: Awaited<ReturnType<typeof storesOnClient>>;
  bahi: ReturnType<typeof createBahi>;
  url: string;
  close(): Promise<void>;
}

export async function serveBench(sql: SqlClient, options: { roles?: ("command-api" | "read-api" | "projector")[]; clock?: () => Date } = {}): Promise<BenchServer> {
  const stores = await storesOnClient(sql, "bench");
  const bahi = createBahi({
    roles: options.roles ?? ["command-api", "read-api", "projector"],
    stores,
    sessionSecret: "b".repeat(40),
    clientDir: null,
    ...(options.clock ? { clock: options.clock } : {}),
    authLimits: { perIp: 1e9, perEmail: 1e9, windowMs: 60_000 },
  });
  const server = await bahi.listen(0, "127.0.0.1");
  let closed: Promise<void> | null = null;
  return {
    stores,
    bahi,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Closes once: a bench that hands the store to another process closes it early. */
    close() {
      closed ??= (async () => {
        await bahi.close();
        await stores.close();
      })();
      return closed;
    },
  };
}

/**
 * What the roles on the PostgreSQL database at `databaseUrl` share: one session secret (a role
 * started again with it keeps the sessions), login limits out of the way.
 */
export function roleEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"), BAHI_AUTH_LIMIT_PER_IP: "100000", BAHI_LOG_LEVEL: "warn" };
}

/**
 * Issue 13: command-api, read-api and projector on the PostgreSQL database at `databaseUrl`, one
 * process each as `bahi` starts them, on `env` (roleEnv's unless given); each is pushed on
 * `started` (command-api, read-api, projector) for the caller to stop.
 */
export async function startRoleProcesses(
  databaseUrl: string,
  started: BahiProcess[],
  env: Record<string, string> = roleEnv(databaseUrl),
): Promise<{ commandApi: StartedRole; readApi: StartedRole; projector: StartedRole }> {
  const commandApi = await startRole("command-api", env, started, 60_000);
  const readApi = await startRole("read-api", env, started, 60_000);
  const projector = await startRole("projector", env, started, 60_000);
  return { commandApi, readApi, projector };
}
