import type { Report } from "../api/reports.ts";
import { monthLabels } from "./dashboard-charts.ts";

/** SPEC §2: a net profit at or below 0 shows 'Loss'. */
export function profitOrLoss(netProfit: number): "Profit" | "Loss" {
  return netProfit > 0 ? "Profit" : "Loss";
}

/** 12.5 → "+12.5%", -3 → "-3.0%", 0 → "0.0%"; null (nothing to compare with) → "—". */
export function formatGrowth(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return "—";
  const text = Math.abs(percent).toFixed(1);
  if (text === "0.0") return "0.0%";
  return `${percent > 0 ? "+" : "-"}${text}%`;
}

/** 23 → "23 days", 1 → "1 day", 4.6 → "5 days"; null (nothing paid yet) → "—". */
export function formatPaymentDays(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return "—";
  const whole = Math.round(days);
  return `${whole} ${whole === 1 ? "day" : "days"}`;
}

export interface RevenueExpenseBar {
  month: string;
  /** "Jun" on the axis. */
  label: string;
  /** "Jun 2026" in the tooltip. */
  fullLabel: string;
  revenue: number;
  expenses: number;
}

/** The chart's bars, oldest month first, with the axis and tooltip labels. */
export function revenueVsExpensesBars(rows: Report["revenueVsExpenses"]): RevenueExpenseBar[] {
  return [...rows].sort((a, b) => a.month.localeCompare(b.month)).map((row) => ({ month: row.month, ...monthLabels(row.month), revenue: row.revenue, expenses: row.expenses }));
}
