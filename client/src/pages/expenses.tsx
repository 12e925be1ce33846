import { formatInr, ITC_DEFAULTS } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import type { Expense } from "@bahi/shared/contract";
import { CalendarDays, Hash, Pencil, Plus, Receipt, Tags, Trash, Wallet } from "lucide-react";
import { useState } from "react";
import { useDeleteExpense, useExpenses } from "../api/expenses.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { ExpenseFormDialog } from "../components/expenses/expense-form-dialog.tsx";
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard } from "../components/stat-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { WithTooltip } from "../components/ui/tooltip.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { DOCUMENT_TYPE_LABELS, TAXABILITY_LABELS } from "../lib/expense-form.ts";
import { expenseCategoryTotals, expenseCounters, expenseTaxHeads } from "../lib/expense-figures.ts";
import { formatIndianDate, formatRupees } from "../lib/format.ts";

/** Which form is open: a new expense (null) or an existing one. */
type Editing = { expense: Expense | null } | null;

const wholeRupees = (paise: number) => formatInr(paise, { decimals: 0 });

function CategoryCards({ expenses }: { expenses: readonly Expense[] }) {
  const totals = expenseCategoryTotals(expenses);
  if (totals.length === 0) return null;
  return (
    <section aria-label="Categories" className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {totals.map(({ category, count, totalPaise }) => (
        <Card key={category} role="group" aria-label={category} className="flex items-start gap-3 p-4">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-rose-100 text-rose-700">
            <Tags aria-hidden="true" className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-muted-foreground">{category}</p>
            <p className="text-base font-semibold text-foreground tabular-nums">{wholeRupees(totalPaise)}</p>
            <p className="text-xs text-muted-foreground">
              {count} {count === 1 ? "expense" : "expenses"}
            </p>
          </div>
        </Card>
      ))}
    </section>
  );
}

function ExpenseTable({ expenses, onEdit, onDelete }: { expenses: readonly Expense[]; onEdit: (expense: Expense) => void; onDelete: (expense: Expense) => void }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Description</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Vendor</TableHead>
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
              <TableCell className="max-w-72 whitespace-normal">
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
                    <WithTooltip tip={expense.itcReason ?? (ITC_DEFAULTS[expense.category] && !ITC_DEFAULTS[expense.category].eligible ? `Blocked by ${ITC_DEFAULTS[expense.category].rule}` : "Not claimed")}>
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
              <TableCell>{expense.vendor?.name ?? <span className="text-muted-foreground">N/A</span>}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {expense.documentType === "credit_note" ? "−" : ""}
                {formatRupees(expense.amount, 0)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                <p>{formatRupees(expense.gstAmount, 0)}</p>
                {heads && <p className="text-xs text-muted-foreground">{heads}</p>}
              </TableCell>
              <TableCell>{formatIndianDate(expense.date)}</TableCell>
              <TableCell className="text-right">
                <RowAction tip="Edit" label={`Edit ${expense.description}`} icon={Pencil} onClick={() => onEdit(expense)} />
                <RowAction tip="Delete" label={`Delete ${expense.description}`} icon={Trash} onClick={() => onDelete(expense)} destructive />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}


export function ExpensesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [today] = useState(() => new Date());
  const expenses = useExpenses();
  const remove = useDeleteExpense();

  const list = expenses.data ?? [];
  const counters = expenseCounters(list, today);
  const loading = expenses.isPending;

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

  const addButton = (
    <Button onClick={() => setEditing({ expense: null })}>
      <Plus aria-hidden="true" />
      Add Expense
    </Button>
  );

  return (
    <>
      <PageHeader title="Expenses" description="Business spending with its GST, ready for input tax credit" actions={addButton} />

      <section aria-label="Expense figures" className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Expenses" value={wholeRupees(counters.totalPaise)} hint="Before GST" icon={Wallet} tint="rose" loading={loading} />
        <StatCard label="Expenses Recorded" value={counters.count} icon={Hash} tint="indigo" loading={loading} />
        <StatCard label="Total GST" value={wholeRupees(counters.gstPaise)} hint="Paid on purchases" icon={Receipt} tint="emerald" loading={loading} />
        <StatCard label="This Month" value={wholeRupees(counters.thisMonthPaise)} hint="By expense date" icon={CalendarDays} tint="amber" loading={loading} />
      </section>

      <CategoryCards expenses={list} />

      {expenses.isError ? (
        <ErrorState title="Could not load your expenses" error={expenses.error} onRetry={() => void expenses.refetch()} />
      ) : !loading && list.length === 0 ? (
        <EmptyState icon={Receipt} title="No expenses found" text="Record rent, bills and purchases to see where money goes and how much GST you paid." action={addButton} />
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>All Expenses</CardTitle>
            <CardDescription>Newest first. Amounts are before GST; GST is the bill's, at its own rate.</CardDescription>
          </CardHeader>
          {loading ? (
            <TableSkeleton inset="flush" />
          ) : (
            <CardContent className="px-3 sm:px-6">
              <ExpenseTable expenses={list} onEdit={(expense) => setEditing({ expense })} onDelete={setDeleting} />
            </CardContent>
          )}
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
