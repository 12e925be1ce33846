import type { RecentInvoice } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import { Clock, Download, Eye, FilePlus, FileText, IndianRupee, Package, Percent, UserPlus, Wallet, type LucideIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { useDashboardStats } from "../api/dashboard.ts";
import { AsOfBanner, AsOfControl, useAsOf } from "../components/as-of/as-of-control.tsx";
import { useAuth } from "../auth/auth-provider.tsx";
import { GlobalSearch } from "../components/global-search.tsx";
import { InvoiceFormDialog } from "../components/invoices/invoice-form-dialog.tsx";
import { InvoicePreviewById } from "../components/invoices/invoice-preview-dialog.tsx";
import { useInvoicePdfDownload } from "../components/invoices/invoice-downloads.ts";
import { DashboardStatusBadge } from "../components/invoices/invoice-status.tsx";
import { ErrorState } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { SetupReminder } from "../components/setup/setup-reminder.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { useAccess } from "../auth/access.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { WithTooltip } from "../components/ui/tooltip.tsx";
import { formatCurrency, formatIndianDate, formatPercent } from "../lib/format.ts";

// Charts come in their own chunk (recharts and d3 are most of the app's weight).
const SalesChart = lazy(() => import("../components/dashboard/sales-chart.tsx").then((module) => ({ default: module.SalesChart })));
const ExpenseChart = lazy(() => import("../components/dashboard/expense-chart.tsx").then((module) => ({ default: module.ExpenseChart })));

function ChartPlaceholder() {
  return (
    <Card className="min-w-0 p-6">
      <Skeleton className="mb-6 h-5 w-40" />
      <Skeleton className="h-72 w-full" />
    </Card>
  );
}

interface RecentInvoicesTableProps {
  invoices: RecentInvoice[];
  loading: boolean;
  failed: boolean;
  onView: (invoice: RecentInvoice) => void;
  onDownload: (invoice: RecentInvoice) => void;
  downloadingId: string | null;
}

function RecentInvoicesTable({ invoices, loading, failed, onView, onDownload, downloadingId }: RecentInvoicesTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Invoice #</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          [0, 1, 2].map((row) => (
            <TableRow key={row}>
              <TableCell colSpan={6}>
                <Skeleton className="h-5 w-full" />
              </TableCell>
            </TableRow>
          ))
        ) : failed ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={6} className="py-12 text-center text-muted-foreground">
              Recent invoices could not be loaded
            </TableCell>
          </TableRow>
        ) : invoices.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={6} className="py-12 text-center text-muted-foreground">
              <FileText aria-hidden="true" className="mx-auto mb-2 size-8 text-muted-foreground/50" />
              No invoices found
            </TableCell>
          </TableRow>
        ) : (
          invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell className="font-medium">{invoice.invoiceNumber}</TableCell>
              <TableCell>{invoice.customer.name}</TableCell>
              <TableCell>{formatCurrency(invoice.total)}</TableCell>
              <TableCell>
                <DashboardStatusBadge status={invoice.status} />
              </TableCell>
              <TableCell>{formatIndianDate(invoice.issueDate)}</TableCell>
              <TableCell className="text-right">
                <RowAction tip="View" label={`View ${invoice.invoiceNumber}`} icon={Eye} onClick={() => onView(invoice)} />
                <WithTooltip tip="Download PDF">
                  <Button variant="ghost" size="icon" aria-label={`Download ${invoice.invoiceNumber}`} disabled={downloadingId === invoice.id} onClick={() => onDownload(invoice)}>
                    <Download />
                  </Button>
                </WithTooltip>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

interface QuickAction {
  label: string;
  text: string;
  icon: LucideIcon;
  tint: string;
}

const QUICK_ACTION_CLASS = "group flex w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors hover:border-primary/40 hover:bg-accent/50";

function QuickActionBody({ label, text, icon: Icon, tint }: QuickAction) {
  return (
    <>
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tint}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-foreground">{label}</span>
        <span className="block text-xs text-muted-foreground">{text}</span>
      </span>
    </>
  );
}

/** Create Invoice opens the form right here; the others open their page's dialog (?add=1). */
function QuickActions({ onCreateInvoice }: { onCreateInvoice: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common tasks, one click away</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-3">
        <button type="button" className={QUICK_ACTION_CLASS} onClick={onCreateInvoice}>
          <QuickActionBody label="Create Invoice" text="Bill a customer with GST" icon={FilePlus} tint="bg-indigo-100 text-indigo-600" />
        </button>
        <Link href="/customers?add=1" className={QUICK_ACTION_CLASS}>
          <QuickActionBody label="Add Customer" text="Save contact and credit limit" icon={UserPlus} tint="bg-emerald-100 text-emerald-600" />
        </Link>
        <Link href="/inventory?add=1" className={QUICK_ACTION_CLASS}>
          <QuickActionBody label="Add Product" text="Track stock and GST rate" icon={Package} tint="bg-amber-100 text-amber-600" />
        </Link>
      </CardContent>
    </Card>
  );
}

type Dialog = { kind: "create" } | { kind: "preview"; invoiceId: string } | null;

export function DashboardPage() {
  const { user } = useAuth();
  // Issue 11: the figures as they stood at a past moment; nothing that writes is offered then.
  const asOf = useAsOf();
  const stats = useDashboardStats(asOf);
  const pdf = useInvoicePdfDownload();
  const [dialog, setDialog] = useState<Dialog>(null);
  const loading = stats.isPending;
  const data = stats.data;
  const openCreate = () => setDialog({ kind: "create" });
  // Issue 11: an auditor reads the figures; creating and setting up are not offered.
  const access = useAccess();
  const canWrite = access?.canWrite ?? false;

  return (
    <>
      <PageHeader
        title={`Welcome back, ${access?.person.firstName ?? user?.firstName ?? ""}`}
        description="Overview of your business performance"
        actions={
          <>
            <AsOfControl />
            {!asOf && <GlobalSearch />}
            {!asOf && canWrite && (
              <Button onClick={openCreate}>
                <FilePlus aria-hidden="true" />
                Create Invoice
              </Button>
            )}
          </>
        }
      />
      <AsOfBanner />
      {!asOf && access?.canEditSettings && <SetupReminder />}

      {stats.isError ? (
        <div className="mb-8">
          <ErrorState title="Could not load your business figures" error={stats.error} onRetry={() => void stats.refetch()} />
        </div>
      ) : (
        <StatGrid label="Business figures">
          <StatCard label="Total Sales" value={formatCurrency(data?.totalSales)} hint="This month" icon={IndianRupee} tint="indigo" loading={loading} />
          <StatCard label="Outstanding" value={formatCurrency(data?.outstanding)} hint="Pending payments" icon={Clock} tint="amber" loading={loading} />
          <StatCard label="Total Expenses" value={formatCurrency(data?.totalExpenses)} hint="This month" icon={Wallet} tint="rose" loading={loading} />
          <StatCard label="Profit Margin" value={formatPercent(data?.profitMargin)} hint="Sales less expenses" icon={Percent} tint="emerald" loading={loading} />
        </StatGrid>
      )}

      <div className="grid gap-6">
        {!stats.isError && (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Suspense fallback={<ChartPlaceholder />}>
              <SalesChart salesByMonth={data?.salesByMonth ?? []} loading={loading} />
            </Suspense>
            <Suspense fallback={<ChartPlaceholder />}>
              <ExpenseChart breakdown={data?.expenseBreakdown ?? []} loading={loading} />
            </Suspense>
          </div>
        )}
        <Card className="min-w-0">
          <CardHeader className="flex-row items-center justify-between">
            <div className="grid gap-1.5">
              <CardTitle>Recent Invoices</CardTitle>
              <CardDescription>Your latest bills and their status</CardDescription>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href="/invoices">View all</Link>
            </Button>
          </CardHeader>
          <CardContent className="px-3 sm:px-6">
            <RecentInvoicesTable
              invoices={data?.recentInvoices ?? []}
              loading={loading}
              failed={stats.isError}
              onView={(invoice) => setDialog({ kind: "preview", invoiceId: invoice.id })}
              onDownload={(invoice) => void pdf.download(invoice)}
              downloadingId={pdf.pendingId}
            />
          </CardContent>
        </Card>
        {!asOf && canWrite && <QuickActions onCreateInvoice={openCreate} />}
      </div>

      {dialog?.kind === "create" && <InvoiceFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "preview" && <InvoicePreviewById invoiceId={dialog.invoiceId} onClose={() => setDialog(null)} />}
    </>
  );
}
