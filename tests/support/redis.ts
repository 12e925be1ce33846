import { Redis } from "ioredis";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

let reachable: Promise<string | null> | null = null;

/** null when Redis answers; the reason otherwise. Under CI=true a missing Redis is a failure, never a skip. */
export function redisUnavailableReason(): Promise<string | null> {
  reachable ??= (async () => {
    const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.ping();
      return null;
    } catch (error) {
      const reason = `Redis not reachable at ${REDIS_URL}: ${(error as Error).message}`;
      if (process.env.CI === "true") throw new Error(`${reason} (CI=true: a missing Redis is a failure)`, { cause: error });
      console.warn(`SKIPPED Redis suites: ${reason}`);
      return reason;
    } finally {
      client.disconnect();
    }
  })();
  return reachable;
}

/** Removes every key under a test's own prefix. */
export async function dropPrefix(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}
