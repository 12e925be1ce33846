/**
 * GSTR-3B Table 6.1: set-off of output tax against input tax credit (GST.md §4.1, Rule 88A).
 */
import type { Paise } from "../contract/index.ts";

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
  for (const [name, heads] of [
    ["liability", liability],
    ["credit", credit],
  ] as const) {
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
