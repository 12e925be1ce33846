import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import { createLogger } from "@bahi/shared/server";
import { allProjections, type AnyProjection } from "@bahi/projector";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

/** Issue 12, "Operating it": JSON request logs and the Prometheus scrape of an in-process app. */

const TOKEN = "scrape-token-5d1c";
const MARKER = "observability-poison-91b2";
const PASSWORD = "hunter2-observability";
const today = indianDateOf(new Date().toISOString());

// The dashboard with a bug on one marked expense, so the parked gauge has something to count.
const dashboard = allProjections.find((p) => p.collection === collections.dashboards)!;
const projections = allProjections.map((p): AnyProjection =>
  p !== dashboard
    ? p
    : {
        ...dashboard,
        evolve(doc, event) {
          if (JSON.stringify(event.data).includes(MARKER)) throw new TypeError(`cannot apply ${MARKER}`);
          return dashboard.evolve(doc, event);
        },
      },
);

describe("logs and metrics of an app", () => {
  let app: TestApp;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, any>);

  beforeAll(async () => {
    app = await startTestApp("pglite", {
      projections,
      readWaitTimeoutMs: 1000,
      metricsToken: TOKEN,
      logger: createLogger({ level: "info", destination: { write: (line: string) => void lines.push(line) } }),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  /** The value of one series, or undefined when the scrape has none. */
  function sample(text: string, series: string): number | undefined {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  }

  it("wants the bearer token when it was given one", async () => {
    const refused = await fetch(`${app.baseUrl}/metrics`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("UNAUTHENTICATED");
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: "Bearer not-it" } })).status).toBe(401);
  });

  it("times requests by route template, appends by outcome, and reports projector lag and process figures", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const customer = await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" });
    expect(customer.status).toBe(201);
    expect((await owner.get(`/api/customers/${customer.body.id}`)).status).toBe(200);
    // A refusal after the route matched still counts under the route's template, not the raw URL.
    expect((await owner.get(`/api/customers/${randomUUID()}`)).status).toBe(404);
    expect((await owner.get("/api/no-such-thing")).status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'bahi_http_request_duration_seconds_count{method="GET",route="/api/customers/:id",status="200"}')).toBe(1);
    expect(sample(text, 'bahi_http_request_duration_seconds_count{method="GET",route="/api/customers/:id",status="404"}')).toBe(1);
    expect(sample(text, 'bahi_http_request_duration_seconds_count{method="POST",route="/api/customers",status="201"}')).toBe(1);
    expect(sample(text, 'bahi_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain(customer.body.id);
    // Registering and creating a customer appended events.
    expect(sample(text, 'bahi_event_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, `bahi_projector_lag_events{projection="${collections.customers}",shard="0"}`)).toBeTypeOf("number");
    expect(sample(text, `bahi_projector_lag_seconds{projection="${collections.customers}",shard="0"}`)).toBeTypeOf("number");
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("shows a stopped projector's lag in events and seconds, back to 0 once it catches up", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await app.bahi.projector!.stop();
    try {
      for (const name of ["One", "Two", "Three"]) expect((await owner.post("/api/customers", { stateCode: "27", name })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const behind = await scrape();
      expect(sample(behind, `bahi_projector_lag_events{projection="${collections.customers}",shard="0"}`)).toBeGreaterThanOrEqual(3);
      expect(sample(behind, `bahi_projector_lag_seconds{projection="${collections.customers}",shard="0"}`)).toBeGreaterThanOrEqual(0.05);
    } finally {
      app.bahi.projector!.start();
    }
    const deadline = Date.now() + 10_000;
    let caughtUp = await scrape();
    while (sample(caughtUp, `bahi_projector_lag_events{projection="${collections.customers}",shard="0"}`) !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      caughtUp = await scrape();
    }
    expect(sample(caughtUp, `bahi_projector_lag_events{projection="${collections.customers}",shard="0"}`)).toBe(0);
    expect(sample(caughtUp, `bahi_projector_lag_seconds{projection="${collections.customers}",shard="0"}`)).toBe(0);
  });

  it("counts parked events per projection, 0 for the others", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.post("/api/expenses", { category: "Supplies", description: MARKER, amount: "100", date: today })).status).toBe(201);
    const deadline = Date.now() + 10_000;
    while ((await app.stores.readStore.parkedSummary()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await scrape();
    expect(sample(text, `bahi_parked_events{projection="${collections.dashboards}"}`)).toBe(1);
    expect(sample(text, `bahi_parked_events{projection="${collections.customers}"}`)).toBe(0);
  });

  it("counts job outcomes and queue depth (the overdue sweep queued at start)", async () => {
    const deadline = Date.now() + 10_000;
    let text = await scrape();
    while (sample(text, 'bahi_jobs_total{queue="invoice-overdue",outcome="completed"}') === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    expect(sample(text, 'bahi_jobs_total{queue="invoice-overdue",outcome="completed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bahi_job_queue_depth{queue="invoice-overdue",state="completed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bahi_job_queue_depth{queue="invoice-overdue",state="failed"}')).toBe(0);
  });

  it("echoes a sane X-Request-Id and makes one for anything else", async () => {
    const given = await fetch(`${app.baseUrl}/api/health`, { headers: { "x-request-id": "gateway-req:42.a_b" } });
    expect(given.headers.get("x-request-id")).toBe("gateway-req:42.a_b");
    const insane = await fetch(`${app.baseUrl}/api/health`, { headers: { "x-request-id": `<script>${"x".repeat(200)}` } });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${app.baseUrl}/api/health`)).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs one JSON line per request with reqId, route, status, duration and business, and no secret", async () => {
    const owner = new ApiClient(app.baseUrl);
    const email = `log-${randomUUID()}@example.com`;
    const user = await owner.register({ email, password: PASSWORD });
    const login = await owner.request("POST", "/api/auth/login", { email, password: PASSWORD }, { "x-request-id": "login-req-1", authorization: "Bearer bearer-secret-77" });
    expect(login.status).toBe(200);
    const cookie = owner.cookie!.split("=")[1]!;
    const customer = await owner.post("/api/customers", { stateCode: "27", name: "Logged" });
    await owner.get(`/api/customers/${customer.body.id}`);

    const entries = logged();
    const loginLine = entries.find((entry) => entry.reqId === "login-req-1")!;
    expect(loginLine).toMatchObject({ level: "info", method: "POST", route: "/api/auth/login", status: 200, msg: "POST /api/auth/login 200" });
    expect(loginLine.durationMs).toBeTypeOf("number");
    expect(loginLine.req.headers.authorization).toBe("[Redacted]");
    const read = entries.find((entry) => entry.route === "/api/customers/:id" && entry.req?.url === `/api/customers/${customer.body.id}`)!;
    expect(read).toMatchObject({ status: 200, business: user.id });
    expect(read.req.headers.cookie).toBe("[Redacted]");

    const all = lines.join("\n");
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(cookie);
    expect(all).not.toContain("bearer-secret-77");
    expect(all).not.toContain(TOKEN);
  });
});
