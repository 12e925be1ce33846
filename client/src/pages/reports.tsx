import { ArrowRight, CalendarClock, ChartColumn, FileDown, IndianRupee, Percent, ReceiptText, ShieldCheck, TrendingUp, UserPlus, Wallet, type LucideIcon } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { describeError } from "../api/errors.ts";
import { downloadReportPdf, REPORT_PERIODS, useReport, type Report, type ReportPeriod } from "../api/reports.ts";
import { ErrorState } from "../components/list-states.tsx";
import { AsOfBanner, AsOfControl, useAsOf } from "../components/as-of/as-of-control.tsx";
import { AgingCard } from "../components/reports/aging-card.tsx";
import { RemindersCard } from "../components/reports/reminders-card.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../components/ui/select.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { formatCurrency, formatIndianDate, formatPercent } from "../lib/format.ts";
import { formatGrowth, formatPaymentDays, profitOrLoss } from "../lib/reports.ts";
import { cn } from "../lib/utils.ts";

// recharts comes in its own chunk, as on the dashboard.
const RevenueExpensesChart = lazy(() => import("../components/reports/revenue-expenses-chart.tsx").then((module) => ({ default: module.RevenueExpensesChart })));

function ProfitBadge({ netProfit }: { netProfit: number }) {
  const result = profitOrLoss(netProfit);
  return <Badge variant={result === "Profit" ? "success" : "danger"}>{result}</Badge>;
}

function Line({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn("flex items-center justify-between gap-3 py-2 text-sm", strong ? "border-t font-semibold text-foreground" : "text-muted-foreground")}>
      <dt>{label}</dt>
      <dd className="text-right text-foreground tabular-nums">{value}</dd>
    </div>
  );
}

function ReportCard({ title, description, icon: Icon, tint, children }: { title: string; description: string; icon: LucideIcon; tint: string; children: ReactNode }) {
  return (
    <Card role="region" aria-label={title} className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3 pb-3">
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", tint)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

function ReportCards({ report }: { report: Report }) {
  return (
    <section aria-label="Reports" className="mb-8 grid gap-6 lg:grid-cols-3">
      <ReportCard title="P&L Statement" description="Invoiced income less expenses" icon={ChartColumn} tint="bg-indigo-100 text-indigo-600">
        <dl>
          <Line label="Income" value={formatCurrency(report.totalIncome)} />
          <Line label={report.expenseCount !== undefined ? `Expenses (${report.expenseCount})` : "Expenses"} value={formatCurrency(report.totalExpenses)} />
          <Line
            label={
              <span className="flex items-center gap-2">
                Net Profit <ProfitBadge netProfit={report.netProfit} />
              </span>
            }
            value={formatCurrency(report.netProfit)}
            strong
          />
          <Line label="Profit Margin" value={formatPercent(report.profitMargin)} />
        </dl>
      </ReportCard>
      <ReportCard title="Sales Summary" description="How sales and collections went" icon={ReceiptText} tint="bg-emerald-100 text-emerald-600">
        <dl>
          <Line label="Total Sales" value={formatCurrency(report.totalIncome)} />
          {report.invoiceCount !== undefined && <Line label="Invoices" value={report.invoiceCount} />}
          <Line label="Growth on the previous period" value={formatGrowth(report.revenueGrowth)} />
          <Line label="New Customers" value={report.newCustomers} />
          <Line label="Average Payment Time" value={formatPaymentDays(report.averagePaymentDays)} />
        </dl>
      </ReportCard>
      <ReportCard title="GST Reports" description="Tax on sales against tax paid on purchases" icon={ShieldCheck} tint="bg-amber-100 text-amber-600">
        <dl>
          <Line label="Output Tax (sales)" value={formatCurrency(report.gst.outputTax)} />
          <Line label="Input Tax (purchases)" value={formatCurrency(report.gst.inputTax)} />
          <Line label="Net GST Payable" value={formatCurrency(report.gst.netPayable)} strong />
        </dl>
        <Link href="/gst-compliance" className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          File returns in GST Compliance
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </ReportCard>
    </section>
  );
}

function ReportCardsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading" className="mb-8 grid gap-6 lg:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <Card key={card} className="p-6">
          <Skeleton className="mb-5 h-5 w-36" />
          <div className="grid gap-3">
            {[0, 1, 2, 3].map((line) => (
              <Skeleton key={line} className="h-4 w-full" />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

function ChartPlaceholder() {
  return <Skeleton className="h-80 w-full" />;
}

export function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>("this-month");
  const [exporting, setExporting] = useState(false);
  const asOf = useAsOf();
  const report = useReport(period, asOf);
  const data = report.data;
  const loading = report.isPending;

  async function exportPdf() {
    setExporting(true);
    try {
      await downloadReportPdf(period, asOf);
      toast({ title: "Report exported", description: `${data?.label ?? "The report"} saved as PDF.` });
    } catch (error) {
      toast({ title: "Failed to export report", description: describeError(error, "An error occurred"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Reports"
        description={data ? `${data.label}: ${formatIndianDate(data.from)} to ${formatIndianDate(data.to)}` : "Profit and loss, sales and GST for a period"}
        actions={
          <>
            <AsOfControl />
            <Select value={period} onValueChange={(value) => setPeriod(value as ReportPeriod)}>
              <SelectTrigger aria-label="Report period" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {REPORT_PERIODS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button onClick={() => void exportPdf()} disabled={exporting || !report.isSuccess}>
              <FileDown aria-hidden="true" />
              {exporting ? "Exporting..." : "Export PDF"}
            </Button>
          </>
        }
      />

      <AsOfBanner />
      {report.isError ? (
        <ErrorState title="Could not load the report" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <StatGrid label="Report figures" className="mb-6">
            <StatCard label="Total Income" value={formatCurrency(data?.totalIncome)} hint="Invoiced in the period, with GST" icon={IndianRupee} tint="indigo" loading={loading} />
            <StatCard label="Total Expenses" value={formatCurrency(data?.totalExpenses)} hint="Before GST" icon={Wallet} tint="rose" loading={loading} />
            <StatCard
              label="Net Profit"
              value={formatCurrency(data?.netProfit)}
              hint={data ? <ProfitBadge netProfit={data.netProfit} /> : undefined}
              icon={TrendingUp}
              tint="emerald"
              loading={loading}
            />
            <StatCard label="Profit Margin" value={formatPercent(data?.profitMargin)} hint="Net profit over income" icon={Percent} tint="violet" loading={loading} />
          </StatGrid>
          <StatGrid label="Business metrics" className="xl:grid-cols-3 sm:grid-cols-3">
            <StatCard
              label="Revenue Growth"
              value={formatGrowth(data?.revenueGrowth)}
              hint="Against the previous period of the same length"
              icon={TrendingUp}
              tint="sky"
              loading={loading}
            />
            <StatCard label="New Customers" value={data?.newCustomers ?? 0} hint="Added in the period" icon={UserPlus} tint="emerald" loading={loading} />
            <StatCard
              label="Average Payment Time"
              value={formatPaymentDays(data?.averagePaymentDays)}
              hint="Invoice date to payment, for invoices paid in the period"
              icon={CalendarClock}
              tint="amber"
              loading={loading}
            />
          </StatGrid>

          {data ? <ReportCards report={data} /> : <ReportCardsSkeleton />}

          {/* Issue 10: what is owed now (not the period's), and reminders for what is late. */}
          {/* Aging and reminders are today's books (aging's own ?asOf= dates today's invoices): not a past moment's. */}
          {!asOf && <AgingCard />}
          {!asOf && <RemindersCard />}

          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Revenue vs Expenses</CardTitle>
              <CardDescription>By month, in thousands of rupees</CardDescription>
            </CardHeader>
            <CardContent>
              {data ? (
                <Suspense fallback={<ChartPlaceholder />}>
                  <RevenueExpensesChart rows={data.revenueVsExpenses} />
                </Suspense>
              ) : (
                <ChartPlaceholder />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </>
  );
}
