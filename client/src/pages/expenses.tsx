import { EXPENSE_CATEGORIES, formatInr, ITC_DEFAULTS, toPaise, type ExpenseListSummary } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import { useCanWrite } from "../auth/access.tsx";
import type { Expense } from "@bahi/shared/contract";
import { CalendarDays, Hash, Pencil, Plus, Receipt, Tags, Trash, Wallet } from "lucide-react";
import { useState } from "react";
import { useDeleteExpense } from "../api/expenses.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { ExpenseFormDialog } from "../components/expenses/expense-form-dialog.tsx";
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { WithTooltip } from "../components/ui/tooltip.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { DOCUMENT_TYPE_LABELS, TAXABILITY_LABELS } from "../lib/expense-form.ts";
import { expenseTaxHeads } from "../lib/expense-figures.ts";
import { usePagedList } from "../api/lists.ts";
import { useVendors } from "../api/vendors.ts";
import { ClearFilters, DateFilter, FilterSelect, ListPager, ListToolbar, SearchBox, useListUrl, type FilterOption } from "../components/lists/list-controls.tsx";
import { cn } from "../lib/utils.ts";
import { formatIndianDate, formatRupees } from "../lib/format.ts";
import { HistoryButton } from "../components/history/history-button.tsx";
import { AsOfBanner, AsOfControl } from "../components/as-of/as-of-control.tsx";

/** Which form is open: a new expense (null) or an existing one. */
type Editing = { expense: Expense | null } | null;

const wholeRupees = (paise: number) => formatInr(paise, { decimals: 0 });

/**
 * Spending by category, over every expense (the server's summary, not the page shown); a card
 * filters the table by its category.
 */
function CategoryCards({ totals, selected, onSelect }: { totals: ExpenseListSummary["byCategory"]; selected: string; onSelect: (category: string) => void }) {
  if (totals.length === 0) return null;
  return (
    <section aria-label="Categories" className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {totals.map(({ category, count, amount }) => (
        <Card key={category} role="group" aria-label={category} className={cn("min-w-0 p-0", selected === category && "ring-2 ring-primary/50")}>
          <button
            type="button"
            aria-pressed={selected === category}
            title={selected === category ? "Show every category" : `Show only ${category}`}
            onClick={() => onSelect(selected === category ? "" : category)}
            className="flex w-full min-w-0 items-start gap-3 rounded-xl p-4 text-left outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-rose-100 text-rose-700">
              <Tags aria-hidden="true" className="size-4" />
            </span>
            <span className="block min-w-0">
              <span className="block truncate text-sm font-medium text-muted-foreground" title={category}>
                {category}
              </span>
              <span className="block truncate text-base font-semibold text-foreground tabular-nums">{wholeRupeesOf(amount)}</span>
              <span className="block text-xs text-muted-foreground">
                {count} {count === 1 ? "expense" : "expenses"}
              </span>
            </span>
          </button>
        </Card>
      ))}
    </section>
  );
}

function ExpenseTable({ expenses, onEdit, onDelete }: { expenses: readonly Expense[]; onEdit: (expense: Expense) => void; onDelete: (expense: Expense) => void }) {
  const canWrite = useCanWrite();
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Description</TableHead>
          <TableHead>Category</TableHead>
          <TableHead className="hidden lg:table-cell">Vendor</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">GST</TableHead>
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {expenses.map((expense) => {
          const heads = expenseTaxHeads(expense);
          return (
            <TableRow key={expense.id} aria-label={expense.description}>
              <TableCell className="max-w-64 min-w-44 whitespace-normal">
                <p className="font-medium text-foreground">{expense.description}</p>
                {expense.vendorInvoiceNumber && <p className="text-xs text-muted-foreground">Vendor invoice {expense.vendorInvoiceNumber}</p>}
                {expense.selfInvoiceNumber && <p className="text-xs text-muted-foreground">Self-invoice {expense.selfInvoiceNumber}</p>}
                <div className="mt-1 flex flex-wrap gap-1">
                  {expense.documentType && expense.documentType !== "bill" && (
                    <Badge variant={expense.documentType === "credit_note" ? "warning" : "outline"}>{DOCUMENT_TYPE_LABELS[expense.documentType]}</Badge>
                  )}
                  {expense.reverseCharge && (
                    <WithTooltip tip="Reverse charge: you pay this GST yourself (s.9(3))">
                      <span tabIndex={0}>
                        <Badge variant="soft">RCM</Badge>
                      </span>
                    </WithTooltip>
                  )}
                  {!expense.eligibleForItc && (
                    <WithTooltip
                      tip={
                        expense.itcReason ??
                        (ITC_DEFAULTS[expense.category] && !ITC_DEFAULTS[expense.category].eligible ? `Blocked by ${ITC_DEFAULTS[expense.category].rule}` : "Not claimed")
                      }
                    >
                      <span tabIndex={0}>
                        <Badge variant="danger">ITC blocked</Badge>
                      </span>
                    </WithTooltip>
                  )}
                  {expense.taxability && expense.taxability !== "taxable" && <Badge variant="secondary">{TAXABILITY_LABELS[expense.taxability]}</Badge>}
                  {expense.isCapitalGoods && <Badge variant="outline">Capital goods</Badge>}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant="soft">{expense.category}</Badge>
              </TableCell>
              <TableCell className="hidden max-w-40 truncate lg:table-cell">{expense.vendor?.name ?? <span className="text-muted-foreground">N/A</span>}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {expense.documentType === "credit_note" ? "−" : ""}
                {formatRupees(expense.amount, 0)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                <p>{formatRupees(expense.gstAmount, 0)}</p>
                {heads && <p className="text-xs text-muted-foreground">{heads}</p>}
              </TableCell>
              <TableCell>{formatIndianDate(expense.date)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <HistoryButton kind="expense" id={expense.id} name={expense.description} />
                {canWrite && <RowAction tip="Edit" label={`Edit ${expense.description}`} icon={Pencil} onClick={() => onEdit(expense)} />}
                {canWrite && <RowAction tip="Delete" label={`Delete ${expense.description}`} icon={Trash} onClick={() => onDelete(expense)} destructive />}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** On a phone: one card per expense with its description, category, amount, GST, date and actions. */
function ExpenseCards({ expenses, onEdit, onDelete }: { expenses: readonly Expense[]; onEdit: (expense: Expense) => void; onDelete: (expense: Expense) => void }) {
  const canWrite = useCanWrite();
  return (
    <ul aria-label="Expenses" className="grid grid-cols-1 gap-3">
      {expenses.map((expense) => (
        <li key={expense.id} aria-label={expense.description} className="min-w-0 rounded-lg border p-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium break-words text-foreground">{expense.description}</p>
              <p className="truncate text-sm text-muted-foreground">{expense.vendor?.name ?? "No vendor"}</p>
            </div>
            <Badge variant="soft" className="shrink-0">
              {expense.category}
            </Badge>
          </div>
          <div className="mt-2 flex items-end justify-between gap-2">
            <div className="text-sm tabular-nums">
              <p className="font-semibold">
                {expense.documentType === "credit_note" ? "−" : ""}
                {formatRupees(expense.amount, 0)}
                <span className="font-normal text-muted-foreground"> + GST {formatRupees(expense.gstAmount, 0)}</span>
              </p>
              <p className="text-xs text-muted-foreground">{formatIndianDate(expense.date)}</p>
            </div>
            <div className="flex shrink-0">
              <HistoryButton kind="expense" id={expense.id} name={expense.description} />
              {canWrite && <RowAction tip="Edit" label={`Edit ${expense.description}`} icon={Pencil} onClick={() => onEdit(expense)} />}
              {canWrite && <RowAction tip="Delete" label={`Delete ${expense.description}`} icon={Trash} onClick={() => onDelete(expense)} destructive />}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The URL keys of the expense list (issue 10). */
// Issue 11: asOf rides along with the filters, so the server answers the list as it stood then.
const EXPENSE_LIST_KEYS = ["q", "category", "vendorId", "from", "to", "sort", "asOf"] as const;

const SORT_OPTIONS: FilterOption[] = [
  { value: "", label: "Date, latest" },
  { value: "date-asc", label: "Date, earliest" },
  { value: "amount-desc", label: "Amount, highest" },
  { value: "amount-asc", label: "Amount, lowest" },
  { value: "newest", label: "Recently added" },
];

const CATEGORY_OPTIONS: FilterOption[] = [{ value: "", label: "All categories" }, ...EXPENSE_CATEGORIES.map((category) => ({ value: category, label: category }))];

/** Whole rupees of a server figure ("1234.50", "-80.00" after supplier credit notes); "—" if it is not money. */
function wholeRupeesOf(amount: string | undefined): string {
  try {
    if (amount === undefined) return "—";
    return amount.startsWith("-") ? wholeRupees(-toPaise(amount.slice(1))) : wholeRupees(toPaise(amount));
  } catch {
    return "—";
  }
}

export function ExpensesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const listUrl = useListUrl("/expenses", EXPENSE_LIST_KEYS);
  const { params: filters, setFilters } = listUrl;
  const expenses = usePagedList<Expense, ExpenseListSummary>("/api/expenses", filters);
  // The vendor filter offers every vendor.
  const vendors = useVendors();
  const remove = useDeleteExpense();
  const canWrite = useCanWrite();

  const rows = expenses.data?.items ?? [];
  const summary = expenses.data?.summary ?? null;
  const loading = expenses.isPending;
  const hasAny = summary ? summary.count > 0 : rows.length > 0 || listUrl.filtered;
  const vendorOptions: FilterOption[] = [{ value: "", label: "All vendors" }, ...(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))];

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Expense deleted successfully" });
    } catch {
      toast({ title: "Failed to delete expense", variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  }

  // Issue 11: an auditor sees the expenses and nothing that would change them.
  const addButton = canWrite ? (
    <Button onClick={() => setEditing({ expense: null })}>
      <Plus aria-hidden="true" />
      Add Expense
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Expenses"
        description="Business spending with its GST, ready for input tax credit"
        actions={
          <>
            <AsOfControl />
            {addButton}
          </>
        }
      />
      <AsOfBanner />

      {/* Issue 10: the server's figures over every expense; none while loading or failed. */}
      <StatGrid label="Expense figures">
        <StatCard label="Total Expenses" value={wholeRupeesOf(summary?.totalAmount)} hint="Before GST" icon={Wallet} tint="rose" loading={loading} />
        <StatCard label="Expenses Recorded" value={summary ? summary.count : "—"} icon={Hash} tint="indigo" loading={loading} />
        <StatCard label="Total GST" value={wholeRupeesOf(summary?.totalGst)} hint="Paid on purchases" icon={Receipt} tint="emerald" loading={loading} />
        <StatCard label="This Month" value={wholeRupeesOf(summary?.thisMonthAmount)} hint="By expense date" icon={CalendarDays} tint="amber" loading={loading} />
      </StatGrid>

      <CategoryCards totals={summary?.byCategory ?? []} selected={filters.category ?? ""} onSelect={(category) => setFilters({ category })} />

      {expenses.isError ? (
        <ErrorState title="Could not load your expenses" error={expenses.error} onRetry={() => (listUrl.pageIndex > 0 ? listUrl.setFilters({}) : void expenses.refetch())} />
      ) : !loading && !hasAny ? (
        <EmptyState icon={Receipt} title="No expenses found" text="Record rent, bills and purchases to see where money goes and how much GST you paid." action={addButton} />
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>All Expenses</CardTitle>
            <CardDescription>Amounts are before GST; GST is the bill's, at its own rate.</CardDescription>
          </CardHeader>
          <ListToolbar label="Find expenses">
            <SearchBox label="Search expenses" placeholder="Description, vendor or bill number" value={filters.q ?? ""} onSearch={(q) => setFilters({ q }, { replace: true })} />
            <FilterSelect label="Category" value={filters.category ?? ""} options={CATEGORY_OPTIONS} onChange={(category) => setFilters({ category })} />
            <FilterSelect label="Vendor" value={filters.vendorId ?? ""} options={vendorOptions} onChange={(vendorId) => setFilters({ vendorId })} />
            <DateFilter label="From" value={filters.from ?? ""} onChange={(from) => setFilters({ from })} />
            <DateFilter label="To" value={filters.to ?? ""} onChange={(to) => setFilters({ to })} />
            <FilterSelect label="Sort" value={filters.sort ?? ""} options={SORT_OPTIONS} onChange={(sort) => setFilters({ sort })} />
            <ClearFilters shown={listUrl.filtered} onClear={listUrl.clearFilters} />
          </ListToolbar>
          {loading ? (
            <TableSkeleton inset="flush" />
          ) : rows.length === 0 ? (
            <p className="border-t px-6 py-10 text-center text-sm text-muted-foreground">No expenses match these filters.</p>
          ) : (
            <CardContent className={cn("px-3 transition-opacity sm:px-6", expenses.isPlaceholderData && "opacity-60")} aria-busy={expenses.isFetching}>
              <div className="sm:hidden">
                <ExpenseCards expenses={rows} onEdit={(expense) => setEditing({ expense })} onDelete={setDeleting} />
              </div>
              <div className="hidden sm:block">
                <ExpenseTable expenses={rows} onEdit={(expense) => setEditing({ expense })} onDelete={setDeleting} />
              </div>
            </CardContent>
          )}
          {expenses.data && <ListPager label="Expense pages" listUrl={listUrl} page={expenses.data} busy={expenses.isFetching} />}
        </Card>
      )}

      {editing && <ExpenseFormDialog key={editing.expense?.id ?? "new"} expense={editing.expense} onClose={() => setEditing(null)} />}
      <ConfirmDeleteDialog
        name={deleting?.description ?? null}
        question="Are you sure you want to delete this expense?"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
