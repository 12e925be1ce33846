/**
 * Advances received for services (s.13(2) CGST Act: the time of supply is the receipt of
 * payment when it comes before the invoice), GSTR-1 Table 11A (`at`) and 11B (`txpd`) and their
 * effect on GSTR-3B 3.1(a). Advances for goods carry no tax (Notification 66/2017-CT), nor do a
 * composition or unregistered business's: only advances with tax facts count here.
 *
 * - An application (part of an advance applied to an invoice) belongs to the later of its
 *   invoice's reporting period and the period it was made in (it cannot be reported before it
 *   happened, and an adjustment follows the invoice it adjusts).
 * - Table 11A of period P: the taxed advances received in P, less the parts applied in P (an
 *   advance received and invoiced in the same month is reported on the invoice only).
 * - Table 11B of period P: the parts applied in P of advances received in an earlier period.
 * - The part of an advance applied is its taxable value and heads in proportion, each half up
 *   to the paisa (roundHalfUp); what stays in 11A is the whole less the parts, so 11A + 11B of
 *   one advance never differ from its recorded tax.
 * Rows are grouped by place of supply and supply type (INTRA when the place of supply is the
 * business's state, else INTER), with one item per rate.
 */
import { roundHalfUp, toPaise } from "../contract/index.ts";
import type { CustomerAdvance, Paise } from "../contract/index.ts";
import { periodOrdinal } from "./filingRules.ts";
import { returnPeriodOf } from "./period.ts";
import { basisPointsToPortalRate, toPortalAmount } from "./portal.ts";
import type { SaleDocument } from "./prepare.ts";
import { addLine, saleReportingPeriod, zeroHeads } from "./sales.ts";
import type { Heads } from "./sales.ts";

/** An advance as the engine reads it: the advances read model document. */
export type AdvanceForReturn = Pick<CustomerAdvance, "id" | "date" | "amount" | "supply" | "gstRate" | "placeOfSupply" | "taxableValue" | "igst" | "cgst" | "sgst"> & {
  readonly applications: ReadonlyArray<Pick<CustomerAdvance["applications"][number], "invoiceId" | "amount" | "appliedAt">>;
};

export interface Gstr1AdvanceItem {
  readonly rt: number;
  /** Taxable value of the advance (or of its adjusted part). */
  readonly ad_amt: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

/** One row of Table 11A (`at`) or 11B (`txpd`). */
export interface Gstr1AdvanceRow {
  readonly pos: string;
  readonly sply_ty: "INTRA" | "INTER";
  readonly itms: readonly Gstr1AdvanceItem[];
}

export interface AdvancesOfPeriod {
  readonly at: readonly Gstr1AdvanceRow[];
  readonly txpd: readonly Gstr1AdvanceRow[];
  /** Table 11A summed: tax due on advances this period. */
  readonly received: Heads;
  /** Table 11B summed: tax paid earlier, adjusted against this period's invoices. */
  readonly adjusted: Heads;
}

interface TaxedAdvance {
  readonly advance: AdvanceForReturn;
  readonly amount: Paise;
  readonly rateBasisPoints: number;
  readonly pos: string;
  readonly heads: Heads;
}

function taxed(advance: AdvanceForReturn): TaxedAdvance | null {
  if (advance.supply !== "services" || advance.taxableValue === undefined || advance.gstRate === undefined || !advance.placeOfSupply) return null;
  return {
    advance,
    amount: toPaise(advance.amount),
    rateBasisPoints: Math.round(advance.gstRate * 100),
    pos: advance.placeOfSupply,
    heads: { taxable: toPaise(advance.taxableValue), igst: toPaise(advance.igst ?? "0"), cgst: toPaise(advance.cgst ?? "0"), sgst: toPaise(advance.sgst ?? "0"), cess: 0 },
  };
}

/** The part `applied` of `total` paise of an advance: each head in proportion, half up. */
function part(heads: Heads, applied: Paise, total: Paise): Heads {
  const share = (value: Paise) => roundHalfUp(BigInt(value) * BigInt(applied), BigInt(total));
  return { taxable: share(heads.taxable), igst: share(heads.igst), cgst: share(heads.cgst), sgst: share(heads.sgst), cess: share(heads.cess) };
}

function minus(a: Heads, b: Heads): Heads {
  return { taxable: a.taxable - b.taxable, igst: a.igst - b.igst, cgst: a.cgst - b.cgst, sgst: a.sgst - b.sgst, cess: a.cess - b.cess };
}

class RowSet {
  private readonly rows = new Map<string, { pos: string; sply_ty: "INTRA" | "INTER"; rates: Map<number, Heads> }>();
  readonly total = zeroHeads();

  add(pos: string, sply_ty: "INTRA" | "INTER", rateBasisPoints: number, heads: Heads): void {
    if (heads.taxable === 0 && heads.igst + heads.cgst + heads.sgst + heads.cess === 0) return;
    const key = `${pos}|${sply_ty}`;
    const row = this.rows.get(key) ?? { pos, sply_ty, rates: new Map<number, Heads>() };
    const sum = row.rates.get(rateBasisPoints) ?? zeroHeads();
    addLine(sum, heads);
    row.rates.set(rateBasisPoints, sum);
    this.rows.set(key, row);
    addLine(this.total, heads);
  }

  json(): Gstr1AdvanceRow[] {
    return [...this.rows.values()]
      .sort((a, b) => (a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : a.sply_ty < b.sply_ty ? -1 : a.sply_ty > b.sply_ty ? 1 : 0))
      .map((row) => ({
        pos: row.pos,
        sply_ty: row.sply_ty,
        itms: [...row.rates.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([rate, heads]) => ({
            rt: basisPointsToPortalRate(rate),
            ad_amt: toPortalAmount(heads.taxable),
            iamt: toPortalAmount(heads.igst),
            camt: toPortalAmount(heads.cgst),
            samt: toPortalAmount(heads.sgst),
            csamt: toPortalAmount(heads.cess),
          })),
      }));
  }
}

/** Tables 11A and 11B of `period` ("MMYYYY") for a business in `supplierState`. */
export function advancesOfPeriod(advances: readonly AdvanceForReturn[], invoices: readonly SaleDocument[], period: string, supplierState: string): AdvancesOfPeriod {
  const invoicePeriods = new Map(invoices.map((invoice) => [invoice.id.toLowerCase(), saleReportingPeriod(invoice)]));
  const at = new RowSet();
  const txpd = new RowSet();
  const P = periodOrdinal(period);
  for (const raw of advances) {
    const advance = taxed(raw);
    if (!advance || advance.amount <= 0) continue;
    const receivedIn = periodOrdinal(returnPeriodOf(raw.date));
    if (receivedIn > P) continue;
    const sply_ty = advance.pos === supplierState ? "INTRA" : "INTER";
    let appliedSamePeriod = zeroHeads();
    for (const application of raw.applications) {
      const invoicePeriod = invoicePeriods.get(application.invoiceId.toLowerCase());
      const madeIn = periodOrdinal(returnPeriodOf(application.appliedAt));
      const appliedIn = Math.max(madeIn, invoicePeriod ? periodOrdinal(invoicePeriod) : madeIn, receivedIn);
      if (appliedIn !== P) continue;
      const share = part(advance.heads, toPaise(application.amount), advance.amount);
      if (appliedIn === receivedIn) addLine(appliedSamePeriod, share);
      else txpd.add(advance.pos, sply_ty, advance.rateBasisPoints, share);
    }
    if (receivedIn === P) {
      // Whole less the same-period parts, so a fully applied advance leaves exactly nothing.
      appliedSamePeriod = clampTo(appliedSamePeriod, advance.heads);
      at.add(advance.pos, sply_ty, advance.rateBasisPoints, minus(advance.heads, appliedSamePeriod));
    }
  }
  return { at: at.json(), txpd: txpd.json(), received: at.total, adjusted: txpd.total };
}

/** Half-up shares of several parts can pass the whole by a paisa: never below zero. */
function clampTo(parts: Heads, whole: Heads): Heads {
  return {
    taxable: Math.min(parts.taxable, whole.taxable),
    igst: Math.min(parts.igst, whole.igst),
    cgst: Math.min(parts.cgst, whole.cgst),
    sgst: Math.min(parts.sgst, whole.sgst),
    cess: Math.min(parts.cess, whole.cess),
  };
}
