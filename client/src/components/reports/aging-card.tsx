import { AGING_BUCKETS } from "@bahi/shared/contract";
import { Hourglass } from "lucide-react";
import { inr, useAging, type AgingReport } from "../../api/aging.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { formatIndianDate } from "../../lib/format.ts";
import { cn } from "../../lib/utils.ts";

const BUCKET_TINT: Record<(typeof AGING_BUCKETS)[number]["key"], string> = {
  notDue: "text-emerald-700",
  d0_30: "text-amber-700",
  d31_60: "text-orange-700",
  d61_90: "text-rose-700",
  d90plus: "text-red-800",
};

function Buckets({ aging }: { aging: AgingReport }) {
  return (
    <dl aria-label="Aging buckets" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {aging.buckets.map((bucket) => (
        <div key={bucket.key} data-bucket={bucket.key} className="rounded-lg border p-3">
          <dt className="text-xs font-medium text-muted-foreground">{bucket.label}</dt>
          <dd className={cn("mt-1 text-base font-semibold tabular-nums", bucket.count > 0 ? BUCKET_TINT[bucket.key] : "text-muted-foreground")}>{inr(bucket.amount)}</dd>
          <dd className="text-xs text-muted-foreground">{bucket.count === 1 ? "1 invoice" : `${bucket.count} invoices`}</dd>
        </div>
      ))}
      <div data-bucket="total" className="rounded-lg border bg-muted/40 p-3">
        <dt className="text-xs font-medium text-muted-foreground">Total owed</dt>
        <dd className="mt-1 text-base font-semibold tabular-nums">{inr(aging.total)}</dd>
        <dd className="text-xs text-muted-foreground">{aging.invoices.length === 1 ? "1 invoice" : `${aging.invoices.length} invoices`}</dd>
      </div>
    </dl>
  );
}

function CustomerTable({ aging }: { aging: AgingReport }) {
  return (
    <Table aria-label="Owed by customer">
      <TableHeader>
        <TableRow>
          <TableHead>Customer</TableHead>
          {AGING_BUCKETS.map((bucket) => (
            <TableHead key={bucket.key} className="text-right">
              {bucket.label}
            </TableHead>
          ))}
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {aging.customers.map((row) => (
          <TableRow key={row.customerId}>
            <TableCell className="max-w-48 truncate font-medium">{row.name}</TableCell>
            {AGING_BUCKETS.map((bucket) => (
              <TableCell key={bucket.key} className={cn("text-right tabular-nums", row[bucket.key] === "0.00" && "text-muted-foreground")}>
                {row[bucket.key] === "0.00" ? "–" : inr(row[bucket.key])}
              </TableCell>
            ))}
            <TableCell className="text-right font-semibold tabular-nums">{inr(row.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Reports' "Aging of receivables": what customers owe, by days past the due date. */
export function AgingCard() {
  const aging = useAging();
  return (
    <Card role="region" aria-label="Aging of receivables" className="mb-8 min-w-0">
      <CardHeader className="flex-row items-start gap-3 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-rose-100 text-rose-600">
          <Hourglass aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <CardTitle>Aging of receivables</CardTitle>
          <CardDescription>
            {aging.data ? `What customers owe you on ${formatIndianDate(aging.data.asOf)}, by days past the due date` : "What customers owe you, by days past the due date"}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {aging.isError ? (
          <ErrorState title="Could not load the aging" error={aging.error} onRetry={() => void aging.refetch()} />
        ) : !aging.data ? (
          <TableSkeleton rows={3} inset="none" />
        ) : aging.data.invoices.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            <span className="block font-semibold text-foreground">Nothing is owed to you</span>
            Every invoice is paid. Unpaid invoices show here by how late they are.
          </p>
        ) : (
          <>
            <Buckets aging={aging.data} />
            <CustomerTable aging={aging.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
