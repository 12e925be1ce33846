/**
 * Issue 11, time travel: `?asOf=` answers a screen as it stood at a past moment, by replaying
 * the business's events recorded up to then through the live projections. One clock drives the
 * app and the log, so events are recorded "last month": in October the business issues P (paid
 * later) and K; in November it is paid P and issues N. As of 31 October 23:59:59 India time every
 * screen differs from today's in exactly P's payment and N.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
if (postgresSkipReason) console.warn(`as-of suite on PostgreSQL skipped: ${postgresSkipReason}`);
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const OCTOBER = new Date("2026-10-29T10:00:00+05:30");
const NOVEMBER = new Date("2026-11-03T11:00:00+05:30");
const OCTOBER_END = "2026-10-31T23:59:59+05:30";
const asOf = (moment: string) => `asOf=${encodeURIComponent(moment)}`;

type Row = { id: string; invoiceNumber: string; status: string; amountPaid: string };
const rowsOf = (body: unknown): Row[] => (Array.isArray(body) ? body : (body as { items: Row[] }).items);

describe.each(backends)("as of a past moment (issue 11) on %s", (backend) => {
  let now = OCTOBER;
  let app: TestApp;
  let owner: ApiClient;
  let product: string;
  let customer: string;
  let P: { id: string; invoiceNumber: string };
  let K: { id: string; invoiceNumber: string };
  let N: { id: string; invoiceNumber: string };

  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => now });
    owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Oils", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: "2026-04-01" })).status).toBe(200);
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    product = (await owner.post("/api/products", { name: "Groundnut oil", sku: `G-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 100, gstRate: 18 }))
      .body.id;
    customer = (await owner.post("/api/customers", { name: "Reddy Retail", gstNumber: "29AABCR1718E1ZL", address: "12 MG Road, Bengaluru" })).body.id;
    const invoice = async (quantity: number) => {
      const subtotal = 1000 * quantity;
      const created = await owner.post("/api/invoices", {
        customerId: customer,
        subtotal: String(subtotal),
        gstAmount: String(subtotal * 0.18),
        total: String(subtotal * 1.18),
        items: [{ productId: product, quantity, price: "1000", gstRate: "18", amount: (subtotal * 1.18).toFixed(2) }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string; invoiceNumber: string };
    };
    P = await invoice(2); // ₹2,360, paid in November
    K = await invoice(1); // ₹1,180, unpaid throughout
    const rent = await owner.post("/api/expenses", { category: "Utilities", description: "Electricity", amount: "500", date: "2026-10-29" });
    expect(rent.status, JSON.stringify(rent.body)).toBe(201);
    now = NOVEMBER;
    const paid = await owner.post(`/api/invoices/${P.id}/payments`, { amount: "2360", date: "2026-11-03", mode: "upi", reference: "UPI-1" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    N = await invoice(3); // ₹3,540, issued in November
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the dashboard as of 31 October differs from today's in exactly P's payment and N, and says which moment it is", async () => {
    const live = (await owner.get("/api/dashboard/stats")).body;
    const past = await owner.get(`/api/dashboard/stats?${asOf(OCTOBER_END)}`);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.headers.get("X-Bahi-As-Of")).toBe("2026-10-31T18:29:59.000Z");
    expect(live.outstanding).toBe(1180 + 3540); // K and N; P paid
    expect(past.body.outstanding).toBe(2360 + 1180); // P and K, nothing paid yet
    const month = (stats: { salesByMonth: { month: string; amount: number }[] }, m: string) => stats.salesByMonth.find((s) => s.month === m)?.amount;
    // October's sales are the same seen from either moment; November's are N's alone, and unknown on 31 October.
    expect(month(past.body, "2026-10")).toBe(month(live, "2026-10"));
    expect(month(past.body, "2026-10")).toBeGreaterThan(0);
    expect(month(past.body, "2026-11")).toBeUndefined();
    expect(month(live, "2026-11")).toBe(month(past.body, "2026-10")); // 3 units then, 3 units since
    expect(past.body.totalSales).toBe(month(past.body, "2026-10")); // "this month" was October then
    const statuses = (stats: { recentInvoices: { id: string; status: string }[] }) => Object.fromEntries(stats.recentInvoices.map((r) => [r.id, r.status]));
    expect(statuses(past.body)).toEqual({ [P.id]: "pending", [K.id]: "pending" });
    expect(statuses(live)).toEqual({ [P.id]: "paid", [K.id]: "pending", [N.id]: "pending" });
  });

  it("the quarter's report as of 31 October differs from today's in exactly N's income and tax and P's payment", async () => {
    const live = (await owner.get("/api/reports?period=this-quarter")).body;
    const past = await owner.get(`/api/reports?period=this-quarter&${asOf(OCTOBER_END)}`);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body).toMatchObject({
      label: "Oct–Dec 2026",
      invoiceCount: 2,
      totalIncome: 3000,
      totalExpenses: 500,
      netProfit: 2500,
      averagePaymentDays: null,
      gst: { outputTax: 540 },
    });
    expect(live).toEqual({
      ...past.body,
      totalIncome: 6000,
      netProfit: 5500,
      profitMargin: 91.7,
      invoiceCount: 3,
      averagePaymentDays: 5, // P: issued 29 Oct, paid 3 Nov
      revenueVsExpenses: [
        { month: "2026-10", revenue: 3000, expenses: 500 }, // the October bill, seen alike from both moments
        { month: "2026-11", revenue: 3000, expenses: 0 },
        { month: "2026-12", revenue: 0, expenses: 0 },
      ],
      gst: { outputTax: 1080, inputTax: 0, netPayable: 1080 },
    });
  });

  it("the invoice list as of 31 October shows P unpaid as it was and no N; its counters are then's", async () => {
    const past = await owner.get(`/api/invoices?limit=20&${asOf(OCTOBER_END)}`);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    const rows = rowsOf(past.body);
    expect(rows.map((r) => [r.id, r.status, r.amountPaid]).sort()).toEqual(
      [
        [P.id, "pending", "0.00"],
        [K.id, "pending", "0.00"],
      ].sort(),
    );
    expect(past.body.summary).toMatchObject({ count: 2, paid: 0, pending: 2, outstanding: "3540.00" });
    const live = (await owner.get("/api/invoices?limit=20")).body;
    expect(rowsOf(live).find((r) => r.id === P.id)).toMatchObject({ status: "paid", amountPaid: "2360.00" });
    expect(live.summary).toMatchObject({ count: 3, paid: 1, pending: 2, outstanding: "4720.00" });
    // Filters and search work as on the live list.
    expect(rowsOf((await owner.get(`/api/invoices?status=paid&${asOf(OCTOBER_END)}`)).body)).toEqual([]);
  });

  it("stock, the customer's ledger and the GSTR-1 preview as of 31 October", async () => {
    const stock = async (query: string) =>
      (rowsOf((await owner.get(`/api/products${query}`)).body) as unknown as { id: string; stock: number }[]).find((p) => p.id === product)!.stock;
    expect(await stock(`?${asOf(OCTOBER_END)}`)).toBe(97);
    expect(await stock("")).toBe(94);

    const past = await owner.get(`/api/customers/${customer}/ledger?${asOf(OCTOBER_END)}`);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body).toMatchObject({ to: "2026-10-31", totalDebit: "3540.00", totalCredit: "0.00", closingBalance: "3540.00" });
    expect(past.body.entries.map((e: { number: string | null }) => e.number)).toEqual([P.invoiceNumber, K.invoiceNumber]);
    const live = (await owner.get(`/api/customers/${customer}/ledger`)).body;
    expect(live).toMatchObject({ to: "2026-11-03", totalDebit: "7080.00", totalCredit: "2360.00", closingBalance: "4720.00" });

    const gstr1 = async (period: string, query = "") => {
      const res = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${period}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { json: { b2b?: { inv: { inum: string }[] }[] } };
    };
    const numbers = (preview: { json: { b2b?: { inv: { inum: string }[] }[] } }) => (preview.json.b2b ?? []).flatMap((b) => b.inv.map((i) => i.inum)).sort();
    // October's return is the same from either moment; November's had nothing on 31 October.
    expect(numbers(await gstr1("102026", `&${asOf(OCTOBER_END)}`))).toEqual([P.invoiceNumber, K.invoiceNumber].sort());
    expect(numbers(await gstr1("102026"))).toEqual([P.invoiceNumber, K.invoiceNumber].sort());
    expect(numbers(await gstr1("112026", `&${asOf(OCTOBER_END)}`))).toEqual([]);
    expect(numbers(await gstr1("112026"))).toEqual([N.invoiceNumber]);
  });

  it("as of this moment, the replay answers exactly what the live read models answer (one implementation of every figure)", async () => {
    const nowParam = asOf(NOVEMBER.toISOString());
    for (const path of [
      "/api/dashboard/stats",
      "/api/reports?period=this-year",
      "/api/invoices?limit=20",
      "/api/expenses",
      "/api/products",
      `/api/customers/${customer}/ledger`,
      "/api/gst/returns/preview?type=GSTR3B&period=102026",
    ]) {
      const live = await owner.get(path);
      const replayed = await owner.get(`${path}${path.includes("?") ? "&" : "?"}${nowParam}`);
      expect(replayed.status, `${path}: ${JSON.stringify(replayed.body)}`).toBe(200);
      expect(replayed.body, path).toEqual(live.body);
    }
    expect(rowsOf((await owner.get(`/api/expenses?${asOf(OCTOBER_END)}`)).body)).toHaveLength(1);
    for (const path of ["/api/reports/pdf?period=this-quarter", `/api/customers/${customer}/ledger/pdf`]) {
      const pdf = await owner.get(`${path}${path.includes("?") ? "&" : "?"}${asOf(OCTOBER_END)}`);
      expect(pdf.status, path).toBe(200);
      expect(pdf.headers.get("content-type"), path).toBe("application/pdf");
      expect(pdf.headers.get("X-Bahi-As-Of"), path).toBe("2026-10-31T18:29:59.000Z");
    }
  });

  it("a date alone means the end of that day in India; another business's books never enter the replay", async () => {
    const byDate = await owner.get(`/api/invoices?${asOf("2026-10-31")}`);
    expect(byDate.headers.get("X-Bahi-As-Of")).toBe("2026-10-31T18:29:59.999Z");
    expect(rowsOf(byDate.body)).toHaveLength(2);
    // The day before anything was recorded: empty books, not someone else's.
    expect(rowsOf((await owner.get(`/api/invoices?${asOf("2026-10-28")}`)).body)).toEqual([]);

    const other = new ApiClient(app.baseUrl);
    await other.register();
    expect(rowsOf((await other.get(`/api/invoices?${asOf(OCTOBER_END)}`)).body)).toEqual([]);
    expect((await other.get(`/api/customers/${customer}/ledger?${asOf(OCTOBER_END)}`)).status).toBe(404);
  });

  it("a write after an as-of read is in the next as-of answer at or after it, and not in one before it", async () => {
    expect(rowsOf((await owner.get(`/api/invoices?${asOf(OCTOBER_END)}`)).body)).toHaveLength(2);
    now = new Date(NOVEMBER.getTime() + 60_000);
    const later = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(rowsOf((await owner.get(`/api/invoices?${asOf(now.toISOString())}`)).body).map((r) => r.id)).toContain(later.body.id);
    expect(rowsOf((await owner.get(`/api/invoices?${asOf(NOVEMBER.toISOString())}`)).body).map((r) => r.id)).not.toContain(later.body.id);
    expect(rowsOf((await owner.get(`/api/invoices?${asOf(OCTOBER_END)}`)).body)).toHaveLength(2);
    now = NOVEMBER;
  });

  it("refuses a malformed or future asOf, and asOf where no screen offers it, with 400 VALIDATION_FAILED; a stranger gets 401", async () => {
    for (const bad of ["yesterday", "2026-02-30", "2026-10-31T25:00", "31/10/2026", ""]) {
      const res = await owner.get(`/api/dashboard/stats?${asOf(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toBe("VALIDATION_FAILED");
    }
    const future = await owner.get(`/api/reports?${asOf("2026-11-03T11:00:01+05:30")}`);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ code: "VALIDATION_FAILED", message: "As of must be a past moment" });
    for (const path of ["/api/customers", `/api/invoices/${P.id}`, "/api/gst/returns"]) {
      const unsupported = await owner.get(`${path}?${asOf(OCTOBER_END)}`);
      expect(unsupported.status, path).toBe(400);
      expect(unsupported.body.code).toBe("VALIDATION_FAILED");
      expect(unsupported.body.message).toContain("the dashboard, reports");
    }
    expect((await new ApiClient(app.baseUrl).get(`/api/dashboard/stats?${asOf(OCTOBER_END)}`)).status).toBe(401);
  });
});
