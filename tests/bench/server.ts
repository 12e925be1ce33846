/**
 * One Bahi app on a bench's store, listening on a free port, as every read and write benchmark
 * starts it: login limits out of the way, no client pages.
 */
import type { AddressInfo } from "node:net";
import { storesOnClient, type SqlClient } from "@bahi/shared/server";
import { createBahi } from "../../bin/server.ts";

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
  return {
    stores,
    bahi,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await bahi.close();
      await stores.close();
    },
  };
}
