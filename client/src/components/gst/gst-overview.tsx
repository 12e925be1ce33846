import { CalendarClock, CalendarRange, FileCheck2, FileClock, Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useGstOverview, useGstReturns, type GstOverview, type PeriodReturnState } from "../../api/gst.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { dueUrgency, periodLabel, returnTypeLabel } from "../../lib/gst.ts";
import { cn } from "../../lib/utils.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { StatCard, StatGrid } from "../stat-card.tsx";
import { supplierRegistrationOf } from "@bahi/shared/contract";
import { useProfile } from "../../api/profile.ts";
import { CompositionReturns } from "./composition-returns.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";

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
  // Issue 9: no GSTR-1/3B calendar for a composition (CMP-08 instead) or unregistered business.
  const registration = supplierRegistrationOf(useProfile().data?.gstCategory);
  if (registration !== "Regular") return <CompositionReturns registration={registration} />;

  if (overview.isError) return <ErrorState title="Could not load your GST overview" error={overview.error} onRetry={() => void overview.refetch()} />;

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <StatGrid label="GST figures" className="mb-0 sm:grid-cols-3 xl:grid-cols-3">
        <StatCard label="Pending Returns" value={data?.pendingReturns ?? 0} hint="Returns due and not yet filed" icon={FileClock} tint="amber" loading={overview.isPending} />
        <StatCard label="Filed Returns" value={filed} hint="GSTR-1 and GSTR-3B filed from Bahi" icon={FileCheck2} tint="emerald" loading={returns.isPending} />
        <StatCard label="Active E-Way Bills" value={data?.activeEwayBills ?? 0} hint="Goods in transit" icon={Truck} tint="sky" loading={overview.isPending} />
      </StatGrid>

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
                  <li key={`${due.returnType}-${due.period}`} className={cn("flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3", urgency.row)}>
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
      <PeriodsCard overview={data} loading={overview.isPending} />
    </div>
  );
}

const STATE_BADGES: Record<PeriodReturnState, { label: string; variant: "success" | "warning" | "danger" | "secondary" | "soft" }> = {
  not_due: { label: "Not due", variant: "secondary" },
  due: { label: "Due", variant: "warning" },
  overdue: { label: "Overdue", variant: "danger" },
  filed: { label: "Filed", variant: "success" },
  in_progress: { label: "In progress", variant: "soft" },
  failed: { label: "Failed", variant: "danger" },
};

/** Every month since registration, with each return's due date and where it stands (s.37, s.39). */
function PeriodsCard({ overview, loading }: { overview: GstOverview | undefined; loading: boolean }) {
  const periods = overview?.periods ?? [];
  return (
    <Card role="region" aria-label="Return periods">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarRange aria-hidden="true" className="size-4 text-primary" />
          Return periods
        </CardTitle>
        <CardDescription>
          {overview?.registrationDate ? (
            <>Every month since your GST registration on {formatIndianDate(overview.registrationDate)}, newest first.</>
          ) : (
            <>
              Every month since you joined Bahi.{" "}
              <Link href="/settings" className="font-medium text-primary underline">
                Set your GST registration date in Settings
              </Link>{" "}
              so returns are due from the right month.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {loading ? (
          <TableSkeleton rows={3} inset="none" />
        ) : periods.length === 0 ? (
          <p className="text-sm text-muted-foreground">No return periods yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Period</TableHead>
                <TableHead>GSTR-1</TableHead>
                <TableHead>GSTR-3B</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {periods.map((entry) => (
                <TableRow key={entry.period} aria-label={entry.label}>
                  <TableCell className="font-medium text-foreground">{entry.label || periodLabel(entry.period)}</TableCell>
                  {(["GSTR1", "GSTR3B"] as const).map((returnType) => {
                    const found = entry.returns.find((candidate) => candidate.returnType === returnType);
                    if (!found) return <TableCell key={returnType}>—</TableCell>;
                    const badge = STATE_BADGES[found.state] ?? { label: found.state, variant: "secondary" as const };
                    return (
                      <TableCell key={returnType} aria-label={`${returnTypeLabel(returnType)} ${entry.label}`}>
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge variant={badge.variant}>{badge.label}</Badge>
                          <span className="text-xs text-muted-foreground">Due {formatIndianDate(found.dueDate)}</span>
                        </div>
                        {found.arn && <p className="mt-0.5 font-mono text-xs text-muted-foreground">{found.arn}</p>}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
