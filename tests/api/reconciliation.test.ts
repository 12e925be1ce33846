import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";

/** GSTR-2B upload and the user's decisions on suggested matches (issue 8, design §2). */
const BUSINESS_GSTIN = "27AAPFU0939F1ZV";
const SUPPLIER_GSTIN = "29AABCR1718E1ZL";
const period = returnPeriodOf(new Date());
const today = new Date().toISOString();
const portalDate = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

/** A 2B as the portal gives it, for this business and period unless told otherwise. */
function gstr2b(invoices: { inum: string; txval: number; igst: number }[], overrides: { gstin?: string; rtnprd?: string } = {}) {
  return {
    chksum: "X",
    data: {
      gstin: overrides.gstin ?? BUSINESS_GSTIN,
      rtnprd: overrides.rtnprd ?? period,
      version: "1.0",
      docdata: {
        b2b: [
          {
            ctin: SUPPLIER_GSTIN,
            trdnm: "Reddy Supplies",
            inv: invoices.map((i) => ({ ...i, dt: portalDate, typ: "R", pos: "27", rev: "N", itcavl: "Y", cgst: 0, sgst: 0, cess: 0, val: i.txval + i.igst })),
          },
        ],
      },
    },
  };
}

describe("GSTR-2B upload and reconciliation decisions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  async function business() {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: BUSINESS_GSTIN });
    const vendor = (await owner.post("/api/vendors", { name: "Reddy Supplies", gstNumber: SUPPLIER_GSTIN })).body.id;
    // ₹1,000 + 18% IGST (Karnataka supplier, Maharashtra business): recorded as BILL-23-00040.
    const bill = (
      await owner.post("/api/expenses", {
        vendorId: vendor,
        category: "Supplies",
        description: "Boxes",
        amount: "1000",
        date: today,
        vendorInvoiceNumber: "BILL-23-00040",
        vendorInvoiceDate: today,
      })
    ).body;
    expect(bill.id).toEqual(expect.any(String));
    return { owner, billId: bill.id as string };
  }

  it("refuses a 2B for another GSTIN or another period with 400 GSTR2B_MISMATCH, recording nothing", async () => {
    const { owner } = await business();
    const before = await countEvents(app.sql);
    const otherGstin = await owner.post("/api/gst/gstr2b", { period, data: gstr2b([], { gstin: "29AABCR1718E1ZL" }) });
    expect(otherGstin.status).toBe(400);
    expect(otherGstin.body).toMatchObject({ code: "GSTR2B_MISMATCH", message: `This GSTR-2B is for GSTIN 29AABCR1718E1ZL but your business's GSTIN is ${BUSINESS_GSTIN}` });
    const otherPeriod = await owner.post("/api/gst/gstr2b", { period, data: gstr2b([], { rtnprd: "012020" }) });
    expect(otherPeriod.status).toBe(400);
    expect(otherPeriod.body).toMatchObject({ code: "GSTR2B_MISMATCH", message: `This GSTR-2B is for period 012020 but you chose ${period}` });
    const noGstin = await owner.post("/api/gst/gstr2b", { period, data: { data: { rtnprd: period, docdata: { b2b: [] } } } });
    expect(noGstin.status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
    expect((await owner.get(`/api/gst/reconciliations/${period}`)).status).toBe(404);
  });

  it("s.16(2)(aa): a fuzzy suggested match, once accepted, is claimable; rejecting unpairs it", async () => {
    const { owner, billId } = await business();
    // The supplier filed it as BILL-23-00045 with the same figures: IC's fuzzy rule 2.
    expect((await owner.post("/api/gst/gstr2b", { period, data: gstr2b([{ inum: "BILL-23-00045", txval: 1000, igst: 180 }]) })).body).toEqual({ success: true, invoices: 1 });

    const shown = (await owner.get(`/api/gst/reconciliations/${period}`)).body;
    expect(shown).toMatchObject({ period, gstin: BUSINESS_GSTIN, reportIn: period, invoicesIn2b: 1, summary: { suggested_match: 1, matched: 0, total: 1 } });
    const row = shown.rows[0];
    expect(row).toMatchObject({
      status: "suggested_match",
      decision: null,
      kind: "b2b",
      books: { expenseId: billId, taxable: "1000.00", igst: "180.00" },
      portal: { number: "BILL-23-00045", taxable: "1000.00", itcAvailable: true },
    });

    const accepted = await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: billId, portalKey: row.portal.key, decision: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, row: { status: "suggested_match", decision: "accepted" } });
    expect((await owner.get(`/api/gst/reconciliations/${period}`)).body).toMatchObject({ summary: { matched: 1 }, rows: [{ decision: "accepted" }] });
    // The reconcile-purchases job counts it as matched too.
    expect((await owner.post("/api/gst/reconcile-purchases", { period })).body).toEqual({ success: true, summary: { matched: 1, unmatched: 0 } });

    const rejected = await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: billId, portalKey: row.portal.key, decision: "reject" });
    expect(rejected.body).toMatchObject({ success: true, row: { status: "missing_in_books", decision: "rejected", books: null } });
    const after = (await owner.get(`/api/gst/reconciliations/${period}`)).body;
    expect(after.rows.map((r: { status: string; decision: string | null }) => [r.status, r.decision])).toEqual([
      ["missing_in_books", "rejected"],
      ["missing_in_2b", "rejected"],
    ]);
    expect(after.summary).toMatchObject({ matched: 0, missing_in_books: 1, missing_in_2b: 1 });
  });

  it("refuses a decision on a pair that is not a suggested match or mismatch (400), and a stranger's (404)", async () => {
    const { owner, billId } = await business();
    await owner.post("/api/gst/gstr2b", { period, data: gstr2b([{ inum: "BILL-23-00040", txval: 1000, igst: 180 }]) });
    const { rows } = (await owner.get(`/api/gst/reconciliations/${period}`)).body;
    expect(rows[0]).toMatchObject({ status: "exact_match" });
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    const before = await countEvents(app.sql);
    const exact = await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: billId, portalKey: rows[0].portal.key, decision: "accept" });
    expect(exact.status).toBe(400);
    expect(exact.body).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: billId, portalKey: rows[0].portal.key, decision: "maybe" })).status).toBe(400);
    expect((await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: "nope", portalKey: "b2b:nope", decision: "reject" })).status).toBe(400);

    expect((await stranger.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: billId, portalKey: rows[0].portal.key, decision: "accept" })).status).toBe(404);
    expect((await stranger.get(`/api/gst/reconciliations/${period}`)).status).toBe(404);
    expect((await owner.post(`/api/gst/reconciliations/not-a-period/decisions`, { expenseId: billId, portalKey: "x", decision: "accept" })).status).toBe(404);
    expect(await countEvents(app.sql)).toBe(before);
  });
});
