import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import { postgresClient, SqlReadStore, waitForProjection, type RecordedEvent } from "@bahi/shared/server";
import { allProjections, Projector, type AnyProjection } from "@bahi/projector";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const MARKER = "poison-7f3a";
const dashboard = allProjections.find((p) => p.collection === collections.dashboards)!;

/** The dashboard projection with a bug: it throws on any event that carries the marker. */
const faultyDashboard: AnyProjection = {
  ...dashboard,
  evolve(doc, event) {
    if (JSON.stringify(event.data).includes(MARKER)) throw new TypeError(`cannot apply ${MARKER}`);
    return dashboard.evolve(doc, event);
  },
};
const faultyProjections = allProjections.map((p) => (p === dashboard ? faultyDashboard : p));

const today = indianDateOf(new Date().toISOString());

describe.each(backends)("a poisoned event on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    // A read that is not current within a second says so (X-Bahi-Stale) instead of waiting longer.
    app = await startTestApp(backend, { projections: faultyProjections, readWaitTimeoutMs: 1000, log: (m) => console.log("LOG", m) });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function health() {
    const response = await fetch(`${app.baseUrl}/api/health`);
    return (await response.json()) as { status: string; checks: Record<string, { status: string; detail?: any }>; projector?: { position: string | null } };
  }

  it("is parked for its projection; every other business stays current; retry applies it once fixed", async () => {
    const asha = new ApiClient(app.baseUrl);
    const bala = new ApiClient(app.baseUrl);
    const ashaUser = await asha.register();
    await bala.register();
    const first = await asha.post("/api/expenses", { category: "Supplies", description: "Tea", amount: "100", date: today });
    expect(first.status).toBe(201);
    expect((await asha.get("/api/dashboard/stats")).body.totalExpenses).toBe(100);
    expect((await health()).status).toBe("ok");

    // Straight into the log, past every check at the edge: an expense the faulty dashboard cannot apply.
    const [recorded] = (await app.stores.eventStore.readStream(await streamOf(app, first.body.id))) as RecordedEvent<string, any>[];
    expect(recorded!.type).toBe("ExpenseRecorded");
    const poisonId = randomUUID();
    const appended = await app.stores.eventStore.appendToStream(
      `expense-${poisonId}`,
      [{ id: randomUUID(), type: recorded!.type, data: { ...recorded!.data, expenseId: poisonId, description: MARKER, amountPaise: 5000 }, metadata: recorded!.metadata }],
      "no_stream",
    );
    asha.position = appended.position;

    // Another business: its writes show in its reads at once, dashboard included.
    const customer = await bala.post("/api/customers", { stateCode: "27", name: "Ravi Traders" });
    expect(customer.status).toBe(201);
    const customers = await bala.get("/api/customers");
    expect(customers.headers.get("x-bahi-stale")).toBeNull();
    expect(customers.body.map((c: { id: string }) => c.id)).toEqual([customer.body.id]);
    expect((await bala.post("/api/expenses", { category: "Travel", description: "Bus", amount: "40", date: today })).status).toBe(201);
    const balaStats = await bala.get("/api/dashboard/stats");
    expect(balaStats.headers.get("x-bahi-stale")).toBeNull();
    expect(balaStats.body.totalExpenses).toBe(40);

    // The poisoned business's own later writes: every other read model follows; its dashboard waits behind the parked event.
    const later = await asha.post("/api/expenses", { category: "Supplies", description: "Coffee", amount: "30", date: today });
    expect(later.status).toBe(201);
    const ashaExpenses = await asha.get("/api/expenses");
    expect(ashaExpenses.headers.get("x-bahi-stale")).toBeNull();
    expect(ashaExpenses.body.map((e: { description: string }) => e.description).sort()).toEqual(["Coffee", MARKER, "Tea"].sort());
    expect((await asha.get("/api/dashboard/stats")).body.totalExpenses).toBe(100);

    const degraded = await health();
    expect(degraded.status).toBe("degraded");
    expect(degraded.checks.projections!.status).toBe("degraded");
    expect(degraded.checks.projections!.detail.parked).toEqual({
      [collections.dashboards]: { count: 2, firstPosition: appended.position, firstError: `TypeError: cannot apply ${MARKER}` },
    });
    expect(degraded.projector?.position).toBe(later.headers.get("x-bahi-position"));

    const parked = await app.stores.readStore.parked();
    expect(parked.map((p) => [p.projection, p.position, p.documentId])).toEqual([
      [collections.dashboards, appended.position, ashaUser.id],
      [collections.dashboards, later.headers.get("x-bahi-position"), ashaUser.id],
    ]);
    expect(parked[1]!.error).toMatch(/waiting behind parked event/);

    // A retry with the same bug leaves it parked, with one more attempt.
    const stillBroken = await new Projector({ eventLog: app.stores.eventLog, readStore: app.stores.readStore, projections: faultyProjections }).retryParked();
    expect(stillBroken.applied).toEqual([]);
    expect(stillBroken.stillParked.map((p) => p.attempts)).toEqual([2, 1]);
    expect((await health()).status).toBe("degraded");

    // Fixed: the projection swapped for the real one, as `bahi projector retry` does.
    const fixed = await new Projector({ eventLog: app.stores.eventLog, readStore: app.stores.readStore, projections: allProjections }).retryParked();
    expect(fixed.applied.map((p) => p.position)).toEqual([appended.position, later.headers.get("x-bahi-position")]);
    expect(fixed.stillParked).toEqual([]);
    expect(await app.stores.readStore.parked()).toEqual([]);
    expect((await asha.get("/api/dashboard/stats")).body.totalExpenses).toBe(180);
    const healthy = await health();
    expect(healthy.status).toBe("ok");
    expect(healthy.checks.projections!.detail.parked).toBeUndefined();

    // And the live projector goes on with the business's dashboard.
    await asha.post("/api/expenses", { category: "Supplies", description: "Milk", amount: "20", date: today });
    expect((await asha.get("/api/dashboard/stats")).body.totalExpenses).toBe(200);
  });

  it("rebuilds one projection alone into a fresh generation, leaving the others' generations", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.post("/api/expenses", { category: "Supplies", description: "Paper", amount: "10", date: today })).status).toBe(201);
    const before = await app.stores.readStore.activeProjections([collections.dashboards, collections.customers]);
    const projector = new Projector({ eventLog: app.stores.eventLog, readStore: app.stores.readStore, projections: allProjections });
    const { generations } = await projector.rebuild({ projection: collections.dashboards });
    expect(Object.keys(generations)).toEqual([collections.dashboards]);
    const after = await app.stores.readStore.activeProjections([collections.dashboards, collections.customers]);
    const generationOf = (states: typeof before, name: string) => states.find((s) => s.projection === name)!.generation;
    expect(generationOf(after, collections.dashboards)).toBe(generations[collections.dashboards]);
    expect(generationOf(after, collections.dashboards)).not.toBe(generationOf(before, collections.dashboards));
    expect(generationOf(after, collections.customers)).toBe(generationOf(before, collections.customers));
    expect((await owner.get("/api/dashboard/stats")).body.totalExpenses).toBe(10);
    await expect(projector.rebuild({ projection: "no-such-projection" })).rejects.toThrow(/No projection named/);
  });

  it("answers X-Bahi-After beyond the log's head with a 400 at once, also without a session", async () => {
    const slow = await startTestApp(backend, { readWaitTimeoutMs: 20_000 });
    try {
      const owner = new ApiClient(slow.baseUrl);
      await owner.register();
      const head = owner.position!;
      const [tx, pos] = head.split(":").map(BigInt) as [bigint, bigint];
      for (const ahead of [`${tx}:${pos + 1000n}`, `${tx + 1000n}:1`]) {
        // Were it waited for, the 20 s bound would outlast the test's own timeout.
        const response = await fetch(`${slow.baseUrl}/api/customers`, { headers: { "X-Bahi-After": ahead } });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ code: "POSITION_AHEAD", message: expect.any(String) });
      }
      for (const malformed of ["abc", "1:2:3", "-1:5", "1:"]) {
        const response = await fetch(`${slow.baseUrl}/api/customers`, { headers: { "X-Bahi-After": malformed } });
        expect(response.status).toBe(400);
        expect((await response.json()).code).toBe("INVALID_POSITION");
      }
      // A position the log has reached goes on to authentication as usual.
      expect((await fetch(`${slow.baseUrl}/api/customers`, { headers: { "X-Bahi-After": head } })).status).toBe(401);
      const read = await owner.get("/api/customers");
      expect(read.status).toBe(200);
      // A later write moves the head on: its position is accepted (the cached head is refreshed).
      await owner.post("/api/customers", { stateCode: "27", name: "Later" });
      expect(owner.position).not.toBe(head);
      const after = await owner.get("/api/customers");
      expect(after.status).toBe(200);
      expect(after.body).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe.each(backends)("read-your-writes wake-up on %s", (backend) => {
  it("is woken by the commit notification, not by the slow safety re-check", async () => {
    const app = await startTestApp(backend);
    const owner = new ApiClient(app.baseUrl);
    try {
      await owner.register();
      await app.bahi.projector!.stop();
      const write = await owner.post("/api/customers", { stateCode: "27", name: "Woken" });
      const position = write.headers.get("x-bahi-position")!;
      // On PostgreSQL the waiter has a connection pool of its own, as a read-api process would.
      const reader = backend === "postgres" ? await separateReadStore(app) : null;
      const readStore = reader?.store ?? app.stores.readStore;
      // The safety re-check is 20 s and the bound 10 s: only a notification can end this wait in time.
      const waiting = waitForProjection(readStore, position, 10_000, { recheckMs: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      app.bahi.projector!.start();
      expect(await waiting).toBe(true);
      await reader?.close();
    } finally {
      await app.close();
    }
  });
});

/** A read store on its own connection pool to the app's PostgreSQL database. */
async function separateReadStore(app: TestApp) {
  const [row] = await app.sql.query<{ db: string }>("SELECT current_database() AS db");
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${row!.db}`;
  const sql = postgresClient(url.toString());
  const store = new SqlReadStore(sql);
  return {
    store,
    async close() {
      await store.close();
      await sql.close();
    },
  };
}

async function streamOf(app: TestApp, expenseId: string): Promise<string> {
  const [row] = await app.sql.query<{ stream_id: string }>("SELECT stream_id FROM bahi_events WHERE type = 'ExpenseRecorded' AND data->>'expenseId' = $1", [expenseId]);
  return row!.stream_id;
}
