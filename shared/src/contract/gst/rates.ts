/**
 * GST rates as data with effective dates (SPEC §3 gst_rates; GST.md §2.4).
 *
 * Two kinds of rate:
 * - "slab" rates are the general ones the invoice and product forms offer:
 *   0/5/12/18/28 for invoices dated up to 21 Sep 2025, 0/5/18/40 from 22 Sep 2025 (GST 2.0,
 *   56th GST Council; Notification 9/2025-Integrated Tax (Rate)).
 * - "special" rates are legal only for specific goods: 3% (Sch. IV, e.g. gold and jewellery),
 *   0.25% (Sch. V, e.g. rough diamonds), 1.5% (Sch. VI; also in India Compliance's 2024 rate
 *   list, so kept for older dates too), and 28%
 *   after 22 Sep 2025 (Sch. VII tobacco goods, until they moved to 40% on 1 Feb 2026). They are
 *   valid — the server accepts them, so a jeweller can invoice — but not offered by default,
 *   because a general shop picking 3% by mistake would undercharge tax. Which goods qualify is
 *   not checked here (GST.md Appendix A: the schedules are not listed).
 * Unverified rates (a 12% service after 22 Sep 2025, the 0.1% merchant-export rate) are left
 * out on purpose: GST.md could not confirm them.
 *
 * Dates are Indian calendar dates: an invoice issued at 2025-09-21T20:00:00Z is 22 Sep in
 * India and gets the new rates (see indiaDate.ts). `effectiveTo` is the last day inclusive.
 */
import { indianDateOf } from "./indiaDate.ts";
import type { IndianDate } from "./indiaDate.ts";
import { percentToBasisPoints } from "./tax.ts";
import type { BasisPoints } from "./tax.ts";

export type GstRateCategory = "slab" | "special";

export interface GstRate {
  /** The percent as written: "18", "0.25". */
  readonly gstRate: string;
  readonly rateBasisPoints: BasisPoints;
  /** Compensation cess is per product (and ended on 1 Feb 2026); the general table carries 0. */
  readonly cessRate: string;
  readonly category: GstRateCategory;
  readonly description: string;
  /** First Indian calendar day the rate applies, inclusive. */
  readonly effectiveFrom: IndianDate;
  /** Last Indian calendar day the rate applies, inclusive; null while in force. */
  readonly effectiveTo: IndianDate | null;
}

/** GST's first day. */
const GST_START = "2017-07-01";
/** GST 2.0: the last day of the old slabs and the first of the new ones. */
export const GST_2_LAST_OLD_DAY = "2025-09-21";
export const GST_2_START = "2025-09-22";
/** Tobacco goods left the 28% schedule for 40% (bidis 18%) on 1 Feb 2026 (GST.md §2.2). */
const SCHEDULE_VII_LAST_DAY = "2026-01-31";

/** The rate the forms preselect (SPEC §9). */
export const DEFAULT_GST_RATE = 18;

function rate(gstRate: string, category: GstRateCategory, description: string, effectiveFrom: IndianDate, effectiveTo: IndianDate | null): GstRate {
  return { gstRate, rateBasisPoints: percentToBasisPoints(gstRate), cessRate: "0", category, description, effectiveFrom, effectiveTo };
}

export const GST_RATES: readonly GstRate[] = [
  rate("0", "slab", "Nil rated", GST_START, null),
  rate("5", "slab", "5% slab", GST_START, null),
  rate("12", "slab", "12% slab (removed by GST 2.0)", GST_START, GST_2_LAST_OLD_DAY),
  rate("18", "slab", "18% slab (standard rate)", GST_START, null),
  rate("28", "slab", "28% slab (removed by GST 2.0)", GST_START, GST_2_LAST_OLD_DAY),
  rate("40", "slab", "40% special slab for luxury and sin goods", GST_2_START, null),
  rate("28", "special", "Schedule VII tobacco goods, until they moved to 40%", GST_2_START, SCHEDULE_VII_LAST_DAY),
  rate("3", "special", "Special rate, Sch. IV (e.g. gold, jewellery)", GST_START, null),
  rate("0.25", "special", "Special rate, Sch. V (e.g. rough diamonds)", GST_START, null),
  rate("1.5", "special", "Special rate, Sch. VI", GST_START, null),
];

function inForce(entry: GstRate, day: IndianDate): boolean {
  return entry.effectiveFrom <= day && (entry.effectiveTo === null || day <= entry.effectiveTo);
}

/** The table's entries in force on `date` (Indian calendar date), slab rates first. */
export function gstRatesOn(date: string | Date, options: { readonly includeSpecial?: boolean } = {}): GstRate[] {
  const day = indianDateOf(date);
  return GST_RATES.filter((entry) => inForce(entry, day) && (options.includeSpecial || entry.category === "slab"));
}

/**
 * The percentages to offer for an invoice dated `date`, ascending, each once:
 * [0, 5, 12, 18, 28] up to 21 Sep 2025 (IST), [0, 5, 18, 40] from 22 Sep 2025.
 * With `includeSpecial`, the special-goods rates valid that day are added.
 */
export function ratesValidOn(date: string | Date, options: { readonly includeSpecial?: boolean } = {}): number[] {
  const basisPoints = new Set(gstRatesOn(date, options).map((entry) => entry.rateBasisPoints));
  return [...basisPoints].sort((a, b) => a - b).map((bp) => bp / 100);
}

/**
 * Whether `ratePercent` (18, "18", "18.00", "0.25") is a legal GST rate on `date`, slab or
 * special. Anything that is not a percentage is false. The server uses this to reject a line.
 */
export function isRateValidOn(ratePercent: string | number, date: string | Date): boolean {
  let basisPoints: BasisPoints;
  try {
    basisPoints = percentToBasisPoints(ratePercent);
  } catch {
    return false;
  }
  return gstRatesOn(date, { includeSpecial: true }).some((entry) => entry.rateBasisPoints === basisPoints);
}
