import { indianDateOf } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import { useCanWrite } from "../auth/access.tsx";
import type { Invoice, InvoiceListSummary } from "@bahi/shared/contract";
import { Ban, IndianRupee, CircleCheck, Clock, Download, Eye, FileDown, FileMinus, FilePlus, FileText, FileWarning, History, Pencil, Plus, Sheet } from "lucide-react";
import { useState } from "react";
import { fetchFilteredList, usePagedList } from "../api/lists.ts";
import { useCustomers } from "../api/customers.ts";
import { ClearFilters, DateFilter, FilterSelect, ListPager, ListToolbar, SearchBox, useListUrl, type FilterOption } from "../components/lists/list-controls.tsx";
import { RowMenu, type RowMenuItem } from "../components/lists/row-menu.tsx";
import { cn } from "../lib/utils.ts";
import { describeError } from "../api/errors.ts";
import { useUpdateInvoiceStatus } from "../api/invoices.ts";
import { netTotalOf, notesOfInvoice, useSalesNotes, type SalesNoteKind } from "../api/sales-notes.ts";
import { SalesNoteFormDialog } from "../components/invoices/sales-note-form-dialog.tsx";
import { SalesNotesCard } from "../components/invoices/sales-notes-card.tsx";
import { DeliveryChallansCard } from "../components/challans/delivery-challans-card.tsx";
import { InvoiceCancelDialog } from "../components/invoices/invoice-cancel-dialog.tsx";
import { InvoiceFormDialog } from "../components/invoices/invoice-form-dialog.tsx";
import { canChangeInvoice } from "../lib/invoice-edit.ts";
import { InvoicePreviewById, InvoicePreviewDialog } from "../components/invoices/invoice-preview-dialog.tsx";
import { downloadInvoiceText, useInvoicePdfDownload } from "../components/invoices/invoice-downloads.ts";
import { InvoiceStatusBadge } from "../components/invoices/invoice-status.tsx";
import { InvoicePaymentDialog } from "../components/invoices/invoice-payment-dialog.tsx";
import { balanceOf, canTakePayment } from "../api/payments.ts";
import { InvoiceViewDialog } from "../components/invoices/invoice-view-dialog.tsx";
import { HistoryDialog } from "../components/history/history-dialog.tsx";
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { downloadText } from "../lib/download.ts";
import { formatCurrency, formatIndianDate, formatRupees } from "../lib/format.ts";
import { invoicesToCsv } from "../lib/invoice-csv.ts";
import { AsOfBanner, AsOfControl } from "../components/as-of/as-of-control.tsx";

/** Which dialog is open. `previewId` comes from a link (?view=<id>) before the list has loaded. */
type Dialog =
  | { kind: "create" }
  | { kind: "preview"; invoice: Invoice }
  | { kind: "previewId"; id: string }
  | { kind: "view"; invoice: Invoice }
  | { kind: "edit"; invoice: Invoice }
  | { kind: "cancel"; invoice: Invoice }
  | { kind: "pay"; invoice: Invoice }
  | { kind: "note"; note: SalesNoteKind; invoice: Invoice }
  | { kind: "history"; invoice: Invoice }
  | null;

function exportCsv(invoices: readonly Invoice[], filtered: boolean) {
  // The byte-order mark makes Excel read the file as UTF-8 (customer names, ₹ in notes).
  downloadText(`\uFEFF${invoicesToCsv(invoices)}`, `invoices-${indianDateOf(new Date())}.csv`, "text/csv;charset=utf-8");
  const what = `${invoices.length} ${invoices.length === 1 ? "invoice" : "invoices"}`;
  toast({ title: "Invoices exported", description: filtered ? `${what} matching your filters saved as CSV.` : `${what} saved as CSV.` });
}

/** The URL keys of the invoice list (issue 10): search, filters and sort. */
// Issue 11: asOf rides along with the filters, so the server answers the list as it stood then.
const INVOICE_LIST_KEYS = ["q", "status", "from", "to", "customerId", "sort", "asOf"] as const;

const STATUS_OPTIONS: FilterOption[] = [
  { value: "", label: "All statuses" },
  { value: "unpaid", label: "Unpaid" },
  { value: "pending", label: "Pending" },
  { value: "partially_paid", label: "Partially paid" },
  { value: "overdue", label: "Overdue" },
  { value: "paid", label: "Paid" },
  { value: "cancelled", label: "Cancelled" },
];

const SORT_OPTIONS: FilterOption[] = [
  { value: "", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "date-desc", label: "Invoice date, latest" },
  { value: "date-asc", label: "Invoice date, earliest" },
  { value: "due-asc", label: "Due date, soonest" },
  { value: "amount-desc", label: "Amount, highest" },
  { value: "amount-asc", label: "Amount, lowest" },
  { value: "customer-asc", label: "Customer, A to Z" },
];

/** What a row can do: the payment actions in sight, the rest behind "More actions". */
function InvoiceActions({
  invoice,
  open,
  onMarkPaid,
  markingPaid,
  pdf,
  canWrite,
}: {
  invoice: Invoice;
  open: (dialog: Exclude<Dialog, null>) => void;
  onMarkPaid: () => void;
  markingPaid: boolean;
  pdf: ReturnType<typeof useInvoicePdfDownload>;
  /** Issue 11: an auditor views and downloads, nothing more. */
  canWrite: boolean;
}) {
  const number = invoice.invoiceNumber;
  const more: RowMenuItem[] = [
    { text: "Download", label: `Download ${number}`, icon: Download, onSelect: () => downloadInvoiceText(invoice) },
    { text: "Download PDF", label: `Download PDF ${number}`, icon: FileDown, disabled: pdf.pendingId === invoice.id, onSelect: () => void pdf.download(invoice) },
    // Issue 11: every change of the invoice, its payments and notes, with who made it.
    { text: "History", label: `History of ${number}`, icon: History, onSelect: () => open({ kind: "history", invoice }) },
  ];
  // Issue 9: unpaid invoices open the form; paid and cancelled ones show why they cannot change.
  if (canWrite) more.push({ text: "Edit", label: `Edit ${number}`, icon: Pencil, onSelect: () => open({ kind: canChangeInvoice(invoice) ? "edit" : "view", invoice }) });
  if (canWrite && invoice.status !== "cancelled") {
    more.push(
      { text: "Credit Note", label: `Credit Note ${number}`, icon: FileMinus, onSelect: () => open({ kind: "note", note: "credit", invoice }) },
      { text: "Debit Note", label: `Debit Note ${number}`, icon: FilePlus, onSelect: () => open({ kind: "note", note: "debit", invoice }) },
    );
  }
  if (canWrite && canChangeInvoice(invoice)) {
    more.push({ text: "Cancel invoice", label: `Cancel ${number}`, icon: Ban, destructive: true, onSelect: () => open({ kind: "cancel", invoice }) });
  }
  return (
    <div className="flex items-center justify-end gap-1">
      <RowAction tip="View" label={`View ${number}`} icon={Eye} onClick={() => open({ kind: "preview", invoice })} />
      {/* Issue 10: a payment, full or part; Mark Paid receives the whole balance in one click. */}
      {canWrite && canTakePayment(invoice) && (
        <RowAction tip="Record payment" label={`Record payment ${number}`} icon={IndianRupee} onClick={() => open({ kind: "pay", invoice })} />
      )}
      {canWrite && canTakePayment(invoice) && (
        <Button variant="outline" size="sm" aria-label={`Mark Paid ${number}`} disabled={markingPaid} onClick={onMarkPaid}>
          Mark Paid
        </Button>
      )}
      <RowMenu label={`More actions ${number}`} items={more} />
    </div>
  );
}

/** The amount, with what is left after notes and part payments. */
function InvoiceAmount({ invoice, notes }: { invoice: Invoice; notes: ReturnType<typeof useSalesNotes>["data"] & {} }) {
  return (
    <>
      {formatCurrency(invoice.total)}
      {/* s.34: after credit or debit notes, what the customer owes on it. */}
      {notesOfInvoice(notes, invoice.id).length > 0 && <span className="block text-xs text-muted-foreground">Net {formatRupees(netTotalOf(invoice, notes))}</span>}
      {invoice.status !== "paid" && invoice.amountPaid && invoice.amountPaid !== "0.00" && (
        <span className="block text-xs text-muted-foreground">Due {formatRupees(balanceOf(invoice))}</span>
      )}
    </>
  );
}

export function InvoicesPage() {
  const listUrl = useListUrl("/invoices", INVOICE_LIST_KEYS);
  const params = new URLSearchParams(listUrl.search);
  const canWrite = useCanWrite();
  // Links open a dialog: ?new=1 the form (footer, quick actions), ?view=<id> a preview (search).
  const fromLink = params.has("new") || params.has("view");
  const [dialog, setDialog] = useState<Dialog>(() => {
    const viewId = params.get("view");
    if (viewId) return { kind: "previewId", id: viewId };
    return params.has("new") && canWrite ? { kind: "create" } : null;
  });
  const invoices = usePagedList<Invoice, InvoiceListSummary>("/api/invoices", listUrl.params);
  const customers = useCustomers();
  const salesNotes = useSalesNotes();
  const notes = salesNotes.data ?? [];
  const updateStatus = useUpdateInvoiceStatus();
  const pdf = useInvoicePdfDownload();
  const [exporting, setExporting] = useState(false);
  const rows = invoices.data?.items ?? [];
  // Issue 10: the counters are the server's, over every invoice; none while loading or failed.
  const summary = invoices.data?.summary ?? null;
  const figure = (value: number | undefined) => (summary && value !== undefined ? value : "—");
  const hasAny = summary ? summary.count > 0 : rows.length > 0 || listUrl.filtered;
  const { params: filters, setFilters } = listUrl;

  function closeDialog() {
    setDialog(null);
    if (fromLink) listUrl.drop(["new", "view"]);
  }

  async function markPaid(invoice: Invoice) {
    try {
      await updateStatus.mutateAsync({ id: invoice.id, status: "paid" });
      toast({ title: "Invoice status updated successfully", description: `${invoice.invoiceNumber} is paid.` });
    } catch (error) {
      toast({ title: "Failed to update invoice status", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  async function exportFiltered() {
    setExporting(true);
    try {
      exportCsv(await fetchFilteredList<Invoice>("/api/invoices", filters), listUrl.filtered);
    } catch (error) {
      toast({ title: "Export failed", description: describeError(error, "The invoices could not be loaded"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  const createButton = canWrite ? (
    <Button onClick={() => setDialog({ kind: "create" })}>
      <Plus aria-hidden="true" />
      Create Invoice
    </Button>
  ) : undefined;

  const actionsOf = (invoice: Invoice) => (
    <InvoiceActions
      invoice={invoice}
      open={setDialog}
      onMarkPaid={() => void markPaid(invoice)}
      markingPaid={updateStatus.isPending && updateStatus.variables?.id === invoice.id}
      pdf={pdf}
      canWrite={canWrite}
    />
  );

  const customerOptions: FilterOption[] = [{ value: "", label: "All customers" }, ...(customers.data ?? []).map((customer) => ({ value: customer.id, label: customer.name }))];

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Create, send and track GST invoices"
        actions={
          <>
            <AsOfControl />
            <Button variant="outline" disabled={!hasAny || exporting || invoices.isError} onClick={() => void exportFiltered()}>
              <Sheet aria-hidden="true" />
              Export
            </Button>
            {createButton}
          </>
        }
      />

      <AsOfBanner />
      <StatGrid label="Invoice figures">
        <StatCard label="Total Invoices" value={figure(summary?.count)} icon={FileText} tint="indigo" loading={invoices.isPending} />
        <StatCard label="Paid" value={figure(summary?.paid)} icon={CircleCheck} tint="emerald" loading={invoices.isPending} />
        <StatCard
          label="Pending"
          value={figure(summary?.pending)}
          hint={summary ? `${formatRupees(summary.outstanding)} outstanding` : undefined}
          icon={Clock}
          tint="amber"
          loading={invoices.isPending}
        />
        <StatCard label="Overdue" value={figure(summary?.overdue)} icon={FileWarning} tint="rose" loading={invoices.isPending} />
      </StatGrid>

      {invoices.isError ? (
        <ErrorState title="Could not load your invoices" error={invoices.error} onRetry={() => (listUrl.pageIndex > 0 ? listUrl.setFilters({}) : void invoices.refetch())} />
      ) : !invoices.isPending && !hasAny ? (
        <EmptyState icon={FileText} title="No invoices found. Create your first invoice to get started." action={createButton} />
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>All Invoices</CardTitle>
            <CardDescription>Search by number, customer or GSTIN; filter, sort and page through every invoice</CardDescription>
          </CardHeader>
          <ListToolbar label="Find invoices">
            <SearchBox label="Search invoices" placeholder="Number, customer or GSTIN" value={filters.q ?? ""} onSearch={(q) => setFilters({ q }, { replace: true })} />
            <FilterSelect label="Status" value={filters.status ?? ""} options={STATUS_OPTIONS} onChange={(status) => setFilters({ status })} />
            <FilterSelect label="Customer" value={filters.customerId ?? ""} options={customerOptions} onChange={(customerId) => setFilters({ customerId })} />
            <DateFilter label="From" value={filters.from ?? ""} onChange={(from) => setFilters({ from })} />
            <DateFilter label="To" value={filters.to ?? ""} onChange={(to) => setFilters({ to })} />
            <FilterSelect label="Sort" value={filters.sort ?? ""} options={SORT_OPTIONS} onChange={(sort) => setFilters({ sort })} />
            <ClearFilters shown={listUrl.filtered} onClear={listUrl.clearFilters} />
          </ListToolbar>
          {invoices.isPending ? (
            <TableSkeleton inset="flush" />
          ) : rows.length === 0 ? (
            <p className="border-t px-6 py-10 text-center text-sm text-muted-foreground">No invoices match these filters.</p>
          ) : (
            <CardContent className={cn("px-3 transition-opacity sm:px-6", invoices.isPlaceholderData && "opacity-60")} aria-busy={invoices.isFetching}>
              {/* Issue 10: on a phone each invoice is a card with its number, customer, amount, status and actions. */}
              <ul aria-label="Invoices" className="grid grid-cols-1 gap-3 sm:hidden">
                {rows.map((invoice) => (
                  <li key={invoice.id} aria-label={invoice.invoiceNumber} className="min-w-0 rounded-lg border p-3">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-medium text-foreground">{invoice.invoiceNumber}</p>
                        <p className="truncate text-sm text-muted-foreground">{invoice.customer.name}</p>
                      </div>
                      <InvoiceStatusBadge status={invoice.status} />
                    </div>
                    <div className="mt-2 flex items-end justify-between gap-2">
                      <div className="text-sm font-semibold tabular-nums">
                        <InvoiceAmount invoice={invoice} notes={notes} />
                        <span className="block text-xs font-normal text-muted-foreground">{formatIndianDate(invoice.issueDate)}</span>
                      </div>
                      {actionsOf(invoice)}
                    </div>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead>Invoice #</TableHead>
                      <TableHead>Customer</TableHead>
                      <TableHead className="text-right">Amount</TableHead>
                      <TableHead className="hidden text-right xl:table-cell">GST</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="hidden lg:table-cell">Date</TableHead>
                      <TableHead className="text-right">Actions</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((invoice) => (
                      <TableRow key={invoice.id} aria-label={invoice.invoiceNumber}>
                        <TableCell className="font-medium">{invoice.invoiceNumber}</TableCell>
                        <TableCell className="max-w-44 truncate">{invoice.customer.name}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          <InvoiceAmount invoice={invoice} notes={notes} />
                        </TableCell>
                        <TableCell className="hidden text-right tabular-nums xl:table-cell">{formatCurrency(invoice.gstAmount)}</TableCell>
                        <TableCell>
                          <InvoiceStatusBadge status={invoice.status} />
                        </TableCell>
                        <TableCell className="hidden lg:table-cell">{formatIndianDate(invoice.issueDate)}</TableCell>
                        <TableCell className="text-right">{actionsOf(invoice)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </CardContent>
          )}
          {invoices.data && <ListPager label="Invoice pages" listUrl={listUrl} page={invoices.data} busy={invoices.isFetching} />}
        </Card>
      )}

      {hasAny && <SalesNotesCard />}
      <DeliveryChallansCard />

      {dialog?.kind === "create" && <InvoiceFormDialog onClose={closeDialog} />}
      {dialog?.kind === "preview" && (
        <InvoicePreviewDialog invoice={dialog.invoice} onClose={closeDialog} onNote={(note) => setDialog({ kind: "note", note, invoice: dialog.invoice })} />
      )}
      {dialog?.kind === "previewId" && <InvoicePreviewById invoiceId={dialog.id} onClose={closeDialog} />}
      {dialog?.kind === "view" && <InvoiceViewDialog invoice={dialog.invoice} onClose={closeDialog} />}
      {dialog?.kind === "edit" && <InvoiceFormDialog invoice={dialog.invoice} onClose={closeDialog} />}
      {dialog?.kind === "cancel" && <InvoiceCancelDialog invoice={dialog.invoice} onClose={closeDialog} />}
      {dialog?.kind === "pay" && <InvoicePaymentDialog invoice={dialog.invoice} onClose={closeDialog} />}
      {dialog?.kind === "note" && <SalesNoteFormDialog kind={dialog.note} invoice={dialog.invoice} onClose={closeDialog} />}
      {dialog?.kind === "history" && <HistoryDialog kind="invoice" id={dialog.invoice.id} title={dialog.invoice.invoiceNumber} onClose={closeDialog} />}
    </>
  );
}
