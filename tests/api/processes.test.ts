import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeUnfinishedProcesses } from "@bahi/command-api";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import type { EventStore, NewEvent } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { eventsOfType, heldByNothing } from "../support/reservations.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const user = await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", stateCode: "27" })).status).toBe(200);
  return { owner, userId: user.id };
}

async function invoiceSetup(owner: ApiClient) {
  const product = await owner.post("/api/products", { name: "Pen", sku: `PEN-${randomUUID().slice(0, 8)}`, category: "Books", price: "100", stock: 1000 });
  const customer = await owner.post("/api/customers", { stateCode: "27", name: "Regular" });
  const items = [{ productId: product.body.id, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }];
  return (number: string) => ({ customerId: customer.body.id, invoiceNumber: number, dueDate: null, items, subtotal: "100.00", gstAmount: "18.00", total: "118.00" });
}

const event = (type: string, data: unknown, userId: string): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { userId, actor: `user:${userId}`, causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/** What a command-api killed right after its first steps leaves in the log. */
async function append(eventStore: EventStore, stream: string, events: NewEvent[]): Promise<void> {
  const current = await eventStore.readStream(stream);
  await eventStore.appendToStream(stream, events, current.length === 0 ? "no_stream" : current.at(-1)!.revision);
}

/** Waits until the processes read model shows `id` unfinished (or in `phase`). */
async function nominated(app: TestApp, id: string, phase?: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const docs = await app.stores.readStore.find<{ id: string; phase: string }>(collections.processes, {});
    if (docs.some((doc) => doc.id === id && (phase ? doc.phase === phase : doc.phase !== "done"))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${id} never appeared in the processes read model`);
}

describe.each(backends)("process managers on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses a taken number (409) and a full month (403 PLAN_LIMIT) without appending anything", async () => {
    const { owner } = await business(app);
    const body = await invoiceSetup(owner);
    expect((await owner.post("/api/invoices", body("DUP-1"))).status).toBe(201);
    let before = await countEvents(app.sql);
    const duplicate = await owner.post("/api/invoices", body("dup-1"));
    expect(duplicate.body).toEqual({ code: "CONFLICT", message: "Invoice number already exists" });
    expect(await countEvents(app.sql)).toBe(before);

    for (let i = 2; i <= 10; i++) expect((await owner.post("/api/invoices", body(`DUP-${i}`))).status).toBe(201);
    before = await countEvents(app.sql);
    const refused = await owner.post("/api/invoices", body("DUP-11"));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PLAN_LIMIT");
    expect(await countEvents(app.sql)).toBe(before);
    expect(await heldByNothing(app.sql)).toEqual([]);
  });

  it("an update racing a delete never leaves a SKU held by a deleted product, nor a product without its SKU (50 races)", async () => {
    const { owner } = await business(app);
    const statuses = new Map<string, number>();
    for (let round = 0; round < 50; round++) {
      const sku = `R${round}-${randomUUID().slice(0, 6)}`;
      const created = await owner.post("/api/products", { name: "Racer", sku: `${sku}-A`, category: "Books", price: "1" });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const [updated, deleted] = await Promise.all([
        owner.put(`/api/products/${id}`, { name: "Racer", sku: `${sku}-B`, category: "Books", price: "1" }),
        // The delete lands at a random point of the update, sometimes while its SKU change runs.
        new Promise((r) => setTimeout(r, Math.random() * 15)).then(() => owner.delete(`/api/products/${id}`)),
      ]);
      for (const r of [updated, deleted]) {
        expect(r.status).toBeLessThan(500);
        statuses.set(`${r === updated ? "put" : "delete"} ${r.status}`, (statuses.get(`${r === updated ? "put" : "delete"} ${r.status}`) ?? 0) + 1);
      }
      // A delete refused while the SKU change ran succeeds once it has ended.
      if (deleted.status === 409) expect((await owner.delete(`/api/products/${id}`)).status).toBe(204);
    }
    console.log("update vs delete outcomes:", Object.fromEntries(statuses));
    expect(await heldByNothing(app.sql)).toEqual([]);
  });

  it("recovery compensates an invoice creation a crash left half-done, and every release says why", async () => {
    const { owner, userId } = await business(app);
    const body = await invoiceSetup(owner);
    const invoiceId = randomUUID();
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).format(new Date()).replace("-", "");
    const startedAt = new Date().toISOString();
    // The intent, the quota slot and the number: then the process died before InvoiceCreated.
    await append(app.stores.eventStore, streams.invoice(invoiceId), [
      event("InvoiceCreationStarted", { invoiceId, ownerId: userId, invoiceNumber: "HALF-1", quotaMonth: month, startedAt }, userId),
    ]);
    await append(app.stores.eventStore, streams.invoiceQuota(userId, month), [event("InvoiceQuotaUsed", { userId, month, invoiceId, limit: 10 }, userId)]);
    await append(app.stores.eventStore, streams.invoiceNumberReservation(userId, "HALF-1"), [
      event("InvoiceNumberReserved", { userId, invoiceNumber: "HALF-1", invoiceId }, userId),
    ]);
    expect(await heldByNothing(app.sql)).toHaveLength(2);
    expect((await owner.post("/api/invoices", body("HALF-1"))).status).toBe(409);

    // A product creation and a SKU change left half-done the same way.
    const productId = randomUUID();
    await append(app.stores.eventStore, streams.product(productId), [event("ProductCreationStarted", { productId, ownerId: userId, sku: "HALF-SKU", startedAt }, userId)]);
    await append(app.stores.eventStore, streams.skuReservation(userId, "HALF-SKU"), [event("SkuReserved", { userId, sku: "HALF-SKU", productId }, userId)]);
    const changing = (await owner.post("/api/products", { name: "Changing", sku: "OLD-SKU", category: "Books", price: "1" })).body.id;
    await append(app.stores.eventStore, streams.product(changing), [
      event("ProductSkuChangeStarted", { productId: changing, ownerId: userId, fromSku: "OLD-SKU", toSku: "NEW-SKU", startedAt }, userId),
    ]);
    await append(app.stores.eventStore, streams.skuReservation(userId, "NEW-SKU"), [event("SkuReserved", { userId, sku: "NEW-SKU", productId: changing }, userId)]);
    expect((await owner.delete(`/api/products/${changing}`)).status).toBe(409);

    await nominated(app, `createInvoice-${invoiceId}`);
    await nominated(app, `createProduct-${productId}`);
    await nominated(app, `changeProductSku-${changing}`);
    const young = await resumeUnfinishedProcesses({ eventStore: app.stores.eventStore, readStore: app.stores.readStore, clock: () => new Date(), olderThanMs: 60_000 });
    expect(young.examined).toBe(0);
    const report = await resumeUnfinishedProcesses({
      eventStore: app.stores.eventStore,
      readStore: app.stores.readStore,
      clock: () => new Date(Date.now() + 61_000),
      olderThanMs: 60_000,
    });
    expect(report.failed).toBe(0);
    expect(report.outcomes.compensated).toBeGreaterThanOrEqual(3);

    expect(await heldByNothing(app.sql)).toEqual([]);
    const releases = (await eventsOfType(app.sql, ["InvoiceNumberReleased", "InvoiceQuotaReturned", "SkuReleased"])).filter((e) =>
      [invoiceId, productId, changing].includes(e.data.invoiceId ?? e.data.productId),
    );
    expect(releases.map((e) => [e.type, e.data.process])).toEqual(
      expect.arrayContaining([
        ["InvoiceQuotaReturned", "createInvoice"],
        ["InvoiceNumberReleased", "createInvoice"],
        ["SkuReleased", "createProduct"],
        ["SkuReleased", "changeProductSku"],
      ]),
    );
    for (const release of releases) expect(release.data.reason).toMatch(/STALE/);
    const fences = await eventsOfType(app.sql, ["InvoiceCreationAbandoned", "InvoiceCreationCompensated"]);
    expect(fences.filter((e) => e.data.invoiceId === invoiceId).map((e) => e.type)).toEqual(["InvoiceCreationAbandoned", "InvoiceCreationCompensated"]);

    // Everything it held is free again; a second sweep finds nothing left to do.
    expect((await owner.post("/api/invoices", body("HALF-1"))).status).toBe(201);
    expect((await owner.post("/api/products", { name: "Again", sku: "HALF-SKU", category: "Books", price: "1" })).status).toBe(201);
    expect((await owner.delete(`/api/products/${changing}`)).status).toBe(204);
    expect((await owner.get("/api/invoices")).body.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(["HALF-1"]);
    const again = await resumeUnfinishedProcesses({
      eventStore: app.stores.eventStore,
      readStore: app.stores.readStore,
      clock: () => new Date(Date.now() + 61_000),
      olderThanMs: 60_000,
    });
    expect(again.outcomes.compensated ?? 0).toBe(0);
  });

  it("gives back what a stalled request reserved after recovery had fenced and compensated its process", async () => {
    const { userId } = await business(app);
    const invoiceId = randomUUID();
    const productId = randomUUID();
    const month = "202611";
    const at = new Date().toISOString();
    const why = { reason: "not finished 31 s after it started; recovered by the sweep", code: "STALE", abandonedAt: at };
    // Recovery fenced and compensated both processes (nothing was held yet)...
    await append(app.stores.eventStore, streams.invoice(invoiceId), [
      event("InvoiceCreationStarted", { invoiceId, ownerId: userId, invoiceNumber: "LATE-1", quotaMonth: month, startedAt: at }, userId),
      event("InvoiceCreationAbandoned", { invoiceId, ownerId: userId, ...why }, userId),
      event("InvoiceCreationCompensated", { invoiceId, ownerId: userId, compensatedAt: at }, userId),
    ]);
    await append(app.stores.eventStore, streams.product(productId), [
      event("ProductCreationStarted", { productId, ownerId: userId, sku: "LATE-SKU", startedAt: at }, userId),
      event("ProductCreationAbandoned", { productId, ownerId: userId, ...why }, userId),
      event("ProductCreationCompensated", { productId, ownerId: userId, compensatedAt: at }, userId),
    ]);
    await nominated(app, `createInvoice-${invoiceId}`, "done");
    await nominated(app, `createProduct-${productId}`, "done");
    // ...then the stalled requests woke up, took a slot, a number and a SKU, and died.
    await append(app.stores.eventStore, streams.invoiceQuota(userId, month), [event("InvoiceQuotaUsed", { userId, month, invoiceId, limit: 10 }, userId)]);
    await append(app.stores.eventStore, streams.invoiceNumberReservation(userId, "LATE-1"), [
      event("InvoiceNumberReserved", { userId, invoiceNumber: "LATE-1", invoiceId }, userId),
    ]);
    await append(app.stores.eventStore, streams.skuReservation(userId, "LATE-SKU"), [
      event("SkuReserved", { userId, sku: "LATE-SKU", productId, process: "createProduct" }, userId),
    ]);
    expect(await heldByNothing(app.sql)).toHaveLength(3);
    await nominated(app, `createInvoice-${invoiceId}`, "reopened");
    await nominated(app, `createProduct-${productId}`, "reopened");

    // A reopened process belongs to no running request: the very next sweep gives it back.
    const report = await resumeUnfinishedProcesses({ eventStore: app.stores.eventStore, readStore: app.stores.readStore, clock: () => new Date(), olderThanMs: 60_000 });
    expect(report.failed).toBe(0);
    expect(report.outcomes.released).toBe(2);
    expect(await heldByNothing(app.sql)).toEqual([]);
    await nominated(app, `createInvoice-${invoiceId}`, "done");
    await nominated(app, `createProduct-${productId}`, "done");
    const releases = (await eventsOfType(app.sql, ["InvoiceNumberReleased", "InvoiceQuotaReturned", "SkuReleased"])).filter((e) =>
      [invoiceId, productId].includes(e.data.invoiceId ?? e.data.productId),
    );
    expect(releases).toHaveLength(3);
    for (const release of releases) expect(release.data.reason).toMatch(/had ended when this was taken/);
  });

  it("voids a series number a stalled request took after the fence, when the compensation had already read the series (CGST Rule 46(b): no gap)", async () => {
    const { userId } = await business(app);
    const invoiceId = randomUUID();
    const at = new Date().toISOString();
    const series = { userId, series: "invoice", gstin: "unregistered", financialYear: "2026-27" };
    const seriesStream = streams.documentSeries(userId, series.series, series.gstin, series.financialYear);
    // Recovery fenced the creation and read the series: nothing issued to it yet...
    await append(app.stores.eventStore, streams.invoice(invoiceId), [
      event(
        "InvoiceCreationStarted",
        { invoiceId, ownerId: userId, invoiceNumber: "", quotaMonth: null, startedAt: at, series: { gstin: series.gstin, financialYear: series.financialYear } },
        userId,
      ),
      event("InvoiceCreationAbandoned", { invoiceId, ownerId: userId, reason: "stale", code: "STALE", abandonedAt: at }, userId),
    ]);
    // ...then the stalled request, past its last check, was issued the series' next number...
    await append(app.stores.eventStore, seriesStream, [
      event("DocumentNumberIssued", { ...series, sequence: 1, number: "INV/26-27/0001", documentId: invoiceId, documentDate: at.slice(0, 10), issuedAt: at }, userId),
    ]);
    // ...and the compensation, which had read the series before, ended without voiding it.
    await append(app.stores.eventStore, streams.invoice(invoiceId), [event("InvoiceCreationCompensated", { invoiceId, ownerId: userId, compensatedAt: at }, userId)]);
    expect((await heldByNothing(app.sql)).filter((problem) => problem.includes(invoiceId))).toHaveLength(1);
    await nominated(app, `createInvoice-${invoiceId}`, "reopened");

    const report = await resumeUnfinishedProcesses({ eventStore: app.stores.eventStore, readStore: app.stores.readStore, clock: () => new Date(), olderThanMs: 60_000 });
    expect(report.outcomes.released).toBe(1);
    expect((await heldByNothing(app.sql)).filter((problem) => problem.includes(invoiceId))).toEqual([]);
    const [voided] = (await eventsOfType(app.sql, ["DocumentNumberVoided"])).filter((e) => e.data.documentId === invoiceId);
    expect(voided?.data).toMatchObject({ number: "INV/26-27/0001", sequence: 1 });
    await nominated(app, `createInvoice-${invoiceId}`, "done");
  });
});
