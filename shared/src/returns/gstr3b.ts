/**
 * GSTR-3B JSON (GST.md §4.1; keys and layout of India Compliance's
 * `gstr_3b_report_template.json`) and the Table 6.1 set-off (GST.md §4.1, Rule 88A).
 *
 * Outward side, from the period's invoices (issue date in India), line by line:
 * - 3.1(a) `osup_det`: lines with a rate > 0, not exports. Reverse-charge sales count in txval
 *   but not in tax (the recipient pays it) — IC's rule;
 * - 3.1(b) `osup_zero`: every line of an export (place of supply 96), txval, IGST, cess;
 * - 3.1(c) `osup_nil_exmp`: 0% lines that are not exports (Bahi has no exempt flag);
 * - 3.1(d) `isup_rev`, 3.1(e) `osup_nongst`, 3.1.1 `eco_dtls`: zeros (not modelled);
 * - 3.2 `inter_sup`: the inter-state 3.1(a) lines to unregistered persons (`unreg_details`) and
 *   to UIN holders (`uin_details`), per place of supply, {pos, txval, iamt}. Composition
 *   dealers cannot be told from their GSTIN, so `comp_details` stays empty.
 *
 * Inward side, from the period's expenses (expense `date`, India):
 * - 4(A)(5) `itc_avl[OTH]`: IGST/CGST/SGST of expenses marked eligible whose vendor has a valid
 *   GSTIN (without a supplier GSTIN there is no tax invoice to claim on — those are left out
 *   and listed in `warnings`). IMPG, IMPS, ISRC, ISD, reversals and ineligible rows are zeros;
 *   expenses not eligible are simply not claimed. `itc_net` = 4(A) − 4(B).
 * - 5 `inward_sup[GST]`: expenses carrying no GST (nil/exempt purchases), inter- or intra-state
 *   by the vendor's GSTIN state against the expense's place of supply (or the business state).
 *
 * Table 6.1 has no keys in GST.md's template, so it is returned beside the JSON (`payment`):
 * liability per head = 3.1(a) + 3.1(b) tax; credit = 4(C); set-off in Rule 88A order (see
 * `setOffTax`); the rest is cash. Amounts stay in paise — s.170 rounds the payment to whole
 * rupees, which is the challan's business, not the return's.
 */
import { toPaise } from "../contract/index.ts";
import type { Expense, Invoice, Paise } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import { periodContains, returnPeriod } from "./period.ts";
import { toPortalAmount } from "./portal.ts";
import { addLine, saleWarnings, toSale, zeroHeads } from "./sales.ts";
import type { Heads } from "./sales.ts";

// ---------------------------------------------------------------------------------------
// JSON

export interface Gstr3bTaxRow {
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

export interface Gstr3bItcRow {
  readonly ty: string;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

export interface Gstr3bInterStateRow {
  readonly pos: string;
  readonly txval: number;
  readonly iamt: number;
}

export interface Gstr3bJson {
  readonly gstin: string;
  readonly ret_period: string;
  readonly inward_sup: {
    readonly isup_details: readonly [
      { readonly ty: "GST"; readonly inter: number; readonly intra: number },
      { readonly ty: "NONGST"; readonly inter: number; readonly intra: number },
    ];
  };
  readonly sup_details: {
    readonly osup_det: Gstr3bTaxRow;
    readonly osup_zero: { readonly txval: number; readonly iamt: number; readonly csamt: number };
    readonly osup_nil_exmp: { readonly txval: number };
    readonly isup_rev: Gstr3bTaxRow;
    readonly osup_nongst: { readonly txval: number };
  };
  readonly inter_sup: {
    readonly unreg_details: readonly Gstr3bInterStateRow[];
    readonly comp_details: readonly Gstr3bInterStateRow[];
    readonly uin_details: readonly Gstr3bInterStateRow[];
  };
  readonly itc_elg: {
    /** IMPG, IMPS, ISRC, ISD, OTH — in this order. */
    readonly itc_avl: readonly Gstr3bItcRow[];
    /** RUL, OTH */
    readonly itc_rev: readonly Gstr3bItcRow[];
    readonly itc_net: { readonly iamt: number; readonly camt: number; readonly samt: number; readonly csamt: number };
    /** RUL, OTH (as IC's template has them) */
    readonly itc_inelg: readonly Gstr3bItcRow[];
  };
  readonly eco_dtls: {
    readonly eco_sup: Gstr3bTaxRow;
    readonly eco_reg_sup: { readonly txval: number };
  };
}

// ---------------------------------------------------------------------------------------
// Table 6.1: set-off of output tax against input tax credit

export interface TaxHeads {
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
}

export interface TaxPayment {
  /** Tax payable other than reverse charge, per head. */
  readonly liability: TaxHeads;
  /** Credit available: 4(C) net ITC. */
  readonly credit: TaxHeads;
  /** How each liability head is paid from credit. */
  readonly paidFromCredit: {
    readonly igst: { readonly igst: Paise; readonly cgst: Paise; readonly sgst: Paise };
    readonly cgst: { readonly igst: Paise; readonly cgst: Paise };
    readonly sgst: { readonly igst: Paise; readonly sgst: Paise };
    readonly cess: { readonly cess: Paise };
  };
  /** Payable in cash per head (never negative). */
  readonly cash: TaxHeads;
  readonly totalCash: Paise;
  /** Credit left over, carried forward in the electronic credit ledger. */
  readonly creditCarriedForward: TaxHeads;
}

/**
 * Rule 88A / s.49 order (GST.md §4.1):
 * 1. IGST credit pays IGST first; what remains pays CGST and SGST ("in any order") — here it
 *    first covers the part of each head its own credit cannot, then the rest, CGST first. IGST
 *    credit must be used up before any CGST/SGST credit is touched.
 * 2. CGST credit pays CGST, then IGST; SGST credit pays SGST, then IGST. CGST credit never pays
 *    SGST and vice versa.
 * 3. Cess credit pays only cess.
 * 4. What is left is paid in cash. Leftover credit is carried forward.
 * Covering the shortfalls first in step 1 makes the cash outgo the least the rules allow.
 *
 * Example (paise): liability IGST 1000, CGST 500, SGST 500; credit IGST 1200, CGST 0, SGST 800.
 * IGST credit: 1000 → IGST; 200 left; CGST shortfall 500 − 0 = 500, SGST shortfall 0 → 200 to
 * CGST. CGST credit 0. SGST credit 500 → SGST. Cash: CGST 300. Carried forward: SGST 300.
 */
export function setOffTax(liability: TaxHeads, credit: TaxHeads): TaxPayment {
  for (const [name, heads] of [["liability", liability], ["credit", credit]] as const) {
    for (const [head, value] of Object.entries(heads)) {
      if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name}.${head} must be whole paise ≥ 0: ${value}`);
    }
  }
  let igstCredit = credit.igst;
  let cgstCredit = credit.cgst;
  let sgstCredit = credit.sgst;
  let igstDue = liability.igst;
  let cgstDue = liability.cgst;
  let sgstDue = liability.sgst;

  // 1. IGST credit
  const igstByIgst = Math.min(igstCredit, igstDue);
  igstCredit -= igstByIgst;
  igstDue -= igstByIgst;
  const cgstShortfall = Math.max(0, cgstDue - cgstCredit);
  const sgstShortfall = Math.max(0, sgstDue - sgstCredit);
  let cgstByIgst = Math.min(igstCredit, cgstShortfall);
  igstCredit -= cgstByIgst;
  let sgstByIgst = Math.min(igstCredit, sgstShortfall);
  igstCredit -= sgstByIgst;
  const moreCgst = Math.min(igstCredit, cgstDue - cgstByIgst);
  cgstByIgst += moreCgst;
  igstCredit -= moreCgst;
  const moreSgst = Math.min(igstCredit, sgstDue - sgstByIgst);
  sgstByIgst += moreSgst;
  igstCredit -= moreSgst;
  cgstDue -= cgstByIgst;
  sgstDue -= sgstByIgst;

  // 2. CGST and SGST credit: own head first, then IGST.
  const cgstByCgst = Math.min(cgstCredit, cgstDue);
  cgstCredit -= cgstByCgst;
  cgstDue -= cgstByCgst;
  const sgstBySgst = Math.min(sgstCredit, sgstDue);
  sgstCredit -= sgstBySgst;
  sgstDue -= sgstBySgst;
  const igstByCgst = Math.min(cgstCredit, igstDue);
  cgstCredit -= igstByCgst;
  igstDue -= igstByCgst;
  const igstBySgst = Math.min(sgstCredit, igstDue);
  sgstCredit -= igstBySgst;
  igstDue -= igstBySgst;

  // 3. Cess
  const cessByCess = Math.min(credit.cess, liability.cess);
  const cessDue = liability.cess - cessByCess;

  const cash = { igst: igstDue, cgst: cgstDue, sgst: sgstDue, cess: cessDue };
  return {
    liability,
    credit,
    paidFromCredit: {
      igst: { igst: igstByIgst, cgst: igstByCgst, sgst: igstBySgst },
      cgst: { igst: cgstByIgst, cgst: cgstByCgst },
      sgst: { igst: sgstByIgst, sgst: sgstBySgst },
      cess: { cess: cessByCess },
    },
    cash,
    totalCash: cash.igst + cash.cgst + cash.sgst + cash.cess,
    creditCarriedForward: { igst: igstCredit, cgst: cgstCredit, sgst: sgstCredit, cess: credit.cess - cessByCess },
  };
}

// ---------------------------------------------------------------------------------------

export interface Gstr3bInput {
  readonly gstin: string;
  readonly period: string;
  readonly invoices: readonly Invoice[];
  readonly expenses: readonly Expense[];
}

export interface Gstr3bTotals {
  /** 3.1(a) */
  readonly outwardTaxable: Heads;
  /** 3.1(b) */
  readonly zeroRated: Heads;
  /** 3.1(c) */
  readonly nilRated: Paise;
  /** 4(C) */
  readonly netItc: TaxHeads;
  readonly invoiceCount: number;
  /** Expenses whose ITC went into 4(A)(5). */
  readonly itcExpenseCount: number;
}

export interface Gstr3bResult {
  readonly json: Gstr3bJson;
  readonly totals: Gstr3bTotals;
  /** Table 6.1. */
  readonly payment: TaxPayment;
  readonly warnings: readonly string[];
}

function taxRow(heads: Heads) {
  return {
    txval: toPortalAmount(heads.taxable),
    iamt: toPortalAmount(heads.igst),
    camt: toPortalAmount(heads.cgst),
    samt: toPortalAmount(heads.sgst),
    csamt: toPortalAmount(heads.cess),
  };
}

function itcRow(ty: string, heads?: TaxHeads): Gstr3bItcRow {
  return {
    ty,
    iamt: toPortalAmount(heads?.igst ?? 0),
    camt: toPortalAmount(heads?.cgst ?? 0),
    samt: toPortalAmount(heads?.sgst ?? 0),
    csamt: toPortalAmount(heads?.cess ?? 0),
  };
}

function interStateRows(map: Map<string, { taxable: Paise; igst: Paise }>): Gstr3bInterStateRow[] {
  return [...map.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([pos, v]) => ({ pos, txval: toPortalAmount(v.taxable), iamt: toPortalAmount(v.igst) }));
}

export function buildGstr3b(input: Gstr3bInput): Gstr3bResult {
  const supplier = validateGstin(input.gstin);
  if (!supplier.valid) throw new RangeError(`Supplier GSTIN: ${supplier.error}`);
  const period = returnPeriod(input.period);
  const warnings: string[] = [];

  // Outward
  const outward = zeroHeads();
  const zero = zeroHeads();
  let nilRated = 0;
  const unregistered = new Map<string, { taxable: Paise; igst: Paise }>();
  const uinHolders = new Map<string, { taxable: Paise; igst: Paise }>();
  const sales = input.invoices.filter((i) => periodContains(period, i.issueDate)).map((i) => toSale(i, supplier.stateCode));
  for (const sale of sales) {
    warnings.push(...saleWarnings(sale, supplier.gstin));
    for (const line of sale.lines) {
      if (sale.isExport) {
        addLine(zero, { ...line, cgst: 0, sgst: 0 });
        continue;
      }
      if (line.rateBasisPoints === 0) {
        nilRated += line.taxable;
        continue;
      }
      addLine(outward, sale.reverseCharge ? { ...zeroHeads(), taxable: line.taxable } : line);
      if (!sale.interState) continue;
      const check = sale.customerGstinCheck;
      const bucket = !sale.customerGstin ? unregistered : check?.valid && check.registrationType === "uin" ? uinHolders : null;
      if (!bucket) continue;
      const row = bucket.get(sale.placeOfSupply) ?? { taxable: 0, igst: 0 };
      row.taxable += line.taxable;
      row.igst += sale.reverseCharge ? 0 : line.igst;
      bucket.set(sale.placeOfSupply, row);
    }
  }

  // Inward
  const itc = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  const nilInward = { inter: 0, intra: 0 };
  let itcExpenseCount = 0;
  for (const expense of input.expenses) {
    if (!periodContains(period, expense.date)) continue;
    const gst = toPaise(expense.gstAmount);
    const vendorGstin = expense.vendor?.gstNumber?.trim() ?? "";
    const vendor = vendorGstin ? validateGstin(vendorGstin) : null;
    if (gst === 0) {
      const vendorState = vendor?.valid ? vendor.stateCode : supplier.stateCode;
      const pos = expense.placeOfSupply ?? supplier.stateCode;
      nilInward[vendorState === pos ? "intra" : "inter"] += toPaise(expense.amount);
      continue;
    }
    if (!expense.eligibleForItc) continue;
    const what = `Expense "${expense.description}" of ${expense.date.slice(0, 10)}`;
    if (!vendor) {
      warnings.push(`${what}: no vendor GSTIN, so its GST is not claimed as input tax credit`);
      continue;
    }
    if (!vendor.valid) {
      warnings.push(`${what}: vendor GSTIN ${vendorGstin} is invalid (${vendor.error}), so its GST is not claimed`);
      continue;
    }
    itc.igst += toPaise(expense.igstAmount);
    itc.cgst += toPaise(expense.cgstAmount);
    itc.sgst += toPaise(expense.sgstAmount);
    itcExpenseCount += 1;
  }
  // 4(B) reversals are not modelled, so 4(C) = 4(A).
  const netItc: TaxHeads = { ...itc };

  const liability: TaxHeads = {
    igst: outward.igst + zero.igst,
    cgst: outward.cgst,
    sgst: outward.sgst,
    cess: outward.cess + zero.cess,
  };

  const json: Gstr3bJson = {
    gstin: supplier.gstin,
    ret_period: period.fp,
    inward_sup: {
      isup_details: [
        { ty: "GST", inter: toPortalAmount(nilInward.inter), intra: toPortalAmount(nilInward.intra) },
        { ty: "NONGST", inter: 0, intra: 0 },
      ],
    },
    sup_details: {
      osup_det: taxRow(outward),
      osup_zero: { txval: toPortalAmount(zero.taxable), iamt: toPortalAmount(zero.igst), csamt: toPortalAmount(zero.cess) },
      osup_nil_exmp: { txval: toPortalAmount(nilRated) },
      isup_rev: taxRow(zeroHeads()),
      osup_nongst: { txval: 0 },
    },
    inter_sup: {
      unreg_details: interStateRows(unregistered),
      comp_details: [],
      uin_details: interStateRows(uinHolders),
    },
    itc_elg: {
      itc_avl: [itcRow("IMPG"), itcRow("IMPS"), itcRow("ISRC"), itcRow("ISD"), itcRow("OTH", itc)],
      itc_rev: [itcRow("RUL"), itcRow("OTH")],
      itc_net: {
        iamt: toPortalAmount(netItc.igst),
        camt: toPortalAmount(netItc.cgst),
        samt: toPortalAmount(netItc.sgst),
        csamt: toPortalAmount(netItc.cess),
      },
      itc_inelg: [itcRow("RUL"), itcRow("OTH")],
    },
    eco_dtls: { eco_sup: taxRow(zeroHeads()), eco_reg_sup: { txval: 0 } },
  };

  return {
    json,
    totals: { outwardTaxable: outward, zeroRated: zero, nilRated, netItc, invoiceCount: sales.length, itcExpenseCount },
    payment: setOffTax(liability, netItc),
    warnings,
  };
}
