import type { RecentInvoice } from "@bahi/shared/contract";
import { Clock, Download, Eye, FilePlus, FileText, IndianRupee, Package, Percent, Search, UserPlus, Wallet, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { useDashboardStats } from "../api/dashboard.ts";
import { useAuth } from "../auth/auth-provider.tsx";
import { ErrorState } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard } from "../components/stat-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Input } from "../components/ui/input.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { WithTooltip } from "../components/ui/tooltip.tsx";
import { formatCurrency, formatDate, formatPercent } from "../lib/format.ts";

/** SPEC §4: paid green, pending yellow, anything else red. */
function statusVariant(status: string) {
  return status === "paid" ? "success" : status === "pending" ? "warning" : "danger";
}

function RecentInvoicesTable({ invoices, loading, failed }: { invoices: RecentInvoice[]; loading: boolean; failed: boolean }) {
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
                <Badge variant={statusVariant(invoice.status)} className="capitalize">
                  {invoice.status}
                </Badge>
              </TableCell>
              <TableCell>{formatDate(invoice.issueDate)}</TableCell>
              <TableCell className="text-right">
                <WithTooltip tip="View">
                  <Button variant="ghost" size="icon" aria-label={`View ${invoice.invoiceNumber}`}>
                    <Eye />
                  </Button>
                </WithTooltip>
                <WithTooltip tip="Download">
                  <Button variant="ghost" size="icon" aria-label={`Download ${invoice.invoiceNumber}`}>
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

const QUICK_ACTIONS: ReadonlyArray<{ label: string; text: string; href: string; icon: LucideIcon; tint: string }> = [
  { label: "Create Invoice", text: "Bill a customer with GST", href: "/invoices", icon: FilePlus, tint: "bg-indigo-100 text-indigo-600" },
  { label: "Add Customer", text: "Save contact and credit limit", href: "/customers?add=1", icon: UserPlus, tint: "bg-emerald-100 text-emerald-600" },
  { label: "Add Product", text: "Track stock and GST rate", href: "/inventory", icon: Package, tint: "bg-amber-100 text-amber-600" },
];

function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common tasks, one click away</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-3">
        {QUICK_ACTIONS.map(({ label, text, href, icon: Icon, tint }) => (
          <Link
            key={label}
            href={href}
            className="group flex items-center gap-3 rounded-xl border p-3 transition-colors hover:border-primary/40 hover:bg-accent/50"
          >
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tint}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-foreground">{label}</span>
              <span className="block text-xs text-muted-foreground">{text}</span>
            </span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const stats = useDashboardStats();
  const loading = stats.isPending;
  const data = stats.data;

  return (
    <>
      <PageHeader
        title={`Welcome back, ${user?.firstName ?? ""}`}
        description="Overview of your business performance"
        actions={
          <>
            <div className="relative w-full sm:w-64">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input type="search" placeholder="Search..." aria-label="Search" className="pl-9" />
            </div>
            <Button asChild>
              <Link href="/invoices">
                <FilePlus aria-hidden="true" />
                Create Invoice
              </Link>
            </Button>
          </>
        }
      />

      {stats.isError ? (
        <div className="mb-8">
          <ErrorState title="Could not load your business figures" error={stats.error} onRetry={() => void stats.refetch()} />
        </div>
      ) : (
        <section aria-label="Business figures" className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Total Sales" value={formatCurrency(data?.totalSales)} hint="This month" icon={IndianRupee} tint="indigo" loading={loading} />
          <StatCard label="Outstanding" value={formatCurrency(data?.outstanding)} hint="Pending payments" icon={Clock} tint="amber" loading={loading} />
          <StatCard label="Total Expenses" value={formatCurrency(data?.totalExpenses)} hint="This month" icon={Wallet} tint="rose" loading={loading} />
          <StatCard label="Profit Margin" value={formatPercent(data?.profitMargin)} hint="Sales less expenses" icon={Percent} tint="emerald" loading={loading} />
        </section>
      )}

      <div className="grid gap-6">
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
            <RecentInvoicesTable invoices={data?.recentInvoices ?? []} loading={loading} failed={stats.isError} />
          </CardContent>
        </Card>
        <QuickActions />
      </div>
    </>
  );
}
