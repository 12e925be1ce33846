/**
 * GST on a supplier's bill (issue 8, design §1), in integer paise. Browser-safe: the expense
 * form shows these figures as the user types, the server records them.
 *
 * Unlike a sale, a purchase records what the supplier's bill says:
 * - the rate is the bill's, and must be in force on the bill date (0/5/18/40 from 22 Sep 2025,
 *   the old slabs before; the special rates too). Nil-rated, exempt and non-GST bills carry 0.
 * - GST = round(amount × rate), the total first, then split: inter-state (supplier state ≠
 *   place of supply) all IGST; intra-state CGST = round(GST / 2), SGST/UTGST the rest. The
 *   total comes first so a GST figure typed from the bill splits the same way.
 * - a GST figure typed from the bill wins when it is within ₹1 of the computed one (suppliers
 *   round per line); beyond that it is a typing slip and refused.
 * - only a registered person charges GST (s.9(1), s.31): a supplier without a GSTIN charges
 *   none, unless the supply is under reverse charge (s.9(3)/(4)), where the business pays the
 *   tax itself, computed the same way, and the supplier's bill carries none.
 */
import { ITC_DEFAULTS, type ExpenseCategory, type ItcDefault, type Taxability } from "../expenses.ts";
import { formatPaise } from "../money.ts";
import type { Paise } from "../money.ts";
import { isRateValidOn, ratesValidOn, DEFAULT_GST_RATE } from "./rates.ts";
import { indianDateOf } from "./indiaDate.ts";
import { seriesNumber } from "./invoiceNumber.ts";
import { basisPointsToPercent, percentToBasisPoints, roundHalfUp, type BasisPoints } from "./tax.ts";

/** How far a typed GST may stray from rate × amount: ₹1, as suppliers round per line. */
export const PURCHASE_GST_TOLERANCE_PAISE = 100;

export interface PurchaseTaxInput {
  /** The taxable value. */
  readonly amountPaise: Paise;
  /** The bill's rate in percent ("5", 18); null or absent → 18% (SPEC §5's suggestion). */
  readonly ratePercent?: string | number | null;
  /** The bill date (vendor invoice date, else the expense date): the rate must be in force on it. */
  readonly date: string;
  readonly taxability: Taxability;
  readonly supplierHasGstin: boolean;
  readonly reverseCharge: boolean;
  /** Two-digit state codes. */
  readonly supplierState: string;
  readonly placeOfSupply: string;
  /** The GST the bill shows, when the user typed it. */
  readonly typedGstPaise?: Paise | null;
}

export type PurchaseTax =
  | {
      readonly ok: true;
      /** The rate the tax was charged at: 0 when no GST is charged (non-taxable, unregistered supplier). */
      readonly rateBasisPoints: BasisPoints;
      readonly cgstPaise: Paise;
      /** SGST, or UTGST when the place of supply is a union territory without legislature. */
      readonly sgstPaise: Paise;
      readonly igstPaise: Paise;
      /** CGST + SGST + IGST. */
      readonly gstPaise: Paise;
    }
  | { readonly ok: false; readonly path: "gstRate" | "gstAmount"; readonly message: string };

const TAXABILITY_LABEL: Readonly<Record<Exclude<Taxability, "taxable">, string>> = {
  nil: "A nil-rated",
  exempt: "An exempt",
  "non-gst": "A non-GST",
};

function split(gstPaise: Paise, input: PurchaseTaxInput, rateBasisPoints: BasisPoints): PurchaseTax {
  if (input.supplierState !== input.placeOfSupply) {
    return { ok: true, rateBasisPoints, cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise, gstPaise };
  }
  const cgstPaise = roundHalfUp(gstPaise, 2);
  return { ok: true, rateBasisPoints, cgstPaise, sgstPaise: gstPaise - cgstPaise, igstPaise: 0, gstPaise };
}

const NO_TAX: PurchaseTax = { ok: true, rateBasisPoints: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, gstPaise: 0 };

export function purchaseTax(input: PurchaseTaxInput): PurchaseTax {
  const typed = input.typedGstPaise ?? null;
  if (input.taxability !== "taxable") {
    if (typed !== null && typed !== 0) {
      return { ok: false, path: "gstAmount", message: `${TAXABILITY_LABEL[input.taxability]} bill carries no GST` };
    }
    return NO_TAX;
  }

  const rawRate = input.ratePercent ?? DEFAULT_GST_RATE;
  let rateBasisPoints: BasisPoints;
  try {
    rateBasisPoints = percentToBasisPoints(rawRate);
  } catch {
    return { ok: false, path: "gstRate", message: "GST rate must be a percentage such as 5 or 18" };
  }
  const percent = basisPointsToPercent(rateBasisPoints);
  if (!isRateValidOn(percent, input.date)) {
    const day = indianDateOf(input.date);
    const inForce = ratesValidOn(day);
    if (inForce.length === 0) {
      return { ok: false, path: "gstRate", message: `There was no GST on ${day} (it began on 2017-07-01): record the bill as non-GST` };
    }
    return { ok: false, path: "gstRate", message: `GST rate ${percent}% is not in force on ${day} (rates then: ${inForce.join(", ")})` };
  }

  if (!input.supplierHasGstin && !input.reverseCharge) {
    if (typed !== null && typed !== 0) return { ok: false, path: "gstAmount", message: "A supplier without a GSTIN cannot charge GST" };
    return NO_TAX;
  }

  const computed = roundHalfUp(BigInt(input.amountPaise) * BigInt(rateBasisPoints), 10_000n);
  if (typed === null) return split(computed, input, rateBasisPoints);
  if (Math.abs(typed - computed) > PURCHASE_GST_TOLERANCE_PAISE) {
    return {
      ok: false,
      path: "gstAmount",
      message: `GST amount ₹${formatPaise(typed)} does not match ${percent}% of ₹${formatPaise(input.amountPaise)} (₹${formatPaise(computed)})`,
    };
  }
  return split(typed, input, rateBasisPoints);
}

/** The category's ITC default and the section behind it (s.17(5) blocks, s.16(1) allows). */
export function itcDefaultFor(category: ExpenseCategory): ItcDefault {
  return ITC_DEFAULTS[category];
}

/** "RCM/26-27/0001": a self-invoice number (s.31(3)(f)), consecutive per financial year ("2026-27"). */
export function selfInvoiceNumber(financialYear: string, sequence: number): string {
  return seriesNumber("RCM", financialYear, sequence);
}
