/**
 * GSTR-3B (GST.md §4.1; keys and layout of India Compliance's `gstr_3b_report_template.json`,
 * plus `intr_ltfee` for table 5.1), the table 6.1 set-off (Rule 88A) and the cash to pay.
 *
 * Outward side, from the sales reported in the period (`salesOfPeriod`), line by line:
 * - 3.1(a) `osup_det`: lines with a rate > 0, not exports. Reverse-charge sales count in txval
 *   but not in tax (the recipient pays it) — IC's rule;
 * - 3.1(b) `osup_zero`: every line of an export (place of supply 96) or of a supply to an SEZ
 *   (s.16(1) IGST Act, zero-rated), txval, IGST, cess;
 * - 3.1(c) `osup_nil_exmp`: 0% lines that are not exports, nil-rated or exempt;
 * - 3.1(e) `osup_nongst`: non-GST lines (issue 9: the product's taxability);
 * - credit / debit notes (s.34) reported in the period: their lines go where their invoice's
 *   went, credit notes subtracting, debit notes adding (3.1(a) is net of credit notes);
 * - 3.1.1 `eco_dtls`: zeros (Bahi's sales have none);
 * - 3.2 `inter_sup`: the inter-state 3.1(a) lines to unregistered persons (`unreg_details`) and
 *   to UIN holders (`uin_details`), per place of supply, {pos, txval, iamt}. Composition
 *   dealers cannot be told from their GSTIN, so `comp_details` stays empty.
 *
 * Inward side (Circular 170/02/2022), each purchase placed by `itcTreatments` (itc.ts):
 * - 3.1(d) `isup_rev` and 4(A)(3) `ISRC`: reverse-charge purchases of the period, eligible or
 *   not (credit notes subtract);
 * - 4(A)(5) `OTH`: bills and debit notes claimable through a GSTR-2B in this period, as the 2B
 *   shows them (blocked ones included), less credit notes;
 * - 4(B)(1) `RUL`: the s.17(5)-blocked part of 4(A), Rule 42 (D1 = C2 × E/F on the common
 *   credit of inputs and input services) and Rule 43 (Te = Tc/60 × E/F on capital goods for
 *   60 months from their claim), E = nil/exempt + non-GST outward, F = all outward turnover of
 *   the period; 4(B)(2) 0 (Rule 37 is not modelled);
 * - 4(C) = 4(A) − 4(B); 4(D)(1) 0; 4(D)(2): ITC the 2B marks not available (itcavl N) or
 *   restricted by place-of-supply rules;
 * - 5: nil/exempt (GST row) and non-GST (NONGST row) inward supplies, inter- or intra-state by
 *   the supplier's state against the place of supply.
 *
 * 6.1: 3.1(a) + 3.1(b) tax set off against opening credit + 4(C) (`setOffTax`), the rest and
 * 3.1(d) in cash, each head rounded to whole rupees (s.170). 5.1: interest s.50(1) at 18% on the
 * cash of the period's own tax from the due date to the filing day (Rule 88B(1)), and on the
 * whole tax of sales / reverse-charge purchases moved here from an earlier period from that
 * period's due date (Rule 88B(2)); late fee s.47 with Notification 19/2021-CT's caps.
 */
import { formatPaise, roundHalfUp } from "../contract/index.ts";
import type { Paise } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import { interestPaise, lateFee } from "./interest.ts";
import { addHeads, itcTreatments, monthsBetween, NO_TAX, sumHeads } from "./itc.ts";
import { lateness, periodLabel, returnDueDate, returnPeriod, returnPeriodOf } from "./period.ts";
import { toPortalAmount } from "./portal.ts";
import type { PurchaseDocument, ReconciliationForReturn, ReturnProblem, SaleDocument } from "./prepare.ts";
import { addLine, saleProblems, salesOfPeriod, taxOf, zeroHeads } from "./sales.ts";
import type { Heads, Sale, SaleLine } from "./sales.ts";
import { notesOfPeriod, signedLine } from "./notes.ts";
import type { SalesNoteForReturn } from "./notes.ts";
import { setOffTax, type TaxHeads, type TaxPayment } from "./setOff.ts";
import { advancesOfPeriod, type AdvanceForReturn } from "./advances.ts";

export { setOffTax, type TaxHeads, type TaxPayment } from "./setOff.ts";

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
  /** Table 5.1: interest (s.50) and late fee (s.47) paid with this return. */
  readonly intr_ltfee: {
    readonly intr_details: Gstr3bHeadAmounts;
    readonly ltfee_details: Gstr3bHeadAmounts;
  };
}

export interface Gstr3bHeadAmounts {
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

// ---------------------------------------------------------------------------------------
// The return

export interface Gstr3bInput {
  readonly gstin: string;
  readonly period: string;
  readonly invoices: readonly SaleDocument[];
  readonly expenses: readonly PurchaseDocument[];
  /** The business's state; default the GSTIN's first two characters. */
  readonly stateCode?: string | null;
  /** Uploaded GSTR-2Bs with their claimable pairs; none → no forward-charge ITC is claimable. */
  readonly reconciliations?: readonly ReconciliationForReturn[];
  /** Credit carried forward from the last filed GSTR-3B. */
  readonly openingCredit?: TaxHeads;
  /** The filing day (India date of it); default: the due date (no interest, no late fee). */
  readonly filedOn?: string | Date;
  readonly previousYearTurnoverPaise?: Paise;
  /** Issue 9: credit and debit notes (salesNotes read model); those reported in the period count in 3.1. */
  readonly notes?: readonly SalesNoteForReturn[];
  /** Advances received (advances read model): 3.1(a) + Table 11A, − Table 11B (s.13(2)). */
  readonly advances?: readonly AdvanceForReturn[];
}

export interface Gstr3bTotals {
  /** 3.1(a) */
  readonly outwardTaxable: Heads;
  /** 3.1(b) */
  readonly zeroRated: Heads;
  /** 3.1(c) */
  readonly nilRated: Paise;
  /** 3.1(e) */
  readonly nonGst: Paise;
  /** 3.1(d) */
  readonly reverseCharge: Heads;
  /** 4(A) all rows summed, 4(B) both rows summed, 4(C), 4(D)(2). */
  readonly itcAvailable: TaxHeads;
  readonly itcReversed: TaxHeads;
  readonly netItc: TaxHeads;
  readonly itcIneligible: TaxHeads;
  /** The parts of 4(B)(1). */
  readonly reversals: { readonly blocked: TaxHeads; readonly rule42: TaxHeads; readonly rule43: TaxHeads };
  /** All liability of the period: 3.1(a) + 3.1(b) + 3.1(d) tax. */
  readonly outputTax: Paise;
  readonly invoiceCount: number;
  /** Purchase documents whose tax went into table 4(A) this period. */
  readonly itcExpenseCount: number;
}

/** What the challan pays in cash, per head, whole rupees (s.170). */
export interface Gstr3bCash {
  /** Forward-charge tax left after set-off + 3.1(d) tax. */
  readonly tax: TaxHeads;
  readonly interest: TaxHeads;
  readonly lateFee: TaxHeads;
  readonly total: Paise;
  readonly dueDate: string;
  readonly daysLate: number;
}

export interface Gstr3bResult {
  readonly json: Gstr3bJson;
  readonly totals: Gstr3bTotals;
  /** Table 6.1 set-off of 3.1(a) + 3.1(b) against opening credit + 4(C), in paise. */
  readonly payment: TaxPayment;
  readonly cash: Gstr3bCash;
  readonly problems: readonly ReturnProblem[];
  /** Non-blocking problems' messages (as the old builder reported them). */
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

function headsAmounts(heads: TaxHeads) {
  return { iamt: toPortalAmount(heads.igst), camt: toPortalAmount(heads.cgst), samt: toPortalAmount(heads.sgst), csamt: toPortalAmount(heads.cess) };
}

function itcRow(ty: string, heads: TaxHeads = NO_TAX): Gstr3bItcRow {
  return { ty, ...headsAmounts(heads) };
}

function interStateRows(map: Map<string, { taxable: Paise; igst: Paise }>): Gstr3bInterStateRow[] {
  return [...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([pos, v]) => ({ pos, txval: toPortalAmount(v.taxable), iamt: toPortalAmount(v.igst) }));
}

function mapHeads(heads: TaxHeads, f: (value: Paise) => Paise): TaxHeads {
  return { igst: f(heads.igst), cgst: f(heads.cgst), sgst: f(heads.sgst), cess: f(heads.cess) };
}

/** s.170: tax, interest and fees are paid in whole rupees, 50 paise and more rounding up. */
export function roundToRupee(paise: Paise): Paise {
  return roundHalfUp(paise, 100) * 100;
}

/**
 * Rule 42 (D1 = C2 × E/F) and Rule 43 (Te = Tc/60 × E/F) share E/F: E the exempt, nil-rated
 * and non-GST outward supplies of the period, F the whole outward turnover. No reversal
 * without exempt supplies or without turnover.
 */
function proportion(heads: TaxHeads, exempt: Paise, turnover: Paise, months = 1): TaxHeads {
  if (exempt <= 0 || turnover <= 0) return NO_TAX;
  return mapHeads(heads, (value) => (value > 0 ? roundHalfUp(BigInt(value) * BigInt(exempt), BigInt(turnover) * BigInt(months)) : 0));
}

/** Months a capital good's credit is spread over under Rule 43 (five years). */
export const RULE_43_MONTHS = 60;

export function buildGstr3b(input: Gstr3bInput): Gstr3bResult {
  const supplier = validateGstin(input.gstin);
  if (!supplier.valid) throw new RangeError(`Supplier GSTIN: ${supplier.error}`);
  const period = returnPeriod(input.period);
  const P = period.fp;
  const state = input.stateCode || supplier.stateCode;
  const problems: ReturnProblem[] = [];

  // ---- Outward: 3.1(a)(b)(c)(e), 3.2
  const outward = zeroHeads();
  const zero = zeroHeads();
  let nilRated = 0;
  let nonGstOutward = 0;
  const unregistered = new Map<string, { taxable: Paise; igst: Paise }>();
  const uinHolders = new Map<string, { taxable: Paise; igst: Paise }>();
  /** 3.2: inter-state 3.1(a) lines to unregistered persons and UIN holders, per place of supply. */
  const interStateRow = (sale: Sale, line: SaleLine): void => {
    if (!sale.interState) return;
    const check = sale.customerGstinCheck;
    const bucket = !sale.customerGstin ? unregistered : check?.valid && check.registrationType === "uin" ? uinHolders : null;
    if (!bucket) return;
    const row = bucket.get(sale.placeOfSupply) ?? { taxable: 0, igst: 0 };
    row.taxable += line.taxable;
    row.igst += sale.reverseCharge ? 0 : line.igst;
    bucket.set(sale.placeOfSupply, row);
  };
  const selected = salesOfPeriod(input.invoices, supplier.gstin, P, state);
  problems.push(...selected.problems);
  const sales = selected.sales;
  /** Tax of sales moved here from an earlier period: interest from their own due date (Rule 88B(2)). */
  const moved: Array<{ from: string; tax: TaxHeads }> = [];
  for (const sale of sales) {
    problems.push(...saleProblems(sale, supplier.gstin).filter((p) => p.code === "RATE_NOT_IN_FORCE"));
    const salePeriod = returnPeriodOf(sale.date);
    const saleTax = zeroHeads();
    for (const line of sale.lines) {
      if (sale.zeroRated) {
        addLine(zero, { ...line, cgst: 0, sgst: 0 });
        addLine(saleTax, { ...line, cgst: 0, sgst: 0 });
        continue;
      }
      if (line.rateBasisPoints === 0) {
        // Issue 9: a non-GST line (the product's taxability) is 3.1(e); nil-rated and exempt 3.1(c).
        if (line.taxability === "nonGst") nonGstOutward += line.taxable;
        else nilRated += line.taxable;
        continue;
      }
      addLine(outward, sale.reverseCharge ? { ...zeroHeads(), taxable: line.taxable } : line);
      if (!sale.reverseCharge) addLine(saleTax, line);
      interStateRow(sale, line);
    }
    if (salePeriod !== P) moved.push({ from: salePeriod, tax: saleTax });
  }
  // s.34: a note of the period adjusts 3.1/3.2 where its invoice's lines went, credit notes
  // subtracting and debit notes adding (in the note's period, not the invoice's).
  const notes = notesOfPeriod(input.notes ?? [], input.invoices, supplier.gstin, P, state);
  for (const note of notes) {
    const sale = note.original;
    for (const line of note.lines.map((l) => signedLine(l, note.sign))) {
      if (sale.zeroRated) {
        addLine(zero, { ...line, cgst: 0, sgst: 0 });
      } else if (line.rateBasisPoints === 0) {
        nilRated += line.taxable;
      } else {
        addLine(outward, sale.reverseCharge ? { ...zeroHeads(), taxable: line.taxable } : line);
        interStateRow(sale, line);
      }
    }
  }
  // s.13(2): tax on advances for services received in the period (GSTR-1 Table 11A) is due now;
  // tax paid on earlier advances and adjusted against this period's invoices (11B) comes off.
  const advances = advancesOfPeriod(input.advances ?? [], input.invoices, P, state);
  addLine(outward, advances.received);
  addLine(outward, {
    taxable: -advances.adjusted.taxable,
    igst: -advances.adjusted.igst,
    cgst: -advances.adjusted.cgst,
    sgst: -advances.adjusted.sgst,
    cess: -advances.adjusted.cess,
  });
  // Credit notes beyond the period's supplies leave a head below zero, which 3.1 cannot show:
  // the portal reports it as zero and keeps the excess in the negative liability statement
  // for later periods (not modelled here: the user is told, the excess is not carried).
  const below = zeroHeads();
  for (const heads of [outward, zero]) {
    for (const key of ["taxable", "igst", "cgst", "sgst", "cess"] as const) {
      if (heads[key] < 0) {
        below[key] += heads[key];
        heads[key] = 0;
      }
    }
  }
  if (nilRated < 0) nilRated = 0;
  for (const bucket of [unregistered, uinHolders]) {
    for (const [pos, row] of bucket) if (row.taxable <= 0 && row.igst <= 0) bucket.delete(pos);
    for (const row of bucket.values()) {
      row.taxable = Math.max(0, row.taxable);
      row.igst = Math.max(0, row.igst);
    }
  }
  if (below.taxable < 0 || taxOf(below) < 0) {
    problems.push({
      code: "NEGATIVE_OUTWARD_SUPPLIES",
      blocking: false,
      message: `Credit notes of ${periodLabel(P)} exceed its outward supplies by ₹${formatPaise(-below.taxable)} taxable and ₹${formatPaise(-taxOf(below))} tax (s.34): GSTR-3B 3.1 shows zero, and the portal keeps the excess in the negative liability statement for later periods (Bahi does not carry it)`,
    });
  }
  if (nonGstOutward < 0) nonGstOutward = 0;

  // ---- Inward
  const mine = input.expenses.filter((e) => !e.recipientGstin || e.recipientGstin.trim().toUpperCase() === supplier.gstin);
  const treated = itcTreatments(mine, input.reconciliations ?? [], state);
  const rcm = zeroHeads();
  let isrc: TaxHeads = NO_TAX;
  let oth: TaxHeads = NO_TAX;
  let inelg: TaxHeads = NO_TAX;
  let blocked: TaxHeads = NO_TAX;
  let common: TaxHeads = NO_TAX; // eligible credit on inputs and input services (Rule 42's C2)
  let capitalInWindow: TaxHeads = NO_TAX; // Rule 43's Tc of goods still in their 60 months
  const nilInward = { inter: 0, intra: 0 };
  const nonGstInward = { inter: 0, intra: 0 };
  let itcExpenseCount = 0;
  for (const { purchase: p, treatment } of treated) {
    const signed = (heads: TaxHeads) => (p.sign === 1 ? heads : addHeads(NO_TAX, heads, -1));
    const inPeriod = p.reportingPeriod === P;
    if (inPeriod && (p.taxability !== "taxable" || (!p.reverseCharge && Number(p.doc.gstRate) === 0))) {
      // Table 5: nil-rated, exempt (GST row) and non-GST (NONGST row) inward supplies.
      const side = p.supplierState === (p.placeOfSupply ?? state) ? "intra" : "inter";
      (p.taxability === "non-gst" ? nonGstInward : nilInward)[side] += p.sign * p.taxable;
    }
    if (treatment.kind === "none" || treatment.kind === "pending") {
      if (inPeriod && treatment.kind === "none" && p.taxability === "taxable" && sumHeads(p.tax) > 0 && !p.vendorGstin) {
        problems.push({
          code: "NO_VENDOR_GSTIN",
          blocking: false,
          record: { kind: "expense", id: p.id, number: p.number },
          message: `Purchase ${p.number} of ${p.doc.date.slice(0, 10)}: the supplier has no GSTIN, so its GST is not input tax credit`,
        });
      }
      continue;
    }
    if (treatment.kind === "rcm" && treatment.period === P) {
      const tax = signed(treatment.tax);
      addLine(rcm, { taxable: p.sign * p.taxable, ...tax });
      isrc = addHeads(isrc, tax);
      if (p.ownPeriod !== P && p.sign === 1) moved.push({ from: p.ownPeriod, tax: treatment.tax });
    } else if (treatment.kind === "claimed" && treatment.period === P) {
      oth = addHeads(oth, signed(treatment.tax));
    } else if (treatment.kind === "ineligible" && treatment.period === P) {
      inelg = addHeads(inelg, signed(treatment.tax));
      continue;
    }
    if (treatment.kind === "ineligible") continue;
    const claimPeriod = treatment.period;
    if (claimPeriod === P) {
      itcExpenseCount += 1;
      if (p.vendorCheck && !p.vendorCheck.valid) {
        problems.push({
          code: "INVALID_VENDOR_GSTIN",
          blocking: true,
          record: { kind: "expense", id: p.id, number: p.number },
          message: `Purchase ${p.number}: ITC is claimed on supplier GSTIN ${p.vendorGstin}, which is invalid (${p.vendorCheck.error})`,
        });
      }
      if (!p.eligible) blocked = addHeads(blocked, signed(treatment.tax));
      else if (!p.capitalGoods) common = addHeads(common, signed(treatment.tax));
    }
    const age = monthsBetween(claimPeriod, P);
    if (p.eligible && p.capitalGoods && age >= 0 && age < RULE_43_MONTHS) capitalInWindow = addHeads(capitalInWindow, signed(treatment.tax));
  }

  // ---- 4(B)(1): s.17(5) + Rule 42 + Rule 43
  const turnover = outward.taxable + zero.taxable + nilRated + nonGstOutward;
  const exempt = nilRated + nonGstOutward;
  const positive = (heads: TaxHeads) => mapHeads(heads, (v) => Math.max(0, v));
  const rule42 = proportion(positive(common), exempt, turnover);
  const rule43 = proportion(positive(capitalInWindow), exempt, turnover, RULE_43_MONTHS);
  const rul = addHeads(addHeads(blocked, rule42), rule43);
  const itcAvailable = addHeads(isrc, oth);
  const netItc = addHeads(itcAvailable, rul, -1);

  // ---- 6.1
  const liability: TaxHeads = { igst: outward.igst + zero.igst, cgst: outward.cgst, sgst: outward.sgst, cess: outward.cess + zero.cess };
  const opening = input.openingCredit ?? NO_TAX;
  // A negative head (credit notes beyond claims) cannot be set off: it reduces nothing here.
  const credit = positive(addHeads(opening, netItc));
  const payment = setOffTax(liability, credit);
  const rcmTax: TaxHeads = positive({ igst: rcm.igst, cgst: rcm.cgst, sgst: rcm.sgst, cess: rcm.cess });
  const cashTax = mapHeads(addHeads(payment.cash, rcmTax), roundToRupee);

  // ---- 5.1: interest (s.50(1), Rule 88B) and late fee (s.47)
  const dueDate = returnDueDate(P, "GSTR3B");
  const filedOn = input.filedOn ?? dueDate;
  const movedTax = moved.reduce((sum, m) => addHeads(sum, m.tax), NO_TAX);
  const movedInterest = moved.reduce(
    (sum, m) =>
      addHeads(
        sum,
        mapHeads(m.tax, (v) => interestPaise(v, returnDueDate(m.from, "GSTR3B"), filedOn)),
      ),
    NO_TAX,
  );
  const ownCash = mapHeads(addHeads(cashTax, movedTax, -1), (v) => Math.max(0, v));
  const interest = mapHeads(
    addHeads(
      movedInterest,
      mapHeads(ownCash, (v) => interestPaise(v, dueDate, filedOn)),
    ),
    roundToRupee,
  );
  const outputTax = taxOf(outward) + taxOf(zero) + taxOf(rcm);
  const fee = lateFee({ returnType: "GSTR3B", dueDate, filedOn, nilReturn: outputTax === 0, previousYearTurnoverPaise: input.previousYearTurnoverPaise });
  const lateFeeHeads: TaxHeads = { igst: fee.igst, cgst: fee.cgst, sgst: fee.sgst, cess: 0 };
  if (fee.days > 0) {
    problems.push({
      code: "LATE_FILING",
      blocking: false,
      message: `GSTR-3B for ${periodLabel(P)} is ${lateness(fee.days, dueDate)}: late fee ₹${formatPaise(fee.total)} (s.47) and interest ₹${formatPaise(sumHeads(interest))} (s.50)`,
    });
  }

  const json: Gstr3bJson = {
    gstin: supplier.gstin,
    ret_period: P,
    inward_sup: {
      isup_details: [
        { ty: "GST", inter: toPortalAmount(nilInward.inter), intra: toPortalAmount(nilInward.intra) },
        { ty: "NONGST", inter: toPortalAmount(nonGstInward.inter), intra: toPortalAmount(nonGstInward.intra) },
      ],
    },
    sup_details: {
      osup_det: taxRow(outward),
      osup_zero: { txval: toPortalAmount(zero.taxable), iamt: toPortalAmount(zero.igst), csamt: toPortalAmount(zero.cess) },
      osup_nil_exmp: { txval: toPortalAmount(nilRated) },
      isup_rev: taxRow(rcm),
      osup_nongst: { txval: toPortalAmount(nonGstOutward) },
    },
    inter_sup: {
      unreg_details: interStateRows(unregistered),
      comp_details: [],
      uin_details: interStateRows(uinHolders),
    },
    itc_elg: {
      itc_avl: [itcRow("IMPG"), itcRow("IMPS"), itcRow("ISRC", isrc), itcRow("ISD"), itcRow("OTH", oth)],
      itc_rev: [itcRow("RUL", rul), itcRow("OTH")],
      itc_net: headsAmounts(netItc),
      itc_inelg: [itcRow("RUL"), itcRow("OTH", inelg)],
    },
    eco_dtls: { eco_sup: taxRow(zeroHeads()), eco_reg_sup: { txval: 0 } },
    intr_ltfee: { intr_details: headsAmounts(interest), ltfee_details: headsAmounts(lateFeeHeads) },
  };

  return {
    json,
    totals: {
      outwardTaxable: outward,
      zeroRated: zero,
      nilRated,
      nonGst: nonGstOutward,
      reverseCharge: rcm,
      itcAvailable,
      itcReversed: rul,
      netItc,
      itcIneligible: inelg,
      reversals: { blocked, rule42, rule43 },
      outputTax,
      invoiceCount: sales.length,
      itcExpenseCount,
    },
    payment,
    cash: {
      tax: cashTax,
      interest,
      lateFee: lateFeeHeads,
      total: sumHeads(cashTax) + sumHeads(interest) + sumHeads(lateFeeHeads),
      dueDate,
      daysLate: fee.days,
    },
    problems,
    warnings: problems.filter((p) => !p.blocking).map((p) => p.message),
  };
}
