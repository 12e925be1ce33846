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

  // Issue 8 changed two figures here: the GST typed from the bill must now be within ₹1 of
  // rate × amount (it was ignored), and a bill without a supplier GSTIN carries no GST (s.9(1)).
  // An intra-state bill's GST is rounded once and split: CGST = round(GST / 2), SGST the rest.
  it("records expenses with 18% GST split by the vendor's state, and feeds the dashboard", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" });
    const local = (await owner.post("/api/vendors", { name: "Pune Power", gstNumber: "27AAPFU0939F1ZV" })).body;
    const karnataka = (await owner.post("/api/vendors", { name: "Bengaluru Ads", gstNumber: "29AABCR1718E1ZL" })).body;

    const rent = await owner.post("/api/expenses", {
      vendorId: local.id,
      category: "Utilities",
      description: "Electricity",
      amount: "1000.50",
      date: today,
      vendorInvoiceNumber: "PP/123",
      vendorInvoiceDate: today,
    });
    expect(rent.status).toBe(201);
    expect(rent.body).toMatchObject({
      amount: "1000.50",
      gstRate: "18",
      gstAmount: "180.09",
      cgstAmount: "90.05",
      sgstAmount: "90.04",
      igstAmount: "0.00",
      total: "1180.59",
      vendor: { name: "Pune Power" },
      eligibleForItc: true,
    });
    expect(rent.body).toMatchObject({
      documentType: "bill",
      taxability: "taxable",
      reverseCharge: false,
      selfInvoiceNumber: null,
      itcDefault: true,
      recipientGstin: "27AAPFU0939F1ZV",
      businessStateCode: "27",
      placeOfSupply: "27",
    });
    const ads = await owner.post("/api/expenses", { vendorId: karnataka.id, category: "Marketing", description: "Flyers", amount: "2000", date: today });
    expect(ads.body).toMatchObject({ igstAmount: "360.00", cgstAmount: "0.00", gstAmount: "360.00" });
    const cash = await owner.post("/api/expenses", { category: "Supplies", description: "Tea", amount: "100", date: today, eligibleForItc: false, itcReason: "Staff tea" });
    expect(cash.body).toMatchObject({ vendor: null, vendorId: null, gstAmount: "0.00", total: "100.00", eligibleForItc: false, itcReason: "Staff tea" });

    let stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats.totalExpenses).toBe(3100.5);
    expect(stats.expenseBreakdown).toEqual(
      expect.arrayContaining([
        { category: "Utilities", amount: 1000.5 },
        { category: "Marketing", amount: 2000 },
        { category: "Supplies", amount: 100 },
      ]),
    );

    const updated = await owner.put(`/api/expenses/${ads.body.id}`, { vendorId: karnataka.id, category: "Travel", description: "Flights", amount: "3000", date: today });
    expect(updated.body).toMatchObject({ category: "Travel", amount: "3000.00", igstAmount: "540.00" });
    expect((await owner.delete(`/api/expenses/${cash.body.id}`)).status).toBe(204);
    stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats.totalExpenses).toBe(4000.5);
    expect(stats.expenseBreakdown).toEqual(
      expect.arrayContaining([
        { category: "Utilities", amount: 1000.5 },
        { category: "Travel", amount: 3000 },
      ]),
    );
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
    expect((await stranger.post("/api/expenses", { vendorId: local.id, category: "Other", description: "x", amount: "1", date: today })).body).toEqual({
      code: "NOT_FOUND",
      message: "Vendor not found",
    });
  });

  it("reports the period's figures and exports them as a PDF", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { companyName: "Report Co", stateCode: "27" });
    const product = (await owner.post("/api/products", { name: "Thing", sku: "T-1", category: "Other", price: "1000", gstRate: 18 })).body.id;
    const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Buyer" })).body.id;
    await owner.post("/api/invoices", {
      customerId: customer,
      invoiceNumber: "R-1",
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });
    await owner.post("/api/expenses", { category: "Office Rent", description: "Rent", amount: "590", date: today });
    const report = (await owner.get("/api/reports?period=this-month")).body;
    // The gst figures come from the GSTR-3B engine since issue 8 (tested with the returns).
    expect(report).toMatchObject({ period: "this-month", totalExpenses: 590, expenseCount: 1, newCustomers: 1 });
    expect((await owner.get("/api/reports?period=this-year")).body.revenueVsExpenses).toHaveLength(12);
    const pdf = await fetch(`${app.baseUrl}/api/reports/pdf?period=this-quarter`, { headers: { cookie: owner.cookie! } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
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

  describe("purchase documents (issue 8)", () => {
    /** A business in Maharashtra with a local, an out-of-state and an unregistered supplier. */
    async function business() {
      const owner = new ApiClient(app.baseUrl);
      await owner.register();
      await owner.put("/api/profile", { companyName: "Kulkarni Traders", gstNumber: "27AAPFU0939F1ZV" });
      const local = (await owner.post("/api/vendors", { name: "Pune Dairy", gstNumber: "27AABCU9603R1ZN" })).body;
      const karnataka = (await owner.post("/api/vendors", { name: "Bengaluru Ads", gstNumber: "29AABCR1718E1ZL" })).body;
      const landlord = (await owner.post("/api/vendors", { name: "Mr Joshi (landlord)" })).body;
      return { owner, local, karnataka, landlord };
    }
    const BILL_DATE = "2026-11-10";

    it("Notification 2/2017-CT(R), s.9(1): a nil-rated bill has no GST; 5% and 40% bills split by the states", async () => {
      const { owner, local, karnataka } = await business();
      const milk = await owner.post("/api/expenses", { vendorId: local.id, category: "Supplies", description: "Milk", amount: "1000", date: BILL_DATE, taxability: "nil" });
      expect(milk.status).toBe(201);
      expect(milk.body).toMatchObject({ taxability: "nil", gstRate: "0", gstAmount: "0.00", cgstAmount: "0.00", sgstAmount: "0.00", igstAmount: "0.00", total: "1000.00" });

      const intra = await owner.post("/api/expenses", { vendorId: local.id, category: "Supplies", description: "Paneer", amount: "1000", gstRate: "5", date: BILL_DATE });
      expect(intra.body).toMatchObject({
        gstRate: "5",
        gstAmount: "50.00",
        cgstAmount: "25.00",
        sgstAmount: "25.00",
        igstAmount: "0.00",
        total: "1050.00",
        reportingPeriod: "112026",
      });
      const inter = await owner.post("/api/expenses", { vendorId: karnataka.id, category: "Marketing", description: "Hoardings", amount: "1000", gstRate: 5, date: BILL_DATE });
      expect(inter.body).toMatchObject({ gstAmount: "50.00", cgstAmount: "0.00", sgstAmount: "0.00", igstAmount: "50.00" });
      const luxury = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Other",
        description: "Aerated drinks for resale",
        amount: "1000",
        gstRate: "40",
        date: BILL_DATE,
      });
      expect(luxury.body).toMatchObject({ gstAmount: "400.00", cgstAmount: "200.00", sgstAmount: "200.00" });
      // The GST typed from the bill wins within ₹1 (suppliers round per line).
      const typed = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "Ghee",
        amount: "1000",
        gstRate: "5",
        gstAmount: "50.60",
        date: BILL_DATE,
      });
      expect(typed.body).toMatchObject({ gstAmount: "50.60", cgstAmount: "25.30", sgstAmount: "25.30" });
    });

    it("GST 2.0: a rate not in force on the bill date is refused naming the rates, and nothing is appended", async () => {
      const { owner, local, landlord } = await business();
      const before = await countEvents(app.sql);
      const old = await owner.post("/api/expenses", { vendorId: local.id, category: "Supplies", description: "Old slab", amount: "1000", gstRate: "12", date: BILL_DATE });
      expect(old.status).toBe(400);
      expect(old.body.errors).toEqual([{ path: "gstRate", message: "GST rate 12% is not in force on 2026-11-10 (rates then: 0, 5, 18, 40)" }]);
      const typo = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "Typo",
        amount: "1000",
        gstRate: "5",
        gstAmount: "80",
        date: BILL_DATE,
      });
      expect(typo.body.errors).toEqual([{ path: "gstAmount", message: "GST amount ₹80.00 does not match 5% of ₹1000.00 (₹50.00)" }]);
      const unregistered = await owner.post("/api/expenses", {
        vendorId: landlord.id,
        category: "Office Rent",
        description: "Rent",
        amount: "1000",
        gstAmount: "180",
        date: BILL_DATE,
      });
      expect(unregistered.body.errors).toEqual([{ path: "gstAmount", message: "A supplier without a GSTIN cannot charge GST" }]);
      const noService = await owner.post("/api/expenses", {
        vendorId: landlord.id,
        category: "Office Rent",
        description: "Rent",
        amount: "1000",
        reverseCharge: true,
        date: BILL_DATE,
      });
      expect(noService.body.errors).toEqual([expect.objectContaining({ path: "reverseChargeService" })]);
      const badFields = await owner.post("/api/expenses", {
        category: "Supplies",
        description: "x",
        amount: "1",
        date: BILL_DATE,
        documentType: "receipt",
        taxability: "zero",
        gstRate: "lots",
        isCapitalGoods: "yes",
      });
      expect(badFields.status).toBe(400);
      expect(badFields.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["documentType", "gstRate", "isCapitalGoods", "taxability"]);
      expect(await countEvents(app.sql)).toBe(before);

      // The bill's own date decides: a bill of 21 Sep 2025 entered later still carries 12%.
      const oldSlab = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "Old slab",
        amount: "1000",
        gstRate: "12",
        date: BILL_DATE,
        vendorInvoiceDate: "2025-09-21",
      });
      expect(oldSlab.body).toMatchObject({ gstRate: "12", gstAmount: "120.00" });
    });

    it("s.17(5)(b)(i): food and beverages default to no ITC, and claiming it needs a reason", async () => {
      const { owner, local } = await business();
      const lunch = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Food & Beverages",
        description: "Team lunch",
        amount: "1000",
        gstRate: "5",
        date: BILL_DATE,
      });
      expect(lunch.status).toBe(201);
      expect(lunch.body).toMatchObject({ eligibleForItc: false, itcDefault: false, itcReason: null, gstAmount: "50.00" });

      const before = await countEvents(app.sql);
      const claimed = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Food & Beverages",
        description: "Team lunch",
        amount: "1000",
        gstRate: "5",
        date: BILL_DATE,
        eligibleForItc: true,
      });
      expect(claimed.status).toBe(400);
      expect(claimed.body.errors).toEqual([{ path: "itcReason", message: "Give a reason for claiming ITC on Food & Beverages: its credit is blocked by s.17(5)(b)(i)" }]);
      expect(await countEvents(app.sql)).toBe(before);

      const reasoned = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Food & Beverages",
        description: "Catering resold",
        amount: "1000",
        gstRate: "5",
        date: BILL_DATE,
        eligibleForItc: true,
        itcReason: "Outward supply of the same category (s.17(5)(b) proviso)",
        isCapitalGoods: false,
      });
      expect(reasoned.body).toMatchObject({ eligibleForItc: true, itcDefault: false, itcReason: "Outward supply of the same category (s.17(5)(b) proviso)" });
      const machine = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Equipment",
        description: "Lathe",
        amount: "100000",
        date: BILL_DATE,
        isCapitalGoods: true,
      });
      expect(machine.body).toMatchObject({ isCapitalGoods: true, eligibleForItc: true, gstAmount: "18000.00" });
    });

    it("s.9(3), Notification 13/2017-CT(R) entry 5AB: rent from an unregistered landlord is taxed on the business with consecutive self-invoices (s.31(3)(f))", async () => {
      const { owner, landlord } = await business();
      const rent = { vendorId: landlord.id, category: "Office Rent", description: "Shop rent", amount: "50000", reverseCharge: true, reverseChargeService: "renting-unregistered" };
      const october = await owner.post("/api/expenses", { ...rent, date: "2026-10-05" });
      expect(october.status).toBe(201);
      expect(october.body).toMatchObject({
        reverseCharge: true,
        reverseChargeService: "renting-unregistered",
        selfInvoiceNumber: "RCM/26-27/0001",
        gstRate: "18",
        gstAmount: "9000.00",
        cgstAmount: "4500.00",
        sgstAmount: "4500.00",
        total: "50000.00",
      });
      const november = await owner.post("/api/expenses", { ...rent, date: BILL_DATE });
      expect(november.body.selfInvoiceNumber).toBe("RCM/26-27/0002");
      // An edit keeps the number issued; a new financial year starts a new series.
      const edited = await owner.put(`/api/expenses/${october.body.id}`, { ...rent, description: "Shop rent, October", date: "2026-10-05" });
      expect(edited.body).toMatchObject({ selfInvoiceNumber: "RCM/26-27/0001", description: "Shop rent, October" });
      const april = await owner.post("/api/expenses", { ...rent, date: "2027-04-05" });
      expect(april.body.selfInvoiceNumber).toBe("RCM/27-28/0001");
      // A plain bill gets none.
      const plain = await owner.post("/api/expenses", { vendorId: landlord.id, category: "Office Rent", description: "Maintenance", amount: "1000", date: BILL_DATE });
      expect(plain.body).toMatchObject({ selfInvoiceNumber: null, gstAmount: "0.00" });
    });

    it("s.34: a supplier's credit note against a bill reduces the expenses; a foreign bill is not found", async () => {
      const { owner, local, karnataka } = await business();
      const bill = (await owner.post("/api/expenses", { vendorId: local.id, category: "Supplies", description: "Stationery", amount: "1000", date: today })).body;
      const note = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "Returned paper",
        amount: "200",
        date: today,
        documentType: "credit_note",
        againstExpenseId: bill.id,
        vendorInvoiceNumber: "CN-7",
      });
      expect(note.status).toBe(201);
      expect(note.body).toMatchObject({ documentType: "credit_note", againstExpenseId: bill.id, amount: "200.00", gstAmount: "36.00", cgstAmount: "18.00", sgstAmount: "18.00" });
      expect((await owner.get("/api/dashboard/stats")).body.totalExpenses).toBe(800);
      expect((await owner.get(`/api/reports?period=this-month`)).body.totalExpenses).toBe(800);
      await owner.delete(`/api/expenses/${note.body.id}`);
      expect((await owner.get("/api/dashboard/stats")).body.totalExpenses).toBe(1000);

      const before = await countEvents(app.sql);
      const otherVendor = await owner.post("/api/expenses", {
        vendorId: karnataka.id,
        category: "Supplies",
        description: "x",
        amount: "10",
        date: today,
        documentType: "credit_note",
        againstExpenseId: bill.id,
      });
      expect(otherVendor.status).toBe(400);
      expect(otherVendor.body.errors).toEqual([{ path: "vendorId", message: "A note must come from the bill's vendor (Pune Dairy)" }]);
      const debit = (
        await owner.post("/api/expenses", {
          vendorId: local.id,
          category: "Supplies",
          description: "Freight",
          amount: "50",
          date: today,
          documentType: "debit_note",
          againstExpenseId: bill.id,
        })
      ).body;
      const afterDebit = await countEvents(app.sql);
      const noteOnNote = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "x",
        amount: "10",
        date: today,
        documentType: "credit_note",
        againstExpenseId: debit.id,
      });
      expect(noteOnNote.body.errors).toEqual([{ path: "againstExpenseId", message: "A credit or debit note must be against a bill, not another note" }]);
      const orphan = await owner.post("/api/expenses", { vendorId: local.id, category: "Supplies", description: "x", amount: "10", date: today, documentType: "credit_note" });
      expect(orphan.body.errors).toEqual([{ path: "againstExpenseId", message: "A credit or debit note must name the bill it is against" }]);
      expect(await countEvents(app.sql)).toBe(afterDebit);
      expect(afterDebit).toBeGreaterThan(before);

      const stranger = await business();
      const foreign = await stranger.owner.post("/api/expenses", {
        vendorId: stranger.local.id,
        category: "Supplies",
        description: "x",
        amount: "10",
        date: today,
        documentType: "credit_note",
        againstExpenseId: bill.id,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ code: "NOT_FOUND", message: "Bill not found" });
      const missing = await owner.post("/api/expenses", {
        vendorId: local.id,
        category: "Supplies",
        description: "x",
        amount: "10",
        date: today,
        documentType: "credit_note",
        againstExpenseId: "00000000-0000-4000-8000-000000000000",
      });
      expect(missing.status).toBe(404);
    });
  });
});
