import type { DashboardStats } from "@bahi/shared/contract";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatThousands, SALES_RANGES, salesAxisTicks, salesChartData, type SalesBar, type SalesRange } from "../../lib/dashboard-charts.ts";
import { formatCurrency } from "../../lib/format.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

function SalesTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: SalesBar }> }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  return (
    <div className="rounded-lg border bg-card px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-foreground">{bar.fullLabel}</p>
      <p className="text-muted-foreground">{formatCurrency(bar.amount)}</p>
    </div>
  );
}

/** Sales Overview: invoiced sales per month, the last six months or this financial year (April–March). */
export function SalesChart({ salesByMonth, loading }: { salesByMonth: DashboardStats["salesByMonth"]; loading: boolean }) {
  const [range, setRange] = useState<SalesRange>("last6");
  const bars = useMemo(() => salesChartData(salesByMonth, range, new Date()), [salesByMonth, range]);
  const empty = bars.every((bar) => bar.amount === 0);
  const ticks = salesAxisTicks(Math.max(0, ...bars.map((bar) => bar.amount)));

  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Sales Overview</CardTitle>
          <CardDescription>Invoiced sales per month, in thousands of rupees</CardDescription>
        </div>
        <Select value={range} onValueChange={(value) => setRange(value as SalesRange)}>
          <SelectTrigger aria-label="Sales period" className="h-9 w-40 shrink-0">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SALES_RANGES.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <figure aria-label="Sales Overview chart" className="relative h-72 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke="oklch(0.91 0.01 264)" strokeDasharray="3 3" />
                <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "oklch(0.52 0.03 262)", fontSize: 12 }} />
                <YAxis
                  tickFormatter={formatThousands}
                  ticks={ticks}
                  domain={[0, ticks[ticks.length - 1] ?? 0]}
                  tickLine={false}
                  axisLine={false}
                  width={56}
                  tick={{ fill: "oklch(0.52 0.03 262)", fontSize: 12 }}
                />
                <Tooltip cursor={{ fill: "oklch(0.962 0.018 272.31)" }} content={<SalesTooltip />} />
                <Bar dataKey="amount" name="Sales" fill="oklch(0.511 0.262 276.97)" radius={[6, 6, 0, 0]} maxBarSize={48} />
              </BarChart>
            </ResponsiveContainer>
            {empty && (
              <figcaption className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">No sales in this period yet</figcaption>
            )}
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
