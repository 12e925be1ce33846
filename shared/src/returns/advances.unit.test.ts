import { describe, expect, it } from "vitest";
import { advanceTaxOf, advanceTaxView, formatPaise, toPaise } from "../contract/index.ts";
import type { AdvanceForReturn } from "./advances.ts";
import { advancesOfPeriod } from "./advances.ts";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1 } from "./gstr1.ts";
import { buildGstr3b } from "./gstr3b.ts";

/**
 * Supplier in Gujarat (24). A services advance of ₹11,800 at 18% is tax inclusive:
 * taxable = 11800 × 100 / 118 = 10000.00; intra-state CGST = SGST = 10000 × 9% = 900.00;
 * inter-state IGST = 1800.00.
 */
const GUJARAT = "24";

function advance(spec: {
  id?: string;
  amount: string;
  date: string;
  supply?: "goods" | "services";
  rate?: number;
  pos?: string;
  applications?: AdvanceForReturn["applications"];
}): AdvanceForReturn {
  const services = spec.supply !== "goods";
  const tax = services ? advanceTaxOf(toPaise(spec.amount), (spec.rate ?? 18) * 100, { supplierState: GUJARAT, placeOfSupply: spec.pos ?? GUJARAT }) : null;
  return {
    id: spec.id ?? "adv-1",
    date: spec.date,
    amount: formatPaise(toPaise(spec.amount)),
    ...advanceTaxView(tax ? { supply: "services", gstRateBasisPoints: (spec.rate ?? 18) * 100, placeOfSupply: spec.pos ?? GUJARAT, ...tax } : { supply: "goods" }),
    applications: spec.applications ?? [],
  };
}

const juneInvoice = invoice({ number: "J-1", issueDate: "2026-06-10", placeOfSupply: GUJARAT, lines: [{ taxable: "20000.00", rate: "18", hsn: "998314" }] });
const mayInvoice = invoice({ number: "M-1", issueDate: "2026-05-20", placeOfSupply: GUJARAT, lines: [{ taxable: "20000.00", rate: "18", hsn: "998314" }] });

describe("advance tax (s.13(2) CGST Act)", () => {
  it("s.13(2): a tax-inclusive services advance splits as amount × 100 / (100 + rate), heads by the place of supply", () => {
    expect(advanceTaxOf(toPaise("11800"), 1800, { supplierState: GUJARAT, placeOfSupply: GUJARAT })).toEqual({
      taxablePaise: 1_000_000,
      igstPaise: 0,
      cgstPaise: 90_000,
      sgstPaise: 90_000,
    });
    expect(advanceTaxOf(toPaise("11800"), 1800, { supplierState: GUJARAT, placeOfSupply: "27" })).toEqual({
      taxablePaise: 1_000_000,
      igstPaise: 180_000,
      cgstPaise: 0,
      sgstPaise: 0,
    });
    // ₹1,000 at 18%: 100000 × 100 / 118 = 84745.76 → 84746 paise; CGST = SGST = 84746 × 9% = 7627.14 → 7627.
    expect(advanceTaxOf(toPaise("1000"), 1800, { supplierState: GUJARAT, placeOfSupply: GUJARAT })).toEqual({
      taxablePaise: 84_746,
      igstPaise: 0,
      cgstPaise: 7_627,
      sgstPaise: 7_627,
    });
  });

  it("s.13(2), GSTR-1 Table 11A: a services advance received in May and not invoiced is in May's `at` and GSTR-3B 3.1(a)", () => {
    const may = advance({ amount: "11800", date: "2026-05-10" });
    const gstr1 = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [], advances: [may] });
    expect(gstr1.json.at).toEqual([{ pos: "24", sply_ty: "INTRA", itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] }]);
    expect(gstr1.json.txpd).toBeUndefined();
    expect(gstr1.totals).toMatchObject({ totalTaxableValue: 1_000_000, cgst: 90_000, sgst: 90_000, totalTax: 180_000 });
    const gstr3b = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [], expenses: [], advances: [may] });
    expect(gstr3b.json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    expect(gstr3b.payment.liability).toMatchObject({ cgst: 90_000, sgst: 90_000 });
    // Not in April's return, nor in June's `at`.
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "042026", invoices: [], advances: [may] }).json.at).toBeUndefined();
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "062026", invoices: [], advances: [may] }).json.at).toBeUndefined();
  });

  it("Table 11B: a May advance applied to a June invoice is adjusted in June's `txpd` and 3.1(a) is reduced; May's `at` stays", () => {
    const may = advance({ amount: "11800", date: "2026-05-10", applications: [{ invoiceId: juneInvoice.id, amount: "11800.00", appliedAt: "2026-06-12T06:00:00.000Z" }] });
    const june1 = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "062026", invoices: [juneInvoice], advances: [may] });
    expect(june1.json.txpd).toEqual([{ pos: "24", sply_ty: "INTRA", itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] }]);
    expect(june1.json.at).toBeUndefined();
    // Invoice 20000 / 1800 / 1800 less the 10000 / 900 / 900 paid in May.
    expect(june1.totals).toMatchObject({ totalTaxableValue: 1_000_000, cgst: 90_000, sgst: 90_000 });
    const june3b = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "062026", invoices: [juneInvoice], expenses: [], advances: [may] });
    expect(june3b.json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [juneInvoice], advances: [may] }).json.at).toEqual([
      { pos: "24", sply_ty: "INTRA", itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] },
    ]);
  });

  it("Table 11B: the applied part only, in proportion (₹5,900 of ₹11,800 → 5000 taxable, 450 + 450)", () => {
    const may = advance({ amount: "11800", date: "2026-05-10", applications: [{ invoiceId: juneInvoice.id, amount: "5900.00", appliedAt: "2026-06-12T06:00:00.000Z" }] });
    const june = advancesOfPeriod([may], [juneInvoice], "062026", GUJARAT);
    expect(june.txpd).toEqual([{ pos: "24", sply_ty: "INTRA", itms: [{ rt: 18, ad_amt: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 }] }]);
    expect(june.adjusted).toEqual({ taxable: 500_000, igst: 0, cgst: 45_000, sgst: 45_000, cess: 0 });
  });

  it("Table 11A: an advance received and invoiced in the same month is reported on the invoice only (not in `at`); the unapplied rest is", () => {
    const whole = advance({ amount: "11800", date: "2026-05-10", applications: [{ invoiceId: mayInvoice.id, amount: "11800.00", appliedAt: "2026-05-21T06:00:00.000Z" }] });
    const gstr1 = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [mayInvoice], advances: [whole] });
    expect(gstr1.json.at).toBeUndefined();
    expect(gstr1.json.txpd).toBeUndefined();
    expect(gstr1.totals).toMatchObject({ totalTaxableValue: 2_000_000, cgst: 180_000 });
    const half = advance({ amount: "11800", date: "2026-05-10", applications: [{ invoiceId: mayInvoice.id, amount: "5900.00", appliedAt: "2026-05-21T06:00:00.000Z" }] });
    expect(advancesOfPeriod([half], [mayInvoice], "052026", GUJARAT).at).toEqual([
      { pos: "24", sply_ty: "INTRA", itms: [{ rt: 18, ad_amt: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 }] },
    ]);
    const may3b = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [mayInvoice], expenses: [], advances: [whole] });
    expect(may3b.json.sup_details.osup_det).toEqual({ txval: 20000, iamt: 0, camt: 1800, samt: 1800, csamt: 0 });
  });

  it("Notification 66/2017-CT: an advance for goods carries no tax and is not in `at` or 3.1(a)", () => {
    const goods = advance({ amount: "11800", date: "2026-05-10", supply: "goods" });
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [], advances: [goods] }).json.at).toBeUndefined();
    expect(buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "052026", invoices: [], expenses: [], advances: [goods] }).json.sup_details.osup_det.txval).toBe(0);
  });

  it("s.13(2) inter-state (place of supply 27 ≠ 24): IGST, sply_ty INTER", () => {
    const inter = advance({ amount: "11800", date: "2026-05-10", pos: "27" });
    expect(advancesOfPeriod([inter], [], "052026", GUJARAT).at).toEqual([
      { pos: "27", sply_ty: "INTER", itms: [{ rt: 18, ad_amt: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 }] },
    ]);
  });
});
