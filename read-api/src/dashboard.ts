import { indianDateOf, type DashboardStats } from "@bahi/shared/contract";
import type { DashboardDocument } from "@bahi/shared/read-models";

const rupees = (paise: number) => paise / 100;

/** The last `count` Indian months ending with the one `now` falls in, oldest first: "2026-06". */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = indianDateOf(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/**
 * SPEC's statistics for the month `now` falls in, read off one precomputed document; what is
 * outstanding is the invoices' balances due as their tally sums them (issue 10: one computation
 * with the lists and aging; issue 12: kept as each invoice is written, not summed per request).
 */
export function dashboardStats(doc: DashboardDocument | null, outstandingPaise: number, now: Date): DashboardStats {
  const month = indianDateOf(now).slice(0, 7);
  const salesPaise = doc?.salesByMonth[month] ?? 0;
  const expensesPaise = doc?.expensesByMonth[month] ?? 0;
  // One decimal, computed on integers: round(1000 × profit / sales) / 10.
  const profitMargin = salesPaise > 0 ? Math.round((1000 * (salesPaise - expensesPaise)) / salesPaise) / 10 : 0;
  return {
    totalSales: rupees(salesPaise),
    outstanding: rupees(outstandingPaise),
    totalExpenses: rupees(expensesPaise),
    profitMargin,
    recentInvoices: doc?.recentInvoices ?? [],
    salesByMonth: lastMonths(now, 12).map((m) => ({ month: m, amount: rupees(doc?.salesByMonth[m] ?? 0) })),
    expenseBreakdown: Object.entries(doc?.expensesByMonthAndCategory[month] ?? {}).map(([category, paise]) => ({ category, amount: rupees(paise) })),
  };
}
