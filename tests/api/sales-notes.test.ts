/** Issue 9, part 3: credit and debit notes (s.34 CGST Act) over the HTTP API, on PGlite and PostgreSQL. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { financialYearOf, previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { eventsOfType } from "../support/reservations.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
/** A day two financial years back: its s.34(2) deadline (30 November after that year) has always passed. */
/** Last month: its returns can be filed. */
const last = previousPeriod(returnPeriodOf(new Date()));
const longAgo = `${Number(fy.slice(0, 4)) - 2}-05-10`;

/** A registered business selling ₹1,000 + 18% hair oil within Maharashtra (CGST 9% + SGST 9%). */
async function business(app: TestApp, registeredSince = `${Number(fy.slice(0, 4)) - 3}-04-01`) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: registeredSince })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const sku = () => `P-${randomBytes(3).toString("hex")}`;
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: sku(), category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })).body.id as string;
  const soap = (await owner.post("/api/products", { name: "Soap", sku: sku(), category: "Other", price: "100", stock: 50, gstRate: 18, hsnCode: "3401" })).body.id as string;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body.id as string;
  const invoice = async (quantity: number, extra: Record<string, unknown> = {}, customerId = customer) => {
    const created = await owner.post("/api/invoices", {
      customerId,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  const stockOf = async (id: string) => ((await owner.get("/api/products")).body as { id: string; stock: number }[]).find((p) => p.id === id)!.stock;
  return { owner, oil, soap, customer, invoice, stockOf };
}

describe.each(backends)("credit and debit notes (issue 9, s.34) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.34(1): a sales-return credit note brings stock back and lowers outstanding, dashboard sales and the invoice's net total exactly", async () => {
    const { owner, oil, invoice, stockOf } = await business(app);
    const a = await invoice(3);
    expect(await stockOf(oil)).toBe(97);
    const before = (await owner.get("/api/dashboard/stats")).body;
    expect(before).toMatchObject({ totalSales: 3000, outstanding: 3540 });

    const note = await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({
      kind: "credit",
      number: `CN/${short}/0001`,
      reason: "sales_return",
      invoiceIds: [a.id],
      invoiceNumbers: [a.invoiceNumber],
      issueDate: today,
      placeOfSupply: "27",
      taxKind: "intra",
      subtotal: "1000.00",
      cgstAmount: "90.00",
      sgstAmount: "90.00",
      igstAmount: "0.00",
      total: "1180.00",
    });
    expect(note.body.items).toEqual([expect.objectContaining({ invoiceId: a.id, productId: oil, quantity: 1, gstRate: "18", taxableValue: "1000.00", amount: "1180.00" })]);

    expect(await stockOf(oil)).toBe(98);
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ totalSales: 2000, outstanding: 2360 });
    expect((await owner.get(`/api/invoices/${a.id}`)).body).toMatchObject({
      total: "3540.00",
      netTotal: "2360.00",
      salesNotes: [{ id: note.body.id, kind: "credit", number: `CN/${short}/0001`, total: "1180.00" }],
    });
    const list = (await owner.get("/api/credit-notes")).body;
    expect(list).toEqual([expect.objectContaining({ id: note.body.id, number: `CN/${short}/0001` })]);
    expect(list[0].facts).toBeUndefined();
    expect((await owner.get(`/api/credit-notes/${note.body.id}`)).body).toMatchObject({ id: note.body.id, total: "1180.00" });
    expect((await owner.get("/api/debit-notes")).body).toEqual([]);

    // With a note against it, the invoice is corrected by notes only: no edit, no cancel (s.34).
    const cancel = await owner.post(`/api/invoices/${a.id}/cancel`, { reason: "Wrong customer" });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toMatch(/credit or debit note against it/);

    // Paid, the invoice owes nothing: its credit note does not leave outstanding below zero.
    expect((await owner.patch(`/api/invoices/${a.id}/status`, { status: "paid" })).status).toBe(200);
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ totalSales: 2000, outstanding: 0 });
  });

  it("s.34(3): a debit note adds to sales and outstanding and leaves stock; a discount credit note leaves stock", async () => {
    const { owner, oil, invoice, stockOf } = await business(app);
    const a = await invoice(2);
    const debit = await owner.post("/api/debit-notes", { invoiceId: a.id, reason: "correction", items: [{ productId: oil, quantity: 2, price: "50" }] });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    expect(debit.body).toMatchObject({ kind: "debit", number: `DN/${short}/0001`, subtotal: "100.00", total: "118.00" });
    const discount = await owner.post("/api/credit-notes", { invoiceIds: [a.id], reason: "post_sale_discount", items: [{ productId: oil, quantity: 2, price: "25.50" }] });
    expect(discount.status, JSON.stringify(discount.body)).toBe(201);
    // ₹51 taxable, ₹4.59 + ₹4.59 tax = ₹60.18, rounded to the rupee (the business rounds): ₹60.
    expect(discount.body).toMatchObject({ subtotal: "51.00", cgstAmount: "4.59", sgstAmount: "4.59", roundOff: "-0.18", total: "60.00" });
    expect(await stockOf(oil)).toBe(98);
    expect((await owner.get("/api/dashboard/stats")).body).toMatchObject({ totalSales: 2049, outstanding: 2360 + 118 - 60 });
    expect((await owner.get(`/api/invoices/${a.id}`)).body.netTotal).toBe("2418.00");
    expect(((await owner.get("/api/debit-notes")).body as unknown[]).length).toBe(1);
    // A debit note is not found as a credit note.
    expect((await owner.get(`/api/credit-notes/${debit.body.id}`)).status).toBe(404);
  });

  it("Rule 46(b): credit notes take their own consecutive series CN/…/0001, 0002", async () => {
    const { owner, oil, invoice } = await business(app);
    const a = await invoice(5);
    const numbers: string[] = [];
    for (let n = 0; n < 2; n++) {
      const note = await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
      expect(note.status).toBe(201);
      numbers.push(note.body.number);
    }
    expect(numbers).toEqual([`CN/${short}/0001`, `CN/${short}/0002`]);
    // The invoice series is untouched by the notes.
    expect((await owner.get("/api/invoices/next-number")).body.number).toBe(`INV/${short}/0002`);
  });

  it("s.34(1): a credit note may not take more taxable value than the invoice has left after earlier credit notes (400)", async () => {
    const { owner, oil, invoice } = await business(app);
    const a = await invoice(2);
    expect((await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] })).status).toBe(201);
    const before = await countEvents(app.sql);
    const over = await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 2, price: "1000" }] });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain(`Invoice ${a.invoiceNumber} has 1000.00 of taxable value left to credit`);
    expect(await countEvents(app.sql)).toBe(before);
    // What is left can still be credited.
    expect((await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] })).status).toBe(201);
  });

  it("s.34(1): one credit note against two invoices of the customer credits each the line its item names", async () => {
    const { owner, oil, invoice } = await business(app);
    const a = await invoice(2);
    const b = await invoice(3);
    const note = await owner.post("/api/credit-notes", {
      invoiceIds: [a.id, b.id],
      reason: "sales_return",
      items: [
        { invoiceId: b.id, productId: oil, quantity: 2, price: "1000" },
        { invoiceId: a.id, productId: oil, quantity: 1, price: "1000" },
      ],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.items.map((line: { invoiceId: string; quantity: number }) => [line.invoiceId, line.quantity])).toEqual([
      [b.id, 2],
      [a.id, 1],
    ]);
    expect((await owner.get(`/api/invoices/${a.id}`)).body.netTotal).toBe("1180.00");
    expect((await owner.get(`/api/invoices/${b.id}`)).body.netTotal).toBe("1180.00");
    const other = await invoice(1);
    const stray = await owner.post("/api/credit-notes", {
      invoiceIds: [a.id],
      reason: "sales_return",
      items: [{ invoiceId: other.id, productId: oil, quantity: 1, price: "1000" }],
    });
    expect(stray.status).toBe(400);
    expect(stray.body.errors).toEqual([{ path: "items.0.invoiceId", message: "This line's invoice is not one of the note's invoices" }]);
  });

  it("s.34(1): six credit notes racing on one invoice never credit more than its taxable value; the losers' numbers are voided", async () => {
    const { owner, oil, invoice } = await business(app);
    const a = await invoice(2);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] })),
    );
    const won = raced.filter((r) => r.status === 201);
    const lost = raced.filter((r) => r.status !== 201);
    expect(won).toHaveLength(2);
    expect(lost.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(lost.every((r) => JSON.stringify(r.body).includes(`Invoice ${a.invoiceNumber} has 0.00 of taxable value left to credit`))).toBe(true);
    const detail = await owner.get(`/api/invoices/${a.id}`);
    expect(detail.body.netTotal).toBe("0.00");
    const numbers = (await eventsOfType(app.sql, ["DocumentNumberIssued", "DocumentNumberVoided"])).filter(
      (e) => e.data.userId === detail.body.userId && e.data.series === "credit-note",
    );
    const issuedFor = new Set(numbers.filter((e) => e.type === "DocumentNumberIssued").map((e) => e.data.documentId));
    const voidedFor = numbers.filter((e) => e.type === "DocumentNumberVoided");
    // Whoever lost after taking a number gave it back; a loser refused before taking one took none.
    expect(issuedFor.size - voidedFor.length).toBe(2);
    // The invoice can be edited again only if every share was withdrawn: two notes stand, so it cannot.
    const edit = await owner.put(`/api/invoices/${a.id}`, {
      customerId: detail.body.customerId,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: oil, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });
    expect(edit.status).toBe(409);
  });

  it("s.34(2): a credit note after 30 November following the invoice's financial year is refused (409) and appends nothing", async () => {
    const { owner, oil, invoice } = await business(app);
    const old = await invoice(1, { issueDate: longAgo, dueDate: longAgo });
    const before = await countEvents(app.sql);
    const late = await owner.post("/api/credit-notes", { invoiceId: old.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("CONFLICT");
    expect(late.body.message).toContain(`s.34(2)`);
    expect(late.body.message).toContain(`${Number(longAgo.slice(0, 4)) + 1}-11-30`);
    expect(await countEvents(app.sql)).toBe(before);
    // A debit note has no such limit.
    expect((await owner.post("/api/debit-notes", { invoiceId: old.id, reason: "correction", items: [{ productId: oil, quantity: 1, price: "10" }] })).status).toBe(201);
  });

  it("s.39 / design §4: a note dated in a period whose GSTR-1 is filed is refused (409 PERIOD_FILED, appending nothing) until the user confirms moving it to the next open period", async () => {
    const { owner, oil, invoice } = await business(app, last.from);
    const a = await invoice(2, { issueDate: last.from, dueDate: last.from });
    const filed = await owner.post("/api/gst/file-gstr1", { period: last.fp });
    expect(filed.status, JSON.stringify(filed.body)).toBeLessThan(300);
    const before = await countEvents(app.sql);
    const refused = await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", issueDate: last.to, items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("PERIOD_FILED");
    expect(refused.body.reportIn).toBe(returnPeriodOf(new Date()));
    expect(await countEvents(app.sql)).toBe(before);
    // Confirmed, the note keeps its date and is reported in the next open period (this month's).
    const moved = await owner.post("/api/credit-notes", {
      invoiceId: a.id,
      reason: "sales_return",
      issueDate: last.to,
      reportInNextOpenPeriod: true,
      items: [{ productId: oil, quantity: 1, price: "1000" }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body).toMatchObject({ issueDate: last.to, reportingPeriod: returnPeriodOf(new Date()) });
    // Dated today (an open period) a note is issued without asking.
    expect((await owner.post("/api/credit-notes", { invoiceId: a.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] })).status).toBe(201);
  });

  it("a note against another business's invoice is 404; a cancelled invoice 409; bad input 400; all append nothing", async () => {
    const mine = await business(app);
    const theirs = await business(app);
    const foreign = await theirs.invoice(1);
    const cancelled = await mine.invoice(1);
    expect((await mine.owner.post(`/api/invoices/${cancelled.id}/cancel`, { reason: "Raised twice" })).status).toBe(200);
    const a = await mine.invoice(1);
    const otherCustomer = (await mine.owner.post("/api/customers", { stateCode: "27", name: "Other" })).body.id as string;
    const b = await mine.invoice(1, {}, otherCustomer);
    const item = [{ productId: mine.oil, quantity: 1, price: "1000" }];
    const before = await countEvents(app.sql);

    expect(
      (await mine.owner.post("/api/credit-notes", { invoiceId: foreign.id, reason: "sales_return", items: [{ productId: theirs.oil, quantity: 1, price: "1000" }] })).status,
    ).toBe(404);
    expect((await mine.owner.post("/api/credit-notes", { invoiceId: cancelled.id, reason: "sales_return", items: item })).status).toBe(409);
    const refusals = [
      { invoiceId: a.id, reason: "goodwill", items: item },
      { invoiceId: a.id, reason: "sales_return", items: [] },
      { reason: "sales_return", items: item },
      { invoiceId: "not-an-id", reason: "sales_return", items: item },
      { invoiceId: a.id, reason: "sales_return", items: [{ productId: mine.soap, quantity: 1, price: "100" }] },
      { invoiceId: a.id, reason: "sales_return", items: [{ productId: mine.oil, quantity: 0, price: "1000" }] },
      { invoiceId: a.id, reason: "sales_return", items: [{ productId: mine.oil, quantity: 1, price: "abc" }] },
      { invoiceId: a.id, reason: "sales_return", issueDate: "2026-02-30", items: item },
      { invoiceIds: [a.id, b.id], reason: "sales_return", items: item },
    ];
    for (const body of refusals) {
      const response = await mine.owner.post("/api/credit-notes", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await mine.owner.get(`/api/credit-notes/${foreign.id}`)).status).toBe(404);
    expect(await countEvents(app.sql)).toBe(before);

    const theirNote = await theirs.owner.post("/api/credit-notes", {
      invoiceId: foreign.id,
      reason: "sales_return",
      items: [{ productId: theirs.oil, quantity: 1, price: "1000" }],
    });
    expect(theirNote.status).toBe(201);
    expect((await mine.owner.get(`/api/credit-notes/${theirNote.body.id}`)).status).toBe(404);
    expect((await mine.owner.get("/api/credit-notes")).body).toEqual([]);
  });
});
