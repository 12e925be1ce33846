import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeUnfinishedProcesses } from "@bahi/command-api";
import { indianDateOf } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { financialYearOf } from "@bahi/shared/returns";
import type { NewEvent } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { eventsOfType, heldByNothing } from "../support/reservations.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
/** A day of the previous financial year (20 March before this year's 1 April). */
const lastYearDay = `${fy.slice(0, 4)}-03-20`;
const lastShort = `${String(Number(fy.slice(2, 4)) - 1).padStart(2, "0")}-${fy.slice(2, 4)}`;
const GSTIN = "27AAPFU0939F1ZV";

const event = (type: string, data: unknown, userId: string): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { userId, actor: `user:${userId}`, causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

async function business(app: TestApp, profile: Record<string, unknown> = {}) {
  const owner = new ApiClient(app.baseUrl);
  const user = await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, ...profile })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const product = await owner.post("/api/products", { name: "Pen", sku: `PEN-${randomUUID().slice(0, 8)}`, category: "Books", price: "100", stock: 1000, hsnCode: "9608" });
  const customer = await owner.post("/api/customers", { name: "Regular", stateCode: "27" });
  expect([product.status, customer.status]).toEqual([201, 201]);
  const items = [{ productId: product.body.id, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }];
  const body = (extra: Record<string, unknown> = {}) => ({ customerId: customer.body.id, dueDate: null, items, subtotal: "100.00", gstAmount: "18.00", total: "118.00", ...extra });
  return { owner, userId: user.id as string, body };
}

describe.each(backends)("invoice number series (Rule 46(b)) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Rule 46(b): 20 concurrent creates without a number get 20 consecutive numbers, no gap, no duplicate", async () => {
    const { owner, body } = await business(app);
    expect((await owner.get(`/api/invoices/next-number?issueDate=${today}`)).body).toEqual({ number: `INV/${short}/0001`, documentType: "taxInvoice" });
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => owner.post("/api/invoices", body(i % 2 === 0 ? {} : { invoiceNumber: "" }))));
    expect(created.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = created.map((r) => r.body.invoiceNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV/${short}/${String(i + 1).padStart(4, "0")}`));
    expect((await owner.get("/api/invoices/next-number")).body).toEqual({ number: `INV/${short}/0021`, documentType: "taxInvoice" });
    expect(await heldByNothing(app.sql)).toEqual([]);
  });

  it("a typed number still works; a typed future number of the series is a 400; next-number checks its date", async () => {
    const { owner, body } = await business(app);
    expect((await owner.post("/api/invoices", body({ invoiceNumber: "OWN-7" }))).body.invoiceNumber).toBe("OWN-7");
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0001`);
    const future = await owner.post("/api/invoices", body({ invoiceNumber: `inv/${short}/0002` }));
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ path: "invoiceNumber", message: expect.stringMatching(/leave the number empty to get it/) });
    // A past number of the series is simply taken.
    expect((await owner.post("/api/invoices", body({ invoiceNumber: `INV/${short}/0001` }))).status).toBe(409);
    expect((await owner.get("/api/invoices/next-number?issueDate=2025-02-30")).status).toBe(400);
  });

  it("the series is per financial year: an invoice dated in the previous year starts that year's series", async () => {
    const { owner, body } = await business(app);
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0001`);
    const last = await owner.post("/api/invoices", body({ issueDate: lastYearDay }));
    expect(last.status).toBe(201);
    expect(last.body.invoiceNumber).toBe(`INV/${lastShort}/0001`);
    expect((await owner.get(`/api/invoices/next-number?issueDate=${lastYearDay}`)).body).toEqual({ number: `INV/${lastShort}/0002`, documentType: "taxInvoice" });
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0002`);
  });

  it("the prefix comes from the profile (1-5 characters, starting with a letter)", async () => {
    const { owner, body } = await business(app, { invoicePrefix: "RS-A" });
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`RS-A/${short}/0001`);
    for (const bad of ["1AB", "ABCDEF", "A/B", "-A"]) {
      const refused = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, invoicePrefix: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe("invoicePrefix");
    }
    // Not sent: kept. The same year's series goes on under the new prefix.
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN })).body.invoicePrefix).toBe("RS-A");
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, invoicePrefix: "B" })).body.invoicePrefix).toBe("B");
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`B/${short}/0002`);
  });

  it("a creation that fails after its number was issued voids it, and GSTR-1 Table 13 counts it cancelled", async () => {
    const { owner, userId, body } = await business(app);
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0001`);
    // Another request took 0002 as a typed number in the instant between its check and its reservation.
    const racer = randomUUID();
    const taken = `INV/${short}/0002`;
    await app.stores.eventStore.appendToStream(
      streams.invoiceNumberReservation(userId, taken),
      [event("InvoiceNumberReserved", { userId, invoiceNumber: taken, invoiceId: racer }, userId)],
      "no_stream",
    );
    const lost = await owner.post("/api/invoices", body());
    expect(lost.status).toBe(409);
    const voids = (await eventsOfType(app.sql, ["DocumentNumberVoided"])).filter((e) => e.data.userId === userId);
    expect(voids.map((e) => [e.data.number, e.data.sequence])).toEqual([[taken, 2]]);
    // The racer's hold is the only thing the test itself left; give it back to check the rest.
    await app.stores.eventStore.appendToStream(
      streams.invoiceNumberReservation(userId, taken),
      [event("InvoiceNumberReleased", { userId, invoiceNumber: taken, invoiceId: racer }, userId)],
      0,
    );
    expect(await heldByNothing(app.sql)).toEqual([]);

    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0003`);
    const fp = `${today.slice(5, 7)}${today.slice(0, 4)}`;
    const preview = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${fp}`);
    expect(preview.status).toBe(200);
    expect(preview.body.json.doc_issue.doc_det[0].docs).toEqual([{ num: 1, from: `INV/${short}/0001`, to: `INV/${short}/0003`, totnum: 3, cancel: 1, net_issue: 2 }]);
  });

  it("the recovery sweep voids the number of a creation a crash left half-done", async () => {
    const { owner, userId, body } = await business(app);
    const invoiceId = randomUUID();
    const startedAt = new Date().toISOString();
    const series = { gstin: GSTIN, financialYear: fy };
    const number = `INV/${short}/0001`;
    await app.stores.eventStore.appendToStream(
      streams.invoice(invoiceId),
      [event("InvoiceCreationStarted", { invoiceId, ownerId: userId, invoiceNumber: "", quotaMonth: null, startedAt, series }, userId)],
      "no_stream",
    );
    await app.stores.eventStore.appendToStream(
      streams.documentSeries(userId, "invoice", GSTIN, fy),
      [event("DocumentNumberIssued", { userId, series: "invoice", ...series, sequence: 1, number, documentId: invoiceId, documentDate: today, issuedAt: startedAt }, userId)],
      "no_stream",
    );
    expect(await heldByNothing(app.sql)).toEqual([expect.stringMatching(/was not voided/)]);
    const deadline = Date.now() + 5000;
    while (
      !(await app.stores.readStore.find<{ id: string }>(collections.processes, { phase: "started" })).some((d) => d.id === `createInvoice-${invoiceId}`) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const report = await resumeUnfinishedProcesses({
      eventStore: app.stores.eventStore,
      readStore: app.stores.readStore,
      clock: () => new Date(Date.now() + 61_000),
      olderThanMs: 60_000,
    });
    expect(report.outcomes.compensated).toBeGreaterThanOrEqual(1);
    expect(await heldByNothing(app.sql)).toEqual([]);
    const voided = (await eventsOfType(app.sql, ["DocumentNumberVoided"])).filter((e) => e.data.documentId === invoiceId);
    expect(voided.map((e) => [e.data.number, e.data.reason])).toEqual([[number, expect.stringMatching(/STALE/)]]);
    expect((await owner.post("/api/invoices", body())).body.invoiceNumber).toBe(`INV/${short}/0002`);
  });
});
