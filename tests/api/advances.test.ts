/**
 * Issue 10: customer advances — money received before an invoice, recorded against the
 * customer (POST /api/customers/{id}/advances) and applied to their invoices later
 * (POST /api/customers/{id}/advances/{advanceId}/apply). On a fixed clock (today in India is
 * 2026-06-30), on PGlite and PostgreSQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeUnfinishedProcesses } from "@bahi/command-api";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const NOW = new Date("2026-06-30T06:30:00.000Z");
const TODAY = "2026-06-30";

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Oil Mills", stateCode: "27" })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 1000, gstRate: 18 })).body
    .id as string;
  const customer = async (name: string) => (await owner.post("/api/customers", { name, stateCode: "27" })).body.id as string;
  const invoice = async (customerId: string, quantity = 1, issueDate = "2026-06-10") => {
    const created = await owner.post("/api/invoices", {
      customerId,
      issueDate,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  const advance = async (customerId: string, amount: string, date = "2026-06-01", reference: string | undefined = "ADV-1") => {
    const res = await owner.post(`/api/customers/${customerId}/advances`, { amount, date, mode: "upi", reference });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; remaining: string };
  };
  const apply = (customerId: string, advanceId: string, invoiceId: string, amount: string) =>
    owner.post(`/api/customers/${customerId}/advances/${advanceId}/apply`, { invoiceId, amount });
  const advancesOf = async (customerId: string) =>
    (await owner.get(`/api/customers/${customerId}/advances`)).body as { id: string; amount: string; applied: string; remaining: string }[];
  const balanceOf = async (customerId: string) => (await owner.get(`/api/customers/${customerId}/balance`)).body.balance as string;
  return { owner, customer, invoice, advance, apply, advancesOf, balanceOf };
}

describe.each(backends)("customer advances (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => NOW });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("an advance is recorded against the customer, applied to an invoice later; remaining, invoice balance, ledger and /balance agree", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const adv = await b.advance(rao, "5000");
    expect(adv).toMatchObject({ customerId: rao, amount: "5000.00", date: "2026-06-01", mode: "upi", reference: "ADV-1", applied: "0.00", remaining: "5000.00" });
    expect(await b.advancesOf(rao)).toMatchObject([{ id: adv.id, remaining: "5000.00" }]);
    // Received before any invoice: we owe the customer ₹5,000 until it is used.
    expect(await b.balanceOf(rao)).toBe("-5000.00");

    const inv = await b.invoice(rao, 2); // ₹2,360
    const applied = await b.apply(rao, adv.id, inv.id, "2000");
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toMatchObject({ id: inv.id, status: "partially_paid", amountPaid: "2000.00", balanceDue: "360.00" });
    expect(applied.body.payments).toEqual([expect.objectContaining({ amount: "2000.00", date: TODAY, mode: null, reference: "ADV-1", advanceId: adv.id })]);
    expect((await b.owner.get(`/api/invoices/${inv.id}`)).body).toMatchObject({ status: "partially_paid", balanceDue: "360.00" });
    expect(await b.advancesOf(rao)).toMatchObject([{ id: adv.id, applied: "2000.00", remaining: "3000.00" }]);
    // ₹360 owed on the invoice less ₹3,000 still held: −₹2,640, the same in the ledger.
    expect(await b.balanceOf(rao)).toBe("-2640.00");
    const ledger = (await b.owner.get(`/api/customers/${rao}/ledger`)).body;
    expect(ledger.entries.map((e: { date: string; kind: string; debit: string; credit: string; balance: string }) => [e.date, e.kind, e.debit, e.credit, e.balance])).toEqual([
      ["2026-06-01", "advance", "0.00", "5000.00", "-5000.00"],
      ["2026-06-10", "invoice", "2360.00", "0.00", "-2640.00"],
      // Applying moves nothing net.
      ["2026-06-30", "advance", "2000.00", "0.00", "-640.00"],
      ["2026-06-30", "payment", "0.00", "2000.00", "-2640.00"],
    ]);
    expect(ledger.closingBalance).toBe("-2640.00");

    // The rest of the invoice from the advance: paid.
    const rest = await b.apply(rao, adv.id, inv.id, "360");
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect(await b.advancesOf(rao)).toMatchObject([{ remaining: "2640.00" }]);
    expect(await b.balanceOf(rao)).toBe("-2640.00");
  });

  it("more than is left on the advance, or more than the invoice owes, is a 400 that appends nothing; bad input 400; foreign ids 404", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const mehta = await b.customer("Mehta Stores");
    const adv = await b.advance(rao, "1000");
    const inv = await b.invoice(rao, 2); // ₹2,360
    const small = await b.invoice(rao, 1); // ₹1,180
    const before = await countEvents(app.sql);
    const overAdvance = await b.apply(rao, adv.id, inv.id, "1000.01");
    expect(overAdvance.status).toBe(400);
    expect(JSON.stringify(overAdvance.body)).toContain("Only ₹1000.00 is left on this advance");
    const bigAdvance = await b.advance(rao, "5000");
    const afterAdvance = await countEvents(app.sql);
    const overInvoice = await b.apply(rao, bigAdvance.id, small.id, "1180.01");
    expect(overInvoice.status).toBe(400);
    expect(overInvoice.body.code).toBe("PAYMENT_EXCEEDS_BALANCE");
    expect(await countEvents(app.sql)).toBe(afterAdvance);
    expect(afterAdvance).toBe(before + 1);
    for (const body of [
      { amount: "0", date: TODAY, mode: "upi" },
      { amount: "-5", date: TODAY, mode: "upi" },
      { amount: "100", date: "2026-07-01", mode: "upi" },
      { amount: "100", date: TODAY, mode: "barter" },
      { amount: "100" },
    ]) {
      const res = await b.owner.post(`/api/customers/${rao}/advances`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
    expect((await b.apply(rao, adv.id, "not-an-id", "10")).status).toBe(400);
    // The invoice of another customer is refused; the advance is not found under another customer.
    const mehtaInvoice = await b.invoice(mehta, 1);
    const afterInvoice = await countEvents(app.sql);
    expect((await b.apply(rao, adv.id, mehtaInvoice.id, "10")).status).toBe(400);
    expect((await b.apply(mehta, adv.id, mehtaInvoice.id, "10")).status).toBe(404);
    expect(await countEvents(app.sql)).toBe(afterInvoice);

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    expect((await stranger.post(`/api/customers/${rao}/advances`, { amount: "10", date: TODAY, mode: "cash" })).status).toBe(404);
    expect((await stranger.get(`/api/customers/${rao}/advances`)).status).toBe(404);
    expect((await stranger.post(`/api/customers/${rao}/advances/${adv.id}/apply`, { invoiceId: inv.id, amount: "10" })).status).toBe(404);
    expect((await b.owner.post(`/api/customers/${randomUUID()}/advances`, { amount: "10", date: TODAY, mode: "cash" })).status).toBe(404);
    expect((await b.apply(rao, randomUUID(), inv.id, "10")).status).toBe(404);
    expect((await b.advancesOf(rao)).map((a) => a.remaining).sort()).toEqual(["1000.00", "5000.00"]);
  });

  it("10 concurrent applications of one ₹1,000 advance to 10 invoices: exactly one lands", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const adv = await b.advance(rao, "1000");
    const invoices = await Promise.all(Array.from({ length: 10 }, () => b.invoice(rao)));
    const results = await Promise.all(invoices.map((inv) => b.apply(rao, adv.id, inv.id, "1000")));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect(await b.advancesOf(rao)).toMatchObject([{ applied: "1000.00", remaining: "0.00" }]);
    const paid = await Promise.all(invoices.map(async (inv) => (await b.owner.get(`/api/invoices/${inv.id}`)).body.amountPaid as string));
    expect(paid.sort()).toEqual([...Array(9).fill("0.00"), "1000.00"]);
  });

  it("10 advances applied at once to the full balance of one invoice: one lands, the others' reservations are reversed", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const inv = await b.invoice(rao); // ₹1,180
    const advances = [];
    for (let i = 0; i < 10; i++) advances.push(await b.advance(rao, "1180", "2026-06-01", `ADV-${i}`));
    const results = await Promise.all(advances.map((adv) => b.apply(rao, adv.id, inv.id, "1180")));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect((await b.owner.get(`/api/invoices/${inv.id}`)).body).toMatchObject({ status: "paid", amountPaid: "1180.00", balanceDue: "0.00" });
    const remaining = (await b.advancesOf(rao)).map((a) => a.remaining).sort();
    expect(remaining).toEqual(["0.00", ...Array(9).fill("1180.00")]);
    // Ten advances of ₹1,180, one used on the ₹1,180 invoice: we hold ₹10,620 of the customer's.
    expect(await b.balanceOf(rao)).toBe("-10620.00");
  });

  /** What a command-api killed between reserving the advance and paying the invoice leaves in the log. */
  async function halfApplied(b: Awaited<ReturnType<typeof business>>, customerId: string, advanceId: string, invoiceId: string, amountPaise: number) {
    const userId = (await b.owner.get("/api/auth/me")).body.id as string;
    const paymentId = randomUUID();
    const stream = streams.advance(advanceId);
    const current = await app.stores.eventStore.readStream(stream);
    const metadata = { userId, actor: `user:${userId}`, causationId: null, correlationId: randomUUID(), occurredAt: NOW.toISOString(), schemaVersion: 1 };
    const data = { advanceId, ownerId: userId, customerId, invoiceId, paymentId, amountPaise, appliedAt: NOW.toISOString() };
    await app.stores.eventStore.appendToStream(stream, [{ id: randomUUID(), type: "CustomerAdvanceApplied", data, metadata }], current.at(-1)!.revision);
    const deadline = Date.now() + 5000;
    const id = `applyAdvance-${paymentId}`;
    while (!(await app.stores.readStore.find<{ id: string; phase: string }>(collections.processes, { phase: "started" })).some((doc) => doc.id === id)) {
      if (Date.now() > deadline) throw new Error("the processes read model never nominated the application");
      await app.bahi.projector!.catchUp();
    }
    return paymentId;
  }
  /** What the sweep appended is not behind the client's position: read until the projector has it. */
  async function eventually<T>(read: () => Promise<T>, expected: Record<string, unknown>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await app.bahi.projector!.catchUp();
      const body = await read();
      if (Object.entries(expected).every(([key, value]) => (body as Record<string, unknown>)[key] === value)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await read()).toMatchObject(expected);
  }
  const sweep = () =>
    resumeUnfinishedProcesses({ eventStore: app.stores.eventStore, readStore: app.stores.readStore, clock: () => new Date(NOW.getTime() + 61_000), olderThanMs: 60_000 });

  it("a crash after reserving the advance: the recovery sweep pays the invoice under the same payment id, once", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const adv = await b.advance(rao, "5000");
    const inv = await b.invoice(rao);
    const paymentId = await halfApplied(b, rao, adv.id, inv.id, 50000);
    expect((await b.advancesOf(rao))[0]).toMatchObject({ remaining: "4500.00" });
    expect((await b.owner.get(`/api/invoices/${inv.id}`)).body).toMatchObject({ amountPaid: "0.00" });

    expect((await sweep()).outcomes).toMatchObject({ completed: 1 });
    const paid = (await app.stores.eventStore.readStream(streams.invoice(inv.id))).filter((e) => e.type === "InvoicePaymentRecorded");
    expect(paid.map((e) => (e.data as { paymentId: string }).paymentId)).toEqual([paymentId]);
    await eventually(async () => (await b.owner.get(`/api/invoices/${inv.id}`)).body, { status: "partially_paid", amountPaid: "500.00", balanceDue: "680.00" });
    // The sweep again, and the stalled request arriving late, record nothing more.
    await sweep();
    expect((await app.stores.eventStore.readStream(streams.invoice(inv.id))).filter((e) => e.type === "InvoicePaymentRecorded")).toHaveLength(1);
  });

  it("a crash after reserving the advance for an invoice that can no longer take it: the sweep gives the amount back to the advance", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const adv = await b.advance(rao, "5000");
    const inv = await b.invoice(rao);
    await halfApplied(b, rao, adv.id, inv.id, 100000);
    // Meanwhile the customer paid the invoice in full.
    expect((await b.owner.patch(`/api/invoices/${inv.id}/status`, { status: "paid" })).status).toBe(200);
    expect((await sweep()).outcomes).toMatchObject({ compensated: 1 });
    const events = (await app.stores.eventStore.readStream(streams.advance(adv.id))).map((e) => e.type);
    expect(events).toEqual(["CustomerAdvanceReceived", "CustomerAdvanceApplied", "CustomerAdvanceApplicationReversed"]);
    await eventually(async () => (await b.advancesOf(rao))[0], { remaining: "5000.00" });
  });
});
