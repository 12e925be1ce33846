import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { OVERDUE_QUEUE } from "@bahi/command-api";
import { InProcessJobQueue } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());

/** A business selling ₹1,000 + 18% (₹1,180) within Maharashtra. */
async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  await owner.put("/api/profile", { stateCode: "27" });
  const product = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 1000, gstRate: 18 }))
    .body.id as string;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Rao Traders" })).body.id as string;
  const invoice = async (extra: Record<string, unknown> = {}) => {
    const created = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  const paymentEvents = async (invoiceId: string) => (await app.stores.eventStore.readStream(`invoice-${invoiceId}`)).filter((e) => e.type === "InvoicePaymentRecorded");
  return { owner, product, customer, invoice, paymentEvents };
}

/** Catches the projector up until `done` (the read model on PostgreSQL can lag the write by a moment). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) {
    await app_.bahi.projector!.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
let app_: TestApp;

describe.each(backends)("payments against invoices (issue 10) on %s", (backend) => {
  const jobs = new InProcessJobQueue();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { jobs });
    app_ = app;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Mark Paid (SPEC) and part payments: partial then full payment moves status, balance, outstanding and the dashboard exactly", async () => {
    const { owner, invoice } = await business(app);
    const a = await invoice();
    await invoice(); // a second, untouched ₹1,180 invoice
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "pending", amountPaid: "0.00", balanceDue: "1180.00" });

    const part = await owner.post(`/api/invoices/${a.id}/payments`, { amount: "500.50", date: today, mode: "upi", reference: "UPI-991" });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ id: a.id, status: "partially_paid", amountPaid: "500.50", balanceDue: "679.50" });
    expect(part.body.payments).toEqual([{ id: expect.any(String), amount: "500.50", date: today, mode: "upi", reference: "UPI-991", recordedAt: expect.any(String) }]);
    const shown = (await owner.get(`/api/invoices/${a.id}`)).body;
    expect(shown).toMatchObject({ status: "partially_paid", amountPaid: "500.50", balanceDue: "679.50", paidAt: null });
    expect(shown.payments).toHaveLength(1);
    const stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats).toMatchObject({ outstanding: 1859.5 });
    expect(stats.recentInvoices.find((r: { id: string }) => r.id === a.id)).toMatchObject({ status: "partially_paid" });

    // A partly paid invoice can no longer be edited or cancelled.
    expect((await owner.post(`/api/invoices/${a.id}/cancel`, { reason: "wrong" })).status).toBe(409);

    const rest = await owner.post(`/api/invoices/${a.id}/payments`, { amount: 679.5, date: today, mode: "cash" });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ status: "paid", amountPaid: "1180.00", balanceDue: "0.00", paidAt: today });
    expect(rest.body.payments.map((p: { amount: string; mode: string; reference: string | null }) => [p.amount, p.mode, p.reference])).toEqual([
      ["500.50", "upi", "UPI-991"],
      ["679.50", "cash", null],
    ]);
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "paid", amountPaid: "1180.00", balanceDue: "0.00" });
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ outstanding: 1180 });

    // Nothing left: one paisa more is refused and appends nothing.
    const before = await countEvents(app.sql);
    const over = await owner.post(`/api/invoices/${a.id}/payments`, { amount: "0.01", date: today, mode: "cash" });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "PAYMENT_EXCEEDS_BALANCE", message: expect.stringMatching(/nothing left to pay/) });
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("Mark Paid (SPEC) on a partly paid invoice receives exactly the balance", async () => {
    const { owner, invoice, paymentEvents } = await business(app);
    const a = await invoice();
    await owner.post(`/api/invoices/${a.id}/payments`, { amount: "180", date: today, mode: "cheque", reference: "CHQ 000123" });
    const marked = await owner.patch(`/api/invoices/${a.id}/status`, { status: "paid" });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: a.id, status: "paid", amountPaid: "1180.00", balanceDue: "0.00" });
    expect((await paymentEvents(a.id)).map((e) => e.data as { amountPaise: number; mode: string | null; settles: boolean }).map((d) => [d.amountPaise, d.mode, d.settles])).toEqual(
      [
        [18000, "cheque", false],
        [100000, null, true],
      ],
    );
    expect((await owner.patch(`/api/invoices/${a.id}/status`, { status: "paid" })).status).toBe(409);
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ outstanding: 0 });
  });

  it("an overdue invoice (past due, not fully paid) is paid partly, stays overdue, then fully", async () => {
    const { owner, invoice } = await business(app);
    const late = await invoice({ issueDate: "2026-01-10", dueDate: "2026-01-20" });
    const partlyPaid = await invoice({ issueDate: "2026-01-10", dueDate: "2026-01-20" });
    await owner.post(`/api/invoices/${partlyPaid.id}/payments`, { amount: "100", date: "2026-01-12", mode: "upi" });
    // The sweep takes its candidates from the read model: wait until it has both (PostgreSQL's projector lags a moment).
    await until(async () => (await owner.get(`/api/invoices/${partlyPaid.id}`)).body.status === "partially_paid" && (await owner.get(`/api/invoices/${late.id}`)).status === 200);
    const sweep = `sweep-${randomUUID()}`;
    await jobs.enqueue(OVERDUE_QUEUE, sweep, {});
    expect(await jobs.outcome(OVERDUE_QUEUE, sweep, 10_000)).toMatchObject({ state: "completed", result: { marked: 2 } });
    await until(async () => (await owner.get(`/api/invoices/${partlyPaid.id}`)).body.status === "overdue");
    expect((await owner.get(`/api/invoices/${late.id}`)).body).toMatchObject({ status: "overdue", balanceDue: "1180.00" });
    expect((await owner.get(`/api/invoices/${partlyPaid.id}`)).body).toMatchObject({ status: "overdue", amountPaid: "100.00", balanceDue: "1080.00" });

    const part = await owner.post(`/api/invoices/${late.id}/payments`, { amount: "1000", date: today, mode: "bank_transfer", reference: "NEFT N123" });
    expect(part.body).toMatchObject({ status: "overdue", amountPaid: "1000.00", balanceDue: "180.00" });
    const full = await owner.post(`/api/invoices/${late.id}/payments`, { amount: "180", date: today, mode: "card" });
    expect(full.body).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect((await owner.patch(`/api/invoices/${partlyPaid.id}/status`, { status: "paid" })).body).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ outstanding: 0 });
  });

  it("10 concurrent payments of the full balance: exactly one lands, the rest are PAYMENT_EXCEEDS_BALANCE", async () => {
    const { owner, invoice, paymentEvents } = await business(app);
    const a = await invoice();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => owner.post(`/api/invoices/${a.id}/payments`, { amount: "1180", date: today, mode: "upi", reference: `R${i}` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400 && r.body.code === "PAYMENT_EXCEEDS_BALANCE")).toHaveLength(9);
    expect(await paymentEvents(a.id)).toHaveLength(1);
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "paid", amountPaid: "1180.00", balanceDue: "0.00" });
  });

  it("above the balance is a 400 that appends nothing; bad input is a 400; another business's invoice is a 404", async () => {
    const { owner, invoice } = await business(app);
    const a = await invoice({ issueDate: "2026-02-01" });
    const before = await countEvents(app.sql);
    const over = await owner.post(`/api/invoices/${a.id}/payments`, { amount: "1180.01", date: today, mode: "upi" });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: "PAYMENT_EXCEEDS_BALANCE",
      balanceDue: "1180.00",
      message: "Invoice " + a.invoiceNumber + " has ₹1180.00 left to pay; this payment is ₹1180.01",
    });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ date: today, mode: "upi" }, /Amount is required/],
      [{ amount: "abc", date: today, mode: "upi" }, /Amount must be an amount/],
      [{ amount: "0", date: today, mode: "upi" }, /more than 0/],
      [{ amount: "-5", date: today, mode: "upi" }, /Amount must be an amount/],
      [{ amount: "10.005", date: today, mode: "upi" }, /Amount must be an amount/],
      [{ amount: "10", mode: "upi" }, /Payment date is required/],
      [{ amount: "10", date: "2026-02-30", mode: "upi" }, /Payment date/],
      [{ amount: "10", date: today, mode: "bitcoin" }, /Mode must be one of/],
      [{ amount: "10", date: "2026-01-31", mode: "cash" }, /before the invoice date/],
      [{ amount: "10", date: "2099-01-01", mode: "cash" }, /in the future/],
      [{ amount: "10", date: today, mode: "cash", reference: "x".repeat(101) }, /at most 100/],
    ];
    for (const [body, message] of bad) {
      const answer = await owner.post(`/api/invoices/${a.id}/payments`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_FAILED");
      expect(answer.body.message).toMatch(message);
    }
    expect(await countEvents(app.sql)).toBe(before);

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    const afterRegister = await countEvents(app.sql);
    expect((await stranger.post(`/api/invoices/${a.id}/payments`, { amount: "10", date: today, mode: "upi" })).status).toBe(404);
    expect((await stranger.patch(`/api/invoices/${a.id}/status`, { status: "paid" })).status).toBe(404);
    expect((await owner.post(`/api/invoices/${randomUUID()}/payments`, { amount: "10", date: today, mode: "upi" })).status).toBe(404);
    expect((await owner.post(`/api/invoices/not-an-id/payments`, { amount: "10", date: today, mode: "upi" })).status).toBe(404);
    expect(await countEvents(app.sql)).toBe(afterRegister);
  });

  it("s.34: a credit note on a partly paid invoice lowers the balance, never below 0, and outstanding counts only what is owed", async () => {
    const { owner, invoice, product } = await business(app);
    const a = await invoice();
    await owner.post(`/api/invoices/${a.id}/payments`, { amount: "700", date: today, mode: "upi" });
    const note = await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: product, quantity: 1, price: "1000" }] });
    expect(note.status).toBe(201);
    // Credited ₹1,180 against ₹480 left: nothing is owed (the ₹700 received is owed back), never a negative balance.
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ netTotal: "0.00", amountPaid: "700.00", balanceDue: "0.00" });
    const over = await owner.post(`/api/invoices/${a.id}/payments`, { amount: "1", date: today, mode: "upi" });
    expect(over.body.code).toBe("PAYMENT_EXCEEDS_BALANCE");
    // What another invoice owes is not hidden by the refund due on this one: the dashboard, the
    // invoice list's counter and the aging total are one sum of balances due (outstandingPaiseOf).
    await invoice();
    expect((await owner.get("/api/dashboard/stats")).body.outstanding).toBe(1180);
    expect((await owner.get("/api/invoices?limit=1")).body.summary.outstanding).toBe("1180.00");
    expect((await owner.get("/api/reports/aging")).body.total).toBe("1180.00");
    // Mark Paid settles it without money: what was received stays ₹700.
    expect((await owner.patch(`/api/invoices/${a.id}/status`, { status: "paid" })).body).toMatchObject({ status: "paid", amountPaid: "700.00", balanceDue: "0.00" });
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "paid", amountPaid: "700.00", balanceDue: "0.00" });
  });

  it("s.34: an invoice fully credited before any payment is settled by Mark Paid with nothing received", async () => {
    const { owner, invoice, product, paymentEvents } = await business(app);
    const a = await invoice();
    expect((await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: product, quantity: 1, price: "1000" }] })).status).toBe(201);
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "pending", balanceDue: "0.00", amountPaid: "0.00" });
    expect((await owner.patch(`/api/invoices/${a.id}/status`, { status: "paid" })).status).toBe(200);
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({ status: "paid", amountPaid: "0.00", balanceDue: "0.00" });
    expect(await paymentEvents(a.id)).toEqual([]);
  });
});
