import { indianDateOf } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import type { Invoice } from "@bahi/shared/contract";
import { Ban, IndianRupee, CircleCheck, Clock, Download, Eye, FileDown, FileMinus, FilePlus, FileText, FileWarning, Pencil, Plus, Sheet } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { describeError } from "../api/errors.ts";
import { useInvoices, useUpdateInvoiceStatus } from "../api/invoices.ts";
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
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { StatCard } from "../components/stat-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { WithTooltip } from "../components/ui/tooltip.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { downloadText } from "../lib/download.ts";
import { formatCurrency, formatIndianDate, formatRupees } from "../lib/format.ts";
import { invoicesToCsv } from "../lib/invoice-csv.ts";

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
  | null;

function exportCsv(invoices: readonly Invoice[]) {
  // The byte-order mark makes Excel read the file as UTF-8 (customer names, ₹ in notes).
  downloadText(`\uFEFF${invoicesToCsv(invoices)}`, `invoices-${indianDateOf(new Date())}.csv`, "text/csv;charset=utf-8");
  toast({ title: "Invoices exported", description: `${invoices.length} ${invoices.length === 1 ? "invoice" : "invoices"} saved as CSV.` });
}


export function InvoicesPage() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  // Links open a dialog: ?new=1 the form (footer, quick actions), ?view=<id> a preview (search).
  const fromLink = params.has("new") || params.has("view");
  const [dialog, setDialog] = useState<Dialog>(() => {
    const viewId = params.get("view");
    if (viewId) return { kind: "previewId", id: viewId };
    return params.has("new") ? { kind: "create" } : null;
  });
  const invoices = useInvoices();
  const salesNotes = useSalesNotes();
  const notes = salesNotes.data ?? [];
  const updateStatus = useUpdateInvoiceStatus();
  const pdf = useInvoicePdfDownload();
  const list = invoices.data ?? [];
  const count = (status: string) => list.filter((invoice) => invoice.status === status).length;

  function closeDialog() {
    setDialog(null);
    if (fromLink) navigate("/invoices", { replace: true });
  }

  async function markPaid(invoice: Invoice) {
    try {
      await updateStatus.mutateAsync({ id: invoice.id, status: "paid" });
      toast({ title: "Invoice status updated successfully", description: `${invoice.invoiceNumber} is paid.` });
    } catch (error) {
      toast({ title: "Failed to update invoice status", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  const createButton = (
    <Button onClick={() => setDialog({ kind: "create" })}>
      <Plus aria-hidden="true" />
      Create Invoice
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Create, send and track GST invoices"
        actions={
          <>
            <Button variant="outline" disabled={list.length === 0} onClick={() => exportCsv(list)}>
              <Sheet aria-hidden="true" />
              Export
            </Button>
            {createButton}
          </>
        }
      />

      <section aria-label="Invoice figures" className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Invoices" value={list.length} icon={FileText} tint="indigo" loading={invoices.isPending} />
        <StatCard label="Paid" value={count("paid")} icon={CircleCheck} tint="emerald" loading={invoices.isPending} />
        <StatCard label="Pending" value={count("pending") + count("partially_paid")} icon={Clock} tint="amber" loading={invoices.isPending} />
        <StatCard label="Overdue" value={count("overdue")} icon={FileWarning} tint="rose" loading={invoices.isPending} />
      </section>

      {invoices.isError ? (
        <ErrorState title="Could not load your invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : !invoices.isPending && list.length === 0 ? (
        <EmptyState icon={FileText} title="No invoices found. Create your first invoice to get started." action={createButton} />
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>All Invoices</CardTitle>
            <CardDescription>Newest first</CardDescription>
          </CardHeader>
          {invoices.isPending ? (
            <TableSkeleton inset="flush" />
          ) : (
            <CardContent className="px-3 sm:px-6">
              <Table>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Invoice #</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead className="text-right">GST</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Date</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((invoice) => (
                    <TableRow key={invoice.id} aria-label={invoice.invoiceNumber}>
                      <TableCell className="font-medium">{invoice.invoiceNumber}</TableCell>
                      <TableCell className="max-w-56 truncate">{invoice.customer.name}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatCurrency(invoice.total)}
                        {/* s.34: after credit or debit notes, what the customer owes on it. */}
                        {notesOfInvoice(notes, invoice.id).length > 0 && (
                          <span className="block text-xs text-muted-foreground">Net {formatRupees(netTotalOf(invoice, notes))}</span>
                        )}
                        {invoice.status !== "paid" && invoice.amountPaid && invoice.amountPaid !== "0.00" && (
                          <span className="block text-xs text-muted-foreground">Due {formatRupees(balanceOf(invoice))}</span>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCurrency(invoice.gstAmount)}</TableCell>
                      <TableCell>
                        <InvoiceStatusBadge status={invoice.status} />
                      </TableCell>
                      <TableCell>{formatIndianDate(invoice.issueDate)}</TableCell>
                      <TableCell className="text-right">
                        {/* Up to seven actions and Mark Paid: below 2xl they wrap onto a second line rather than push the table wide. */}
                        <div className="flex min-w-54 flex-wrap items-center justify-end gap-y-1 2xl:flex-nowrap">
                          <RowAction tip="View" label={`View ${invoice.invoiceNumber}`} icon={Eye} onClick={() => setDialog({ kind: "preview", invoice })} />
                          <RowAction tip="Download" label={`Download ${invoice.invoiceNumber}`} icon={Download} onClick={() => downloadInvoiceText(invoice)} />
                          <WithTooltip tip="Download PDF">
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Download PDF ${invoice.invoiceNumber}`}
                              disabled={pdf.pendingId === invoice.id}
                              onClick={() => void pdf.download(invoice)}
                            >
                              <FileDown />
                            </Button>
                          </WithTooltip>
                          {/* Issue 9: unpaid invoices open the form; paid and cancelled ones show why they cannot change. */}
                          <RowAction tip="Edit" label={`Edit ${invoice.invoiceNumber}`} icon={Pencil} onClick={() => setDialog({ kind: canChangeInvoice(invoice) ? "edit" : "view", invoice })} />
                          {canChangeInvoice(invoice) && (
                            <RowAction tip="Cancel invoice" label={`Cancel ${invoice.invoiceNumber}`} icon={Ban} onClick={() => setDialog({ kind: "cancel", invoice })} />
                          )}
                          {invoice.status !== "cancelled" && (
                            <>
                              <RowAction tip="Credit Note" label={`Credit Note ${invoice.invoiceNumber}`} icon={FileMinus} onClick={() => setDialog({ kind: "note", note: "credit", invoice })} />
                              <RowAction tip="Debit Note" label={`Debit Note ${invoice.invoiceNumber}`} icon={FilePlus} onClick={() => setDialog({ kind: "note", note: "debit", invoice })} />
                            </>
                          )}
                          {/* Issue 10: a payment, full or part; Mark Paid receives the whole balance in one click. */}
                          {canTakePayment(invoice) && (
                            <RowAction tip="Record payment" label={`Record payment ${invoice.invoiceNumber}`} icon={IndianRupee} onClick={() => setDialog({ kind: "pay", invoice })} />
                          )}
                          {canTakePayment(invoice) && (
                            <Button
                              variant="outline"
                              size="sm"
                              className="ml-1"
                              aria-label={`Mark Paid ${invoice.invoiceNumber}`}
                              disabled={updateStatus.isPending && updateStatus.variables?.id === invoice.id}
                              onClick={() => void markPaid(invoice)}
                            >
                              Mark Paid
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          )}
        </Card>
      )}

      {list.length > 0 && <SalesNotesCard />}
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
    </>
  );
}
