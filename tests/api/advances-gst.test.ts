/**
 * Tax on advances for services (s.13(2) CGST Act): POST /api/customers/{id}/advances with
 * supply "services" and a rate records the tax in the advance; GSTR-1 Table 11A (`at`) /
 * 11B (`txpd`) and GSTR-3B 3.1(a) report it — the preview, the filed JSON and the Reports GST
 * lines alike. Advances for goods carry no tax (Notification 66/2017-CT). Fixed clock: today in
 * India is 2026-06-30; the business is in Maharashtra (27), registered from 1 May 2026.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const NOW = new Date("2026-06-30T06:30:00.000Z");

const INTRA_10000 = { rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 };

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  const profile = await owner.put("/api/profile", { companyName: "Rao Consultants", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: "2026-05-01" });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const service = (
    await owner.post("/api/products", {
      name: "Audit fee",
      sku: `S-${randomBytes(3).toString("hex")}`,
      category: "Other",
      price: "1000",
      stock: 1000,
      gstRate: 18,
      hsnCode: "998221",
    })
  ).body.id as string;
  const customer = async (name: string, stateCode = "27") => (await owner.post("/api/customers", { name, stateCode })).body.id as string;
  /** quantity × ₹1,000 + 18%, intra-state. */
  const invoice = async (customerId: string, quantity: number, issueDate: string) => {
    const created = await owner.post("/api/invoices", {
      customerId,
      issueDate,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: service, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string };
  };
  const advance = (customerId: string, body: Record<string, unknown>) => owner.post(`/api/customers/${customerId}/advances`, { mode: "upi", reference: "ADV", ...body });
  const apply = async (customerId: string, advanceId: string, invoiceId: string, amount: string) => {
    const res = await owner.post(`/api/customers/${customerId}/advances/${advanceId}/apply`, { invoiceId, amount });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const preview = async (type: "GSTR1" | "GSTR3B", period: string) => {
    const res = await owner.get(`/api/gst/returns/preview?type=${type}&period=${period}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { json: Record<string, any>; totals: Record<string, any> };
  };
  return { owner, customer, invoice, advance, apply, preview };
}

describe.each(backends)("tax on advances for services (s.13(2)) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => NOW });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.13(2), Table 11A/11B: ₹11,800 at 18% received in May is taxed in May (`at`, 3.1(a)); applied to a June invoice it is adjusted in June (`txpd`, 3.1(a) less); preview, filed JSON and Reports agree", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const received = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "services", gstRate: "18" });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect(received.body).toMatchObject({
      supply: "services",
      gstRate: 18,
      placeOfSupply: "27",
      taxableValue: "10000.00",
      igst: "0.00",
      cgst: "900.00",
      sgst: "900.00",
      amount: "11800.00",
    });
    expect((await b.owner.get(`/api/customers/${rao}/advances`)).body).toMatchObject([
      { id: received.body.id, supply: "services", taxableValue: "10000.00", cgst: "900.00", sgst: "900.00" },
    ]);

    const may1 = await b.preview("GSTR1", "052026");
    expect(may1.json.at).toEqual([{ pos: "27", sply_ty: "INTRA", itms: [INTRA_10000] }]);
    expect(may1.json.txpd).toBeUndefined();
    const may3b = await b.preview("GSTR3B", "052026");
    expect(may3b.json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    expect(may3b.totals).toMatchObject({ outputTax: "1800.00", outwardTaxableValue: "10000.00" });

    // The filed GSTR-1 records the same JSON as the preview.
    expect((await b.owner.post("/api/gst/file-gstr1", { period: "052026" })).body).toMatchObject({ success: true });
    const filed = (await b.owner.get("/api/gst/returns")).body.find((r: { returnType: string; period: string }) => r.returnType === "GSTR1" && r.period === "052026");
    expect((await b.owner.get(`/api/gst/returns/${filed.id}/json`)).body).toEqual(may1.json);

    // June: a ₹12,000 + 18% invoice, the advance applied to it.
    const june = await b.invoice(rao, 12, "2026-06-10");
    await b.apply(rao, received.body.id, june.id, "11800");
    const june1 = await b.preview("GSTR1", "062026");
    expect(june1.json.txpd).toEqual([{ pos: "27", sply_ty: "INTRA", itms: [INTRA_10000] }]);
    expect(june1.json.at).toBeUndefined();
    const june3b = await b.preview("GSTR3B", "062026");
    // 12000 / 1080 / 1080 on the invoice less 10000 / 900 / 900 paid in May.
    expect(june3b.json.sup_details.osup_det).toEqual({ txval: 2000, iamt: 0, camt: 180, samt: 180, csamt: 0 });
    expect(june3b.totals).toMatchObject({ outputTax: "360.00" });
    // May's `at` is unchanged by the later adjustment.
    expect((await b.preview("GSTR1", "052026")).json.at).toEqual([{ pos: "27", sply_ty: "INTRA", itms: [INTRA_10000] }]);

    // Reports' GST lines are the GSTR-3B's: June 360, May 1800.
    expect((await b.owner.get("/api/reports?period=this-month")).body.gst).toMatchObject({ outputTax: 360 });
    expect((await b.owner.get("/api/reports?period=last-month")).body.gst).toMatchObject({ outputTax: 1800 });
  });

  it("Table 11A: an advance received and invoiced in the same month is reported on the invoice only, not in `at`", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const received = await b.advance(rao, { amount: "11800", date: "2026-06-05", supply: "services", gstRate: "18" });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect((await b.preview("GSTR1", "062026")).json.at).toEqual([{ pos: "27", sply_ty: "INTRA", itms: [INTRA_10000] }]);
    const june = await b.invoice(rao, 10, "2026-06-12");
    await b.apply(rao, received.body.id, june.id, "11800");
    const june1 = await b.preview("GSTR1", "062026");
    expect(june1.json.at).toBeUndefined();
    expect(june1.json.txpd).toBeUndefined();
    expect((await b.preview("GSTR3B", "062026")).json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
  });

  it("s.13(2) inter-state: a customer in Karnataka (29) → IGST, `at` row INTER with pos 29", async () => {
    const b = await business(app);
    const blr = await b.customer("Bengaluru Labs", "29");
    const received = await b.advance(blr, { amount: "11800", date: "2026-05-10", supply: "services", gstRate: "18" });
    expect(received.body).toMatchObject({ placeOfSupply: "29", taxableValue: "10000.00", igst: "1800.00", cgst: "0.00", sgst: "0.00" });
    expect((await b.preview("GSTR1", "052026")).json.at).toEqual([{ pos: "29", sply_ty: "INTER", itms: [{ rt: 18, ad_amt: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 }] }]);
    expect((await b.preview("GSTR3B", "052026")).json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 });
  });

  it("Notification 66/2017-CT: an advance for goods carries no tax (nothing in `at` or 3.1(a)); a rate on goods is 400 and records nothing", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const goods = await b.advance(rao, { amount: "11800", date: "2026-05-10" });
    expect(goods.status).toBe(201);
    expect(goods.body).toMatchObject({ supply: "goods" });
    expect(goods.body.taxableValue).toBeUndefined();
    expect((await b.preview("GSTR1", "052026")).json.at).toBeUndefined();
    expect((await b.preview("GSTR3B", "052026")).json.sup_details.osup_det.txval).toBe(0);

    const before = await countEvents(app.sql);
    const rated = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "goods", gstRate: "18" });
    expect(rated.status).toBe(400);
    expect(rated.body).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(JSON.stringify(rated.body)).toContain("Notification 66/2017-CT");
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("a composition business does not charge GST (s.10(4)): its services advance is recorded without tax", async () => {
    const b = await business(app);
    expect(
      (await b.owner.put("/api/profile", { companyName: "Rao Consultants", gstNumber: "27AAPFU0939F1ZV", gstCategory: "Composition", compositionCategory: "services" })).status,
    ).toBe(200);
    const rao = await b.customer("Rao Traders");
    const received = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "services", gstRate: "18" });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect(received.body).toMatchObject({ supply: "services", amount: "11800.00" });
    expect(received.body.taxableValue).toBeUndefined();
    // (A composition business files no GSTR-1, so there is no Table 11A to be in.)
    const [listed] = (await b.owner.get(`/api/customers/${rao}/advances`)).body;
    expect(listed).toMatchObject({ supply: "services" });
    expect(listed.taxableValue).toBeUndefined();
  });

  it("s.13(2): a services advance needs a rate in force on the date received and a valid place of supply (400, nothing recorded)", async () => {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const before = await countEvents(app.sql);
    const noRate = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "services" });
    expect(noRate.status).toBe(400);
    expect(JSON.stringify(noRate.body)).toContain("GST rate is required");
    // 12% and 28% ended with GST 2.0 on 22 Sep 2025.
    const oldRate = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "services", gstRate: "12" });
    expect(oldRate.status).toBe(400);
    expect(JSON.stringify(oldRate.body)).toContain("not in force on 2026-05-10");
    const badPos = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "services", gstRate: "18", placeOfSupply: "00" });
    expect(badPos.status).toBe(400);
    const badSupply = await b.advance(rao, { amount: "11800", date: "2026-05-10", supply: "both" });
    expect(badSupply.status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });
});
