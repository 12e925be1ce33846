/**
 * Issue 9: exports and SEZ supplies under LUT (Rule 96A), shipping bills and outward reverse
 * charge (s.9(3) CGST Act), over the HTTP API: the invoice, the GSTR-1 and GSTR-3B previews.
 * A Karnataka (29) business; sales dated today, whose period's returns are open.
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

const BUSINESS_GSTIN = "29AABCR1718E1ZL"; // Karnataka
const SEZ_GSTIN = "29AAGCB1286Q1Z0"; // an SEZ unit in Karnataka
const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const today = indianDateOf(new Date());
const period = returnPeriodOf(new Date());
const fy = financialYearOf(today);
const fyStart = `${fy.slice(0, 4)}-04-01`;
const fyEnd = `${Number(fy.slice(0, 4)) + 1}-03-31`;
const portal = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
const LUT = { lutNumber: "AD2904260001234", lutValidFrom: fyStart, lutValidUntil: fyEnd };

describe.each(backends)("exports, SEZ under LUT and reverse charge (issue 9) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A business with one ₹10,000 product at `rate`%, and a way to invoice it. */
  async function business(profile: Record<string, unknown> = {}, rate = 18, hsnCode = "8471") {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const put = await owner.put("/api/profile", {
      companyName: "Bengaluru Exports",
      gstNumber: BUSINESS_GSTIN,
      gstRegistrationDate: `${Number(fy.slice(0, 4)) - 3}-04-01`,
      ...profile,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await owner.post("/api/profile/plan", { plan: "professional" });
    const product = (
      await owner.post("/api/products", { name: "Laptop", sku: `P-${randomBytes(3).toString("hex")}`, category: "Electronics", price: "10000", stock: 100, gstRate: rate, hsnCode })
    ).body.id as string;
    const customer = async (body: Record<string, unknown>) => {
      const added = await owner.post("/api/customers", body);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      return added.body.id as string;
    };
    const sell = (customerId: string, figures: { gst: string; total: string }, extra: Record<string, unknown> = {}) =>
      owner.post("/api/invoices", {
        customerId,
        subtotal: "10000",
        gstAmount: figures.gst,
        total: figures.total,
        items: [{ productId: product, quantity: 1, price: "10000", gstRate: String(rate), amount: figures.total }],
        ...extra,
      });
    const returns = async () => {
      const gstr1 = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${period}`);
      expect(gstr1.status, JSON.stringify(gstr1.body)).toBe(200);
      const gstr3b = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${period}`);
      expect(gstr3b.status, JSON.stringify(gstr3b.body)).toBe(200);
      return { gstr1: gstr1.body.json, gstr3b: gstr3b.body.json };
    };
    return { owner, product, customer, sell, returns };
  }

  it("Rule 96A: the profile keeps the LUT; an end before its start or a malformed number is a 400 that appends nothing", async () => {
    const { owner } = await business(LUT);
    const me = await owner.get("/api/auth/me");
    expect(me.body).toMatchObject(LUT);
    // Absent keeps it (an older client's PUT).
    expect((await owner.put("/api/profile", { companyName: "Bengaluru Exports", gstNumber: BUSINESS_GSTIN })).body).toMatchObject(LUT);

    const before = await countEvents(app.sql);
    const backwards = await owner.put("/api/profile", { companyName: "X", gstNumber: BUSINESS_GSTIN, ...LUT, lutValidUntil: `${Number(fy.slice(0, 4))}-03-31` });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "lutValidUntil", message: "The LUT's end date cannot be before its start date" }] });
    const badNumber = await owner.put("/api/profile", { companyName: "X", gstNumber: BUSINESS_GSTIN, ...LUT, lutNumber: "AD-29/04" });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.errors).toEqual([{ path: "lutNumber", message: "LUT number must be 1 to 20 letters or digits, as on the acknowledgement (ARN)" }]);
    const tooLong = await owner.put("/api/profile", { companyName: "X", gstNumber: BUSINESS_GSTIN, ...LUT, lutNumber: "A".repeat(21) });
    expect(tooLong.status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("s.16(1)(b) IGST Act, Rule 96A: an SEZ invoice under LUT is SEWOP with no tax (GSTR-1 b2b, GSTR-3B 3.1(b))", async () => {
    const { owner, product, customer, sell, returns } = await business(LUT);
    const sez = await customer({ address: "12 MG Road", name: "Zone Electronics", gstNumber: SEZ_GSTIN, isSez: true });
    const created = await sell(sez, { gst: "0", total: "10000" }, { underLut: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      underLut: true,
      lutNumber: LUT.lutNumber,
      reverseCharge: false,
      taxKind: "inter",
      igstAmount: "0.00",
      gstAmount: "0.00",
      total: "10000.00",
    });
    expect(created.body.items[0]).toMatchObject({ gstRate: "18", taxableValue: "10000.00", igstAmount: "0.00", amount: "10000.00" });

    const { gstr1, gstr3b } = await returns();
    expect(gstr1.b2b).toEqual([
      {
        ctin: SEZ_GSTIN,
        inv: [
          {
            inum: created.body.invoiceNumber,
            idt: portal(today),
            val: 10000,
            pos: "29",
            rchrg: "N",
            inv_typ: "SEWOP",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 0, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(gstr3b.sup_details.osup_zero).toEqual({ txval: 10000, iamt: 0, csamt: 0 });
    expect(gstr3b.sup_details.osup_det).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });

    // Revising it (PUT) without LUT charges IGST; with LUT again it is back to no tax.
    const revise = (extra: Record<string, unknown>, gst: string, total: string) =>
      owner.put(`/api/invoices/${created.body.id}`, {
        customerId: sez,
        subtotal: "10000",
        gstAmount: gst,
        total,
        items: [{ productId: product, quantity: 1, price: "10000", gstRate: "18", amount: total }],
        ...extra,
      });
    const withIgst = await revise({}, "1800", "11800");
    expect(withIgst.status, JSON.stringify(withIgst.body)).toBe(200);
    expect(withIgst.body).toMatchObject({ underLut: false, lutNumber: null, igstAmount: "1800.00", total: "11800.00" });
    expect((await revise({ underLut: true }, "0", "10000")).body).toMatchObject({ underLut: true, lutNumber: LUT.lutNumber, igstAmount: "0.00", total: "10000.00" });

    // Without LUT the same supply pays IGST: SEWP.
    const paid = await sell(sez, { gst: "1800", total: "11800" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = await returns();
    expect(after.gstr1.b2b[0].inv.map((inv: { inv_typ: string; val: number }) => [inv.inv_typ, inv.val])).toEqual([
      ["SEWOP", 10000],
      ["SEWP", 11800],
    ]);
    expect(after.gstr3b.sup_details.osup_zero).toEqual({ txval: 20000, iamt: 1800, csamt: 0 });
  });

  it("s.34 CGST Act: a credit note against an SEZ invoice under LUT charges no IGST either (GSTR-1 cdnr SEWOP)", async () => {
    const { owner, product, customer, sell, returns } = await business(LUT);
    const sez = await customer({ address: "12 MG Road", name: "Zone Electronics", gstNumber: SEZ_GSTIN, isSez: true });
    const created = await sell(sez, { gst: "0", total: "10000" }, { underLut: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const note = await owner.post("/api/credit-notes", { invoiceId: created.body.id, reason: "sales_return", items: [{ productId: product, quantity: 1, price: "2000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ igstAmount: "0.00", total: "2000.00" });
    const { gstr1, gstr3b } = await returns();
    expect(gstr1.cdnr[0].nt[0]).toMatchObject({ inv_typ: "SEWOP", val: 2000, itms: [{ itm_det: { rt: 18, txval: 2000, iamt: 0 } }] });
    expect(gstr3b.sup_details.osup_zero).toEqual({ txval: 8000, iamt: 0, csamt: 0 });
  });

  it("s.16(1)(a) IGST Act: an export under LUT is WOPAY with no tax and its shipping bill (GSTR-1 Table 6A, GSTR-3B 3.1(b))", async () => {
    const { owner, customer, sell, returns } = await business(LUT, 18, "847130");
    const buyer = await customer({ name: "Gulf Traders LLC, Dubai", stateCode: "96", address: "Deira, Dubai" });
    const shippingBillDate = today;
    const created = await sell(buyer, { gst: "0", total: "10000" }, { underLut: true, exportDetails: { shippingBillNumber: "7896542", shippingBillDate, portCode: "inblr4" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      placeOfSupply: "96",
      underLut: true,
      lutNumber: LUT.lutNumber,
      igstAmount: "0.00",
      total: "10000.00",
      exportDetails: { shippingBillNumber: "7896542", shippingBillDate, portCode: "INBLR4" },
    });

    const { gstr1, gstr3b } = await returns();
    expect(gstr1.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: created.body.invoiceNumber,
            idt: portal(today),
            val: 10000,
            sbpcode: "INBLR4",
            sbnum: "7896542",
            sbdt: portal(shippingBillDate),
            itms: [{ txval: 10000, rt: 18, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
    expect(gstr3b.sup_details.osup_zero).toEqual({ txval: 10000, iamt: 0, csamt: 0 });

    // The e-invoice: EXPWOP to "URP" in 96, the shipping bill in ExpDtls; no buyer PIN asked.
    const einvoice = await owner.get(`/api/invoices/${created.body.id}/einvoice?sellerLocation=Bengaluru&sellerPincode=560001&buyerLocation=Dubai`);
    expect(einvoice.status, JSON.stringify(einvoice.body)).toBe(200);
    expect(einvoice.body.payload).toMatchObject({
      TranDtls: { SupTyp: "EXPWOP", RegRev: "N" },
      BuyerDtls: { Gstin: "URP", Stcd: "96", Pos: "96", Pin: 999999 },
      ExpDtls: { ShipBNo: "7896542", ShipBDt: `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`, Port: "INBLR4" },
      ValDtls: { IgstVal: 0, TotInvVal: 10000 },
    });

    // With IGST paid it is WPAY.
    expect((await sell(buyer, { gst: "1800", total: "11800" })).status).toBe(201);
    expect((await returns()).gstr1.exp.map((row: { exp_typ: string }) => row.exp_typ)).toEqual(["WPAY", "WOPAY"]);
  });

  it("Rule 96A: under LUT without a LUT, with an expired one, or to a domestic buyer, and misplaced shipping bills: 400, nothing appended", async () => {
    const expiredFrom = `${Number(fy.slice(0, 4)) - 1}-04-01`;
    const expiredUntil = `${fy.slice(0, 4)}-03-31`;
    const none = await business();
    const expired = await business({ lutNumber: "AD2904250000999", lutValidFrom: expiredFrom, lutValidUntil: expiredUntil });
    const valid = await business(LUT);
    const zone = await none.customer({ address: "12 MG Road", name: "Zone", gstNumber: SEZ_GSTIN, isSez: true });
    const abroad = await expired.customer({ name: "Dubai", stateCode: "96" });
    const domestic = await valid.customer({ address: "12 MG Road", name: "Mumbai Retail", gstNumber: MAHARASHTRA_GSTIN });
    const dubai = await valid.customer({ name: "Dubai", stateCode: "96" });
    const before = await countEvents(app.sql);

    const noLut = await none.sell(zone, { gst: "0", total: "10000" }, { underLut: true });
    expect(noLut.status).toBe(400);
    expect(noLut.body).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ path: "underLut", message: "Add your Letter of Undertaking (LUT) in Settings to supply without IGST, or charge IGST" }],
    });

    const lapsed = await expired.sell(abroad, { gst: "0", total: "10000" }, { underLut: true });
    expect(lapsed.status).toBe(400);
    expect(lapsed.body.errors).toEqual([
      { path: "underLut", message: `Your LUT AD2904250000999 does not cover ${today} (valid ${expiredFrom} to ${expiredUntil}): add the current LUT in Settings, or charge IGST` },
    ]);

    const notZeroRated = await valid.sell(domestic, { gst: "0", total: "10000" }, { underLut: true });
    expect(notZeroRated.status).toBe(400);
    expect(notZeroRated.body.errors).toEqual([{ path: "underLut", message: "Only an export or a supply to an SEZ unit or developer can be made without IGST under LUT" }]);

    const billOnDomestic = await valid.sell(
      domestic,
      { gst: "1800", total: "11800" },
      { exportDetails: { shippingBillNumber: "123", shippingBillDate: today, portCode: "INBLR4" } },
    );
    expect(billOnDomestic.status).toBe(400);
    expect(billOnDomestic.body.errors).toEqual([{ path: "exportDetails", message: "Shipping bill details are only for exports (customer in another country)" }]);

    const earlyBill = await valid.sell(
      dubai,
      { gst: "0", total: "10000" },
      { underLut: true, issueDate: today, exportDetails: { shippingBillNumber: "123", shippingBillDate: "2020-01-01", portCode: "INBLR4" } },
    );
    expect(earlyBill.status).toBe(400);
    expect(earlyBill.body.errors).toEqual([{ path: "exportDetails.shippingBillDate", message: `The shipping bill cannot be dated before the invoice (${today})` }]);

    const badPort = await valid.sell(dubai, { gst: "0", total: "10000" }, { underLut: true, exportDetails: { portCode: "BLR" } });
    expect(badPort.status).toBe(400);
    expect(badPort.body.errors).toEqual([{ path: "exportDetails.portCode", message: "Port code must be the 6-character customs code, like INBOM4" }]);

    // Figures with tax on an LUT supply are the client's mistake: refused, the server's figures named.
    const taxed = await valid.sell(dubai, { gst: "1800", total: "11800" }, { underLut: true });
    expect(taxed.status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("s.9(3) CGST Act, Rule 46(p): a reverse-charge invoice charges no tax; GSTR-1 b2b rchrg Y reports the recipient's tax, GSTR-3B 3.1(a) its value only", async () => {
    const { customer, sell, returns } = await business({}, 5, "9965");
    const recipient = await customer({ address: "12 MG Road", name: "Mumbai Logistics", gstNumber: MAHARASHTRA_GSTIN });
    const created = await sell(recipient, { gst: "0", total: "10000" }, { reverseCharge: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ reverseCharge: true, underLut: false, lutNumber: null, placeOfSupply: "27", igstAmount: "0.00", gstAmount: "0.00", total: "10000.00" });

    const { gstr1, gstr3b } = await returns();
    expect(gstr1.b2b).toEqual([
      {
        ctin: MAHARASHTRA_GSTIN,
        inv: [
          {
            inum: created.body.invoiceNumber,
            idt: portal(today),
            val: 10000,
            pos: "27",
            rchrg: "Y",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 5, txval: 10000, iamt: 500, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(gstr3b.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });

  it("s.9(3) CGST Act: reverse charge to an unregistered customer, or on an export, is a 400 that appends nothing", async () => {
    const { customer, sell } = await business(LUT, 5, "9965");
    const walkIn = await customer({ name: "Walk-in", stateCode: "29" });
    const dubai = await customer({ name: "Dubai", stateCode: "96" });
    const before = await countEvents(app.sql);
    const unregistered = await sell(walkIn, { gst: "0", total: "10000" }, { reverseCharge: true });
    expect(unregistered.status).toBe(400);
    expect(unregistered.body).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ path: "reverseCharge", message: "Reverse charge applies only to a registered customer: add the customer's GSTIN" }],
    });
    const notBoolean = await sell(walkIn, { gst: "250", total: "10250" }, { reverseCharge: "yes" });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors[0]).toMatchObject({ path: "reverseCharge", message: "Reverse charge must be true or false" });
    expect((await sell(dubai, { gst: "0", total: "10000" }, { reverseCharge: true })).status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });
});
