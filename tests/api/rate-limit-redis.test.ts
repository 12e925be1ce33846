import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBahi, type BahiOptions, type RunningBahi } from "../../bin/server.ts";
import { startTestApp, TEST_PASSWORD_COST, TEST_SESSION_SECRET, type TestApp } from "../support/app.ts";
import { freePort } from "../support/processes.ts";
import { dropPrefix, REDIS_URL, redisUnavailableReason } from "../support/redis.ts";

const redisSkip = await redisUnavailableReason();

type AuthRateLimits = NonNullable<BahiOptions["authLimits"]>;

/**
 * Issue 12: the per-IP login and registration limits go through express-rate-limit, counted in
 * Redis when the limits name one, so replicas behind one address share them.
 */
interface Replicas {
  a: string;
  b: string;
  close(): Promise<void>;
}

/** Two API processes' worth of app (two createBahi) over one store, with these limits. */
async function twoReplicas(authLimits: AuthRateLimits, clock?: () => Date): Promise<Replicas> {
  // Loopback is the trusted proxy, so each request names the client address it counts against.
  const app: TestApp = await startTestApp("pglite", { authLimits, trustedProxies: ["loopback"], clock });
  const second: RunningBahi = createBahi({
    roles: ["command-api", "read-api"],
    stores: app.stores,
    sessionSecret: TEST_SESSION_SECRET,
    clientDir: null,
    passwordCost: TEST_PASSWORD_COST,
    trustedProxies: ["loopback"],
    authLimits,
    clock,
  });
  const server = await second.listen(0, "127.0.0.1");
  return {
    a: app.baseUrl,
    b: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await second.close();
      await app.close();
    },
  };
}

async function post(base: string, path: string, body: unknown, ip: string): Promise<{ status: number; code?: string; retryAfter: number | null }> {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => null)) as { code?: string } | null;
  const retryAfter = response.headers.get("retry-after");
  return { status: response.status, code: json?.code, retryAfter: retryAfter === null ? null : Number(retryAfter) };
}

const failedLogin = (base: string, ip: string, i = 0) => post(base, "/api/auth/login", { email: `nobody-${i}-${ip}@example.com`, password: "guess" }, ip);
const register = (base: string, ip: string) =>
  post(base, "/api/auth/register", { email: `${randomBytes(6).toString("hex")}@example.com`, password: "secret123", firstName: "Asha", lastName: "Rao" }, ip);

describe.skipIf(redisSkip !== null)(`per-IP auth limits shared through Redis${redisSkip ? ` (skipped: ${redisSkip})` : ""}`, () => {
  const prefix = `bahi-test-limits-${randomBytes(4).toString("hex")}`;
  let replicas: Replicas;
  beforeAll(async () => {
    // Delays of 30 s and more: none runs out on the wall clock during a test.
    replicas = await twoReplicas({ perIp: 3, perEmail: 2, baseDelayMs: 30_000, windowMs: 60_000, redis: { url: REDIS_URL, prefix } });
  });
  afterAll(async () => {
    await replicas?.close();
    await dropPrefix(prefix);
  });

  it("counts failed logins through A against B: the refusal comes from B", async () => {
    const ip = "203.0.113.21";
    for (let i = 0; i < 3; i++) expect((await failedLogin(replicas.a, ip, i)).status).toBe(401);
    const refused = await failedLogin(replicas.b, ip, 3);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");
    // The login window is 15 minutes by default.
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await failedLogin(replicas.a, ip, 4)).status).toBe(429);
    // Another address has its own count.
    expect((await failedLogin(replicas.b, "203.0.113.22")).status).toBe(401);

    // The counts live under the deployment's prefix.
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys(`${prefix}:auth-limit:login-ip:*`)).toEqual(expect.arrayContaining([`${prefix}:auth-limit:login-ip:${ip}`]));
    } finally {
      redis.disconnect();
    }
  });

  it("shares the growing delays per account: failures through A make B wait", async () => {
    const email = "shared-victim@example.com";
    // From a new address each time, so only the account's own count grows.
    const attempt = (base: string, ip: string) => post(base, "/api/auth/login", { email, password: "guess" }, ip);
    expect((await attempt(replicas.a, "198.51.100.71")).status).toBe(401);
    expect((await attempt(replicas.b, "198.51.100.72")).status).toBe(401);
    const refused = await attempt(replicas.a, "198.51.100.73");
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.retryAfter).toBe(30);
    expect((await attempt(replicas.b, "198.51.100.74")).status).toBe(429);
  });

  it("counts registrations through A against B", async () => {
    const ip = "203.0.113.31";
    for (let i = 0; i < 3; i++) expect((await register(i % 2 === 0 ? replicas.a : replicas.b, ip)).status).toBe(201);
    const refused = await register(replicas.b, ip);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect((await register(replicas.a, "203.0.113.32")).status).toBe(201);
  });

  it("lets the owner's trusted device in from an address that has used up its failures", async () => {
    const ip = "203.0.113.45";
    const email = `${randomBytes(6).toString("hex")}@example.com`;
    const registered = await fetch(`${replicas.a}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: "secret123", firstName: "Asha", lastName: "Rao" }),
    });
    expect(registered.status).toBe(201);
    const device = registered.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("bahi_device="))!
      .split(";")[0]!;
    for (let i = 0; i < 3; i++) expect((await failedLogin(replicas.a, ip, i)).status).toBe(401);
    expect((await failedLogin(replicas.b, ip, 3)).status).toBe(429);
    const owner = await fetch(`${replicas.b}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, cookie: device },
      body: JSON.stringify({ email, password: "secret123" }),
    });
    expect(owner.status).toBe(200);
  });

  it("counts a successful login as no failure", async () => {
    const ip = "203.0.113.41";
    const email = `${randomBytes(6).toString("hex")}@example.com`;
    expect((await post(replicas.a, "/api/auth/register", { email, password: "secret123", firstName: "Asha", lastName: "Rao" }, "198.51.100.1")).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post(i % 2 === 0 ? replicas.a : replicas.b, "/api/auth/login", { email, password: "secret123" }, ip)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await failedLogin(replicas.b, ip, i)).status).toBe(401);
    expect((await failedLogin(replicas.a, ip)).status).toBe(429);
  });
});

describe.skipIf(redisSkip !== null)("growing delays per account shared through Redis", () => {
  const prefix = `bahi-test-limits-${randomBytes(4).toString("hex")}`;
  let now = Date.now();
  let replicas: Replicas;
  beforeAll(async () => {
    // The delays run on the command clock, which this test drives.
    replicas = await twoReplicas({ perIp: 10_000, perEmail: 3, windowMs: 60_000, redis: { url: REDIS_URL, prefix } }, () => new Date(now));
  });
  afterAll(async () => {
    await replicas?.close();
    await dropPrefix(prefix);
  });

  it("double from 1 s to 60 s whichever replica each attempt reaches", async () => {
    const email = "doubling@example.com";
    const attempt = (base: string, ip: string) => post(base, "/api/auth/login", { email, password: "guess" }, ip);
    for (let i = 0; i < 3; i++) expect((await attempt(i % 2 === 0 ? replicas.a : replicas.b, `198.51.100.${80 + i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      const [refusing, failing] = round % 2 === 0 ? [replicas.a, replicas.b] : [replicas.b, replicas.a];
      const refused = await attempt(refusing, "192.0.2.44");
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter!);
      now += refused.retryAfter! * 1000;
      expect((await attempt(failing, `203.0.113.${100 + round}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe("per-IP auth limits without Redis", () => {
  let replicas: Replicas;
  beforeAll(async () => {
    replicas = await twoReplicas({ perIp: 3, perEmail: 1000, windowMs: 60_000 });
  });
  afterAll(async () => {
    await replicas?.close();
  });

  it("are counted by each process alone", async () => {
    const ip = "203.0.113.51";
    for (let i = 0; i < 3; i++) expect((await failedLogin(replicas.a, ip, i)).status).toBe(401);
    expect((await failedLogin(replicas.a, ip, 3)).status).toBe(429);
    expect((await failedLogin(replicas.b, ip, 4)).status).toBe(401);
  });
});

const redisServer = "/usr/bin/redis-server";

/** Our own redis-server on its own port, so starting it late touches nobody else's Redis. */
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

describe.skipIf(!existsSync(redisServer))("per-IP auth limits while Redis is away", () => {
  let port: number;
  let redis: ChildProcess | null = null;
  let replicas: Replicas;
  beforeAll(async () => {
    port = await freePort();
    replicas = await twoReplicas({ perIp: 2, perEmail: 1000, windowMs: 60_000, redis: { url: `redis://127.0.0.1:${port}`, prefix: "bahi-away" } });
  });
  afterAll(async () => {
    await replicas?.close();
    redis?.kill("SIGKILL");
  });

  it("let logins through unlimited (never a 500), and count again once Redis is up", async () => {
    const ip = "203.0.113.61";
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 4; i++) statuses.push((await failedLogin(replicas.a, ip, i)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // Each waits for no Redis: a connection being re-made gives up at once.
    expect(Date.now() - started).toBeLessThan(5_000);

    // Redis arrives after the processes started (and failed to load the limiter's script).
    redis = await startRedis(port);
    // The app's connection comes back by itself; a probe from another address shows when it counts.
    const probe = new Redis(`redis://127.0.0.1:${port}`);
    try {
      const up = Date.now();
      while (!(await probe.exists("bahi-away:auth-limit:login-ip:203.0.113.62"))) {
        expect(Date.now() - up, "the limiter never reached the new Redis").toBeLessThan(10_000);
        expect((await failedLogin(replicas.a, "203.0.113.62")).status).toBe(401);
        await sleep(200);
      }
    } finally {
      probe.disconnect();
    }
    const counted: number[] = [];
    for (let i = 0; i < 3; i++) counted.push((await failedLogin(i === 2 ? replicas.b : replicas.a, ip, i)).status);
    expect(counted).toEqual([401, 401, 429]);
  });
});
