/**
 * Issue 10: the aging of receivables, GET /api/reports/aging, on a fixed clock (today in India
 * is 2026-06-30). Buckets by days past due: "Not due" (on or before the due date), "0–30"
 * (1–30 days past due), 31–60, 61–90, 90+. On PGlite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
/** Noon in India on 2026-06-30. */
const NOW = new Date("2026-06-30T06:30:00.000Z");
const AS_OF = "2026-06-30";

/** A business on the Professional plan selling ₹1,000 + 18% hair oil, customers by name. */
async function business(app: TestApp, companyName: string) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName, stateCode: "27" })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 1000, gstRate: 18 })).body
    .id as string;
  const customer = async (name: string) => (await owner.post("/api/customers", { name, stateCode: "27" })).body.id as string;
  /** An invoice of `quantity` oils (₹1,180 each) due on `dueDate` (issued the same day unless said). */
  const invoice = async (customerId: string, dueDate: string | null, extra: Record<string, unknown> = {}, quantity = 1) => {
    const created = await owner.post("/api/invoices", {
      customerId,
      issueDate: dueDate ?? AS_OF,
      dueDate,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  return { owner, oil, customer, invoice };
}

describe.each(backends)("aging of receivables (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => NOW });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.31 CGST Act invoices bucketed by days past due: boundaries 0|1, 30|31, 60|61, 90|91 exact; part payments and credit notes count, paid and cancelled do not", async () => {
    const { owner, oil, customer, invoice } = await business(app, "Rao Stores");
    const rao = await customer("Rao Traders");
    const mehta = await customer("Mehta Stores");
    const due0 = await invoice(rao, "2026-06-30");
    const future = await invoice(rao, "2026-07-15", { issueDate: "2026-06-20" });
    const due1 = await invoice(rao, "2026-06-29");
    const due30 = await invoice(rao, "2026-05-31");
    const due31 = await invoice(rao, "2026-05-30");
    const due60 = await invoice(rao, "2026-05-01");
    const due61 = await invoice(mehta, "2026-04-30");
    const due90 = await invoice(rao, "2026-04-01");
    const due91 = await invoice(mehta, "2026-03-31");
    // No due date: due on its issue date, 29 days ago.
    const undated = await invoice(rao, null, { issueDate: "2026-06-01" });
    // Part paid 10 days past due: its balance, ₹680, counts.
    const part = await invoice(rao, "2026-06-20");
    expect((await owner.post(`/api/invoices/${part.id}/payments`, { amount: "500", date: "2026-06-25", mode: "upi" })).status).toBe(201);
    // Two oils (₹2,360) due 46 days ago, one returned on a credit note: ₹1,180 left.
    const noted = await invoice(rao, "2026-05-15", {}, 2);
    const note = await owner.post("/api/credit-notes", { invoiceId: noted.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // Paid and cancelled invoices owe nothing.
    const paid = await invoice(rao, "2026-03-01");
    expect((await owner.patch(`/api/invoices/${paid.id}/status`, { status: "paid" })).status).toBe(200);
    const cancelled = await invoice(rao, "2026-03-01");
    expect((await owner.post(`/api/invoices/${cancelled.id}/cancel`, { reason: "Wrong customer" })).status).toBe(200);

    // Another business's overdue invoices are not counted.
    const other = await business(app, "Other Co");
    await other.invoice(await other.customer("Someone Else"), "2026-01-01");

    const aging = await owner.get("/api/reports/aging");
    expect(aging.status).toBe(200);
    expect(aging.body.asOf).toBe(AS_OF);
    expect(aging.body.buckets).toEqual([
      { key: "notDue", label: "Not due", amount: "2360.00", count: 2 },
      { key: "d0_30", label: "0–30 days", amount: "4220.00", count: 4 },
      { key: "d31_60", label: "31–60 days", amount: "3540.00", count: 3 },
      { key: "d61_90", label: "61–90 days", amount: "2360.00", count: 2 },
      { key: "d90plus", label: "90+ days", amount: "1180.00", count: 1 },
    ]);
    expect(aging.body.total).toBe("13660.00");

    const byId = new Map((aging.body.invoices as { id: string; bucket: string; daysPastDue: number; balanceDue: string; dueDate: string }[]).map((row) => [row.id, row]));
    const expected: [typeof due0, string, number, string][] = [
      [due0, "notDue", 0, "1180.00"],
      [future, "notDue", -15, "1180.00"],
      [due1, "d0_30", 1, "1180.00"],
      [due30, "d0_30", 30, "1180.00"],
      [undated, "d0_30", 29, "1180.00"],
      [part, "d0_30", 10, "680.00"],
      [due31, "d31_60", 31, "1180.00"],
      [due60, "d31_60", 60, "1180.00"],
      [noted, "d31_60", 46, "1180.00"],
      [due61, "d61_90", 61, "1180.00"],
      [due90, "d61_90", 90, "1180.00"],
      [due91, "d90plus", 91, "1180.00"],
    ];
    for (const [doc, bucket, daysPastDue, balanceDue] of expected) expect(byId.get(doc.id), doc.invoiceNumber).toMatchObject({ bucket, daysPastDue, balanceDue });
    expect(byId.get(undated.id)!.dueDate).toBe("2026-06-01");
    expect(byId.has(paid.id)).toBe(false);
    expect(byId.has(cancelled.id)).toBe(false);
    expect(byId.size).toBe(12);
    // Most overdue first.
    const days = (aging.body.invoices as { daysPastDue: number }[]).map((row) => row.daysPastDue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(aging.body.invoices[0]).toMatchObject({ id: due91.id, customerName: "Mehta Stores", invoiceNumber: due91.invoiceNumber });

    expect(aging.body.customers).toEqual([
      { customerId: rao, name: "Rao Traders", notDue: "2360.00", d0_30: "4220.00", d31_60: "3540.00", d61_90: "1180.00", d90plus: "0.00", total: "11300.00" },
      { customerId: mehta, name: "Mehta Stores", notDue: "0.00", d0_30: "0.00", d31_60: "0.00", d61_90: "1180.00", d90plus: "1180.00", total: "2360.00" },
    ]);

    // ?asOf= overrides the clock: a month on, the invoice due today is 31 days past due.
    const later = await owner.get("/api/reports/aging?asOf=2026-07-31");
    expect(later.status).toBe(200);
    expect(later.body.asOf).toBe("2026-07-31");
    expect((later.body.invoices as { id: string }[]).find((row) => row.id === due0.id)).toMatchObject({ daysPastDue: 31, bucket: "d31_60" });
    expect(later.body.buckets[0]).toMatchObject({ key: "notDue", amount: "0.00", count: 0 });
    expect(later.body.total).toBe("13660.00");

    // The other business sees only its own.
    const theirs = await other.owner.get("/api/reports/aging");
    expect(theirs.body.total).toBe("1180.00");
    expect(theirs.body.invoices).toHaveLength(1);
  });

  it("a business owed nothing gets empty buckets; a bad asOf is a 400 with a message; no session is a 401", async () => {
    const { owner } = await business(app, "Empty Co");
    const empty = await owner.get("/api/reports/aging");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ asOf: AS_OF, total: "0.00", customers: [], invoices: [] });
    expect(empty.body.buckets.map((b: { amount: string; count: number }) => [b.amount, b.count])).toEqual(Array(5).fill(["0.00", 0]));
    for (const bad of ["2026-02-30", "yesterday", "30-06-2026", "2026-06-30T00:00:00Z"]) {
      const refused = await owner.get(`/api/reports/aging?asOf=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(refused.body), bad).toMatch(/asOf must be a date like 2026-03-31/);
    }
    expect((await new ApiClient(app.baseUrl).get("/api/reports/aging")).status).toBe(401);
  });
});
