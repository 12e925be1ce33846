/**
 * Issue 9: units of measure (UQC), decimal quantities and selling beyond stock, over the HTTP
 * API on PGlite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { financialYearOf, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const registeredSince = `${Number(fy.slice(0, 4)) - 1}-04-01`;

interface ProductRow {
  id: string;
  stock: number;
  unit: string;
}

/** A registered Maharashtra business selling rice by the kilo (5%) and pens by the piece (18%). */
async function business(app: TestApp, stock: { rice?: number; pens?: number } = {}) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: registeredSince })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const sku = () => `P-${randomBytes(3).toString("hex")}`;
  const riceCreated = await owner.post("/api/products", {
    name: "Basmati Rice",
    sku: sku(),
    category: "Other",
    price: "80",
    stock: stock.rice ?? 10,
    gstRate: 5,
    hsnCode: "1006",
    unit: "KGS",
  });
  expect(riceCreated.status, JSON.stringify(riceCreated.body)).toBe(201);
  const pensCreated = await owner.post("/api/products", { name: "Gel pen", sku: sku(), category: "Other", price: "100", stock: stock.pens ?? 3, gstRate: 18, hsnCode: "9608" });
  expect(pensCreated.status, JSON.stringify(pensCreated.body)).toBe(201);
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body.id as string;
  const rice = riceCreated.body.id as string;
  const pens = pensCreated.body.id as string;
  /** An invoice body for `quantity` pens at ₹100 + 18% (whole rupees: no round-off). */
  const pensBody = (quantity: number) => ({
    customerId: customer,
    subtotal: `${100 * quantity}.00`,
    gstAmount: `${18 * quantity}.00`,
    total: `${118 * quantity}.00`,
    items: [{ productId: pens, quantity, price: "100", gstRate: "18", amount: `${118 * quantity}.00` }],
  });
  const product = async (id: string) => ((await owner.get("/api/products")).body as ProductRow[]).find((p) => p.id === id)!;
  const invoiceCount = async () => ((await owner.get("/api/invoices")).body as unknown[]).length;
  return { owner, customer, rice, pens, pensBody, product, invoiceCount };
}

describe.each(backends)("units of measure, decimal quantities and stock (issue 9) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Rule 46(g) / GSTR-1 Table 12: 2.5 KGS at ₹80.00 is ₹200.00 taxable, stock 10 → 7.5, the line and Table 12 carry KGS and 2.5", async () => {
    const { owner, customer, rice, product } = await business(app);
    expect(await product(rice)).toMatchObject({ unit: "KGS", stock: 10 });
    const created = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "200.00",
      gstAmount: "10.00",
      total: "210.00",
      items: [{ productId: rice, quantity: "2.5", price: "80", gstRate: "5", amount: "210.00" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.items[0]).toMatchObject({ quantity: 2.5, unit: "KGS", taxableValue: "200.00", cgstAmount: "5.00", sgstAmount: "5.00", amount: "210.00" });
    expect((await product(rice)).stock).toBe(7.5);

    // 0.1 + 0.2 more: stock sums in thousandths, so 7.5 − 0.3 is 7.2 exactly, never 7.199999….
    for (const quantity of [0.1, 0.2]) {
      const taxable = (80 * quantity).toFixed(2);
      const tax = (80 * quantity * 0.05).toFixed(2);
      const sale = await owner.post("/api/invoices", {
        customerId: customer,
        subtotal: taxable,
        gstAmount: tax,
        // Round-off to the rupee is on by default: ₹8.40 → ₹8, ₹16.80 → ₹17.
        total: Math.round(Number(taxable) + Number(tax)).toFixed(2),
        items: [{ productId: rice, quantity, price: "80", gstRate: "5", amount: (Number(taxable) + Number(tax)).toFixed(2) }],
      });
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    }
    expect((await product(rice)).stock).toBe(7.2);

    const period = `${today.slice(5, 7)}${today.slice(0, 4)}`;
    expect(returnPeriodOf(new Date())).toBeTruthy();
    const gstr1 = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${period}`);
    expect(gstr1.status, JSON.stringify(gstr1.body)).toBe(200);
    const hsn = gstr1.body.json.hsn as {
      hsn_b2b?: { hsn_sc: string; uqc: string; qty: number; txval: number }[];
      hsn_b2c?: { hsn_sc: string; uqc: string; qty: number; txval: number }[];
    };
    const rows = [...(hsn.hsn_b2b ?? []), ...(hsn.hsn_b2c ?? [])].filter((row) => row.hsn_sc === "1006");
    expect(rows).toEqual([expect.objectContaining({ hsn_sc: "1006", uqc: "KGS", qty: 2.8, txval: 224 })]);
  });

  it("Rule 46(g): a fraction of a counted unit (2.5 NOS) is a 400 naming the item, and nothing is appended", async () => {
    const { owner, customer, pens, product, invoiceCount } = await business(app);
    const before = await countEvents(app.sql);
    const fraction = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "250.00",
      gstAmount: "45.00",
      total: "295.00",
      items: [{ productId: pens, quantity: 2.5, price: "100", gstRate: "18", amount: "295.00" }],
    });
    expect(fraction.status).toBe(400);
    expect(fraction.body.code).toBe("VALIDATION_FAILED");
    expect(fraction.body.errors).toEqual([{ path: "items.0.quantity", message: "Quantity of Gel pen must be a whole number (it is counted in NOS)" }]);
    // A fourth decimal is never a quantity, whatever the unit.
    const fourth = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "0",
      gstAmount: "0",
      total: "0",
      items: [{ productId: pens, quantity: 1.0005, price: "10", gstRate: "18", amount: "0" }],
    });
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toMatch(/at most 3 decimals/);
    // Units from the GSTN list only; stock receipts and opening stock follow the unit too.
    const badUnit = await owner.post("/api/products", { name: "Sugar", sku: `S-${randomBytes(3).toString("hex")}`, category: "Other", price: "40", unit: "KG" });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.errors).toEqual([{ path: "unit", message: "Choose a unit from the list" }]);
    const halfPen = await owner.post("/api/products", { name: "Half pen", sku: `S-${randomBytes(3).toString("hex")}`, category: "Other", price: "40", stock: 2.5, unit: "PCS" });
    expect(halfPen.status).toBe(400);
    expect(halfPen.body.errors).toEqual([{ path: "stock", message: "Quantity of Half pen must be a whole number (it is counted in PCS)" }]);
    expect((await owner.post(`/api/products/${pens}/stock`, { quantity: 0.5 })).status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
    expect(await invoiceCount()).toBe(0);
    expect((await product(pens)).stock).toBe(3);
  });

  it('Issue 9 (oversell): 4 pens with 3 in stock is a 409 "Only 3 in stock for Gel pen", nothing appended, list and stock unchanged', async () => {
    const { owner, pens, pensBody, product, invoiceCount } = await business(app);
    const before = await countEvents(app.sql);
    const refused = await owner.post("/api/invoices", pensBody(4));
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.code).toBe("INSUFFICIENT_STOCK");
    expect(refused.body.message).toMatch(/^Only 3 in stock for Gel pen: this invoice needs 4 NOS/);
    expect(refused.body.errors).toEqual([{ path: "items.0.quantity", message: expect.stringMatching(/^Only 3 in stock for Gel pen/) }]);
    expect(await countEvents(app.sql)).toBe(before);
    expect(await invoiceCount()).toBe(0);
    expect((await product(pens)).stock).toBe(3);
    // Exactly what is in stock is fine, and then the next one is refused.
    expect((await owner.post("/api/invoices", pensBody(3))).status).toBe(201);
    expect((await product(pens)).stock).toBe(0);
    const none = await owner.post("/api/invoices", pensBody(1));
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/^Only 0 in stock for Gel pen/);
  });

  it("Issue 9 (oversell): an edit counts the invoice's own quantity as available", async () => {
    const { owner, pens, pensBody, product } = await business(app, { pens: 5 });
    const created = await owner.post("/api/invoices", pensBody(3));
    expect(created.status).toBe(201);
    expect((await product(pens)).stock).toBe(2);
    // 2 left + the 3 already on the invoice: 5 is fine, 6 is not.
    const toFive = await owner.put(`/api/invoices/${created.body.id}`, pensBody(5));
    expect(toFive.status, JSON.stringify(toFive.body)).toBe(200);
    expect((await product(pens)).stock).toBe(0);
    const before = await countEvents(app.sql);
    const toSix = await owner.put(`/api/invoices/${created.body.id}`, pensBody(6));
    expect(toSix.status).toBe(409);
    expect(toSix.body).toMatchObject({ code: "INSUFFICIENT_STOCK", message: expect.stringMatching(/^Only 5 in stock for Gel pen/) });
    expect(await countEvents(app.sql)).toBe(before);
    // Selling less than before never needs stock.
    expect((await owner.put(`/api/invoices/${created.body.id}`, pensBody(1))).status).toBe(200);
    expect((await product(pens)).stock).toBe(4);
  });

  it('Issue 9: with "Allow selling more than in stock" on, the sale goes through and stock goes negative', async () => {
    const { owner, pens, pensBody, product } = await business(app);
    const profile = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", allowNegativeStock: true });
    expect(profile.status).toBe(200);
    expect(profile.body.allowNegativeStock).toBe(true);
    // A later profile save that does not send the switch keeps it.
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" })).body.allowNegativeStock).toBe(true);
    const sold = await owner.post("/api/invoices", pensBody(5));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((await product(pens)).stock).toBe(-2);
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", allowNegativeStock: false })).body.allowNegativeStock).toBe(false);
    expect((await owner.post("/api/invoices", pensBody(1))).status).toBe(409);
  });

  it("Issue 9: services are never stock-checked (a SAC has no stock)", async () => {
    const { owner, customer } = await business(app);
    const design = await owner.post("/api/products", {
      name: "Website design",
      sku: `S-${randomBytes(3).toString("hex")}`,
      category: "Other",
      price: "1000",
      gstRate: 18,
      hsnCode: "998314",
      kind: "services",
      unit: "OTH",
    });
    expect(design.status, JSON.stringify(design.body)).toBe(201);
    const sold = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: "1500.00",
      gstAmount: "270.00",
      total: "1770.00",
      items: [{ productId: design.body.id, quantity: 1.5, price: "1000", gstRate: "18", amount: "1770.00" }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.items[0]).toMatchObject({ quantity: 1.5, unit: "OTH" });
  });
});
