import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = new Date().toISOString();

describe.each(backends)("expenses on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("records expenses with 18% GST split by the vendor's state, and feeds the dashboard", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" });
    const local = (await owner.post("/api/vendors", { name: "Pune Power", gstNumber: "27AAPFU0939F1ZV" })).body;
    const karnataka = (await owner.post("/api/vendors", { name: "Bengaluru Ads", gstNumber: "29AABCR1718E1ZL" })).body;

    const rent = await owner.post("/api/expenses", { vendorId: local.id, category: "Utilities", description: "Electricity", amount: "1000.50", gstAmount: "999", date: today, vendorInvoiceNumber: "PP/123", vendorInvoiceDate: today });
    expect(rent.status).toBe(201);
    expect(rent.body).toMatchObject({ amount: "1000.50", gstRate: "18", gstAmount: "180.10", cgstAmount: "90.05", sgstAmount: "90.05", igstAmount: "0.00", total: "1180.60", vendor: { name: "Pune Power" }, eligibleForItc: true });
    const ads = await owner.post("/api/expenses", { vendorId: karnataka.id, category: "Marketing", description: "Flyers", amount: "2000", date: today });
    expect(ads.body).toMatchObject({ igstAmount: "360.00", cgstAmount: "0.00", gstAmount: "360.00" });
    const cash = await owner.post("/api/expenses", { category: "Supplies", description: "Tea", amount: "100", date: today, eligibleForItc: false });
    expect(cash.body).toMatchObject({ vendor: null, vendorId: null, gstAmount: "18.00" });

    let stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats.totalExpenses).toBe(3100.5);
    expect(stats.expenseBreakdown).toEqual(expect.arrayContaining([{ category: "Utilities", amount: 1000.5 }, { category: "Marketing", amount: 2000 }, { category: "Supplies", amount: 100 }]));

    const updated = await owner.put(`/api/expenses/${ads.body.id}`, { vendorId: karnataka.id, category: "Travel", description: "Flights", amount: "3000", date: today });
    expect(updated.body).toMatchObject({ category: "Travel", amount: "3000.00", igstAmount: "540.00" });
    expect((await owner.delete(`/api/expenses/${cash.body.id}`)).status).toBe(204);
    stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats.totalExpenses).toBe(4000.5);
    expect(stats.expenseBreakdown).toEqual(expect.arrayContaining([{ category: "Utilities", amount: 1000.5 }, { category: "Travel", amount: 3000 }]));
    expect(stats.expenseBreakdown).toHaveLength(2);
    const list = (await owner.get("/api/expenses")).body;
    expect(list.map((e: { description: string }) => e.description).sort()).toEqual(["Electricity", "Flights"]);

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    stranger.position = owner.position;
    expect((await stranger.get("/api/expenses")).body).toEqual([]);
    expect((await stranger.get(`/api/expenses/${rent.body.id}`)).status).toBe(404);
    expect((await stranger.put(`/api/expenses/${rent.body.id}`, { category: "Other", description: "x", amount: "1", date: today })).status).toBe(404);
    expect((await stranger.delete(`/api/expenses/${rent.body.id}`)).status).toBe(404);
    expect((await stranger.post("/api/expenses", { vendorId: local.id, category: "Other", description: "x", amount: "1", date: today })).body).toEqual({ code: "NOT_FOUND", message: "Vendor not found" });
  });

  it("reports the period's figures and exports them as a PDF", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { companyName: "Report Co", stateCode: "27" });
    const product = (await owner.post("/api/products", { name: "Thing", sku: "T-1", category: "Other", price: "1000", gstRate: 18 })).body.id;
    const customer = (await owner.post("/api/customers", { name: "Buyer" })).body.id;
    await owner.post("/api/invoices", { customerId: customer, invoiceNumber: "R-1", subtotal: "1000", gstAmount: "180", total: "1180", items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }] });
    await owner.post("/api/expenses", { category: "Office Rent", description: "Rent", amount: "590", date: today });
    const report = (await owner.get("/api/reports?period=this-month")).body;
    expect(report).toMatchObject({ period: "this-month", totalIncome: 1180, totalExpenses: 590, netProfit: 590, profitMargin: 50, newCustomers: 1, gst: { outputTax: 180, inputTax: 106.2, netPayable: 73.8 } });
    expect((await owner.get("/api/reports?period=this-year")).body.revenueVsExpenses).toHaveLength(12);
    const pdf = await fetch(`${app.baseUrl}/api/reports/pdf?period=this-quarter`, { headers: { cookie: owner.cookie! } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("rejects bad expenses with SPEC's messages and appends nothing", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const before = await countEvents(app.sql);
    const bad = await owner.post("/api/expenses", { category: "Food", description: "", amount: "", date: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { path: "category", message: "Category is required" },
        { path: "description", message: "Description is required" },
        { path: "amount", message: "Amount is required" },
        { path: "date", message: "Date is required" },
      ]),
    );
    expect((await owner.post("/api/expenses", { category: "Other", description: "x", amount: "12.345", date: today })).status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });
});
