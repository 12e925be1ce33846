/**
 * Issue 9: invoice totals rounded to the rupee (GST.md §2.3) and compensation cess on products
 * (GST.md §2.2), through the API and into the returns. A Karnataka (29) business selling to a
 * registered Karnataka customer, so CGST + SGST and GSTR-1 b2b.
 *
 * Round-off: ₹1,000.42 at 18%: CGST 90.04 + SGST 90.04 (100042 × 18 / 200 = 9003.78 → 9004),
 * 1180.50 before rounding; half up → ₹1,181.00, round-off +0.50.
 * Cess: 10 × ₹15.80 at 18% with cess 5% + ₹1.591 a unit: taxable 158.00, CGST = SGST = 14.22,
 * cess 7.90 + 15.91 = 23.81; GST amount 52.25; 210.25 → ₹210.00, round-off −0.25.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";

const BUSINESS_GSTIN = "29AABCR1718E1ZL";
const CUSTOMER_GSTIN = "29AAGCB1286Q1Z0";

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  const profile = await owner.put("/api/profile", { companyName: "Bengaluru Paan", gstNumber: BUSINESS_GSTIN, gstRegistrationDate: "2025-04-01" });
  expect(profile.status).toBe(200);
  const customer = (await owner.post("/api/customers", { address: "12 MG Road", name: "Reddy Retail", gstNumber: CUSTOMER_GSTIN, stateCode: "29" })).body.id as string;
  const product = async (extra: Record<string, unknown>) => {
    const added = await owner.post("/api/products", {
      name: "Pan masala",
      sku: `PAN-${randomBytes(3).toString("hex")}`,
      category: "Other",
      stock: 1000,
      gstRate: 18,
      hsnCode: "2106",
      ...extra,
    });
    expect(added.status).toBe(201);
    return added.body.id as string;
  };
  return { owner, customer, product, profile: profile.body };
}

describe("round-off and cess with PGlite", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.170 CGST Act: the total is rounded half up to the rupee, the difference its own figure, and GSTR-1 val is the total issued", async () => {
    const { owner, customer, product, profile } = await business(app);
    expect(profile.roundOff).toBe(true);
    const productId = await product({ price: "1000.42" });
    const body = (total: string) => ({
      customerId: customer,
      issueDate: "2026-07-15",
      subtotal: "1000.42",
      gstAmount: "180.08",
      total,
      items: [{ productId, quantity: 1, price: "1000.42", gstRate: "18", amount: "1180.50" }],
    });

    const before = await countEvents(app.sql);
    const unrounded = await owner.post("/api/invoices", body("1180.50"));
    expect(unrounded.status).toBe(400);
    expect(unrounded.body.errors).toEqual([{ path: "total", message: "total must be 1181.00 (received 1180.50)" }]);
    expect(await countEvents(app.sql)).toBe(before);

    const sale = await owner.post("/api/invoices", body("1181.00"));
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ subtotal: "1000.42", cgstAmount: "90.04", sgstAmount: "90.04", gstAmount: "180.08", roundOff: "0.50", total: "1181.00" });
    expect((await owner.get(`/api/invoices/${sale.body.id}`)).body).toMatchObject({ roundOff: "0.50", total: "1181.00" });

    const gstr1 = await owner.get("/api/gst/returns/preview?type=GSTR1&period=072026");
    expect(gstr1.status).toBe(200);
    const inv = gstr1.body.json.b2b[0].inv[0];
    expect(inv).toMatchObject({ val: 1181, itms: [{ itm_det: { txval: 1000.42, camt: 90.04, samt: 90.04, csamt: 0 } }] });
  });

  it("s.170: a business that switches round-off off issues the exact total", async () => {
    const { owner, customer, product } = await business(app);
    const off = await owner.put("/api/profile", { companyName: "Bengaluru Paan", gstNumber: BUSINESS_GSTIN, roundOff: false });
    expect(off.body.roundOff).toBe(false);
    // Not sent: kept.
    expect((await owner.put("/api/profile", { companyName: "Bengaluru Paan", gstNumber: BUSINESS_GSTIN })).body.roundOff).toBe(false);
    const productId = await product({ price: "1000.42" });
    const sale = await owner.post("/api/invoices", {
      customerId: customer,
      issueDate: "2026-07-15",
      subtotal: "1000.42",
      gstAmount: "180.08",
      total: "1180.50",
      items: [{ productId, quantity: 1, price: "1000.42", gstRate: "18", amount: "1180.50" }],
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ roundOff: "0.00", total: "1180.50" });
    expect((await owner.put("/api/profile", { companyName: "Bengaluru Paan", gstNumber: BUSINESS_GSTIN, roundOff: "yes" })).status).toBe(400);
  });

  it("Compensation Cess Act s.8: a January 2026 sale carries ad valorem plus specific cess into GSTR-1 and GSTR-3B", async () => {
    const { owner, customer, product } = await business(app);
    const productId = await product({ price: "15.80", cessRate: "5", cessPerUnit: "1.591" });
    expect((await owner.get(`/api/products/${productId}`)).body).toMatchObject({ cessRate: "5", cessPerUnit: "1.591" });

    const sale = await owner.post("/api/invoices", {
      customerId: customer,
      issueDate: "2026-01-20",
      subtotal: "158.00",
      gstAmount: "52.25",
      total: "210.00",
      items: [{ productId, quantity: 10, price: "15.80", gstRate: "18", amount: "210.25" }],
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ cgstAmount: "14.22", sgstAmount: "14.22", cessAmount: "23.81", gstAmount: "52.25", roundOff: "-0.25", total: "210.00" });
    expect(sale.body.items[0]).toMatchObject({ cessAmount: "23.81", amount: "210.25" });

    const gstr1 = (await owner.get("/api/gst/returns/preview?type=GSTR1&period=012026")).body;
    expect(gstr1.json.b2b[0].inv[0]).toMatchObject({ val: 210, itms: [{ itm_det: { txval: 158, camt: 14.22, samt: 14.22, csamt: 23.81 } }] });
    const gstr3b = (await owner.get("/api/gst/returns/preview?type=GSTR3B&period=012026")).body;
    expect(gstr3b.json.sup_details.osup_det).toMatchObject({ txval: 158, camt: 14.22, samt: 14.22, csamt: 23.81 });
  });

  it("compensation cess ended on 1 Feb 2026: the same product on a February sale is a 400 that names it, nothing appended", async () => {
    const { owner, customer, product } = await business(app);
    const productId = await product({ price: "15.80", cessRate: "5", cessPerUnit: "1.591" });
    const before = await countEvents(app.sql);
    const late = await owner.post("/api/invoices", {
      customerId: customer,
      issueDate: "2026-02-01",
      subtotal: "158.00",
      gstAmount: "52.25",
      total: "210.00",
      items: [{ productId, quantity: 10, price: "15.80", gstRate: "18", amount: "210.25" }],
    });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ path: "items.0.productId", message: expect.stringContaining("compensation cess, which ended on 1 Feb 2026") }]);
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("a cess that is not a percentage or an amount is a 400", async () => {
    const { owner } = await business(app);
    const bad = await owner.post("/api/products", {
      name: "Gutka",
      sku: `G-${randomBytes(3).toString("hex")}`,
      category: "Other",
      price: "10",
      gstRate: 18,
      cessRate: "101",
      cessPerUnit: "1.5912",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["cessPerUnit", "cessRate"]);
  });
});
