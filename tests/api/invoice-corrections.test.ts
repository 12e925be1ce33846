import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { financialYearOf, previousPeriod, returnPeriodOf, type ReturnPeriod } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
const current = returnPeriodOf(new Date());
const last = previousPeriod(current);
const first = previousPeriod(previousPeriod(last));
const on = (p: ReturnPeriod, day: number) => `${p.from.slice(0, 8)}${String(day).padStart(2, "0")}`;

/** A registered business (GSTIN, registered three months back) selling ₹1,000 + 18% hair oil within Maharashtra. */
async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: first.from })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const sku = () => `P-${randomBytes(3).toString("hex")}`;
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: sku(), category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })).body.id as string;
  const soap = (await owner.post("/api/products", { name: "Soap", sku: sku(), category: "Other", price: "100", stock: 50, gstRate: 18, hsnCode: "3401" })).body.id as string;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body.id as string;
  /** The create (and edit) body: `quantity` of hair oil at ₹1,000, 18% (CGST 9% + SGST 9%). */
  const body = (quantity: number, extra: Record<string, unknown> = {}, productId = oil) => ({
    customerId: customer,
    subtotal: String(1000 * quantity),
    gstAmount: String(180 * quantity),
    total: String(1180 * quantity),
    items: [{ productId, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    ...extra,
  });
  const stockOf = async (id: string) => ((await owner.get("/api/products")).body as { id: string; stock: number }[]).find((p) => p.id === id)!.stock;
  const gstr1 = async (period: string) => (await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${period}`)).body;
  return { owner, oil, soap, customer, body, stockOf, gstr1 };
}

describe.each(backends)("invoice edit and cancel (issue 9) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.31 / Rule 46: an edit keeps the number and moves totals, stock, dashboard, outstanding and GSTR-1 exactly", async () => {
    const { owner, oil, soap, body, stockOf, gstr1 } = await business(app);
    const a = await owner.post("/api/invoices", body(2));
    const b = await owner.post("/api/invoices", body(1));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.invoiceNumber).toBe(`INV/${short}/0001`);

    // Two lines now: 5 hair oil and 3 soap at ₹100 (taxable 5,300, tax 954, total 6,254).
    const edited = await owner.put(`/api/invoices/${a.body.id}`, {
      ...body(5),
      subtotal: "5300",
      gstAmount: "954",
      total: "6254",
      items: [
        { productId: oil, quantity: 5, price: "1000", gstRate: "18", amount: "5900.00" },
        { productId: soap, quantity: 3, price: "100", gstRate: "18", amount: "354.00" },
      ],
      notes: "Corrected quantity",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: a.body.id,
      invoiceNumber: `INV/${short}/0001`,
      subtotal: "5300.00",
      cgstAmount: "477.00",
      sgstAmount: "477.00",
      total: "6254.00",
      status: "pending",
      notes: "Corrected quantity",
    });

    const shown = (await owner.get(`/api/invoices/${a.body.id}`)).body;
    expect(shown).toMatchObject({ invoiceNumber: `INV/${short}/0001`, total: "6254.00", revisions: 1, revisedAt: expect.any(String), createdAt: a.body.createdAt });
    expect(shown.items.map((i: { quantity: number }) => i.quantity)).toEqual([5, 3]);
    expect([await stockOf(oil), await stockOf(soap)]).toEqual([100 - 5 - 1, 50 - 3]);

    const stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats).toMatchObject({ totalSales: 6300, outstanding: 7434 });
    expect(stats.recentInvoices.find((r: { id: string }) => r.id === a.body.id)).toMatchObject({ total: "6254.00" });

    const preview = await gstr1(current);
    expect(preview.totals).toMatchObject({ totalTaxableValue: "6300.00", totalTax: "1134.00" });
    expect(preview.json.doc_issue.doc_det[0].docs).toEqual([{ num: 1, from: `INV/${short}/0001`, to: `INV/${short}/0002`, totnum: 2, cancel: 0, net_issue: 2 }]);

    // The issue date may move within the number's financial year, and the figures follow it again.
    const again = await owner.put(`/api/invoices/${a.body.id}`, { ...body(1), issueDate: today, invoiceNumber: `inv/${short}/0001` });
    expect(again.body).toMatchObject({ total: "1180.00" });
    expect((await owner.get(`/api/invoices/${a.body.id}`)).body.revisions).toBe(2);
    expect([await stockOf(oil), await stockOf(soap)]).toEqual([98, 50]);
  });

  it("s.34 / GSTR-1 Table 13: a cancelled invoice leaves sales, stock, outstanding and the return, and counts in doc_issue cancel", async () => {
    const { owner, oil, body, stockOf, gstr1 } = await business(app);
    const a = await owner.post("/api/invoices", body(2));
    const b = await owner.post("/api/invoices", body(3));
    expect(await stockOf(oil)).toBe(95);

    const cancelled = await owner.post(`/api/invoices/${b.body.id}/cancel`, { reason: "Raised twice by mistake" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: b.body.id, status: "cancelled", cancelReason: "Raised twice by mistake" });
    expect((await owner.get(`/api/invoices/${b.body.id}`)).body).toMatchObject({
      status: "cancelled",
      cancelReason: "Raised twice by mistake",
      cancelledAt: expect.any(String),
      invoiceNumber: b.body.invoiceNumber,
    });
    expect(await stockOf(oil)).toBe(98);

    const stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats).toMatchObject({ totalSales: 2000, outstanding: 2360 });
    expect(stats.recentInvoices.find((r: { id: string }) => r.id === b.body.id)).toMatchObject({ status: "cancelled" });

    const preview = await gstr1(current);
    expect(preview.totals).toMatchObject({ totalTaxableValue: "2000.00", totalTax: "360.00" });
    expect(preview.json.b2cs).toEqual([expect.objectContaining({ txval: 2000, camt: 180, samt: 180 })]);
    expect(preview.json.doc_issue.doc_det[0].docs).toEqual([{ num: 1, from: a.body.invoiceNumber, to: b.body.invoiceNumber, totnum: 2, cancel: 1, net_issue: 1 }]);
    const threeB = (await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${current}`)).body;
    expect(threeB.json.sup_details.osup_det).toMatchObject({ txval: 2000, camt: 180, samt: 180 });

    // Afterwards only a credit note: no second cancel, no edit, no payment.
    const before = await countEvents(app.sql);
    expect((await owner.post(`/api/invoices/${b.body.id}/cancel`, { reason: "Again" })).status).toBe(409);
    expect((await owner.put(`/api/invoices/${b.body.id}`, body(1))).body).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/cancelled invoice cannot be changed/),
    });
    expect((await owner.patch(`/api/invoices/${b.body.id}/status`, { status: "paid" })).status).toBe(409);
    expect(await countEvents(app.sql)).toBe(before);

    // The next invoice still takes the next number: a cancelled number is used up.
    expect((await owner.post("/api/invoices", body(1))).body.invoiceNumber).toBe(`INV/${short}/0003`);
  });

  it("a paid invoice cannot be edited or cancelled (409), and nothing is recorded", async () => {
    const { owner, body } = await business(app);
    const a = await owner.post("/api/invoices", body(1));
    expect((await owner.patch(`/api/invoices/${a.body.id}/status`, { status: "paid" })).status).toBe(200);
    const before = await countEvents(app.sql);
    const edit = await owner.put(`/api/invoices/${a.body.id}`, body(2));
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "CONFLICT", message: "A paid invoice cannot be changed" });
    expect((await owner.post(`/api/invoices/${a.body.id}/cancel`, { reason: "Wrong customer" })).body).toMatchObject({
      code: "CONFLICT",
      message: "A paid invoice cannot be changed",
    });
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("an invoice in a filed GSTR-1 period: 409 PERIOD_FILED naming the credit or debit note; moving an issue date into a filed period likewise", async () => {
    const { owner, body } = await business(app);
    const old = await owner.post("/api/invoices", body(1, { issueDate: on(first, 10), invoiceNumber: "OLD-1" }));
    const later = await owner.post("/api/invoices", body(1, { issueDate: on(last, 10), invoiceNumber: "LATER-1" }));
    expect([old.status, later.status]).toEqual([201, 201]);
    expect((await owner.post("/api/gst/file-gstr1", { period: first.fp })).body).toMatchObject({ success: true });

    const before = await countEvents(app.sql);
    const edit = await owner.put(`/api/invoices/${old.body.id}`, body(2, { issueDate: on(first, 10) }));
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "PERIOD_FILED", message: expect.stringMatching(/GSTR-1 .* is already filed.*issue a credit or debit note instead/) });
    expect((await owner.post(`/api/invoices/${old.body.id}/cancel`, { reason: "Wrong customer" })).body).toMatchObject({ code: "PERIOD_FILED" });
    if (financialYearOf(on(first, 10)) === financialYearOf(on(last, 10))) {
      expect((await owner.put(`/api/invoices/${later.body.id}`, body(1, { issueDate: on(first, 12) }))).body).toMatchObject({ code: "PERIOD_FILED" });
    }
    expect(await countEvents(app.sql)).toBe(before);
    // The unfiled one still changes.
    expect((await owner.put(`/api/invoices/${later.body.id}`, body(2, { issueDate: on(last, 11) }))).status).toBe(200);
  });

  it("someone else's invoice is a 404; bad input is a 400 that records nothing", async () => {
    const { owner, body } = await business(app);
    const a = await owner.post("/api/invoices", body(1));
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    const before = await countEvents(app.sql);
    expect((await stranger.put(`/api/invoices/${a.body.id}`, body(2))).status).toBe(404);
    expect((await stranger.post(`/api/invoices/${a.body.id}/cancel`, { reason: "Mine now" })).status).toBe(404);
    expect((await owner.put("/api/invoices/00000000-0000-4000-8000-000000000000", body(2))).status).toBe(404);
    expect((await owner.post("/api/invoices/not-an-id/cancel", { reason: "x" })).status).toBe(404);

    const bad = [
      await owner.post(`/api/invoices/${a.body.id}/cancel`, {}),
      await owner.post(`/api/invoices/${a.body.id}/cancel`, { reason: "   " }),
      await owner.post(`/api/invoices/${a.body.id}/cancel`, { reason: "x".repeat(201) }),
      await owner.put(`/api/invoices/${a.body.id}`, body(2, { invoiceNumber: "OTHER-9" })),
      await owner.put(`/api/invoices/${a.body.id}`, body(2, { issueDate: `${fy.slice(0, 4)}-03-20` })),
      await owner.put(`/api/invoices/${a.body.id}`, { ...body(2), items: [] }),
      await owner.put(`/api/invoices/${a.body.id}`, { ...body(2), total: "1" }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(bad[3]!.body.errors[0]).toMatchObject({ path: "invoiceNumber", message: expect.stringContaining(a.body.invoiceNumber) });
    expect(bad[4]!.body.errors[0]).toMatchObject({ path: "issueDate", message: expect.stringContaining(fy) });
    expect(await countEvents(app.sql)).toBe(before);
  });
});
