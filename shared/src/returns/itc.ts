/**
 * Input tax credit: when each purchase document's tax is claimed, and where in GSTR-3B it goes
 * (design §3; Circular 170/02/2022).
 *
 * - Forward-charge bills and debit notes: ITC only for what the supplier has reported, i.e. the
 *   bill appears in a GSTR-2B (s.16(2)(aa), Rule 36(4)) and is paired with it (exact match, or
 *   a suggested match / mismatch the user accepted). Its claim period is the later of the 2B's
 *   reporting period and the bill's own (a bill is never claimed before it is booked); the
 *   amount per head is the smaller of the books and the 2B. A 2B row with itcavl N (or a bill
 *   charging CGST/SGST of another state, s.16 read with the place-of-supply rules) is never
 *   claimed: it goes to 4(D)(2) in that period.
 * - Credit notes follow their bill: claimed (as a reduction) in the later of the note's period and
 *   the bill's claim period, in the bill's table; pending while the bill is pending.
 * - Reverse-charge purchases need no 2B: the business pays the tax (3.1(d)) and claims it in
 *   4(A)(3) in the same period (s.16(2)(c) is met by that payment).
 * - Bills without a claimable pair are pending (`pendingItc`), shown to the user, not claimed.
 */
import { toPaise } from "../contract/index.ts";
import type { Paise } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import type { GstinValidation } from "./gstin.ts";
import type { TaxHeads } from "./gstr3b.ts";
import { returnPeriodOf } from "./period.ts";
import type { ClaimPair, PurchaseDocument, ReconciliationForReturn } from "./prepare.ts";

export const NO_TAX: TaxHeads = Object.freeze({ igst: 0, cgst: 0, sgst: 0, cess: 0 });

export function addHeads(a: TaxHeads, b: TaxHeads, sign = 1): TaxHeads {
  return { igst: a.igst + sign * b.igst, cgst: a.cgst + sign * b.cgst, sgst: a.sgst + sign * b.sgst, cess: a.cess + sign * b.cess };
}

export function sumHeads(heads: TaxHeads): Paise {
  return heads.igst + heads.cgst + heads.sgst + heads.cess;
}

/** "MMYYYY" compared as months. */
export function comparePeriods(a: string, b: string): number {
  return Number(a.slice(2)) * 100 + Number(a.slice(0, 2)) - (Number(b.slice(2)) * 100 + Number(b.slice(0, 2)));
}

export function laterPeriod(a: string, b: string): string {
  return comparePeriods(a, b) >= 0 ? a : b;
}

/** Months from `from` to `to` ("MMYYYY"): 012026 → 032026 is 2. */
export function monthsBetween(from: string, to: string): number {
  return Number(to.slice(2)) * 12 + Number(to.slice(0, 2)) - (Number(from.slice(2)) * 12 + Number(from.slice(0, 2)));
}

/** A purchase document in paise, with the defaults older expenses read with. */
export interface Purchase {
  readonly doc: PurchaseDocument;
  readonly id: string;
  readonly number: string;
  readonly documentType: "bill" | "credit_note" | "debit_note";
  /** −1 for a credit note, else +1. */
  readonly sign: 1 | -1;
  readonly taxability: "taxable" | "nil" | "exempt" | "non-gst";
  readonly reverseCharge: boolean;
  /** The period it is reported in. */
  readonly reportingPeriod: string;
  /** The period of its date (differs from reportingPeriod when moved out of a filed period). */
  readonly ownPeriod: string;
  readonly taxable: Paise;
  /** Tax per head, positive. */
  readonly tax: TaxHeads;
  readonly eligible: boolean;
  readonly capitalGoods: boolean;
  readonly vendorGstin: string | null;
  readonly vendorCheck: GstinValidation | null;
  /** Supplier state: the vendor GSTIN's, else the place of supply, else the business's. */
  readonly supplierState: string | null;
  readonly placeOfSupply: string | null;
}

export function toPurchase(doc: PurchaseDocument, businessState: string | null): Purchase {
  const documentType = doc.documentType ?? "bill";
  const ownPeriod = returnPeriodOf(doc.date);
  const rawGstin = doc.vendor?.gstNumber?.trim().toUpperCase() ?? "";
  const vendorCheck = rawGstin ? validateGstin(rawGstin) : null;
  const state = doc.businessStateCode ?? businessState;
  const placeOfSupply = doc.placeOfSupply ?? state;
  return {
    doc,
    id: doc.id,
    number: doc.vendorInvoiceNumber ?? doc.selfInvoiceNumber ?? doc.description,
    documentType,
    sign: documentType === "credit_note" ? -1 : 1,
    taxability: doc.taxability ?? "taxable",
    reverseCharge: doc.reverseCharge ?? false,
    reportingPeriod: doc.reportingPeriod || ownPeriod,
    ownPeriod,
    taxable: toPaise(doc.amount),
    tax: { igst: toPaise(doc.igstAmount), cgst: toPaise(doc.cgstAmount), sgst: toPaise(doc.sgstAmount), cess: 0 },
    eligible: doc.eligibleForItc,
    capitalGoods: doc.isCapitalGoods ?? false,
    vendorGstin: rawGstin || null,
    vendorCheck,
    supplierState: vendorCheck?.valid ? vendorCheck.stateCode : placeOfSupply,
    placeOfSupply,
  };
}

/**
 * Where a purchase's tax goes:
 * - rcm: 3.1(d) and 4(A)(3) in `period`;
 * - claimed: 4(A)(5) in `period` (the blocked part reversed in 4(B)(1));
 * - ineligible: 4(D)(2) in `period` (2B itcavl N, or CGST/SGST of another state);
 * - pending: in the books, not claimable yet;
 * - none: no tax credit to speak of (nil, exempt, non-GST, no GST charged).
 */
export type ItcTreatment =
  | { readonly kind: "rcm"; readonly period: string; readonly tax: TaxHeads }
  | { readonly kind: "claimed"; readonly period: string; readonly tax: TaxHeads; readonly portalKey: string | null }
  | { readonly kind: "ineligible"; readonly period: string; readonly tax: TaxHeads; readonly reason: "itc_not_available" | "place_of_supply" }
  | { readonly kind: "pending"; readonly tax: TaxHeads; readonly reason: "not_in_2b" | "bill_pending" }
  | { readonly kind: "none" };

export interface PurchaseItc {
  readonly purchase: Purchase;
  readonly treatment: ItcTreatment;
}

/**
 * What a matched pair lets be claimed: per head, no more than either side shows. When the two
 * split the tax differently (the same bill under another GSTIN of the supplier's PAN, billed
 * from another state), the 2B's heads are what the supplier charged: they are claimed, scaled
 * down (never rounded up) so that the claim stays within the tax the books hold.
 */
function minHeads(books: TaxHeads, portal: TaxHeads): TaxHeads {
  const interIn = (h: TaxHeads) => h.igst > 0;
  const intraIn = (h: TaxHeads) => h.cgst > 0 || h.sgst > 0;
  if ((interIn(books) && intraIn(portal) && !intraIn(books)) || (intraIn(books) && interIn(portal) && !interIn(books))) {
    const booksTotal = BigInt(books.igst + books.cgst + books.sgst);
    const portalTotal = BigInt(portal.igst + portal.cgst + portal.sgst);
    const scale = (paise: number) => (portalTotal <= booksTotal ? paise : Number((BigInt(paise) * booksTotal) / portalTotal));
    return { igst: scale(portal.igst), cgst: scale(portal.cgst), sgst: scale(portal.sgst), cess: Math.min(books.cess, portal.cess) };
  }
  return {
    igst: Math.min(books.igst, portal.igst),
    cgst: Math.min(books.cgst, portal.cgst),
    sgst: Math.min(books.sgst, portal.sgst),
    cess: Math.min(books.cess, portal.cess),
  };
}

/** The claimable pair of each expense, from the 2B reported earliest. */
function firstPairs(reconciliations: readonly ReconciliationForReturn[]): Map<string, { reportIn: string; pair: ClaimPair }> {
  const best = new Map<string, { reportIn: string; pair: ClaimPair }>();
  for (const rec of reconciliations) {
    const reportIn = rec.reportIn ?? rec.period;
    for (const pair of rec.pairs) {
      if (pair.claimable === false) continue;
      const seen = best.get(pair.expenseId);
      if (!seen || comparePeriods(reportIn, seen.reportIn) < 0) best.set(pair.expenseId, { reportIn, pair });
    }
  }
  return best;
}

function hasTax(p: Purchase): boolean {
  return p.taxability === "taxable" && sumHeads(p.tax) > 0;
}

/**
 * Charging CGST/SGST where the place of supply is another state than the business's: that
 * state's tax, which the business (registered elsewhere) cannot use (s.16 with s.12/13 IGST Act;
 * 2B marks such rows itcavl N, rsn P).
 */
function placeOfSupplyRestricted(p: Purchase, businessState: string | null): boolean {
  const state = p.doc.businessStateCode ?? businessState;
  return state !== null && p.placeOfSupply !== null && p.placeOfSupply !== state && p.tax.cgst + p.tax.sgst > 0;
}

/** Every purchase with its ITC treatment (all periods: the caller picks). */
export function itcTreatments(
  expenses: readonly PurchaseDocument[],
  reconciliations: readonly ReconciliationForReturn[],
  businessState: string | null,
  /** Issue 9: a composition taxpayer claims no ITC at all (s.10(4)); its reverse-charge tax is paid in CMP-08. */
  options: { readonly composition?: boolean } = {},
): PurchaseItc[] {
  const pairs = firstPairs(reconciliations);
  const purchases = expenses.map((doc) => toPurchase(doc, businessState));
  const treatments = new Map<string, ItcTreatment>();

  const treatBill = (p: Purchase): ItcTreatment => {
    if (!hasTax(p) || options.composition) return { kind: "none" };
    if (p.reverseCharge) return { kind: "rcm", period: p.reportingPeriod, tax: p.tax };
    if (!p.vendorGstin) return { kind: "none" };
    const found = pairs.get(p.id);
    if (!found) return { kind: "pending", tax: p.tax, reason: "not_in_2b" };
    const period = laterPeriod(found.reportIn, p.reportingPeriod);
    const tax = minHeads(p.tax, found.pair.portal);
    if (!found.pair.portal.itcAvailable) return { kind: "ineligible", period, tax, reason: "itc_not_available" };
    if (placeOfSupplyRestricted(p, businessState)) return { kind: "ineligible", period, tax, reason: "place_of_supply" };
    return { kind: "claimed", period, tax, portalKey: found.pair.portal.key };
  };

  for (const p of purchases) if (p.documentType !== "credit_note") treatments.set(p.id, treatBill(p));

  for (const p of purchases) {
    if (p.documentType !== "credit_note") continue;
    if (!hasTax(p) || options.composition) {
      treatments.set(p.id, { kind: "none" });
      continue;
    }
    const billId = p.doc.againstExpenseId ?? null;
    const bill = billId ? treatments.get(billId) : undefined;
    let treatment: ItcTreatment;
    if (!bill) {
      // A note whose bill is gone: reduce the credit in the note's own period (never more credit).
      treatment = p.reverseCharge ? { kind: "rcm", period: p.reportingPeriod, tax: p.tax } : { kind: "claimed", period: p.reportingPeriod, tax: p.tax, portalKey: null };
    } else {
      switch (bill.kind) {
        case "rcm":
          treatment = { kind: "rcm", period: p.reportingPeriod, tax: p.tax };
          break;
        case "claimed":
          treatment = { kind: "claimed", period: laterPeriod(p.reportingPeriod, bill.period), tax: p.tax, portalKey: null };
          break;
        case "ineligible":
          treatment = { kind: "ineligible", period: laterPeriod(p.reportingPeriod, bill.period), tax: p.tax, reason: bill.reason };
          break;
        case "pending":
          treatment = { kind: "pending", tax: p.tax, reason: "bill_pending" };
          break;
        case "none":
          treatment = { kind: "none" };
          break;
      }
    }
    treatments.set(p.id, treatment);
  }
  return purchases.map((purchase) => ({ purchase, treatment: treatments.get(purchase.id)! }));
}

export interface PendingItcBill {
  readonly expenseId: string;
  readonly number: string;
  readonly date: string;
  readonly vendorName: string | null;
  readonly vendorGstin: string | null;
  readonly documentType: "bill" | "credit_note" | "debit_note";
  readonly reason: "not_in_2b" | "bill_pending";
  /** Signed: a credit note's is negative. */
  readonly tax: TaxHeads;
}

export interface PendingItc {
  readonly bills: readonly PendingItcBill[];
  /** Net of pending credit notes. */
  readonly total: TaxHeads;
}

/**
 * ITC in the books (reported in `period` or earlier) that no GSTR-2B lets the business claim
 * yet: eligible forward-charge bills without a claimable 2B pair, and their credit notes.
 * Blocked bills (s.17(5)) are left out: they would never add credit.
 */
export function pendingItc(
  expenses: readonly PurchaseDocument[],
  reconciliations: readonly ReconciliationForReturn[],
  period: string,
  options: { readonly gstin?: string | null; readonly stateCode?: string | null; readonly composition?: boolean } = {},
): PendingItc {
  const gstin = options.gstin?.trim().toUpperCase() || null;
  const mine = gstin ? expenses.filter((e) => !e.recipientGstin || e.recipientGstin.toUpperCase() === gstin) : expenses;
  const bills: PendingItcBill[] = [];
  let total: TaxHeads = NO_TAX;
  for (const { purchase: p, treatment } of itcTreatments(mine, reconciliations, options.stateCode ?? gstin?.slice(0, 2) ?? null, { composition: options.composition })) {
    if (treatment.kind !== "pending" || !p.eligible || comparePeriods(p.reportingPeriod, period) > 0) continue;
    const tax = p.sign === 1 ? p.tax : addHeads(NO_TAX, p.tax, -1);
    total = addHeads(total, tax);
    bills.push({
      expenseId: p.id,
      number: p.number,
      date: p.doc.date.slice(0, 10),
      vendorName: p.doc.vendor?.name ?? null,
      vendorGstin: p.vendorGstin,
      documentType: p.documentType,
      reason: treatment.reason,
      tax,
    });
  }
  bills.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.expenseId < b.expenseId ? -1 : 1));
  return { bills, total };
}
