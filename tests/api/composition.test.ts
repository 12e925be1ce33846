import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER, COMPOSITION_DECLARATION, indianDateOf } from "@bahi/shared/contract";
import { cmp08QuarterOf, financialYearOf, previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
const current = returnPeriodOf(new Date());
const last = previousPeriod(current).fp;
const quarter = cmp08QuarterOf(today);
const GSTIN = "27AAPFU0939F1ZV";
const sku = () => `P-${randomBytes(3).toString("hex")}`;

describe.each(backends)("composition, unregistered and exempt supplies (issue 9) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  const pdf = async (owner: ApiClient, id: string, query = "") => {
    const response = await fetch(`${app.baseUrl}/api/invoices/${id}/pdf${query}`, {
      headers: { cookie: owner.cookie!, ...(owner.position ? { [AFTER_HEADER]: owner.position } : {}) },
    });
    expect(response.status).toBe(200);
    return pdfText(Buffer.from(await response.arrayBuffer())).text;
  };

  /** A business in Maharashtra with a taxable product (₹1,000, 18%), an exempt one (₹500) and a local customer. */
  async function business(profile: Record<string, unknown>) {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const saved = await owner.put("/api/profile", { companyName: "Patil Kirana", ...profile });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const oil = await owner.post("/api/products", { name: "Hair oil", sku: sku(), category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" });
    const rice = await owner.post("/api/products", { name: "Rice (loose)", sku: sku(), category: "Other", price: "500", stock: 100, taxability: "exempt", hsnCode: "1006" });
    const customer = await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" });
    expect([oil.status, rice.status, customer.status]).toEqual([201, 201, 201]);
    return { owner, oil: oil.body.id as string, rice: rice.body.id as string, customer: customer.body.id as string };
  }

  it("s.10 / Rule 5(1)(g): a composition business's document is a bill of supply with no tax, numbered from its own series", async () => {
    // The kind of composition business is required: it fixes the Rule 7 rate.
    const owner0 = new ApiClient(app.baseUrl);
    await owner0.register();
    const missing = await owner0.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "compositionCategory", message: "Choose what kind of composition business you are" }]);
    expect((await owner0.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "baker" })).status).toBe(400);

    const { owner, oil, customer } = await business({ gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "trader" });
    expect((await owner.get("/api/profile")).body).toMatchObject({ gstCategory: "Composition", compositionCategory: "trader" });
    // Not sent: the category stays (an older client); a Regular business has none.
    expect((await owner.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition" })).body).toMatchObject({ compositionCategory: "trader" });

    expect((await owner.get(`/api/invoices/next-number?issueDate=${today}`)).body).toEqual({ number: `BOS/${short}/0001`, documentType: "billOfSupply" });

    // s.10(2)(c): no sale to another state (a customer in Karnataka), and nothing is recorded.
    const karnataka = (await owner.post("/api/customers", { stateCode: "29", name: "Bengaluru buyer" })).body.id as string;
    const beforeInterState = await countEvents(app.sql);
    const interState = await owner.post("/api/invoices", {
      customerId: karnataka,
      subtotal: "1000",
      gstAmount: "0",
      total: "1000",
      items: [{ productId: oil, quantity: 1, price: "1000", gstRate: "18", amount: "1000.00" }],
    });
    expect(interState.status).toBe(400);
    expect(interState.body.errors).toEqual([{ path: "placeOfSupply", message: expect.stringContaining("only within its own state") }]);
    expect(await countEvents(app.sql)).toBe(beforeInterState);

    // A client that still adds GST is told the server's figures, and nothing is recorded.
    const before = await countEvents(app.sql);
    const taxed = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "2000",
      gstAmount: "360",
      total: "2360",
      items: [{ productId: oil, quantity: 2, price: "1000", gstRate: "18", amount: "2360.00" }],
    });
    expect(taxed.status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);

    const created = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "2000",
      gstAmount: "0",
      total: "2000",
      items: [{ productId: oil, quantity: 2, price: "1000", gstRate: "18", amount: "2000.00" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      invoiceNumber: `BOS/${short}/0001`,
      documentType: "billOfSupply",
      supplierRegistration: "Composition",
      subtotal: "2000.00",
      cgstAmount: "0.00",
      sgstAmount: "0.00",
      igstAmount: "0.00",
      gstAmount: "0.00",
      total: "2000.00",
    });
    expect(created.body.items[0]).toMatchObject({ taxableValue: "2000.00", cgstAmount: "0.00", amount: "2000.00", taxability: "taxable" });
    expect((await owner.get(`/api/invoices/next-number?issueDate=${today}`)).body.number).toBe(`BOS/${short}/0002`);

    const text = await pdf(owner, created.body.id);
    expect(text).toContain("BILL OF SUPPLY");
    expect(text).toContain(COMPOSITION_DECLARATION);
    expect(text).toContain(`Bill No: BOS/${short}/0001`);
    expect(text).not.toContain("TAX INVOICE");
    expect(text).not.toMatch(/CGST|SGST|IGST/);
    // E-invoicing is for tax invoices: a bill of supply has none.
    expect((await owner.get(`/api/invoices/${created.body.id}/einvoice?sellerLocation=Pune&buyerLocation=Pune&buyerPincode=411001&sellerPincode=411001`)).status).toBe(409);
    const receipt = await pdf(owner, created.body.id, "?layout=thermal");
    expect(receipt).toContain("BILL OF SUPPLY");
    expect(receipt).not.toMatch(/CGST|SGST/);
  });

  it("Rule 62 / Rule 7: CMP-08 for the quarter is turnover × the composition rate split CGST/SGST, plus reverse-charge tax in its own row", async () => {
    const { owner, oil, rice, customer } = await business({ gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "trader" });
    // Bill 1: 2 hair oil (₹2,000) and 1 rice (exempt, ₹500); bill 2: 1 hair oil, cancelled.
    const one = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "2500",
      gstAmount: "0",
      total: "2500",
      items: [
        { productId: oil, quantity: 2, price: "1000", gstRate: "18", amount: "2000.00" },
        { productId: rice, quantity: 1, price: "500", gstRate: "0", amount: "500.00" },
      ],
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.items[1]).toMatchObject({ taxability: "exempt", gstRate: "0" });
    const two = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1000",
      gstAmount: "0",
      total: "1000",
      items: [{ productId: oil, quantity: 1, price: "1000", gstRate: "18", amount: "1000.00" }],
    });
    expect((await owner.post(`/api/invoices/${two.body.id}/cancel`, { reason: "Customer did not take it" })).status).toBe(200);
    // Shop rent ₹50,000 from an unregistered landlord: the business pays 9% + 9% itself (s.9(3), entry 5AB).
    const landlord = (await owner.post("/api/vendors", { name: "Mr Joshi (landlord)" })).body;
    const rent = await owner.post("/api/expenses", {
      vendorId: landlord.id,
      category: "Office Rent",
      description: "Shop rent",
      amount: "50000",
      reverseCharge: true,
      reverseChargeService: "renting-unregistered",
      date: today,
    });
    expect(rent.status, JSON.stringify(rent.body)).toBe(201);
    // s.10(4): no input tax credit for a composition business, whatever the category's default.
    expect(rent.body).toMatchObject({ eligibleForItc: false, itcReason: "Not eligible (composition)" });

    const query = `financialYear=${quarter.financialYear}&quarter=${quarter.quarter}`;
    const trader = await owner.get(`/api/gst/cmp08?${query}`);
    expect(trader.status, JSON.stringify(trader.body)).toBe(200);
    // A trader pays 0.5% + 0.5% on taxable supplies only: ₹2,000 → ₹10 + ₹10; the exempt rice is in the value, not the tax.
    expect(trader.body).toMatchObject({
      financialYear: quarter.financialYear,
      quarter: quarter.quarter,
      category: "trader",
      rate: "1",
      bills: 1,
      taxableTurnover: "2000.00",
      outward: { value: "2500.00", igst: "0.00", cgst: "10.00", sgst: "10.00", cess: "0.00" },
      reverseCharge: { value: "50000.00", igst: "0.00", cgst: "4500.00", sgst: "4500.00" },
      payable: { igst: "0.00", cgst: "4510.00", sgst: "4510.00" },
      totalPayable: "9020.00",
    });
    expect(trader.body.dueDate).toMatch(/^\d{4}-\d{2}-18$/);

    // A restaurant pays 2.5% + 2.5% on its whole turnover: ₹2,500 → ₹62.50 each.
    await owner.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "restaurant" });
    expect((await owner.get(`/api/gst/cmp08?${query}`)).body).toMatchObject({
      rate: "5",
      taxableTurnover: "2500.00",
      outward: { cgst: "62.50", sgst: "62.50" },
      payable: { cgst: "4562.50" },
    });
    // Services (s.10(2A)): 3% + 3% → ₹75 each.
    await owner.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "services" });
    expect((await owner.get(`/api/gst/cmp08?${query}`)).body).toMatchObject({ rate: "6", outward: { cgst: "75.00", sgst: "75.00" } });

    // s.34: one hair oil comes back. The credit note charges no tax either, and the quarter's trader turnover drops to ₹1,000.
    await owner.put("/api/profile", { companyName: "Patil Kirana", gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "trader" });
    const note = await owner.post("/api/credit-notes", { invoiceId: one.body.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ subtotal: "1000.00", cgstAmount: "0.00", sgstAmount: "0.00", total: "1000.00" });
    expect((await owner.get(`/api/gst/cmp08?${query}`)).body).toMatchObject({ taxableTurnover: "1000.00", outward: { value: "1500.00", cgst: "5.00", sgst: "5.00" } });

    expect((await owner.get("/api/gst/cmp08?financialYear=2026-28&quarter=1")).status).toBe(400);
    expect((await owner.get("/api/gst/cmp08?financialYear=2026-27&quarter=5")).status).toBe(400);
  });

  it("Rule 62: a composition business files no GSTR-1 or GSTR-3B (409 RETURN_NOT_APPLICABLE); a regular one gets no CMP-08", async () => {
    const { owner } = await business({ gstNumber: GSTIN, gstCategory: "Composition", compositionCategory: "manufacturer" });
    for (const type of ["GSTR1", "GSTR3B"]) {
      const preview = await owner.get(`/api/gst/returns/preview?type=${type}&period=${last}`);
      expect(preview.status).toBe(409);
      expect(preview.body).toMatchObject({ code: "RETURN_NOT_APPLICABLE", message: expect.stringContaining("CMP-08") });
    }
    const before = await countEvents(app.sql);
    for (const path of ["/api/gst/file-gstr1", "/api/gst/file-gstr3b"]) {
      const filed = await owner.post(path, { period: last });
      expect(filed.status).toBe(409);
      expect(filed.body).toMatchObject({ code: "RETURN_NOT_APPLICABLE", success: false });
    }
    expect(await countEvents(app.sql)).toBe(before);

    const regular = await business({ gstNumber: GSTIN, gstCategory: "Regular" });
    expect((await regular.owner.get("/api/gst/cmp08")).body).toMatchObject({ code: "RETURN_NOT_APPLICABLE" });
    expect((await regular.owner.get("/api/profile")).body.compositionCategory).toBeNull();
  });

  it("an unregistered business issues bills without tax and files nothing", async () => {
    const { owner, oil, customer } = await business({ stateCode: "27", gstCategory: "Unregistered" });
    const created = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1000",
      gstAmount: "0",
      total: "1000",
      items: [{ productId: oil, quantity: 1, price: "1000", gstRate: "18", amount: "1000.00" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      invoiceNumber: `BOS/${short}/0001`,
      documentType: "billOfSupply",
      supplierRegistration: "Unregistered",
      gstAmount: "0.00",
      total: "1000.00",
    });
    const text = await pdf(owner, created.body.id);
    expect(text).toContain("BILL");
    expect(text).not.toContain("TAX INVOICE");
    expect(text).not.toContain("BILL OF SUPPLY");
    const preview = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${last}`);
    expect(preview.status).toBe(409);
    expect(preview.body).toMatchObject({ code: "RETURN_NOT_APPLICABLE", message: expect.stringContaining("not registered") });
    expect((await owner.post("/api/gst/file-gstr3b", { period: last })).status).toBe(409);
  });

  it("Rule 49: an invoice of only exempt goods is a bill of supply; a mixed one stays a tax invoice, taxing only the taxable line", async () => {
    const { owner, oil, rice, customer } = await business({ gstNumber: GSTIN, gstCategory: "Regular" });
    const products = (await owner.get("/api/products")).body as { id: string; gstRate: string; taxability: string }[];
    expect(products.find((p) => p.id === rice)).toMatchObject({ gstRate: "0", taxability: "exempt" });
    expect(products.find((p) => p.id === oil)).toMatchObject({ gstRate: "18", taxability: "taxable" });

    // The exempt rice cannot be sold at 18%.
    const before = await countEvents(app.sql);
    const wrongRate = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "500",
      gstAmount: "90",
      total: "590",
      items: [{ productId: rice, quantity: 1, price: "500", gstRate: "18", amount: "590.00" }],
    });
    expect(wrongRate.status).toBe(400);
    expect(wrongRate.body.errors).toEqual([{ path: "items.0.gstRate", message: "Rice (loose) is exempt: its GST rate must be 0" }]);
    expect(await countEvents(app.sql)).toBe(before);

    expect((await owner.get(`/api/invoices/next-number?issueDate=${today}&documentType=billOfSupply`)).body).toEqual({ number: `BOS/${short}/0001`, documentType: "billOfSupply" });
    const exemptOnly = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1000",
      gstAmount: "0",
      total: "1000",
      items: [{ productId: rice, quantity: 2, price: "500", gstRate: "0", amount: "1000.00" }],
    });
    expect(exemptOnly.status, JSON.stringify(exemptOnly.body)).toBe(201);
    expect(exemptOnly.body).toMatchObject({ invoiceNumber: `BOS/${short}/0001`, documentType: "billOfSupply", supplierRegistration: "Regular", total: "1000.00" });
    const billText = await pdf(owner, exemptOnly.body.id);
    expect(billText).toContain("BILL OF SUPPLY");
    expect(billText).not.toContain(COMPOSITION_DECLARATION);

    // The invoice series is untouched by the bill of supply.
    expect((await owner.get(`/api/invoices/next-number?issueDate=${today}`)).body).toEqual({ number: `INV/${short}/0001`, documentType: "taxInvoice" });
    const mixed = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1500",
      gstAmount: "180",
      total: "1680",
      items: [
        { productId: oil, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" },
        { productId: rice, quantity: 1, price: "500", gstRate: "0", amount: "500.00" },
      ],
    });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
    expect(mixed.body).toMatchObject({ invoiceNumber: `INV/${short}/0001`, documentType: "taxInvoice", cgstAmount: "90.00", sgstAmount: "90.00", total: "1680.00" });
    expect(mixed.body.items.map((item: { taxability: string; cgstAmount: string }) => [item.taxability, item.cgstAmount])).toEqual([
      ["taxable", "90.00"],
      ["exempt", "0.00"],
    ]);
    const invoiceText = await pdf(owner, mixed.body.id);
    expect(invoiceText).toContain("TAX INVOICE");
    expect(invoiceText).toContain("Exempt");
    expect(invoiceText).toContain("9%");

    // GSTR-1 Table 8 and GSTR-3B 3.1(c) report the exempt sales (₹1,000 + ₹500) as exempt, taxed ones in B2CS.
    const gstr1 = (await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${current}`)).body;
    expect(gstr1.json.nil.inv).toEqual([{ sply_ty: "INTRAB2C", nil_amt: 0, expt_amt: 1500, ngsup_amt: 0 }]);
    expect(gstr1.json.b2cs).toEqual([expect.objectContaining({ txval: 1000, camt: 90, samt: 90 })]);
    // Table 13: the bill of supply is an outward-supply document in its own BOS range.
    expect(gstr1.json.doc_issue.doc_det[0].doc_num).toBe(1);
    expect(gstr1.json.doc_issue.doc_det[0].docs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: `INV/${short}/0001`, to: `INV/${short}/0001`, totnum: 1, cancel: 0 }),
        expect.objectContaining({ from: `BOS/${short}/0001`, to: `BOS/${short}/0001`, totnum: 1, cancel: 0 }),
      ]),
    );
    const gstr3b = (await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${current}`)).body;
    expect(gstr3b.json.sup_details).toMatchObject({ osup_det: { txval: 1000, camt: 90, samt: 90 }, osup_nil_exmp: { txval: 1500 }, osup_nongst: { txval: 0 } });

    // An edit that would leave only exempt lines would need the other series: refused, nothing appended.
    const beforeEdit = await countEvents(app.sql);
    const edit = await owner.put(`/api/invoices/${mixed.body.id}`, {
      customerId: customer,
      subtotal: "500",
      gstAmount: "0",
      total: "500",
      items: [{ productId: rice, quantity: 1, price: "500", gstRate: "0", amount: "500.00" }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toContain("Cancel it and create a new bill");
    expect(await countEvents(app.sql)).toBe(beforeEdit);
  });

  it("a nil-rated, exempt or non-GST product carries no rate: a non-zero one is refused (400), nothing appended", async () => {
    const { owner, rice } = await business({ gstNumber: GSTIN });
    const before = await countEvents(app.sql);
    const refused = await owner.post("/api/products", { name: "Milk", sku: sku(), category: "Other", price: "50", taxability: "exempt", gstRate: 18 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "gstRate", message: 'Exempt products carry no GST: set the GST rate to 0 or choose "Taxable"' }]);
    expect((await owner.post("/api/products", { name: "Milk", sku: sku(), category: "Other", price: "50", taxability: "free" })).status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);

    const petrol = await owner.post("/api/products", { name: "Petrol", sku: sku(), category: "Other", price: "100", taxability: "nonGst", gstRate: "0" });
    expect(petrol.status).toBe(201);
    // An edit back to taxable takes a rate again; absent, the default 18%.
    const current = (await owner.get("/api/products")).body.find((p: { id: string }) => p.id === rice);
    const updated = await owner.put(`/api/products/${rice}`, {
      name: current.name,
      sku: current.sku,
      category: "Other",
      price: "500",
      taxability: "taxable",
      gstRate: 5,
      hsnCode: "1006",
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = (await owner.get("/api/products")).body as { id: string; gstRate: string; taxability: string }[];
    expect(after.find((p) => p.id === rice)).toMatchObject({ gstRate: "5", taxability: "taxable" });
    expect(after.find((p) => p.id === petrol.body.id)).toMatchObject({ gstRate: "0", taxability: "nonGst" });
  });
});
