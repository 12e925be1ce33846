/**
 * A month of purchases through the API, figure by figure (issue 8's "Done when"): a nil-rated,
 * a 5%, an 18% and a 40% bill, a blocked-credit bill, a reverse-charge bill from an unregistered
 * landlord, a supplier credit note, a bill missing from GSTR-2B and one the 2B shows with
 * `itcavl` N, plus a near match the user accepts. GSTR-3B tables 3.1(d), 4 and 5 are checked
 * against the figures worked out by hand below (GST.md §4.1; Circular 170/02/2022), on PGlite
 * and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "@bahi/shared/contract";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();

// Last month, registered since its first day: its returns are the first ones due.
const month = previousPeriod(returnPeriodOf(new Date()));
const period = month.fp;
const day = (d: number) => `${month.from.slice(0, 8)}${String(d).padStart(2, "0")}`;
const portalDate = (d: number) => `${String(d).padStart(2, "0")}-${month.from.slice(5, 7)}-${month.from.slice(0, 4)}`;
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

const BUSINESS = "27AAPFU0939F1ZV"; // Maharashtra
const MEHTA = gstin("27AAACM1234A1Z"); // Maharashtra: CGST + SGST
const REDDY = "29AABCR1718E1ZL"; // Karnataka: IGST
const PATEL = gstin("27AAFCP4321B1Z");
const HOTEL = gstin("27AABCH2468C1Z");
const SHAH = gstin("27AAFCS1357D1Z");
const KUMAR = gstin("27AABCK9753E1Z");
const DAIRY = gstin("27AAACG1111F1Z");

const heads = (row: { iamt?: number; camt?: number; samt?: number } | undefined) => ({ iamt: row?.iamt ?? 0, camt: row?.camt ?? 0, samt: row?.samt ?? 0 });
const row = (list: { ty: string }[], ty: string) => heads(list.find((r) => r.ty === ty) as never);

function monthOfPurchases(name: string, open: () => Promise<TestApp>) {
  describe(`a month of purchases in the GSTR-3B on ${name}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await open();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("s.16(2)(aa), s.17(5), s.34, s.9(3)/Notification 13/2017-CT(R): tables 3.1(d), 4 and 5 from the books, the 2B and the user's decision", async () => {
      const owner = new ApiClient(app.baseUrl);
      await owner.register();
      await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: BUSINESS, gstRegistrationDate: month.from });
      const product = (await owner.post("/api/products", { name: "Hair oil", sku: "OIL-ITC", category: "Other", price: "100000", stock: 10, gstRate: 18, hsnCode: "3305" })).body
        .id;
      const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in", address: "Shivaji Nagar, Pune" })).body.id;
      // Outward: ₹1,00,000 at 18% within Maharashtra: CGST 9,000 + SGST 9,000.
      const sale = await owner.post("/api/invoices", {
        customerId: customer,
        invoiceNumber: "S-1",
        issueDate: day(2),
        subtotal: "100000",
        gstAmount: "18000",
        total: "118000",
        items: [{ productId: product, quantity: 1, price: "100000", gstRate: "18", amount: "118000.00" }],
      });
      expect(sale.status).toBe(201);

      const vendor = async (name: string, gstNumber: string | null) => (await owner.post("/api/vendors", { name, gstNumber })).body.id as string;
      const record = async (body: Record<string, unknown>) => {
        const response = await owner.post("/api/expenses", { date: day(5), vendorInvoiceDate: day(5), description: String(body.vendorInvoiceNumber ?? "bill"), ...body });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        return response.body as Record<string, string> & { id: string };
      };
      const [dairy, mehta, reddy, patel, hotel, shah, kumar, landlord] = await Promise.all([
        vendor("Gokul Dairy", DAIRY),
        vendor("Mehta Traders", MEHTA),
        vendor("Reddy Supplies", REDDY),
        vendor("Patel Luxuries", PATEL),
        vendor("Hotel Annapurna", HOTEL),
        vendor("Shah Stationers", SHAH),
        vendor("Kumar Electricals", KUMAR),
        vendor("Mr. Joshi (landlord)", null),
      ]);

      // Nil-rated milk: no GST at all; table 5 (intra-state).
      const milk = await record({ vendorId: dairy, category: "Supplies", amount: "1000", gstRate: "0", taxability: "nil", vendorInvoiceNumber: "GD-1" });
      expect(milk).toMatchObject({ gstAmount: "0.00", taxability: "nil" });
      // 5% within the state: CGST 250 + SGST 250.
      const fivePercent = await record({ vendorId: mehta, category: "Supplies", amount: "10000", gstRate: "5", vendorInvoiceNumber: "MT-1" });
      expect(fivePercent).toMatchObject({ cgstAmount: "250.00", sgstAmount: "250.00", igstAmount: "0.00" });
      // 18% from Karnataka: IGST 3,600; and a near match (IGST 900, the 2B says 900.40).
      const eighteen = await record({ vendorId: reddy, category: "Equipment", amount: "20000", gstRate: "18", vendorInvoiceNumber: "RS-1", isCapitalGoods: true });
      expect(eighteen).toMatchObject({ igstAmount: "3600.00", isCapitalGoods: true });
      const nearMatch = await record({ vendorId: reddy, category: "Supplies", amount: "5000", gstRate: "18", vendorInvoiceNumber: "RS-3" });
      // The supplier's credit note against the 18% bill: IGST 180 less credit.
      const creditNote = await record({
        vendorId: reddy,
        documentType: "credit_note",
        againstExpenseId: eighteen.id,
        category: "Equipment",
        amount: "1000",
        gstRate: "18",
        vendorInvoiceNumber: "RS-CN-1",
        date: day(12),
        vendorInvoiceDate: day(12),
      });
      expect(creditNote).toMatchObject({ documentType: "credit_note", igstAmount: "180.00" });
      // 40%: CGST 1,000 + SGST 1,000.
      const forty = await record({ vendorId: patel, category: "Supplies", amount: "5000", gstRate: "40", vendorInvoiceNumber: "PL-1" });
      expect(forty).toMatchObject({ cgstAmount: "1000.00", sgstAmount: "1000.00" });
      // Food for the staff: s.17(5)(b)(i) blocks the credit by default.
      const food = await record({ vendorId: hotel, category: "Food & Beverages", amount: "2000", gstRate: "5", vendorInvoiceNumber: "HA-1" });
      expect(food).toMatchObject({ eligibleForItc: false, itcDefault: false, cgstAmount: "50.00", sgstAmount: "50.00" });
      // Office rent from an unregistered landlord: reverse charge (entry 5AB), CGST 2,700 + SGST 2,700 paid by the business.
      const rent = await record({
        vendorId: landlord,
        category: "Office Rent",
        amount: "30000",
        gstRate: "18",
        reverseCharge: true,
        reverseChargeService: "renting-unregistered",
        vendorInvoiceNumber: null,
      });
      expect(rent).toMatchObject({
        reverseCharge: true,
        cgstAmount: "2700.00",
        sgstAmount: "2700.00",
        total: "30000.00",
        selfInvoiceNumber: expect.stringMatching(/^RCM\/\d{2}-\d{2}\/0001$/),
      });
      // In the books, not in the 2B: CGST 360 + SGST 360 pending.
      await record({ vendorId: shah, category: "Supplies", amount: "4000", gstRate: "18", vendorInvoiceNumber: "SS-1" });
      // In the 2B with itcavl N: CGST 540 + SGST 540, never claimed (4(D)(2)).
      await record({ vendorId: kumar, category: "Utilities", amount: "6000", gstRate: "18", vendorInvoiceNumber: "KE-1" });

      const inv = (inum: string, txval: number, tax: { igst?: number; cgst?: number; sgst?: number }, rt: number, itcavl = "Y") => ({
        inum,
        dt: portalDate(5),
        val: txval + (tax.igst ?? 0) + (tax.cgst ?? 0) + (tax.sgst ?? 0),
        pos: "27",
        rev: "N",
        itcavl,
        items: [{ num: 1, rt, txval, igst: tax.igst ?? 0, cgst: tax.cgst ?? 0, sgst: tax.sgst ?? 0, cess: 0 }],
      });
      const b2b = [
        { ctin: MEHTA, trdnm: "Mehta Traders", inv: [inv("MT-1", 10000, { cgst: 250, sgst: 250 }, 5)] },
        { ctin: REDDY, trdnm: "Reddy Supplies", inv: [inv("RS-1", 20000, { igst: 3600 }, 18), inv("RS-3", 5000, { igst: 900.4 }, 18)] },
        { ctin: PATEL, trdnm: "Patel Luxuries", inv: [inv("PL-1", 5000, { cgst: 1000, sgst: 1000 }, 40)] },
        { ctin: HOTEL, trdnm: "Hotel Annapurna", inv: [inv("HA-1", 2000, { cgst: 50, sgst: 50 }, 5)] },
        { ctin: KUMAR, trdnm: "Kumar Electricals", inv: [inv("KE-1", 6000, { cgst: 540, sgst: 540 }, 18, "N")] },
      ];
      const cdnr = [
        {
          ctin: REDDY,
          trdnm: "Reddy Supplies",
          nt: [
            {
              ntnum: "RS-CN-1",
              typ: "C",
              dt: portalDate(12),
              val: 1180,
              pos: "27",
              rev: "N",
              itcavl: "Y",
              items: [{ num: 1, rt: 18, txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }],
            },
          ],
        },
      ];
      const upload = await owner.post("/api/gst/gstr2b", { period, data: { gstin: BUSINESS, rtnprd: period, docdata: { b2b, cdnr } } });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);

      const reconciliation = (await owner.get(`/api/gst/reconciliations/${period}`)).body;
      const rowOf = (expenseId: string) => reconciliation.rows.find((r: { books: { expenseId: string } | null }) => r.books?.expenseId === expenseId);
      for (const exact of [fivePercent, eighteen, forty, food, creditNote]) expect(rowOf(exact.id).status, exact.vendorInvoiceNumber).toBe("exact_match");
      const suggested = rowOf(nearMatch.id);
      expect(suggested.status).toBe("suggested_match");

      // Before the decision the near match is not claimed: 4(A)(5) IGST 3,600 − 180.
      const before = (await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${period}`)).body;
      expect(row(before.json.itc_elg.itc_avl, "OTH")).toEqual({ iamt: 3420, camt: 1300, samt: 1300 });

      const decided = await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: nearMatch.id, portalKey: suggested.portal.key, decision: "accept" });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);

      const preview = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${period}`);
      expect(preview.status).toBe(200);
      const json = preview.body.json;
      // 3.1(a): the sale.
      expect(json.sup_details.osup_det).toMatchObject({ txval: 100000, iamt: 0, camt: 9000, samt: 9000 });
      // 3.1(d): the rent and the tax on it.
      expect(json.sup_details.isup_rev).toMatchObject({ txval: 30000, iamt: 0, camt: 2700, samt: 2700 });
      // 4(A)(1), (2), (4): nothing imported, nothing from an ISD.
      for (const ty of ["IMPG", "IMPS", "ISD"]) expect(row(json.itc_elg.itc_avl, ty)).toEqual({ iamt: 0, camt: 0, samt: 0 });
      // 4(A)(3): the rent's tax as credit.
      expect(row(json.itc_elg.itc_avl, "ISRC")).toEqual({ iamt: 0, camt: 2700, samt: 2700 });
      // 4(A)(5): IGST 3,600 − 180 (credit note) + min(900, 900.40) = 4,320;
      //          CGST = SGST = 250 (5%) + 1,000 (40%) + 50 (food, claimed then reversed) = 1,300.
      //          Not the milk (no tax), not SS-1 (not in the 2B), not KE-1 (itcavl N).
      expect(row(json.itc_elg.itc_avl, "OTH")).toEqual({ iamt: 4320, camt: 1300, samt: 1300 });
      // 4(B)(1): the blocked food bill (no exempt supplies, so no Rule 42/43 reversal); 4(B)(2) nothing.
      expect(row(json.itc_elg.itc_rev, "RUL")).toEqual({ iamt: 0, camt: 50, samt: 50 });
      expect(row(json.itc_elg.itc_rev, "OTH")).toEqual({ iamt: 0, camt: 0, samt: 0 });
      // 4(C) = 4(A) − 4(B): IGST 4,320; CGST = SGST = 1,300 + 2,700 − 50 = 3,950.
      expect(heads(json.itc_elg.itc_net)).toEqual({ iamt: 4320, camt: 3950, samt: 3950 });
      // 4(D)(2): KE-1, which the 2B says is not available.
      expect(heads(json.itc_elg.itc_inelg[1])).toEqual({ iamt: 0, camt: 540, samt: 540 });
      // 5: the nil-rated milk, within the state.
      expect(json.inward_sup.isup_details[0]).toEqual({ ty: "GST", inter: 0, intra: 1000 });
      // 6.1 (Rule 88A): IGST credit 4,320 covers the CGST shortfall (9,000 − 3,950 = 5,050) first;
      // CGST credit 3,950 then leaves 730 in cash; SGST 9,000 − 3,950 = 5,050 in cash; 3.1(d) 5,400 in cash.
      // Output 18,000 + 5,400 = 23,400; credit 4,320 + 3,950 + 3,950 = 12,220; cash 730 + 5,050 + 5,400 = 11,180.
      expect(preview.body.totals).toMatchObject({ outputTax: "23400.00", inputTax: "12220.00", netPayable: "11180.00", pendingItc: "720.00" });
      expect(preview.body.problems.filter((p: { blocking: boolean }) => p.blocking)).toEqual([]);

      // Reports show the same figures for last month, from the same computation.
      const report = (await owner.get("/api/reports?period=last-month")).body;
      expect(report.gst).toEqual({ outputTax: 23400, inputTax: 12220, netPayable: 11180 });

      expect((await owner.post("/api/gst/file-gstr1", { period })).body).toMatchObject({ success: true });
      expect((await owner.post("/api/gst/file-gstr3b", { period })).body).toMatchObject({ success: true });
      const filed = (await owner.get("/api/gst/returns")).body.find((r: { returnType: string }) => r.returnType === "GSTR3B");
      expect(filed).toMatchObject({ status: "filed", totalTaxLiability: "23400.00", totalItcClaimed: "12220.00", netTaxPayable: "11180.00" });
      expect((await owner.get(`/api/gst/returns/${filed.id}/json`)).body).toEqual(json);

      // The filed month is closed: a bill in it can no longer change or go (s.34: a note corrects it) ...
      const changed = await owner.put(`/api/expenses/${food.id}`, {
        vendorId: hotel,
        category: "Food & Beverages",
        description: "HA-1",
        amount: "2500",
        gstRate: "5",
        date: day(5),
        reportInNextOpenPeriod: true,
      });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe("PERIOD_FILED");
      expect((await owner.delete(`/api/expenses/${food.id}`)).body.code).toBe("PERIOD_FILED");
      // ... a late bill dated in it is refused until the user agrees to report it in the next open month ...
      const late = { vendorId: shah, category: "Supplies", description: "SS-2", amount: "1000", gstRate: "18", date: day(20), vendorInvoiceNumber: "SS-2" };
      const refused = await owner.post("/api/expenses", late);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "PERIOD_FILED", period, reportIn: returnPeriodOf(new Date()) });
      const reported = await owner.post("/api/expenses", { ...late, reportInNextOpenPeriod: true });
      expect(reported.status).toBe(201);
      expect(reported.body).toMatchObject({ date: day(20), reportingPeriod: returnPeriodOf(new Date()) });
      // ... and its decisions are closed too (their credit is in a filed return).
      expect((await owner.post(`/api/gst/reconciliations/${period}/decisions`, { expenseId: nearMatch.id, portalKey: suggested.portal.key, decision: "reject" })).status).toBe(409);
    });
  });
}

monthOfPurchases("PGlite", () => startTestApp("pglite"));
describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  monthOfPurchases("PostgreSQL", () => startTestApp("postgres"));
});
