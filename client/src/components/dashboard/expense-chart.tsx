import type { DashboardStats } from "@bahi/shared/contract";
import { Receipt } from "lucide-react";
import { useMemo } from "react";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { expenseChartData, type ExpenseSlice } from "../../lib/dashboard-charts.ts";
import { formatCurrency } from "../../lib/format.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

const SLICE_COLOURS = ["#4f46e5", "#10b981", "#f59e0b", "#ef4444", "#0ea5e9", "#8b5cf6", "#ec4899", "#14b8a6", "#64748b"];

function ExpenseTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ExpenseSlice }> }) {
  const slice = payload?.[0]?.payload;
  if (!active || !slice) return null;
  return (
    <div className="rounded-lg border bg-card px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-foreground">{slice.category}</p>
      <p className="text-muted-foreground">
        {formatCurrency(slice.amount)} · {slice.share}%
      </p>
    </div>
  );
}

/** Expense Breakdown: this month's expenses by category. */
export function ExpenseChart({ breakdown, loading }: { breakdown: DashboardStats["expenseBreakdown"]; loading: boolean }) {
  const slices = useMemo(() => expenseChartData(breakdown), [breakdown]);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Expense Breakdown</CardTitle>
        <CardDescription>This month, by category</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-72 w-full" />
        ) : slices.length === 0 ? (
          <div className="flex h-72 flex-col items-center justify-center rounded-lg border border-dashed text-center">
            <Receipt aria-hidden="true" className="size-8 text-muted-foreground/50" />
            <p className="mt-2 text-sm font-medium text-muted-foreground">No expenses this month</p>
          </div>
        ) : (
          <figure aria-label="Expense Breakdown chart" className="grid h-72 grid-rows-[minmax(0,1fr)_auto] gap-3">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie data={slices} dataKey="amount" nameKey="category" innerRadius="55%" outerRadius="85%" paddingAngle={2} stroke="none">
                  {slices.map((slice, index) => (
                    <Cell key={slice.category} fill={SLICE_COLOURS[index % SLICE_COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip content={<ExpenseTooltip />} />
              </PieChart>
            </ResponsiveContainer>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
              {slices.map((slice, index) => (
                <li key={slice.category} className="flex min-w-0 items-center gap-2">
                  <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: SLICE_COLOURS[index % SLICE_COLOURS.length] }} />
                  <span className="truncate text-muted-foreground">{slice.category}</span>
                  <span className="ml-auto font-medium text-foreground tabular-nums">{slice.share}%</span>
                </li>
              ))}
            </ul>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
