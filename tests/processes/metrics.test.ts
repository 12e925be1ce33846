import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections } from "@bahi/shared/read-models";
import { BullmqJobQueue } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { runBahi, startRole, stop, waitForHealth, type BahiProcess } from "../support/processes.ts";
import { dropPrefix, REDIS_URL, redisUnavailableReason } from "../support/redis.ts";

const skipReason = (await postgresUnavailableReason()) ?? (await redisUnavailableReason());

const RECONCILIATION_QUEUE = "purchase-reconciliation";

async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Issue 12: every role, as a real process over PostgreSQL and Redis, answers GET /metrics and /api/ready. */
describe.skipIf(skipReason !== null)(`/metrics on every role${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let database: TestDatabase;
  const prefix = `bahi-test-${randomBytes(4).toString("hex")}`;
  const processes: BahiProcess[] = [];
  let queue: BullmqJobQueue;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new BullmqJobQueue(REDIS_URL, prefix);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      BAHI_QUEUE_PREFIX: prefix,
      BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"),
      BAHI_AUTH_LIMIT_PER_IP: "100000",
      BAHI_LOG_LEVEL: "info",
    };
  });

  afterAll(async () => {
    for (const p of processes) await stop(p, "SIGKILL");
    await queue?.close();
    await database?.drop();
    await dropPrefix(prefix);
  });

  it("scrapes the projector (on the free port its log line names), the worker and both APIs", async () => {
    // Without PORT the projector picks a free port and says which in a JSON log line.
    const projector = runBahi(["projector"], { ...env, PORT: "" });
    processes.push(projector);
    const listening = await until(
      "the projector's listening line",
      async () => projector.output(),
      (output) => /"msg":"Bahi listening on http:\/\/localhost:\d+"/.test(output) || projector.child.exitCode !== null,
    );
    const projectorUrl = `http://127.0.0.1:${/"msg":"Bahi listening on http:\/\/localhost:(\d+)"/.exec(listening)![1]}`;
    await waitForHealth(projectorUrl, projector);

    const commandApi = await startRole("command-api", env, processes);
    const readApi = await startRole("read-api", env, processes);
    const owner = new ApiClient(readApi.url, { commandUrl: commandApi.url });
    await owner.register();
    expect((await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).status).toBe(201);
    expect((await owner.get("/api/customers")).status).toBe(200);

    // The projector: its lag per projection (caught up once it has applied the customer) and parked events.
    const projected = await until(
      "the projector catching up",
      () => scrape(projectorUrl),
      (text) => sample(text, `bahi_projector_lag_events{projection="${collections.customers}",shard="0"}`) === 0,
    );
    expect(sample(projected, `bahi_projector_lag_seconds{projection="${collections.customers}",shard="0"}`)).toBe(0);
    expect(sample(projected, `bahi_parked_events{projection="${collections.customers}"}`)).toBe(0);
    expect(projected).toMatch(/^process_resident_memory_bytes /m);

    // The command side times its appends; the read side its reads, by route template.
    const commands = await scrape(commandApi.url);
    expect(sample(commands, 'bahi_event_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(commands, 'bahi_http_request_duration_seconds_count{method="POST",route="/api/customers",status="201"}')).toBe(1);
    const reads = await scrape(readApi.url);
    expect(sample(reads, 'bahi_http_request_duration_seconds_count{method="GET",route="/api/customers",status="200"}')).toBe(1);
    expect(reads).toContain("bahi_projector_lag_events{");

    // Jobs queued before any worker runs wait in Redis.
    expect(await queue.enqueue(RECONCILIATION_QUEUE, "broken-1", null, { attempts: 2, backoffMs: 100 })).toBe(true);
    expect(await queue.enqueue(RECONCILIATION_QUEUE, "broken-2", null, { attempts: 1 })).toBe(true);
    expect(await queue.counts(RECONCILIATION_QUEUE)).toEqual({ waiting: 2, active: 0, delayed: 0, completed: 0, failed: 0 });

    // The worker runs them: a null payload fails each try (one retried once, one with no second try).
    const worker = await startRole("worker", env, processes);
    const worked = await until(
      "the worker failing both jobs",
      () => scrape(worker.url),
      (text) => sample(text, `bahi_job_queue_depth{queue="${RECONCILIATION_QUEUE}",state="failed"}`) === 2,
    );
    expect(sample(worked, `bahi_jobs_total{queue="${RECONCILIATION_QUEUE}",outcome="retrying"}`)).toBe(1);
    expect(sample(worked, `bahi_jobs_total{queue="${RECONCILIATION_QUEUE}",outcome="failed"}`)).toBe(2);
    expect(sample(worked, `bahi_job_queue_depth{queue="${RECONCILIATION_QUEUE}",state="waiting"}`)).toBe(0);
    // The overdue sweep it queues at start completes.
    await until(
      "the startup overdue sweep",
      () => scrape(worker.url),
      (text) => (sample(text, 'bahi_jobs_total{queue="invoice-overdue",outcome="completed"}') ?? 0) >= 1,
    );
    expect(await queue.counts(RECONCILIATION_QUEUE)).toMatchObject({ waiting: 0, failed: 2 });

    for (const url of [projectorUrl, commandApi.url, readApi.url, worker.url]) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    // Every role's log is JSON lines, each request with its id and route.
    expect(commandApi.process.output()).toMatch(/"reqId":"[0-9a-f-]{36}".*"route":"\/api\/customers".*"status":201/);
  });
});
