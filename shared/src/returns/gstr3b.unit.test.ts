import { describe, expect, it } from "vitest";
import { expense, invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr3b, setOffTax } from "./gstr3b.ts";

/**
 * October 2025, supplier in Gujarat (24). Sales (the GSTR-1 test's, plus a UIN holder):
 *   S1 B2B intra 24: 5% 2300 (C/S 57.50), 18% 2300 (C/S 207.00)
 *   S2 B2B inter 29: 18% 10000, IGST 1800
 *   S3 B2C inter 27: 18% 100000, IGST 18000
 *   S4 B2C intra 24: 18% 1000 (C/S 90), 0% 200 (nil)
 *   S5 UIN holder 0717USA00001UNB, pos 07: 18% 1000, IGST 180
 *   S6 B2C intra 24, 2 Nov 2025: outside the period
 * 3.1(a): txval 2300 + 2300 + 10000 + 100000 + 1000 + 1000 = 116600
 *         IGST 1800 + 18000 + 180 = 19980; CGST = SGST = 57.50 + 207 + 90 = 354.50
 * 3.1(c): 200. 3.2: unregistered pos 27 {100000, 18000}; UIN pos 07 {1000, 180}.
 *
 * Expenses (October):
 *   E1 vendor 27AADCB2230M1ZT, IGST 1800 on 10000, eligible      → ITC IGST 1800
 *   E2 vendor 24AANFA2641L1ZF, C/S 450 on 5000, eligible          → ITC CGST 450, SGST 450
 *   E3 no vendor GSTIN, C/S 90 on 1000, eligible                  → not claimed, warned
 *   E4 vendor 29AAGCB1286Q1Z0, IGST 360 on 2000, not eligible     → not claimed
 *   E5 vendor 24AANFA2641L1ZF, no GST on 300 (nil purchase)       → Table 5 intra 300
 *   E6 2 Nov 2025                                                  → outside the period
 * Issue 8 changed the ITC figures (s.16(2)(aa): ITC only for bills in a GSTR-2B; Circular
 * 170/02/2022: 4(A) holds what the 2B shows incl. blocked credit, 4(B)(1) reverses it and Rule 42):
 * E1, E2, E4 are matched in the October 2B (reportIn 102025).
 *   4(A)(5) OTH: IGST 1800 + 360 = 2160, CGST 450, SGST 450.
 *   4(B)(1) RUL: E4 blocked IGST 360; Rule 42 D1 = C2 × E/F, E = nil 200, F = 116600 + 200 =
 *           116800: IGST 1800 × 200 / 116800 = 3.0821 → 3.08, CGST 450 × 200 / 116800 = 0.7705
 *           → 0.77, SGST 0.77. RUL = IGST 363.08, CGST 0.77, SGST 0.77.
 *   4(C): IGST 1796.92, CGST 449.23, SGST 449.23.
 * 6.1: the IGST credit 1796.92 all goes to IGST (19980 → 18183.08 still due). The CGST credit
 *      449.23 pays CGST 354.50 and its other 94.73 pays IGST (s.49: own head first, then IGST);
 *      SGST the same. Cash: IGST 18183.08 − 94.73 − 94.73 = 17993.62 (s.170: ₹17,994), nothing
 *      else; no credit left.
 */
const invoices = [
  invoice({
    number: "S1",
    issueDate: "2025-10-15",
    customerGstin: "24AANFA2641L1ZF",
    placeOfSupply: "24",
    lines: [
      { taxable: "2300.00", rate: "5" },
      { taxable: "2300.00", rate: "18" },
    ],
  }),
  invoice({ number: "S2", issueDate: "2025-10-20", customerGstin: "29AABCR1718E1ZL", placeOfSupply: "29", lines: [{ taxable: "10000.00", rate: "18" }] }),
  invoice({ number: "S3", issueDate: "2025-10-05", placeOfSupply: "27", lines: [{ taxable: "100000.00", rate: "18" }] }),
  invoice({
    number: "S4",
    issueDate: "2025-10-07",
    placeOfSupply: "24",
    lines: [
      { taxable: "1000.00", rate: "18" },
      { taxable: "200.00", rate: "0" },
    ],
  }),
  invoice({ number: "S5", issueDate: "2025-10-09", customerGstin: "0717USA00001UNB", placeOfSupply: "07", lines: [{ taxable: "1000.00", rate: "18" }] }),
  invoice({ number: "S6", issueDate: "2025-11-02", placeOfSupply: "24", lines: [{ taxable: "5000.00", rate: "18" }] }),
];

const expenses = [
  expense({ id: "E1", date: "2025-10-03", vendorGstin: "27AADCB2230M1ZT", amount: "10000.00", igst: "1800.00" }),
  expense({ id: "E2", date: "2025-10-04", vendorGstin: "24AANFA2641L1ZF", amount: "5000.00", cgst: "450.00", sgst: "450.00" }),
  expense({ id: "E3", date: "2025-10-05", vendorGstin: null, amount: "1000.00", cgst: "90.00", sgst: "90.00" }),
  expense({ id: "E4", date: "2025-10-06", vendorGstin: "29AAGCB1286Q1Z0", amount: "2000.00", igst: "360.00", eligibleForItc: false }),
  expense({ id: "E5", date: "2025-10-07", vendorGstin: "24AANFA2641L1ZF", amount: "300.00" }),
  expense({ id: "E6", date: "2025-11-02", vendorGstin: "27AADCB2230M1ZT", amount: "10000.00", igst: "1800.00" }),
];

const october2b = {
  period: "102025",
  reportIn: "102025",
  pairs: [
    { expenseId: "E1", claimable: true, portal: { key: "b2b:E1", kind: "b2b" as const, taxable: 1_000_000, igst: 180_000, cgst: 0, sgst: 0, cess: 0, itcAvailable: true } },
    { expenseId: "E2", claimable: true, portal: { key: "b2b:E2", kind: "b2b" as const, taxable: 500_000, igst: 0, cgst: 45_000, sgst: 45_000, cess: 0, itcAvailable: true } },
    { expenseId: "E4", claimable: true, portal: { key: "b2b:E4", kind: "b2b" as const, taxable: 200_000, igst: 36_000, cgst: 0, sgst: 0, cess: 0, itcAvailable: true } },
  ],
};

describe("buildGstr3b", () => {
  const result = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices, expenses, reconciliations: [october2b] });

  it("fills table 3.1 from the period's sales", () => {
    expect(result.json.gstin).toBe(SUPPLIER_GSTIN);
    expect(result.json.ret_period).toBe("102025");
    expect(result.json.sup_details).toEqual({
      osup_det: { txval: 116600, iamt: 19980, camt: 354.5, samt: 354.5, csamt: 0 },
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 200 },
      isup_rev: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      osup_nongst: { txval: 0 },
    });
    expect(result.json.eco_dtls).toEqual({ eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }, eco_reg_sup: { txval: 0 } });
  });

  it("fills table 3.2 with inter-state supplies to unregistered persons and UIN holders", () => {
    expect(result.json.inter_sup).toEqual({
      unreg_details: [{ pos: "27", txval: 100000, iamt: 18000 }],
      comp_details: [],
      uin_details: [{ pos: "07", txval: 1000, iamt: 180 }],
    });
  });

  it("s.16(2)(aa), Circular 170/02/2022: claims ITC of bills in the 2B in 4(A)(5), reverses s.17(5) and Rule 42 in 4(B)(1); nil purchases in table 5", () => {
    expect(result.json.itc_elg).toEqual({
      itc_avl: [
        { ty: "IMPG", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "IMPS", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "ISRC", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "ISD", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "OTH", iamt: 2160, camt: 450, samt: 450, csamt: 0 },
      ],
      itc_rev: [
        { ty: "RUL", iamt: 363.08, camt: 0.77, samt: 0.77, csamt: 0 },
        { ty: "OTH", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      ],
      itc_net: { iamt: 1796.92, camt: 449.23, samt: 449.23, csamt: 0 },
      itc_inelg: [
        { ty: "RUL", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: "OTH", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      ],
    });
    expect(result.json.inward_sup).toEqual({
      isup_details: [
        { ty: "GST", inter: 0, intra: 300 },
        { ty: "NONGST", inter: 0, intra: 0 },
      ],
    });
    expect(result.warnings).toEqual(["Purchase Expense E3 of 2025-10-05: the supplier has no GSTIN, so its GST is not input tax credit"]);
    expect(result.totals.itcExpenseCount).toBe(3);
    expect(result.totals.invoiceCount).toBe(5);
  });

  it("computes table 6.1: output tax less ITC in the Rule 88A order, the rest in cash (paise)", () => {
    expect(result.payment).toEqual({
      liability: { igst: 1_998_000, cgst: 35_450, sgst: 35_450, cess: 0 },
      credit: { igst: 179_692, cgst: 44_923, sgst: 44_923, cess: 0 },
      paidFromCredit: {
        igst: { igst: 179_692, cgst: 9_473, sgst: 9_473 },
        cgst: { igst: 0, cgst: 35_450 },
        sgst: { igst: 0, sgst: 35_450 },
        cess: { cess: 0 },
      },
      cash: { igst: 1_799_362, cgst: 0, sgst: 0, cess: 0 }, // 19980 − 1796.92 − 94.73 − 94.73 = 17993.62
      totalCash: 1_799_362,
      creditCarriedForward: { igst: 0, cgst: 0, sgst: 0, cess: 0 },
    });
    expect(result.cash.tax).toEqual({ igst: 1_799_400, cgst: 0, sgst: 0, cess: 0 }); // s.170: ₹17,993.62 → ₹17,994
  });

  it("s.16(2)(aa): without a GSTR-2B no forward-charge ITC is claimed", () => {
    const none = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices, expenses });
    expect(none.json.itc_elg.itc_net).toEqual({ iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });

  it("counts exports as zero-rated with their IGST payable, and reverse-charge sales without tax", () => {
    const r = buildGstr3b({
      gstin: SUPPLIER_GSTIN,
      period: "102025",
      invoices: [
        invoice({ number: "X1", issueDate: "2025-10-02", placeOfSupply: "96", lines: [{ taxable: "1000.00", rate: "18" }] }),
        invoice({ number: "R1", issueDate: "2025-10-03", customerGstin: "24AANFA2641L1ZF", placeOfSupply: "24", reverseCharge: true, lines: [{ taxable: "500.00", rate: "18" }] }),
      ],
      expenses: [],
    });
    expect(r.json.sup_details.osup_zero).toEqual({ txval: 1000, iamt: 180, csamt: 0 });
    expect(r.json.sup_details.osup_det).toEqual({ txval: 500, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(r.payment.cash).toEqual({ igst: 18_000, cgst: 0, sgst: 0, cess: 0 });
  });
});

describe("buildGstr3b: SEZ supplies", () => {
  it("s.16(1)(b) IGST Act: a supply to an SEZ is zero-rated: table 3.1(b) with its IGST, not 3.1(a) nor 3.2", () => {
    // Gujarat supplier, SEZ unit in Gujarat: 18% on 10000, IGST 1800; a local B2C sale of 1000 (C/S 90).
    const base = invoice({
      number: "Z-1",
      issueDate: "2025-10-02",
      placeOfSupply: "24",
      customerGstin: "24AANFA2641L1ZF",
      lines: [{ taxable: "10000.00", rate: "18", cgst: "0.00", sgst: "0.00", igst: "1800.00" }],
    });
    const sez = { ...base, taxKind: "inter" as const, customer: { ...base.customer, isSez: true } };
    const local = invoice({ number: "L-1", issueDate: "2025-10-03", placeOfSupply: "24", lines: [{ taxable: "1000.00", rate: "18" }] });
    const result = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [sez, local], expenses: [], reconciliations: [] });
    expect(result.json.sup_details.osup_zero).toEqual({ txval: 10000, iamt: 1800, csamt: 0 });
    expect(result.json.sup_details.osup_det).toEqual({ txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 });
    expect(result.json.inter_sup.unreg_details).toEqual([]);
    expect(result.totals.zeroRated).toMatchObject({ taxable: 1_000_000, igst: 180_000, cgst: 0, sgst: 0 });
    // the IGST is payable all the same (with payment of IGST): 1800 + 90 + 90 = 1980
    expect(result.totals.outputTax).toBe(198_000);
  });
});

describe("setOffTax", () => {
  it("works the documented example", () => {
    // IGST credit 1200: 1000 → IGST; 200 left → CGST (its own credit is 0). SGST credit 800: 500 → SGST.
    const r = setOffTax({ igst: 1000, cgst: 500, sgst: 500, cess: 0 }, { igst: 1200, cgst: 0, sgst: 800, cess: 0 });
    expect(r.paidFromCredit).toEqual({
      igst: { igst: 1000, cgst: 0, sgst: 0 },
      cgst: { igst: 200, cgst: 0 },
      sgst: { igst: 0, sgst: 500 },
      cess: { cess: 0 },
    });
    expect(r.cash).toEqual({ igst: 0, cgst: 300, sgst: 0, cess: 0 });
    expect(r.creditCarriedForward).toEqual({ igst: 0, cgst: 0, sgst: 300, cess: 0 });
  });

  it("uses up IGST credit on CGST and SGST before their own credit", () => {
    // IGST 1000 credit: 100 → IGST; shortfalls CGST 200 − 50 = 150, SGST 300 − 0 = 300 → 150, 300;
    // 450 left: CGST still owes 50 → 50 more. IGST credit left 400; the CGST credit 50 is untouched.
    const r = setOffTax({ igst: 100, cgst: 200, sgst: 300, cess: 0 }, { igst: 1000, cgst: 50, sgst: 0, cess: 0 });
    expect(r.paidFromCredit.cgst).toEqual({ igst: 200, cgst: 0 });
    expect(r.paidFromCredit.sgst).toEqual({ igst: 300, sgst: 0 });
    expect(r.totalCash).toBe(0);
    expect(r.creditCarriedForward).toEqual({ igst: 400, cgst: 50, sgst: 0, cess: 0 });
  });

  it("never lets CGST credit pay SGST (or the reverse), and cess credit pays only cess", () => {
    const r = setOffTax({ igst: 0, cgst: 0, sgst: 100, cess: 70 }, { igst: 0, cgst: 500, sgst: 0, cess: 20 });
    expect(r.cash).toEqual({ igst: 0, cgst: 0, sgst: 100, cess: 50 });
    expect(r.creditCarriedForward).toEqual({ igst: 0, cgst: 500, sgst: 0, cess: 0 });
    expect(() => setOffTax({ igst: -1, cgst: 0, sgst: 0, cess: 0 }, { igst: 0, cgst: 0, sgst: 0, cess: 0 })).toThrow(RangeError);
  });
});
