import { describe, expect, it } from "vitest";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { prepareGstr1, prepareGstr3b } from "./prepare.ts";
import type { ReconciliationForReturn } from "./prepare.ts";
import { pairFor, purchase } from "./purchaseFixtures.ts";

const INTRA = "24AANFA2641L1ZF"; // Gujarat, like the business
const KA = "29AAGCB1286Q1Z0";
const MH = "27AADCB2230M1ZT";
const ON_TIME = new Date("2026-11-20T10:00:00+05:30");
/** Before GSTR-1's due date, 11 Nov. */
const GSTR1_ON_TIME = new Date("2026-11-05T10:00:00+05:30");

/**
 * One month, October 2026, business in Gujarat (24), no sales, filed on the due date 20 Nov 2026.
 *   N1 nil-rated ₹1,000 (intra)                        → table 5 GST intra 1000, no ITC
 *   B5 5% ₹10,000 intra: CGST 250 + SGST 250           → 2B match → 4(A)(5)
 *   B18 18% ₹20,000 inter (KA): IGST 3600              → 2B match → 4(A)(5)
 *   B40 40% ₹5,000 inter (MH): IGST 2000               → 2B match → 4(A)(5)
 *   F food ₹2,000 @5% intra: CGST 50 + SGST 50, blocked s.17(5)(b)(i) → 4(A)(5) and 4(B)(1)
 *   R rent from an unregistered landlord ₹30,000 @18% under RCM (entry 5AB): CGST 2700 + SGST 2700
 *                                                      → 3.1(d) and 4(A)(3)
 *   CN credit note ₹1,000 @18% against B18: IGST 180   → 4(A)(5) less 180
 *   M 18% ₹4,000 intra, not in the 2B: CGST 360 + SGST 360 → pending, not claimed
 *   N 18% ₹3,000 inter (KA), 2B itcavl N: IGST 540     → 4(D)(2)
 * 3.1(d): txval 30000, CGST 2700, SGST 2700.
 * 4(A)(3) ISRC: CGST 2700, SGST 2700.
 * 4(A)(5) OTH: IGST 3600 + 2000 − 180 = 5420; CGST 250 + 50 = 300; SGST 300.
 * 4(B)(1) RUL: CGST 50, SGST 50 (food); Rule 42/43 nothing (no outward turnover, F = 0).
 * 4(C): IGST 5420, CGST 2700 + 300 − 50 = 2950, SGST 2950.
 * 4(D)(2): IGST 540.
 * 6.1: no forward-charge liability; 3.1(d) paid in cash: CGST 2700 + SGST 2700 = 5400.
 *      Credit carried forward = 4(C). Pending ITC: 720.
 */
describe("prepareGstr3b: one month of purchases", () => {
  const n1 = purchase({ id: "N1", date: "2026-10-02", amount: "1000.00", vendorGstin: INTRA, taxability: "nil" });
  const b5 = purchase({ id: "B5", date: "2026-10-03", amount: "10000.00", vendorGstin: INTRA, cgst: "250.00", sgst: "250.00", rate: "5" });
  const b18 = purchase({ id: "B18", date: "2026-10-04", amount: "20000.00", vendorGstin: KA, igst: "3600.00" });
  const b40 = purchase({ id: "B40", date: "2026-10-05", amount: "5000.00", vendorGstin: MH, igst: "2000.00", rate: "40" });
  const food = purchase({
    id: "F",
    date: "2026-10-06",
    amount: "2000.00",
    vendorGstin: INTRA,
    cgst: "50.00",
    sgst: "50.00",
    rate: "5",
    category: "Food & Beverages",
    eligibleForItc: false,
  });
  const rent = purchase({ id: "R", date: "2026-10-07", amount: "30000.00", vendorGstin: null, cgst: "2700.00", sgst: "2700.00", category: "Office Rent", reverseCharge: true });
  const note = purchase({ id: "CN", date: "2026-10-08", amount: "1000.00", vendorGstin: KA, igst: "180.00", documentType: "credit_note", againstExpenseId: "B18" });
  const missing = purchase({ id: "M", date: "2026-10-09", amount: "4000.00", vendorGstin: INTRA, cgst: "360.00", sgst: "360.00" });
  const notAvailable = purchase({ id: "N", date: "2026-10-10", amount: "3000.00", vendorGstin: KA, igst: "540.00" });
  const expenses = [n1, b5, b18, b40, food, rent, note, missing, notAvailable];
  const october: ReconciliationForReturn = {
    period: "102026",
    reportIn: "102026",
    pairs: [pairFor(b5), pairFor(b18), pairFor(b40), pairFor(food), pairFor(notAvailable, false)],
  };
  const result = prepareGstr3b({ gstin: SUPPLIER_GSTIN, period: "102026", today: ON_TIME, invoices: [], expenses, reconciliations: [october] });

  it("s.9(3) and Circular 170/02/2022: table 4 and 3.1(d) figure by figure", () => {
    expect(result.json.sup_details.isup_rev).toEqual({ txval: 30000, iamt: 0, camt: 2700, samt: 2700, csamt: 0 });
    expect(result.json.itc_elg).toEqual({
      itc_avl: [
        { ty: "IMPG", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "IMPS", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "ISRC", iamt: 0, camt: 2700, samt: 2700, csamt: 0 },
        { ty: "ISD", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "OTH", iamt: 5420, camt: 300, samt: 300, csamt: 0 },
      ],
      itc_rev: [
        { ty: "RUL", iamt: 0, camt: 50, samt: 50, csamt: 0 },
        { ty: "OTH", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      ],
      itc_net: { iamt: 5420, camt: 2950, samt: 2950, csamt: 0 },
      itc_inelg: [
        { ty: "RUL", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "OTH", iamt: 540, camt: 0, samt: 0, csamt: 0 },
      ],
    });
    expect(result.json.inward_sup.isup_details).toEqual([
      { ty: "GST", inter: 0, intra: 1000 },
      { ty: "NONGST", inter: 0, intra: 0 },
    ]);
  });

  it("6.1: reverse-charge tax is paid in cash, 4(C) is carried forward; the bill missing from 2B is pending", () => {
    expect(result.payment?.cash).toEqual({ igst: "0.00", cgst: "2700.00", sgst: "2700.00", cess: "0.00" });
    expect(result.payment?.creditCarriedForward).toEqual({ igst: "5420.00", cgst: "2950.00", sgst: "2950.00", cess: "0.00" });
    expect(result.totals).toMatchObject({
      outputTax: "5400.00",
      inputTax: "11320.00",
      netPayable: "5400.00",
      interest: "0.00",
      lateFee: "0.00",
      pendingItc: "720.00",
    });
    expect(result.amounts.creditCarriedForward).toEqual({ igst: 542_000, cgst: 295_000, sgst: 295_000, cess: 0 });
    expect(result.problems.filter((p) => p.blocking)).toEqual([]);
  });

  it("s.16(2)(aa): a 2B reported in November moves the claim to November", () => {
    const late = prepareGstr3b({ gstin: SUPPLIER_GSTIN, period: "102026", today: ON_TIME, invoices: [], expenses, reconciliations: [{ ...october, reportIn: "112026" }] });
    expect(late.json.itc_elg.itc_avl[4]).toEqual({ ty: "OTH", iamt: 0, camt: 0, samt: 0, csamt: 0 });
    const november = prepareGstr3b({
      gstin: SUPPLIER_GSTIN,
      period: "112026",
      today: new Date("2026-12-05T10:00:00+05:30"),
      invoices: [],
      expenses,
      reconciliations: [{ ...october, reportIn: "112026" }],
    });
    expect(november.json.itc_elg.itc_avl[4]).toEqual({ ty: "OTH", iamt: 5420, camt: 300, samt: 300, csamt: 0 });
  });
});

describe("prepareGstr3b: interest and late fee (table 5.1)", () => {
  const sale = invoice({ number: "S1", issueDate: "2026-10-15", customerGstin: INTRA, placeOfSupply: "24", lines: [{ taxable: "10000.00", rate: "18", hsn: "9983" }] });

  it("s.50(1), Rule 88B(1); s.47 with Notification 19/2021-CT: filed 10 days late", () => {
    // Cash CGST 900, SGST 900. Interest per head 900 × 18% × 10 / 365 = 4.438 → ₹4.44 → s.170 ₹4.
    // Late fee ₹25 × 10 = ₹250 per head.
    const r = prepareGstr3b({ gstin: SUPPLIER_GSTIN, period: "102026", today: new Date("2026-11-30T12:00:00+05:30"), invoices: [sale], expenses: [], reconciliations: [] });
    expect(r.json.intr_ltfee).toEqual({ intr_details: { iamt: 0, camt: 4, samt: 4, csamt: 0 }, ltfee_details: { iamt: 0, camt: 250, samt: 250, csamt: 0 } });
    expect(r.totals).toMatchObject({ netPayable: "1800.00", interest: "8.00", lateFee: "500.00" });
    expect(r.payment?.totalCash).toBe("2308.00");
  });

  it("Rule 88B(2): a September sale reported in October bears interest from September's due date", () => {
    // Moved: CGST 900, SGST 900 from 20 Oct to 20 Nov = 31 days: 900 × 18% × 31 / 365 = 13.759 → ₹13.76 → ₹14.
    const moved = {
      ...invoice({ number: "S0", issueDate: "2026-09-15", customerGstin: INTRA, placeOfSupply: "24", lines: [{ taxable: "10000.00", rate: "18", hsn: "9983" }] }),
      reportingPeriod: "102026",
    };
    const r = prepareGstr3b({ gstin: SUPPLIER_GSTIN, period: "102026", today: ON_TIME, invoices: [moved], expenses: [], reconciliations: [] });
    expect(r.json.intr_ltfee.intr_details).toEqual({ iamt: 0, camt: 14, samt: 14, csamt: 0 });
    expect(r.totals.lateFee).toBe("0.00");
  });

  it("s.170: cash per head is rounded to whole rupees, half up", () => {
    // 18% of ₹1,002.50 intra: CGST 90.225 → 90.23 per head → ₹90.
    // 18% of ₹1,003.00 intra: CGST 90.27 → ₹90; and ₹1,005.60: 90.504 → 90.50 → ₹91.
    const r = prepareGstr3b({
      gstin: SUPPLIER_GSTIN,
      period: "102026",
      today: ON_TIME,
      invoices: [invoice({ number: "S2", issueDate: "2026-10-15", placeOfSupply: "24", lines: [{ taxable: "1005.60", rate: "18", hsn: "9983" }] })],
      expenses: [],
      reconciliations: [],
    });
    expect(r.payment?.cash).toEqual({ igst: "0.00", cgst: "91.00", sgst: "91.00", cess: "0.00" });
  });
});

describe("prepareGstr1", () => {
  it("takes an earlier period's invoice moved into this one, keeping its date; leaves out another GSTIN's", () => {
    const moved = {
      ...invoice({ number: "A-1", issueDate: "2026-09-28", placeOfSupply: "24", lines: [{ taxable: "1000.00", rate: "18", hsn: "9983" }] }),
      reportingPeriod: "102026",
    };
    const other = invoice({
      number: "Z-1",
      issueDate: "2026-10-02",
      supplierGstin: "27AAPFU0939F1ZV",
      placeOfSupply: "27",
      lines: [{ taxable: "1000.00", rate: "18", hsn: "9983" }],
    });
    const r = prepareGstr1({ gstin: SUPPLIER_GSTIN, period: "102026", today: GSTR1_ON_TIME, invoices: [moved, other] });
    expect(r.totals.invoiceCount).toBe(1);
    expect(r.json.b2cs?.[0]).toMatchObject({ txval: 1000, camt: 90, samt: 90 });
    expect(r.problems).toEqual([expect.objectContaining({ code: "GSTIN_MISMATCH", blocking: false })]);
    const september = prepareGstr1({ gstin: SUPPLIER_GSTIN, period: "092026", today: GSTR1_ON_TIME, invoices: [moved] });
    expect(september.totals.invoiceCount).toBe(0);
  });

  it("Rule 46 / Notification 78/2020-CT: a line without HSN and a rate not in force block the filing", () => {
    const noHsn = invoice({ number: "H-1", issueDate: "2026-10-02", placeOfSupply: "24", lines: [{ taxable: "1000.00", rate: "18", hsn: null }] });
    const oldRate = invoice({ number: "H-2", issueDate: "2026-10-03", placeOfSupply: "24", lines: [{ taxable: "1000.00", rate: "12", hsn: "9983" }] });
    const r = prepareGstr1({ gstin: SUPPLIER_GSTIN, period: "102026", today: GSTR1_ON_TIME, invoices: [noHsn, oldRate] });
    expect(r.problems.filter((p) => p.blocking).map((p) => [p.code, p.record?.number])).toEqual([
      ["MISSING_HSN", "H-1"],
      ["RATE_NOT_IN_FORCE", "H-2"],
    ]);
  });

  it("s.47, Notification 20/2021-CT: late fee of a nil GSTR-1 filed 40 days late is capped at ₹250 + ₹250", () => {
    const r = prepareGstr1({ gstin: SUPPLIER_GSTIN, period: "102026", today: new Date("2026-12-21T12:00:00+05:30"), invoices: [] });
    expect(r.totals.lateFee).toBe("500.00");
    expect(r.totals).toMatchObject({ outputTax: "0.00", inputTax: "0.00", netPayable: "0.00" });
  });
});
