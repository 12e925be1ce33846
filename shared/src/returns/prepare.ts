/**
 * The return engine's entry points (design §3): one pure function per return that takes the
 * business's books for a period and answers the portal JSON, the totals the screens show
 * (money as "0.00" strings), the problems that stop a filing, and (GSTR-3B) the payment.
 *
 * The same functions serve the preview, the filing worker and the Reports screen, so the
 * figures a user sees are the figures filed.
 */
import { formatPaise, indianDateOf } from "../contract/index.ts";
import type { Expense, Invoice, Paise } from "../contract/index.ts";
import { buildGstr1 } from "./gstr1.ts";
import type { Gstr1Json, VoidedDocumentNumber } from "./gstr1.ts";
import { buildGstr3b } from "./gstr3b.ts";
import type { Gstr3bJson, TaxHeads } from "./gstr3b.ts";
import { lateFee } from "./interest.ts";
import { NO_TAX, pendingItc, sumHeads } from "./itc.ts";
import { lateness, periodLabel, returnDueDate, returnPeriod } from "./period.ts";
import type { GstReturnType } from "./period.ts";
import type { SalesNoteForReturn } from "./notes.ts";
import type { ChallanForReturn } from "./challans.ts";
import type { AdvanceForReturn } from "./advances.ts";

// ---------------------------------------------------------------------------------------
// Inputs

/**
 * A purchase document as the engine reads it: the Expense read model with H1's issue-8 fields
 * (design §1). Older expenses read with defaults (bill, taxable, no reverse charge, reported in
 * the period of `date`, recipientGstin null: counts for any GSTIN); the engine applies them too.
 */
export type PurchaseDocument = Expense;

/** A sale: the Invoice read model, with the optional reporting period H4 adds (design §4). */
export type SaleDocument = Invoice & {
  /** "MMYYYY": the period it is reported in when it was moved out of a filed period. */
  readonly reportingPeriod?: string | null;
};

/**
 * One book bill paired with one GSTR-2B document (H2's `matchedPairs(rows)`, design §2):
 * figures in paise as the 2B shows them.
 */
export interface ClaimPair {
  readonly expenseId: string;
  /** exact_match, or a suggested match / mismatch the user accepted. */
  readonly claimable: boolean;
  readonly portal: {
    readonly key: string;
    readonly kind: "b2b" | "b2ba" | "cdnr" | "cdnra" | "isd" | "impg" | null;
    readonly taxable: Paise;
    readonly igst: Paise;
    readonly cgst: Paise;
    readonly sgst: Paise;
    readonly cess: Paise;
    /** 2B `itcavl` Y (or T) → true; N → false (ITC not available: 4(D)(2)). */
    readonly itcAvailable: boolean;
    readonly reverseCharge?: boolean;
  };
}

/** One uploaded GSTR-2B, reduced to what the engine needs. */
export interface ReconciliationForReturn {
  /** The 2B's own period, "MMYYYY". */
  readonly period: string;
  /** The period its ITC is reported in (Gstr2bUploaded.reportIn); null → the 2B's period. */
  readonly reportIn: string | null;
  readonly pairs: readonly ClaimPair[];
}

interface PrepareInputBase {
  /** The business's GSTIN (the filing GSTIN). */
  readonly gstin: string;
  /** Two-digit state code of the business (first two characters of the GSTIN when absent). */
  readonly stateCode?: string | null;
  /** "MMYYYY" */
  readonly period: string;
  /** Today (India date of it decides lateness for a preview). */
  readonly today: Date;
  /** When the return is (to be) filed; default `today`. Interest and late fee run to this day. */
  readonly filedAt?: Date;
  readonly invoices: readonly SaleDocument[];
  /** Issue 9: credit and debit notes (s.34), the salesNotes read model; the period's are reported. */
  readonly notes?: readonly SalesNoteForReturn[];
  /** Aggregate turnover of the previous financial year, for the late-fee caps; unknown → the lowest cap. */
  readonly previousYearTurnoverPaise?: Paise;
  /** Customer advances (advances read model): GSTR-1 Table 11A/11B, GSTR-3B 3.1(a) (s.13(2)). */
  readonly advances?: readonly AdvanceForReturn[];
}

export interface Gstr1PrepareInput extends PrepareInputBase {
  /** Issue 9: voided numbers of the GSTIN's series (GSTR-1 Table 13 cancelled). */
  readonly voidedNumbers?: readonly VoidedDocumentNumber[];
  /** Issue 9: delivery challans, the deliveryChallans read model (GSTR-1 Table 13 natures 9-12). */
  readonly challans?: readonly ChallanForReturn[];
}

export interface Gstr3bPrepareInput extends PrepareInputBase {
  /** Every expense of the business (the engine picks the period's and the claimable ones). */
  readonly expenses: readonly PurchaseDocument[];
  /** Every uploaded GSTR-2B of the business (ITC of an earlier 2B may be claimed now). */
  readonly reconciliations: readonly ReconciliationForReturn[];
  /** Credit carried forward from the last filed GSTR-3B (its totals.creditCarriedForward). */
  readonly openingCredit?: TaxHeads;
}

// ---------------------------------------------------------------------------------------
// Outputs

export type ReturnProblemCode =
  | "MISSING_HSN"
  | "GSTIN_MISMATCH"
  | "INVALID_CUSTOMER_GSTIN"
  | "RATE_NOT_IN_FORCE"
  | "INVALID_VENDOR_GSTIN"
  | "NRI_CUSTOMER_GSTIN"
  | "OWN_GSTIN_AS_CUSTOMER"
  | "TAX_HEAD_MISMATCH"
  | "NO_VENDOR_GSTIN"
  | "LATE_FILING";

export interface ReturnProblem {
  readonly code: ReturnProblemCode | (string & {});
  readonly message: string;
  /** A blocking problem stops the filing (409 RETURN_HAS_PROBLEMS). */
  readonly blocking: boolean;
  readonly record?: { readonly kind: "invoice" | "expense"; readonly id: string; readonly number: string };
}

/** IGST/CGST/SGST/cess as "0.00" strings. */
export interface HeadsView {
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
}

/** Table 6.1 and the challan: what is paid, how, and what is left (money as "0.00"). */
export interface TaxPaymentView {
  /** 3.1(a) + 3.1(b) tax. */
  readonly liability: HeadsView;
  /** 3.1(d): reverse-charge tax, always paid in cash. */
  readonly reverseCharge: HeadsView;
  /** Credit brought forward from the last filed GSTR-3B. */
  readonly openingCredit: HeadsView;
  /** Opening credit + 4(C). */
  readonly credit: HeadsView;
  /** Liability per head paid from credit (sum over the credit heads used). */
  readonly paidFromCredit: HeadsView;
  /** Tax in cash per head (forward charge left over + 3.1(d)), whole rupees half up (s.170). */
  readonly cash: HeadsView;
  /** s.50(1), per head, whole rupees. */
  readonly interest: HeadsView;
  /** s.47, per head (CGST/SGST halves), whole rupees. */
  readonly lateFee: HeadsView;
  /** cash tax + interest + late fee. */
  readonly totalCash: string;
  readonly creditCarriedForward: HeadsView;
}

/** Every return's totals carry these (Reports and the filed return read them). */
export interface ReturnTotalsView {
  /** All tax liability of the period, reverse charge included. */
  readonly outputTax: string;
  /** 4(C) net ITC (GSTR-1: "0.00"). */
  readonly inputTax: string;
  /** Tax paid in cash, s.170-rounded, without interest and late fee (GSTR-1: the outward tax). */
  readonly netPayable: string;
  readonly lateFee: string;
}

export interface Gstr1TotalsView extends ReturnTotalsView {
  readonly totalTaxableValue: string;
  readonly totalTax: string;
  readonly totalInvoiceValue: string;
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
  readonly invoiceCount: number;
  readonly dueDate: string;
}

export interface Gstr3bTotalsView extends ReturnTotalsView {
  readonly interest: string;
  readonly creditCarriedForward: HeadsView;
  /** 3.1(a) taxable value. */
  readonly outwardTaxableValue: string;
  /** 3.1(d) tax. */
  readonly reverseChargeTax: string;
  /** ITC of bills in the books not claimable yet (not in a 2B, or not matched). */
  readonly pendingItc: string;
  readonly invoiceCount: number;
  readonly expenseCount: number;
  readonly dueDate: string;
}

/** The same figures in paise, for GstReturnFiled.totals (and the next return's openingCredit). */
export interface ReturnAmounts {
  readonly taxableValuePaise: Paise;
  readonly taxPaise: Paise;
  readonly invoiceValuePaise: Paise;
  readonly itcPaise: Paise;
  readonly netPayablePaise: Paise;
  readonly interestPaise: Paise;
  readonly lateFeePaise: Paise;
  readonly creditCarriedForward: TaxHeads;
}

export interface PreparedReturn<J, T extends ReturnTotalsView> {
  readonly returnType: GstReturnType;
  readonly period: string;
  readonly gstin: string;
  readonly json: J;
  readonly totals: T;
  readonly problems: readonly ReturnProblem[];
  /** GSTR-3B only. */
  readonly payment?: TaxPaymentView;
  readonly amounts: ReturnAmounts;
}

function headsView(heads: TaxHeads): HeadsView {
  return { igst: formatPaise(heads.igst), cgst: formatPaise(heads.cgst), sgst: formatPaise(heads.sgst), cess: formatPaise(heads.cess) };
}

function filingGstin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** GSTR-1 of `period`: the JSON, its totals and late fee (s.47, Notification 20/2021-CT), and its problems. */
export function prepareGstr1(input: Gstr1PrepareInput): PreparedReturn<Gstr1Json, Gstr1TotalsView> {
  const gstin = filingGstin(input.gstin);
  const period = returnPeriod(input.period).fp;
  const built = buildGstr1({ gstin, period, invoices: input.invoices, voidedNumbers: input.voidedNumbers, notes: input.notes, challans: input.challans, advances: input.advances });
  const dueDate = returnDueDate(period, "GSTR1");
  const filedOn = indianDateOf(input.filedAt ?? input.today);
  const fee = lateFee({
    returnType: "GSTR1",
    dueDate,
    filedOn,
    nilReturn: built.totals.invoiceCount === 0 && !built.json.at && !built.json.txpd,
    previousYearTurnoverPaise: input.previousYearTurnoverPaise,
  });
  const problems: ReturnProblem[] = [...built.problems];
  if (fee.days > 0) {
    problems.push({
      code: "LATE_FILING",
      blocking: false,
      message: `GSTR-1 for ${periodLabel(period)} is ${lateness(fee.days, dueDate)}: late fee ₹${formatPaise(fee.total)} (s.47, Notification 20/2021-CT), paid with the GSTR-3B`,
    });
  }
  const t = built.totals;
  return {
    returnType: "GSTR1",
    period,
    gstin,
    json: built.json,
    totals: {
      outputTax: formatPaise(t.totalTax),
      inputTax: formatPaise(0),
      netPayable: formatPaise(t.totalTax),
      lateFee: formatPaise(fee.total),
      totalTaxableValue: formatPaise(t.totalTaxableValue),
      totalTax: formatPaise(t.totalTax),
      totalInvoiceValue: formatPaise(t.totalInvoiceValue),
      igst: formatPaise(t.igst),
      cgst: formatPaise(t.cgst),
      sgst: formatPaise(t.sgst),
      cess: formatPaise(t.cess),
      invoiceCount: t.invoiceCount,
      dueDate,
    },
    problems,
    amounts: {
      taxableValuePaise: t.totalTaxableValue,
      taxPaise: t.totalTax,
      invoiceValuePaise: t.totalInvoiceValue,
      itcPaise: 0,
      netPayablePaise: t.totalTax,
      interestPaise: 0,
      lateFeePaise: fee.total,
      creditCarriedForward: NO_TAX,
    },
  };
}

/** GSTR-3B of `period`: every table, 5.1 interest and late fee, 6.1 payment, problems. */
export function prepareGstr3b(input: Gstr3bPrepareInput): PreparedReturn<Gstr3bJson, Gstr3bTotalsView> {
  const gstin = filingGstin(input.gstin);
  const period = returnPeriod(input.period).fp;
  const stateCode = input.stateCode || gstin.slice(0, 2);
  const built = buildGstr3b({
    gstin,
    period,
    invoices: input.invoices,
    notes: input.notes,
    expenses: input.expenses,
    stateCode,
    reconciliations: input.reconciliations,
    openingCredit: input.openingCredit,
    filedOn: input.filedAt ?? input.today,
    previousYearTurnoverPaise: input.previousYearTurnoverPaise,
    advances: input.advances,
  });
  const pending = pendingItc(input.expenses, input.reconciliations, period, { gstin, stateCode });
  const t = built.totals;
  const pay = built.payment;
  const from = pay.paidFromCredit;
  const rcm: TaxHeads = { igst: t.reverseCharge.igst, cgst: t.reverseCharge.cgst, sgst: t.reverseCharge.sgst, cess: t.reverseCharge.cess };
  const cashTax = sumHeads(built.cash.tax);
  const interest = sumHeads(built.cash.interest);
  const fee = sumHeads(built.cash.lateFee);
  const itc = sumHeads(t.netItc);
  const taxable = t.outwardTaxable.taxable + t.zeroRated.taxable;
  return {
    returnType: "GSTR3B",
    period,
    gstin,
    json: built.json,
    totals: {
      outputTax: formatPaise(t.outputTax),
      inputTax: formatPaise(itc),
      netPayable: formatPaise(cashTax),
      lateFee: formatPaise(fee),
      interest: formatPaise(interest),
      creditCarriedForward: headsView(pay.creditCarriedForward),
      outwardTaxableValue: formatPaise(t.outwardTaxable.taxable),
      reverseChargeTax: formatPaise(sumHeads(rcm)),
      pendingItc: formatPaise(sumHeads(pending.total)),
      invoiceCount: t.invoiceCount,
      expenseCount: t.itcExpenseCount,
      dueDate: built.cash.dueDate,
    },
    problems: built.problems,
    payment: {
      liability: headsView(pay.liability),
      reverseCharge: headsView(rcm),
      openingCredit: headsView(input.openingCredit ?? NO_TAX),
      credit: headsView(pay.credit),
      paidFromCredit: headsView({
        igst: from.igst.igst + from.igst.cgst + from.igst.sgst,
        cgst: from.cgst.igst + from.cgst.cgst,
        sgst: from.sgst.igst + from.sgst.sgst,
        cess: from.cess.cess,
      }),
      cash: headsView(built.cash.tax),
      interest: headsView(built.cash.interest),
      lateFee: headsView(built.cash.lateFee),
      totalCash: formatPaise(built.cash.total),
      creditCarriedForward: headsView(pay.creditCarriedForward),
    },
    amounts: {
      taxableValuePaise: taxable,
      taxPaise: t.outputTax,
      invoiceValuePaise: taxable + t.outputTax,
      itcPaise: itc,
      netPayablePaise: cashTax,
      interestPaise: interest,
      lateFeePaise: fee,
      creditCarriedForward: pay.creditCarriedForward,
    },
  };
}

/** Whether any problem stops the filing. */
export function hasBlockingProblems(prepared: { readonly problems: readonly ReturnProblem[] }): boolean {
  return prepared.problems.some((p) => p.blocking);
}
