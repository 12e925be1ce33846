import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Report } from "../../api/reports.ts";
import { formatThousands, salesAxisTicks } from "../../lib/dashboard-charts.ts";
import { formatCurrency } from "../../lib/format.ts";
import { revenueVsExpensesBars, type RevenueExpenseBar } from "../../lib/reports.ts";

const REVENUE = "oklch(0.511 0.262 276.97)";
const EXPENSES = "oklch(0.704 0.191 22.216)";
const AXIS = { fill: "oklch(0.52 0.03 262)", fontSize: 12 };
const SERIES = [
  ["Revenue", REVENUE],
  ["Expenses", EXPENSES],
] as const;

function ChartTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: RevenueExpenseBar }> }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  return (
    <div className="rounded-lg border bg-card px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-foreground">{bar.fullLabel}</p>
      <p className="text-muted-foreground">Revenue {formatCurrency(bar.revenue)}</p>
      <p className="text-muted-foreground">Expenses {formatCurrency(bar.expenses)}</p>
    </div>
  );
}

/** Revenue (invoiced) against expenses, one pair of bars per month of the period. */
export function RevenueExpensesChart({ rows }: { rows: Report["revenueVsExpenses"] }) {
  const bars = useMemo(() => revenueVsExpensesBars(rows), [rows]);
  const ticks = salesAxisTicks(Math.max(0, ...bars.flatMap((bar) => [bar.revenue, bar.expenses])));
  const empty = bars.every((bar) => bar.revenue === 0 && bar.expenses === 0);

  return (
    <figure aria-label="Revenue vs Expenses chart" className="grid gap-3">
      {/* The legend sits outside the chart: recharts' own re-lays the chart out, replaying its animation, on every resize. */}
      <ul className="flex justify-end gap-4 text-xs text-muted-foreground">
        {SERIES.map(([name, colour]) => (
          <li key={name} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: colour }} />
            {name}
          </li>
        ))}
      </ul>
      <div className="relative h-80 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="oklch(0.91 0.01 264)" strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={AXIS} />
            <YAxis tickFormatter={formatThousands} ticks={ticks} domain={[0, ticks[ticks.length - 1] ?? 0]} tickLine={false} axisLine={false} width={56} tick={AXIS} />
            <Tooltip cursor={{ fill: "oklch(0.962 0.018 272.31)" }} content={<ChartTooltip />} />
            <Bar dataKey="revenue" name="Revenue" fill={REVENUE} radius={[6, 6, 0, 0]} maxBarSize={40} />
            <Bar dataKey="expenses" name="Expenses" fill={EXPENSES} radius={[6, 6, 0, 0]} maxBarSize={40} />
          </BarChart>
        </ResponsiveContainer>
        {empty && <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">No revenue or expenses in this period yet</p>}
      </div>
    </figure>
  );
}
