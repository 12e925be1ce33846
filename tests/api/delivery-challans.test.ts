/** Issue 9: delivery challans (CGST Rule 55) over the HTTP API, on PGlite and PostgreSQL. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER, indianDateOf } from "@bahi/shared/contract";
import { financialYearOf, previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
const KARNATAKA_GSTIN = "29AABCR1718E1ZL";
/** Last month: its returns can be filed. */
const last = previousPeriod(returnPeriodOf(new Date()));

/** A registered business in Maharashtra with fabric (₹500 a metre, 5%) and steel almirahs (₹1,000, 18%), a local and a Karnataka customer. */
async function business(app: TestApp, profile: Record<string, unknown> = {}) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  const put = await owner.put("/api/profile", {
    companyName: "Rao Textiles",
    gstNumber: "27AAPFU0939F1ZV",
    businessAddress: "4 Market Yard, Mumbai",
    gstRegistrationDate: `${Number(fy.slice(0, 4)) - 3}-04-01`,
    ...profile,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const sku = () => `P-${randomBytes(3).toString("hex")}`;
  const fabric = await owner.post("/api/products", { name: "Cotton fabric", sku: sku(), category: "Other", price: "500", stock: 40, gstRate: 5, hsnCode: "5208", unit: "MTR" });
  expect(fabric.status, JSON.stringify(fabric.body)).toBe(201);
  const almirah = await owner.post("/api/products", { name: "Steel almirah", sku: sku(), category: "Other", price: "1000", stock: 10, gstRate: 18, hsnCode: "9403" });
  expect(almirah.status, JSON.stringify(almirah.body)).toBe(201);
  const customer = async (body: Record<string, unknown>) => {
    const added = await owner.post("/api/customers", body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.id as string;
  };
  const local = await customer({ stateCode: "27", name: "Shah Tailors", address: "12 Station Road, Pune" });
  const karnataka = await customer({
    name: "Bengaluru Stitch Works",
    gstNumber: KARNATAKA_GSTIN,
    stateCode: "29",
    address: "MG Road, Bengaluru",
    shippingAddress: "Unit 4, Peenya Industrial Area, Bengaluru",
  });
  const stockOf = async (id: string) => ((await owner.get("/api/products")).body as { id: string; stock: number }[]).find((p) => p.id === id)!.stock;
  return { owner, fabric: fabric.body.id as string, almirah: almirah.body.id as string, local, karnataka, stockOf };
}

describe.each(backends)("delivery challans (issue 9, Rule 55) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  const pdf = async (owner: ApiClient, id: string) => {
    const response = await fetch(`${app.baseUrl}/api/delivery-challans/${id}/pdf`, {
      headers: { cookie: owner.cookie!, ...(owner.position ? { [AFTER_HEADER]: owner.position } : {}) },
    });
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  it("Rule 55(1)(b): challans take their own consecutive series DC/…/0001, 0002, separate from invoices, and move no stock", async () => {
    const { owner, fabric, almirah, local, stockOf } = await business(app);
    const invoice = await owner.post("/api/invoices", {
      customerId: local,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: almirah, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const first = invoice.body.invoiceNumber as string;

    const a = await owner.post("/api/delivery-challans", {
      customerId: local,
      purpose: "job_work",
      items: [{ productId: fabric, quantity: 12.5 }],
      notes: "For stitching into 10 shirts",
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({
      number: `DC/${short}/0001`,
      issueDate: today,
      purpose: "job_work",
      customer: { id: local, name: "Shah Tailors" },
      supplier: { name: "Rao Textiles", gstin: "27AAPFU0939F1ZV" },
      placeOfSupply: "27",
      statesTax: false,
      subtotal: "6250.00",
      cgstAmount: "0.00",
      sgstAmount: "0.00",
      igstAmount: "0.00",
      total: "6250.00",
      notes: "For stitching into 10 shirts",
      status: "issued",
      // s.143(1): goods sent for job work come back within a year.
      followUp: { by: `${Number(today.slice(0, 4)) + 1}${today.slice(4) === "-02-29" ? "-02-28" : today.slice(4)}`, action: "bringBack" },
    });
    expect(a.body.items).toEqual([
      expect.objectContaining({ productId: fabric, productName: "Cotton fabric", hsnCode: "5208", quantity: 12.5, unit: "MTR", price: "500.00", taxableValue: "6250.00" }),
    ]);
    const b = await owner.post("/api/delivery-challans", { customerId: local, purpose: "not_supply", items: [{ productId: almirah, quantity: 2 }] });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body.number).toBe(`DC/${short}/0002`);

    // The invoice series goes on from where it was: the challans took none of its numbers.
    const next = await owner.post("/api/invoices", {
      customerId: local,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: almirah, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.invoiceNumber).toBe(first.replace(/\d+$/, (digits) => String(Number(digits) + 1).padStart(digits.length, "0")));

    // The goods stay the business's: only the two invoices took almirahs from stock.
    expect(await stockOf(fabric)).toBe(40);
    expect(await stockOf(almirah)).toBe(8);

    const list = (await owner.get("/api/delivery-challans")).body as { id: string; number: string; facts?: unknown }[];
    expect(list.map((c) => c.number)).toEqual([`DC/${short}/0002`, `DC/${short}/0001`]);
    expect(list[0]!.facts).toBeUndefined();
    expect((await owner.get(`/api/delivery-challans/${a.body.id}`)).body).toMatchObject({ id: a.body.id, number: `DC/${short}/0001` });
  });

  it("Rule 55(1)(g),(h): goods sent on approval state the tax, IGST with the place of supply when inter-state; a given value per unit is used", async () => {
    const { owner, almirah, fabric, local, karnataka } = await business(app);
    const inter = await owner.post("/api/delivery-challans", {
      customerId: karnataka,
      purpose: "supply_on_approval",
      issueDate: today,
      items: [
        { productId: almirah, quantity: 3 },
        { productId: fabric, quantity: 2, price: "450.50" },
      ],
    });
    expect(inter.status, JSON.stringify(inter.body)).toBe(201);
    // 3 × ₹1,000 at 18% IGST = ₹540; 2 × ₹450.50 = ₹901 at 5% = ₹45.05.
    expect(inter.body).toMatchObject({ statesTax: true, placeOfSupply: "29", taxKind: "inter", subtotal: "3901.00", igstAmount: "585.05", cgstAmount: "0.00", total: "4486.05" });
    expect(inter.body.items).toEqual([
      expect.objectContaining({ gstRate: "18", taxableValue: "3000.00", igstAmount: "540.00" }),
      expect.objectContaining({ price: "450.50", gstRate: "5", taxableValue: "901.00", igstAmount: "45.05" }),
    ]);
    const intra = await owner.post("/api/delivery-challans", { customerId: local, purpose: "supply_on_approval", items: [{ productId: almirah, quantity: 1 }] });
    expect(intra.body).toMatchObject({ statesTax: true, taxKind: "intra", cgstAmount: "90.00", sgstAmount: "90.00", total: "1180.00" });

    // A product still at a rate GST 2.0 ended (12%): no tax can be stated at it today; job work states none.
    const old = await owner.post("/api/products", {
      name: "Old stock",
      sku: `P-${randomBytes(3).toString("hex")}`,
      category: "Other",
      price: "100",
      stock: 5,
      gstRate: 12,
      hsnCode: "9403",
    });
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    const stale = await owner.post("/api/delivery-challans", { customerId: local, purpose: "supply_on_approval", items: [{ productId: old.body.id, quantity: 1 }] });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].message).toMatch(/GST rate 12% is not in force/);
    expect((await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", items: [{ productId: old.body.id, quantity: 1 }] })).status).toBe(201);
  });

  it("Rule 55(1)(g): a composition business states no tax even on goods sent on approval (s.10(4): it charges none)", async () => {
    const { owner, almirah, local } = await business(app, { gstCategory: "Composition", compositionCategory: "trader" });
    const challan = await owner.post("/api/delivery-challans", { customerId: local, purpose: "supply_on_approval", items: [{ productId: almirah, quantity: 1 }] });
    expect(challan.status, JSON.stringify(challan.body)).toBe(201);
    expect(challan.body).toMatchObject({ statesTax: false, subtotal: "1000.00", cgstAmount: "0.00", sgstAmount: "0.00", total: "1000.00" });
  });

  it("Rule 55: bad input is a 400 with a clear message and appends nothing, the number not taken", async () => {
    const { owner, fabric, almirah, local } = await business(app);
    const before = await countEvents(app.sql);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ customerId: local, items: [{ productId: almirah, quantity: 1 }] }, /Purpose must be one of/],
      [{ customerId: local, purpose: "gift", items: [{ productId: almirah, quantity: 1 }] }, /Purpose must be one of/],
      [{ customerId: local, purpose: "job_work", items: [] }, /At least one item/],
      [{ customerId: local, purpose: "job_work", items: [{ productId: almirah, quantity: 0 }] }, /more than 0/],
      [{ customerId: local, purpose: "job_work", items: [{ productId: almirah, quantity: 1.5 }] }, /whole number/],
      [{ customerId: local, purpose: "job_work", items: [{ productId: fabric, quantity: 1, price: "abc" }] }, /Value per unit must be an amount/],
      [{ customerId: local, purpose: "job_work", issueDate: "2026-02-30", items: [{ productId: fabric, quantity: 1 }] }, /Challan date/],
      [{ purpose: "job_work", items: [{ productId: fabric, quantity: 1 }] }, /Consignee is required/],
    ];
    for (const [body, message] of cases) {
      const response = await owner.post("/api/delivery-challans", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(response.body), JSON.stringify(body)).toMatch(message);
    }
    expect(await countEvents(app.sql)).toBe(before);
    // No number was spent on the refusals.
    const ok = await owner.post("/api/delivery-challans", { customerId: local, purpose: "other", items: [{ productId: fabric, quantity: 0.25 }] });
    expect(ok.body.number).toBe(`DC/${short}/0001`);
  });

  it("Rule 55: another business's customer, product or challan is not found (404), and nothing is appended", async () => {
    const mine = await business(app);
    const theirs = await business(app);
    const before = await countEvents(app.sql);
    const foreignCustomer = await mine.owner.post("/api/delivery-challans", { customerId: theirs.local, purpose: "job_work", items: [{ productId: mine.fabric, quantity: 1 }] });
    expect(foreignCustomer.status).toBe(404);
    const foreignProduct = await mine.owner.post("/api/delivery-challans", { customerId: mine.local, purpose: "job_work", items: [{ productId: theirs.fabric, quantity: 1 }] });
    expect(foreignProduct.status).toBe(404);
    const notAnId = await mine.owner.post("/api/delivery-challans", { customerId: "nope", purpose: "job_work", items: [{ productId: mine.fabric, quantity: 1 }] });
    expect(notAnId.status).toBe(404);
    expect(await countEvents(app.sql)).toBe(before);

    const theirChallan = await theirs.owner.post("/api/delivery-challans", { customerId: theirs.local, purpose: "job_work", items: [{ productId: theirs.fabric, quantity: 1 }] });
    expect(theirChallan.status).toBe(201);
    expect((await mine.owner.get(`/api/delivery-challans/${theirChallan.body.id}`)).status).toBe(404);
    expect((await pdf(mine.owner, theirChallan.body.id)).status).toBe(404);
    expect((await mine.owner.get("/api/delivery-challans")).body).toEqual([]);
  });

  it("Rule 55(1): the A4 PDF is titled Delivery Challan with the number, date, purpose, parties, HSN, quantity and value", async () => {
    const { owner, fabric, almirah, karnataka } = await business(app);
    const job = await owner.post("/api/delivery-challans", { customerId: karnataka, purpose: "job_work", items: [{ productId: fabric, quantity: 12.5 }] });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const response = await pdf(owner, job.body.id);
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/pdf");
    expect(response.disposition).toContain(`DC_${short}_0001.pdf`);
    const { text } = pdfText(response.body);
    for (const expected of [
      "Delivery Challan",
      `DC/${short}/0001`,
      "Sent for job work",
      "5208",
      "Cotton fabric",
      "12.5 MTR",
      "6,250.00",
      "Rao Textiles",
      "27AAPFU0939F1ZV",
      "Bengaluru Stitch Works",
      KARNATAKA_GSTIN,
      "Karnataka",
      "MG Road, Bengaluru",
      "Deliver to: Unit 4, Peenya Industrial Area, Bengaluru",
      "Authorised signatory",
    ]) {
      expect(text).toContain(expected);
    }
    // Job work is not a supply: no tax columns.
    expect(text).not.toContain("IGST");

    const approval = await owner.post("/api/delivery-challans", { customerId: karnataka, purpose: "supply_on_approval", items: [{ productId: almirah, quantity: 1 }] });
    const approvalText = pdfText((await pdf(owner, approval.body.id)).body).text;
    for (const expected of ["Sent on approval (sale or return)", "9403", "IGST", "18%", "180.00", "1,180.00"]) expect(approvalText).toContain(expected);
  });

  it("Rule 55 / GSTR-1 Table 13: a cancelled challan keeps its number and counts as cancelled; challans are listed by nature 9-12", async () => {
    const { owner, fabric, almirah, local, karnataka } = await business(app);
    const job = await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", items: [{ productId: fabric, quantity: 3 }] });
    const approval = await owner.post("/api/delivery-challans", { customerId: karnataka, purpose: "supply_on_approval", items: [{ productId: almirah, quantity: 1 }] });
    const moved = await owner.post("/api/delivery-challans", { customerId: local, purpose: "not_supply", items: [{ productId: almirah, quantity: 1 }] });
    const job2 = await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", items: [{ productId: fabric, quantity: 1 }] });
    expect([job, approval, moved, job2].map((c) => c.status)).toEqual([201, 201, 201, 201]);

    expect((await owner.post(`/api/delivery-challans/${job2.body.id}/cancel`, { reason: "" })).status).toBe(400);
    const cancelled = await owner.post(`/api/delivery-challans/${job2.body.id}/cancel`, { reason: "Tailor closed for Diwali" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ number: `DC/${short}/0004`, status: "cancelled", cancelReason: "Tailor closed for Diwali", followUp: null });
    const again = await owner.post(`/api/delivery-challans/${job2.body.id}/cancel`, { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already cancelled/);
    const stranger = await business(app);
    expect((await stranger.owner.post(`/api/delivery-challans/${job.body.id}/cancel`, { reason: "Not mine" })).status).toBe(404);
    expect((await owner.get(`/api/delivery-challans/${job2.body.id}`)).body).toMatchObject({ status: "cancelled" });
    expect((await owner.get(`/api/delivery-challans/${job.body.id}`)).body).toMatchObject({ status: "issued", cancelReason: null });
    expect(pdfText((await pdf(owner, job2.body.id)).body).text).toContain("CANCELLED: Tailor closed for Diwali");

    // The next challan takes the next number: a cancelled one's is never given again.
    const next = await owner.post("/api/delivery-challans", { customerId: local, purpose: "liquid_gas", items: [{ productId: fabric, quantity: 1 }] });
    expect(next.body.number).toBe(`DC/${short}/0005`);

    const preview = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${returnPeriodOf(new Date())}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const range = (from: number, to: number, totnum: number, cancel: number) => ({
      num: 1,
      from: `DC/${short}/${String(from).padStart(4, "0")}`,
      to: `DC/${short}/${String(to).padStart(4, "0")}`,
      totnum,
      cancel,
      net_issue: totnum - cancel,
    });
    expect(preview.body.json.doc_issue.doc_det).toEqual([
      { doc_num: 9, docs: [range(1, 4, 2, 1)] },
      { doc_num: 10, docs: [range(2, 2, 1, 0)] },
      { doc_num: 11, docs: [range(5, 5, 1, 0)] },
      { doc_num: 12, docs: [range(3, 3, 1, 0)] },
    ]);
  });

  it("Rule 55 / GSTR-1 Table 13: once a month's GSTR-1 is filed, a challan can be neither dated in it nor cancelled there (409), appending nothing", async () => {
    const { owner, fabric, local } = await business(app, { gstRegistrationDate: last.from });
    const before = await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", issueDate: last.to, items: [{ productId: fabric, quantity: 1 }] });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    const filed = await owner.post("/api/gst/file-gstr1", { period: last.fp });
    expect(filed.status, JSON.stringify(filed.body)).toBeLessThan(300);
    const count = await countEvents(app.sql);
    const late = await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", issueDate: last.from, items: [{ productId: fabric, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/GSTR-1 for .* is filed/);
    const cancel = await owner.post(`/api/delivery-challans/${before.body.id}/cancel`, { reason: "Not sent" });
    expect(cancel.status).toBe(409);
    expect(await countEvents(app.sql)).toBe(count);
    // Dated today (an open month) a challan is made as usual.
    expect((await owner.post("/api/delivery-challans", { customerId: local, purpose: "job_work", items: [{ productId: fabric, quantity: 1 }] })).status).toBe(201);
  });
});
