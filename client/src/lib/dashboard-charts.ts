import { indianDateOf } from "@bahi/shared/contract";
import type { DashboardStats } from "@bahi/shared/contract";

export type SalesRange = "last6" | "thisYear";

export const SALES_RANGES: ReadonlyArray<{ value: SalesRange; label: string }> = [
  { value: "last6", label: "Last 6 Months" },
  { value: "thisYear", label: "This Year" },
];

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export interface SalesBar {
  /** "2026-06" */
  month: string;
  /** "Jun" on the axis. */
  label: string;
  /** "Jun 2026" in the tooltip. */
  fullLabel: string;
  amount: number;
}

export function monthLabels(month: string): { label: string; fullLabel: string } {
  const [year, number] = month.split("-");
  const name = MONTH_NAMES[Number(number) - 1] ?? month;
  return { label: name, fullLabel: `${name} ${year ?? ""}`.trim() };
}

/** "2026-11" → "2026-04": the first month of the Indian financial year (April–March) the month is in. */
export function financialYearStart(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return `${number >= 4 ? year : year - 1}-04`;
}

/**
 * The bars for the chosen range. The API sends the last 12 months, oldest first. "Last 6
 * Months" is the final six of them; "This Year" is the months of the current financial year
 * in India (April up to now, s.2(41) CGST Act), so in April it is a single bar.
 */
export function salesChartData(salesByMonth: DashboardStats["salesByMonth"], range: SalesRange, today: Date): SalesBar[] {
  const thisMonth = indianDateOf(today).slice(0, 7);
  const start = financialYearStart(thisMonth);
  // "YYYY-MM" strings order as the months do.
  const months = range === "last6" ? salesByMonth.slice(-6) : salesByMonth.filter((entry) => entry.month >= start && entry.month <= thisMonth);
  return months.map((entry) => ({ month: entry.month, ...monthLabels(entry.month), amount: entry.amount }));
}

/** Axis ticks in thousands of rupees: 12000 → "₹12k", 2500 → "₹2.5k", 0 → "₹0". */
export function formatThousands(amount: number): string {
  if (!Number.isFinite(amount) || amount === 0) return "₹0";
  const thousands = amount / 1000;
  return `₹${thousands.toLocaleString("en-IN", { maximumFractionDigits: Math.abs(thousands) < 10 ? 1 : 0 })}k`;
}

const TICK_STEPS = [500, 1000, 2000, 5000];

/**
 * Y-axis ticks at round thousands (0, 1k, 2k, 3k rather than 0.75k steps): the smallest step of
 * 1, 2 or 5 × a power of ten (from ₹500) that covers `max` in at most five intervals.
 */
export function salesAxisTicks(max: number): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1000];
  let step = TICK_STEPS[0]!;
  for (let scale = 1; ; scale *= 10) {
    const found = TICK_STEPS.find((candidate) => max / (candidate * scale) <= 5);
    if (found !== undefined) {
      step = found * scale;
      break;
    }
  }
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

export interface ExpenseSlice {
  category: string;
  amount: number;
  /** Percent of the month's expenses, one decimal. */
  share: number;
}

/** Categories with spending, largest first, with their share of the total. */
export function expenseChartData(breakdown: DashboardStats["expenseBreakdown"]): ExpenseSlice[] {
  const spent = breakdown.filter((entry) => Number.isFinite(entry.amount) && entry.amount > 0);
  const total = spent.reduce((sum, entry) => sum + entry.amount, 0);
  return spent
    .map((entry) => ({ category: entry.category, amount: entry.amount, share: Math.round((entry.amount / total) * 1000) / 10 }))
    .sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category));
}
