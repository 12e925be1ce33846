import type { Invoice } from "@bahi/shared/contract";
import { FileDown, QrCode, Receipt } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useInvoice } from "../../api/invoices.ts";
import { EInvoiceDialog } from "../gst/e-invoice-dialog.tsx";
import { ErrorState } from "../list-states.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { InvoiceDocument } from "./invoice-document.tsx";
import { useInvoicePdfDownload } from "./invoice-downloads.ts";

function PreviewFrame({ title, onClose, invoice, children }: { title: string; onClose: () => void; invoice: Invoice | null; children: ReactNode }) {
  const pdf = useInvoicePdfDownload();
  const [einvoiceOpen, setEinvoiceOpen] = useState(false);
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
          <DialogDescription>Tax invoice preview</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {invoice && (
            <Button variant="outline" onClick={() => setEinvoiceOpen(true)}>
              <QrCode aria-hidden="true" />
              E-invoice
            </Button>
          )}
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
export function InvoicePreviewDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  return (
    <PreviewFrame title={`Invoice ${invoice.invoiceNumber}`} invoice={invoice} onClose={onClose}>
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
