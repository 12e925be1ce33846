import { salesDocumentTitle, type Invoice } from "@bahi/shared/contract";
import { FileDown, FileMinus, FilePlus, QrCode, Receipt } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useInvoice } from "../../api/invoices.ts";
import { netTotalOf, notesOfInvoice, reasonLabel, useSalesNotes, type SalesNoteKind } from "../../api/sales-notes.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { EInvoiceDialog } from "../gst/e-invoice-dialog.tsx";
import { ErrorState } from "../list-states.tsx";
import { Button } from "../ui/button.tsx";
import { useCanWrite } from "../../auth/access.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { InvoiceDocument } from "./invoice-document.tsx";
import { InvoicePayments } from "./invoice-payments.tsx";
import { useInvoicePdfDownload } from "./invoice-downloads.ts";
import { InvoiceShareButtons } from "./invoice-share-dialog.tsx";

/** Issue 9, s.34: the notes issued against the invoice and what it comes to after them. */
function InvoiceNotes({ invoice }: { invoice: Invoice }) {
  const notes = useSalesNotes();
  const own = notesOfInvoice(notes.data ?? [], invoice.id);
  if (own.length === 0) return null;
  return (
    <section aria-label="Credit and debit notes" className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
      <h3 className="font-medium">Credit &amp; Debit Notes</h3>
      <ul className="grid gap-1">
        {own.map((note) => (
          <li key={note.id} className="flex flex-wrap justify-between gap-x-4">
            <span>
              <span className="font-medium">{note.number}</span>
              <span className="text-muted-foreground">
                {" "}
                · {note.kind === "credit" ? "Credit note" : "Debit note"} · {reasonLabel(note.reason)} · {formatIndianDate(note.issueDate)}
              </span>
            </span>
            <span className="tabular-nums">
              {note.kind === "credit" ? "−" : "+"}
              {formatRupees(note.total)}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t pt-2 font-semibold">
        <span>Net total</span>
        <span className="tabular-nums" aria-label="Net total">
          {formatRupees(netTotalOf(invoice, notes.data ?? []))}
        </span>
      </p>
    </section>
  );
}

function PreviewFrame({
  title,
  onClose,
  onNote,
  invoice,
  children,
}: {
  title: string;
  onClose: () => void;
  onNote?: ((kind: SalesNoteKind) => void) | undefined;
  invoice: Invoice | null;
  children: ReactNode;
}) {
  const pdf = useInvoicePdfDownload();
  const [einvoiceOpen, setEinvoiceOpen] = useState(false);
  // Issue 11: an auditor reads and downloads; notes, e-invoices and share links are writes.
  const canWrite = useCanWrite();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{invoice ? `${salesDocumentTitle(invoice.documentType, invoice.supplierRegistration)} preview` : "Tax invoice preview"}</DialogDescription>
        </DialogHeader>
        {children}
        {invoice && <InvoiceNotes invoice={invoice} />}
        {invoice && <InvoicePayments invoice={invoice} />}
        {/* Eight actions: they wrap to a second row rather than run off the dialog. */}
        <DialogFooter className="sm:flex-wrap">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {invoice && canWrite && onNote && invoice.status !== "cancelled" && (
            <>
              <Button variant="outline" onClick={() => onNote("credit")}>
                <FileMinus aria-hidden="true" />
                Credit Note
              </Button>
              <Button variant="outline" onClick={() => onNote("debit")}>
                <FilePlus aria-hidden="true" />
                Debit Note
              </Button>
            </>
          )}
          {/* Issue 9: e-invoices are for tax invoices only; a bill of supply has none. */}
          {invoice && canWrite && invoice.documentType !== "billOfSupply" && (
            <Button variant="outline" onClick={() => setEinvoiceOpen(true)}>
              <QrCode aria-hidden="true" />
              E-invoice
            </Button>
          )}
          {/* Issue 10: a link the customer opens without an account, and the same sent on WhatsApp. */}
          {invoice && canWrite && <InvoiceShareButtons invoice={invoice} />}
          {invoice && (
            <Button variant="outline" disabled={pdf.pendingId !== null} onClick={() => void pdf.download(invoice, "thermal")}>
              <Receipt aria-hidden="true" />
              {pdf.pendingLayout === "thermal" ? "Preparing receipt..." : "Thermal receipt"}
            </Button>
          )}
          {invoice && (
            <Button disabled={pdf.pendingId !== null} onClick={() => void pdf.download(invoice)}>
              <FileDown aria-hidden="true" />
              {pdf.pendingLayout === "a4" ? "Preparing PDF..." : "Download PDF"}
            </Button>
          )}
        </DialogFooter>
        {/* Nested inside the preview, so closing it returns to the invoice. */}
        {invoice && einvoiceOpen && <EInvoiceDialog invoice={invoice} onClose={() => setEinvoiceOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** The invoice list's view action: the invoice is already loaded. */
export function InvoicePreviewDialog({ invoice, onClose, onNote }: { invoice: Invoice; onClose: () => void; onNote?: (kind: SalesNoteKind) => void }) {
  return (
    <PreviewFrame title={`Invoice ${invoice.invoiceNumber}`} invoice={invoice} onClose={onClose} onNote={onNote}>
      <InvoiceDocument invoice={invoice} />
    </PreviewFrame>
  );
}

/** The dashboard's and search's view action: only the id is known, so the invoice is fetched. */
export function InvoicePreviewById({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  return (
    <PreviewFrame title={invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : "Invoice"} invoice={invoice.data ?? null} onClose={onClose}>
      {invoice.isPending ? (
        <div aria-busy="true" aria-label="Loading" className="grid gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : invoice.isError ? (
        <ErrorState title="Could not load this invoice" error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <InvoiceDocument invoice={invoice.data} />
      )}
    </PreviewFrame>
  );
}
