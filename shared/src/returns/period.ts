/**
 * Return periods ("MMYYYY", GST.md §3.4), their India-date ranges, due dates and financial years.
 *
 * Due dates for monthly filers (GST.md §3.4, §4.2): GSTR-1 on the 11th and GSTR-3B on the 20th
 * of the month after the period. Quarterly (QRMP) filers, IFF and PMT-06 are not modelled, and
 * neither are one-off extensions the government notifies for a particular month: the server
 * must override the date when such a notification exists. A return filed on its due date is on
 * time; it is overdue from the next day (India date).
 */
import { financialYearOf, financialYearStart, indianDateOf } from "../contract/index.ts";
import type { IndianDate } from "../contract/index.ts";

/** Where returns code has always found it; the browser-safe contract owns it. */
export { financialYearOf };

export type GstReturnType = "GSTR1" | "GSTR3B";

export interface ReturnPeriod {
  /** "102025" */
  readonly fp: string;
  /** 1–12 */
  readonly month: number;
  readonly year: number;
  /** First day, "2025-10-01". */
  readonly from: IndianDate;
  /** Last day inclusive, "2025-10-31". */
  readonly to: IndianDate;
}

export type ReturnPeriodResult = { readonly ok: true; readonly period: ReturnPeriod } | { readonly ok: false; readonly error: string };

export const PERIOD_FORMAT_MESSAGE = "Period must be MMYYYY, e.g. 102025";
/** GST came into force on 1 July 2017: there is no earlier return period. */
export const FIRST_PERIOD = "072017";
const LAST_YEAR = 2099;

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function build(month: number, year: number): ReturnPeriod {
  return {
    fp: `${pad2(month)}${year}`,
    month,
    year,
    from: `${year}-${pad2(month)}-01`,
    to: `${year}-${pad2(month)}-${pad2(lastDayOfMonth(year, month))}`,
  };
}

export function parseReturnPeriod(raw: string | null | undefined): ReturnPeriodResult {
  const text = (raw ?? "").trim();
  if (!/^\d{6}$/.test(text)) return { ok: false, error: PERIOD_FORMAT_MESSAGE };
  const month = Number(text.slice(0, 2));
  const year = Number(text.slice(2));
  if (month < 1 || month > 12) {
    return { ok: false, error: `Period month must be 01–12, got ${text.slice(0, 2)} (${PERIOD_FORMAT_MESSAGE})` };
  }
  if (year * 100 + month < 201707) return { ok: false, error: `GST returns start from July 2017 (${FIRST_PERIOD}); got ${text}` };
  if (year > LAST_YEAR) return { ok: false, error: `Period year must be ${LAST_YEAR} or earlier, got ${year}` };
  return { ok: true, period: build(month, year) };
}

/** Like parseReturnPeriod, but throws RangeError with the message; accepts an already parsed period. */
export function returnPeriod(raw: string | ReturnPeriod): ReturnPeriod {
  if (typeof raw !== "string") return raw;
  const result = parseReturnPeriod(raw);
  if (!result.ok) throw new RangeError(result.error);
  return result.period;
}

/** The period an instant or date falls in, by India date: 2025-10-31T19:00:00Z → "112025". */
export function returnPeriodOf(date: string | Date): string {
  const day = indianDateOf(date);
  return `${day.slice(5, 7)}${day.slice(0, 4)}`;
}

/** Whether `date` (India date of an instant, or a calendar date) falls inside the period. */
export function periodContains(period: string | ReturnPeriod, date: string | Date): boolean {
  const p = returnPeriod(period);
  const day = indianDateOf(date);
  return p.from <= day && day <= p.to;
}

/** "102025" → "October 2025" */
export function periodLabel(period: string | ReturnPeriod): string {
  const p = returnPeriod(period);
  return `${MONTH_NAMES[p.month - 1]} ${p.year}`;
}

/** "2026-11-20" → "20 November 2026" */
export function dateLabel(date: IndianDate): string {
  return `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** "4 days late (due 20 November 2026)" */
export function lateness(days: number, dueDate: IndianDate): string {
  return `${days} ${days === 1 ? "day" : "days"} late (due ${dateLabel(dueDate)})`;
}

export function nextPeriod(period: string | ReturnPeriod): ReturnPeriod {
  const p = returnPeriod(period);
  return p.month === 12 ? build(1, p.year + 1) : build(p.month + 1, p.year);
}

export function previousPeriod(period: string | ReturnPeriod): ReturnPeriod {
  const p = returnPeriod(period);
  if (p.fp === FIRST_PERIOD) throw new RangeError(`There is no GST return period before ${FIRST_PERIOD}`);
  return p.month === 1 ? build(12, p.year - 1) : build(p.month - 1, p.year);
}

const DUE_DAY: Readonly<Record<GstReturnType, number>> = { GSTR1: 11, GSTR3B: 20 };

/** Monthly due date: GSTR-1 the 11th, GSTR-3B the 20th of the following month. "102025", GSTR1 → "2025-11-11". */
export function returnDueDate(period: string | ReturnPeriod, type: GstReturnType): IndianDate {
  const next = nextPeriod(period);
  return `${next.year}-${pad2(next.month)}-${pad2(DUE_DAY[type])}`;
}

/** True when `today` (India date) is after the due date. The caller decides whether the return was filed. */
export function isOverdue(period: string | ReturnPeriod, type: GstReturnType, today: string | Date): boolean {
  return indianDateOf(today) > returnDueDate(period, type);
}

/** The same year in India Compliance's long form (used by its reconciliation): "2025-2026". */
export function financialYearLongOf(date: string | Date): string {
  const start = financialYearStart(date);
  return `${start}-${start + 1}`;
}
