import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streams } from "@bahi/shared/events";
import { postgresClient, storesOnClient, type Stores } from "@bahi/shared/server";
import { createBahi, type BahiOptions, type RunningBahi } from "../../bin/server.ts";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, TEST_SESSION_SECRET, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

interface Reply {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A raw HTTP call, so a test can choose the address it connects from (127.0.0.2 plays a
 * trusted proxy) and see every Set-Cookie header.
 */
function call(baseUrl: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Reply> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: options.from,
        headers: { ...(payload ? { "content-type": "application/json" } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** name=value pairs of the response's Set-Cookie headers. */
function cookiesOf(reply: Reply): Record<string, string> {
  const setCookie = reply.headers["set-cookie"] ?? [];
  return Object.fromEntries(
    (Array.isArray(setCookie) ? setCookie : [setCookie]).map((cookie) => {
      const pair = cookie.split(";")[0]!;
      const eq = pair.indexOf("=");
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

async function listenOn(bahi: RunningBahi): Promise<string> {
  const server = await bahi.listen(0, "127.0.0.1");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const signUp = (email: string) => ({ email, password: "secret123", firstName: "Asha", lastName: "Rao" });

describe.each(backends)("sessions, login throttling, proxies and headers on %s", (backend) => {
  describe("logout", () => {
    let app: TestApp;
    let second: RunningBahi;
    let secondStores: Stores | null = null;
    let secondUrl: string;
    beforeAll(async () => {
      app = await startTestApp(backend);
      // Another API process on the same store: its own pool on PostgreSQL; on PGlite (one
      // process by nature) a second app over the same store.
      secondStores = app.databaseUrl ? await storesOnClient(postgresClient(app.databaseUrl), "postgres") : null;
      second = createBahi({
        roles: ["command-api", "read-api"],
        stores: secondStores ?? app.stores,
        sessionSecret: TEST_SESSION_SECRET,
        clientDir: null,
        passwordCost: { N: 1024, r: 8, p: 1 },
      });
      secondUrl = await listenOn(second);
    });
    afterAll(async () => {
      await second?.close();
      await secondStores?.close();
      await app?.close();
    });

    it("revokes the session server-side: the old cookie is refused for reads and writes, by every process", async () => {
      const owner = new ApiClient(app.baseUrl);
      await owner.register();
      const stolen = owner.cookie!;
      const asThief = (base: string, method: string, path: string, body?: unknown) => call(base, method, path, { body, headers: { cookie: stolen } });

      expect((await asThief(app.baseUrl, "GET", "/api/customers")).status).toBe(200);
      expect((await asThief(secondUrl, "GET", "/api/customers")).status).toBe(200);
      expect((await asThief(secondUrl, "POST", "/api/customers", { stateCode: "27", name: "Before logout" })).status).toBe(201);

      expect((await owner.post("/api/auth/logout")).status).toBe(204);
      expect(owner.cookie).toBeNull();

      for (const base of [app.baseUrl, secondUrl]) {
        const read = await asThief(base, "GET", "/api/customers");
        expect(read.status).toBe(401);
        expect(read.body.code).toBe("UNAUTHENTICATED");
        expect((await asThief(base, "GET", "/api/auth/me")).status).toBe(401);
        const write = await asThief(base, "POST", "/api/customers", { stateCode: "27", name: "After logout" });
        expect(write.status).toBe(401);
        expect(write.body.code).toBe("UNAUTHENTICATED");
      }
      const [row] = await app.sql.query<{ revoked: boolean }>("SELECT revoked_at IS NOT NULL AS revoked FROM bahi_sessions");
      expect(row?.revoked).toBe(true);
    });

    it("refuses a cookie of the old stateless format, which names no session", async () => {
      const owner = new ApiClient(app.baseUrl);
      const user = await owner.register();
      const payload = Buffer.from(JSON.stringify({ uid: user.id, exp: Date.now() + 86_400_000 })).toString("base64url");
      const oldCookie = `bahi_session=${payload}.${createHmac("sha256", TEST_SESSION_SECRET).update(payload).digest("base64url")}`;
      expect((await call(app.baseUrl, "GET", "/api/customers", { headers: { cookie: oldCookie } })).status).toBe(401);
      expect((await owner.get("/api/customers")).status).toBe(200);
    });

    it("forgets expired sessions", async () => {
      await new ApiClient(app.baseUrl).register();
      const before = Number((await app.sql.query<{ n: string }>("SELECT count(*)::text AS n FROM bahi_sessions"))[0]!.n);
      expect(before).toBeGreaterThan(0);
      expect(await app.stores.sessionStore.deleteExpired(new Date(Date.now() + 8 * 86_400_000))).toBe(before);
      expect((await app.sql.query("SELECT 1 FROM bahi_sessions")).length).toBe(0);
    });
  });

  describe("failed logins", () => {
    let app: TestApp;
    let now = Date.now();
    beforeAll(async () => {
      app = await startTestApp(backend, {
        clock: () => new Date(now),
        trustedProxies: ["loopback"],
        authLimits: { perIp: 5, perEmail: 3, windowMs: 60_000 },
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    const login = (email: string, password: string, ip: string, cookie?: string) =>
      call(app.baseUrl, "POST", "/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) } });

    it("slow an attacker down with growing delays but never lock the owner out of a trusted device", async () => {
      const email = "owner@example.com";
      const registered = await call(app.baseUrl, "POST", "/api/auth/register", { body: signUp(email), headers: { "x-forwarded-for": "198.51.100.7" } });
      expect(registered.status).toBe(201);
      const device = `bahi_device=${cookiesOf(registered).bahi_device}`;
      expect(cookiesOf(registered).bahi_device).toBeTruthy();

      const attacker = "203.0.113.9";
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await login(email, `guess-${i}`, attacker)).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual(Array(7).fill(429));

      // The owner, from another address but on the device that signed in before, is let in.
      const owner = await login(email, "secret123", "198.51.100.7", device);
      expect(owner.status).toBe(200);
      expect(cookiesOf(owner).bahi_session).toBeTruthy();

      // An untrusted attempt waits, and each further failure makes the wait longer, up to 60 s.
      const waits: number[] = [];
      for (let round = 0; round < 9; round++) {
        const refused = await login(email, "secret123", "192.0.2.44");
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe("RATE_LIMITED");
        const retryAfter = Number(refused.headers["retry-after"]);
        waits.push(retryAfter);
        now += retryAfter * 1000;
        // From a new address each time, so only the account's own count grows.
        expect((await login(email, `guess-again-${round}`, `203.0.113.${100 + round}`)).status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    });

    it("keep a trusted device to its own failures, and a device cookie vouches for its own account only", async () => {
      const email = "second-owner@example.com";
      const registered = await call(app.baseUrl, "POST", "/api/auth/register", { body: signUp(email), headers: { "x-forwarded-for": "198.51.100.8" } });
      const device = `bahi_device=${cookiesOf(registered).bahi_device}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(email, `typo-${i}`, "198.51.100.8", device)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Someone else's account gets nothing from this device cookie: that attempt counts as untrusted.
      expect((await login("owner@example.com", "secret123", "198.51.100.8", device)).status).toBe(429);
    });

    it("count per IP too, with a higher threshold than per account", async () => {
      const ip = "203.0.113.77";
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(`nobody-${i}@example.com`, "guess", ip)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await login("nobody-else@example.com", "guess", "203.0.113.78")).status).toBe(401);
    });
  });

  describe("X-Forwarded-For", () => {
    let app: TestApp;
    beforeAll(async () => {
      // 127.0.0.2 plays the reverse proxy; the test's other connections come from 127.0.0.1.
      app = await startTestApp(backend, { trustedProxies: ["127.0.0.2"], authLimits: { perIp: 3, perEmail: 1000, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await app?.close();
    });

    const login = (i: number, from: string, forwardedFor: string) =>
      call(app.baseUrl, "POST", "/api/auth/login", { body: { email: `user-${i}@example.com`, password: "guess" }, headers: { "x-forwarded-for": forwardedFor }, from });

    it("is ignored from a peer that is not a trusted proxy, so rotating it does not escape the IP limit", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(i, "127.0.0.1", `198.51.100.${i + 1}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it("is honoured from a trusted proxy: each client behind it has its own limit", async () => {
      const first: number[] = [];
      for (let i = 0; i < 4; i++) first.push((await login(100 + i, "127.0.0.2", "192.0.2.10")).status);
      expect(first).toEqual([401, 401, 401, 429]);
      expect((await login(200, "127.0.0.2", "192.0.2.11")).status).toBe(401);
    });
  });

  describe("headers and password hashing", () => {
    let app: TestApp;
    let owasp: RunningBahi;
    let owaspUrl: string;
    beforeAll(async () => {
      app = await startTestApp(backend);
      // The same store served at the default (OWASP) cost, as every real deployment is.
      const options: BahiOptions = { roles: ["command-api"], stores: app.stores, sessionSecret: TEST_SESSION_SECRET, clientDir: null };
      owasp = createBahi(options);
      owaspUrl = await listenOn(owasp);
    });
    afterAll(async () => {
      await owasp?.close();
      await app?.close();
    });

    it("sends security headers: a CSP, no framing, nosniff, a referrer policy", async () => {
      for (const path of ["/api/health", "/api/customers"]) {
        const { headers } = await call(app.baseUrl, "GET", path);
        const csp = String(headers["content-security-policy"]);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(headers["x-frame-options"]).toBe("DENY");
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
        expect(headers["x-powered-by"]).toBeUndefined();
      }
    });

    it("hashes at OWASP's scrypt cost by default, and upgrades an older hash at the next login", async () => {
      const fresh = await call(owaspUrl, "POST", "/api/auth/register", { body: signUp("owasp@example.com") });
      expect(fresh.status).toBe(201);
      const [registered] = await app.stores.eventStore.readStream(streams.user(fresh.body.id));
      expect((registered!.data as { passwordHash: string }).passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);

      // Registered where the cost was lower (the test app's cheap one stands in for an old release).
      const old = await new ApiClient(app.baseUrl).register({ email: "old-hash@example.com" });
      const hashes = async () =>
        (await app.stores.eventStore.readStream(streams.user(old.id))).map((event) => ({ type: event.type, hash: (event.data as { passwordHash?: string }).passwordHash }));
      expect((await hashes())[0]!.hash).toMatch(/^scrypt\$1024\$8\$1\$/);

      expect((await call(owaspUrl, "POST", "/api/auth/login", { body: { email: "old-hash@example.com", password: "wrong-one" } })).status).toBe(401);
      expect((await hashes()).map((event) => event.type)).toEqual(["UserRegistered"]);

      expect((await call(owaspUrl, "POST", "/api/auth/login", { body: { email: "old-hash@example.com", password: "secret123" } })).status).toBe(200);
      const after = await hashes();
      expect(after.map((event) => event.type)).toEqual(["UserRegistered", "PasswordRehashed"]);
      expect(after[1]!.hash).toMatch(/^scrypt\$131072\$8\$1\$/);

      // The new hash verifies, and is not replaced again.
      expect((await call(owaspUrl, "POST", "/api/auth/login", { body: { email: "old-hash@example.com", password: "secret123" } })).status).toBe(200);
      expect(await hashes()).toHaveLength(2);
    });
  });
});
