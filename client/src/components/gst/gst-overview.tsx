import { CalendarClock, FileCheck2, FileClock, Truck } from "lucide-react";
import { useState } from "react";
import { useGstOverview, useGstReturns } from "../../api/gst.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { dueUrgency, periodLabel, returnTypeLabel } from "../../lib/gst.ts";
import { cn } from "../../lib/utils.ts";
import { ErrorState } from "../list-states.tsx";
import { StatCard } from "../stat-card.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

const URGENCY = {
  overdue: { badge: "danger", text: "Overdue", row: "border-red-200 bg-red-50/60" },
  soon: { badge: "warning", text: "Due soon", row: "border-amber-200 bg-amber-50/60" },
  later: { badge: "secondary", text: "Upcoming", row: "" },
} as const;

/** Pending returns, active e-way bills and the next due dates, all from the server's figures. */
export function GstOverview() {
  const overview = useGstOverview();
  const returns = useGstReturns();
  const [today] = useState(() => new Date());
  const data = overview.data;
  const filed = (returns.data ?? []).filter((entry) => entry.status === "filed").length;

  if (overview.isError) return <ErrorState title="Could not load your GST overview" error={overview.error} onRetry={() => void overview.refetch()} />;

  return (
    <div className="grid gap-6">
      <section aria-label="GST figures" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Pending Returns" value={data?.pendingReturns ?? 0} hint="Returns due and not yet filed" icon={FileClock} tint="amber" loading={overview.isPending} />
        <StatCard label="Filed Returns" value={filed} hint="GSTR-1 and GSTR-3B filed from Bahi" icon={FileCheck2} tint="emerald" loading={returns.isPending} />
        <StatCard label="Active E-Way Bills" value={data?.activeEwayBills ?? 0} hint="Goods in transit" icon={Truck} tint="sky" loading={overview.isPending} />
      </section>

      <Card role="region" aria-label="Next due dates">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            Next due dates
          </CardTitle>
          <CardDescription>Monthly filers: GSTR-1 by the 11th and GSTR-3B by the 20th of the next month</CardDescription>
        </CardHeader>
        <CardContent>
          {overview.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : !data || data.nextDue.length === 0 ? (
            <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">Nothing is due: every return is filed.</p>
          ) : (
            <ul className="grid gap-2">
              {data.nextDue.map((due) => {
                const urgency = URGENCY[dueUrgency(due.dueDate, today)];
                return (
                  <li
                    key={`${due.returnType}-${due.period}`}
                    className={cn("flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3", urgency.row)}
                  >
                    <div>
                      <p className="text-sm font-semibold text-foreground">
                        {returnTypeLabel(due.returnType)} for {periodLabel(due.period)}
                      </p>
                      <p className="text-xs text-muted-foreground">Due {formatIndianDate(due.dueDate)}</p>
                    </div>
                    <Badge variant={urgency.badge}>{urgency.text}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
