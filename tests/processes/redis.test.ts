import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { postgresClient, type SqlClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { freePort, startRole, stop, type BahiProcess } from "../support/processes.ts";

const postgresSkip = await postgresUnavailableReason();
const redisServer = "/usr/bin/redis-server";
const skipReason = postgresSkip ?? (existsSync(redisServer) ? null : `${redisServer} is not installed`);

const BUSINESSES = 6;
/** The route's bound (15 s) and a little for the answer's way back. */
const REQUEST_BOUND_MS = 16_500;

interface Filing {
  owner: ApiClient;
  userId: string;
  status?: number;
  code?: string;
  ms?: number;
}

/** Our own redis-server on its own port, so killing it touches nobody else's Redis. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(redisServer, ["--port", String(port), "--save", "", "--appendonly", "no", "--daemonize", "no", "--bind", "127.0.0.1"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
}

async function readyStatus(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/api/ready`)).status;
  } catch {
    return 0;
  }
}

/**
 * Redis killed in the middle of filings and started again empty: the issue's Redis test.
 * Workers are never restarted; the periodic sweep finds what Redis forgot.
 */
describe.skipIf(skipReason !== null)(`filing through a Redis that dies${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let redisPort: number;
  let redis: ChildProcess | null = null;
  const processes: BahiProcess[] = [];

  async function start(role: string, env: Record<string, string>): Promise<string> {
    return (await startRole(role, env, processes)).url;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgresClient(database.url);
    redisPort = await freePort();
    redis = await startRedis(redisPort);
  });

  afterAll(async () => {
    for (const p of processes) await stop(p, "SIGKILL");
    redis?.kill("SIGKILL");
    await sql?.close();
    await database?.drop();
  });

  it("every filing ends filed exactly once or cleanly refused, without restarting workers", async () => {
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      BAHI_QUEUE_PREFIX: `bahi-redis-test-${randomBytes(3).toString("hex")}`,
      BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"),
      BAHI_AUTH_LIMIT_PER_IP: "100000",
      BAHI_JOB_SWEEP_MS: "2000",
      BAHI_JOB_LOCK_MS: "3000",
      // Filings stay in flight long enough for Redis to die under them.
      BAHI_SANDBOX_GSP_DELAY_MS: "1500",
    };
    const commandUrl = await start("command-api", env);
    const readUrl = await start("read-api", env);
    await start("projector", env);
    const workerUrl = await start("worker", env);
    expect(await readyStatus(workerUrl)).toBe(200);

    // Last month's return: a month can be filed once it has ended, by a business registered then.
    const lastMonth = previousPeriod(returnPeriodOf(new Date()));
    const period = lastMonth.fp;
    const filings: Filing[] = [];
    for (let i = 0; i < BUSINESSES; i++) {
      const owner = new ApiClient(readUrl, { commandUrl });
      const user = await owner.register();
      expect((await owner.put("/api/profile", { companyName: `Business ${i}`, gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: lastMonth.from })).status).toBe(200);
      filings.push({ owner, userId: user.id });
    }

    // Fire every filing, then kill Redis while they are queued or inside the GSP call.
    const fire = (filing: Filing) => {
      const started = Date.now();
      return filing.owner.post("/api/gst/file-gstr1", { period }).then(
        (response) => Object.assign(filing, { status: response.status, code: response.body?.code, ms: Date.now() - started }),
        () => Object.assign(filing, { status: 0, ms: Date.now() - started }),
      );
    };
    const inFlight = filings.slice(0, BUSINESSES - 2).map(fire);
    await sleep(800);
    redis!.kill("SIGKILL");
    redis = null;

    // A worker on a dead Redis is not ready; filing now is refused cleanly.
    const down = Date.now();
    while ((await readyStatus(workerUrl)) !== 503) {
      expect(Date.now() - down, "worker /api/ready never said 503 with Redis down").toBeLessThan(8000);
      await sleep(100);
    }
    await Promise.all(filings.slice(BUSINESSES - 2).map(fire));
    for (const refused of filings.slice(BUSINESSES - 2)) expect({ status: refused.status, code: refused.code }).toEqual({ status: 503, code: "QUEUE_UNAVAILABLE" });

    // Requests in flight end within their bound, and never with a 500.
    await Promise.all(inFlight);
    for (const filing of filings) {
      expect(filing.status === 0 || (filing.status! >= 500 && filing.status !== 503), `filing answered ${filing.status}`).toBe(false);
      expect(filing.ms!).toBeLessThan(REQUEST_BOUND_MS);
    }

    // Redis comes back empty on the same port; the workers are the same processes.
    redis = await startRedis(redisPort);
    const back = Date.now();
    const filedCount = async (userId: string) => {
      const [row] = await sql.query<{ filed: string; all: string }>(
        "SELECT count(*) FILTER (WHERE type = 'GstReturnFiled')::text AS filed, count(*)::text AS all FROM bahi_events WHERE stream_id = $1",
        [`gstreturn-${userId}-gstr1-${period}`],
      );
      return { filed: Number(row!.filed), all: Number(row!.all) };
    };
    const accepted = filings.filter((filing) => filing.status !== 503);
    expect(accepted.length).toBeGreaterThan(0);
    for (;;) {
      const counts = await Promise.all(accepted.map((filing) => filedCount(filing.userId)));
      if (counts.every((count) => count.filed >= 1)) break;
      expect(Date.now() - back, `not every filing was filed within a minute of Redis's return: ${JSON.stringify(counts)}\n${processes.at(-1)!.output()}`).toBeLessThan(60_000);
      await sleep(500);
    }
    for (const filing of accepted) expect(await filedCount(filing.userId)).toMatchObject({ filed: 1 });
    // A refused filing recorded nothing.
    for (const filing of filings.filter((f) => f.status === 503)) expect(await filedCount(filing.userId)).toEqual({ filed: 0, all: 0 });

    // The worker is ready again by itself, and every process is still the one we started.
    const readyBy = Date.now() + 10_000;
    while ((await readyStatus(workerUrl)) !== 200) {
      expect(Date.now()).toBeLessThan(readyBy);
      await sleep(100);
    }
    for (const p of processes) {
      expect(p.child.exitCode).toBeNull();
      // A promise nobody handled is logged by bin/bahi.ts: none of the faults may leave one.
      expect(p.output()).not.toMatch(/unhandled rejection|uncaught exception/);
    }
    // Filing works normally again.
    const again = new ApiClient(readUrl, { commandUrl });
    await again.register();
    await again.put("/api/profile", { companyName: "Late Business", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: lastMonth.from });
    expect((await again.post("/api/gst/file-gstr1", { period })).status).toBe(200);
  });
});
