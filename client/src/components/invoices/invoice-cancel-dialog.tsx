import type { Invoice } from "@bahi/shared/contract";
import { useCancelInvoice } from "../../api/invoices.ts";
import { ReasonDialog } from "../reason-dialog.tsx";
import { toast } from "../ui/use-toast.ts";

const MAX_REASON = 200;

/**
 * Issue 9: cancelling asks why (kept on the invoice and its audit trail). The number stays
 * used: GSTR-1 Table 13 counts it cancelled. Afterwards only a credit note can correct it.
 */
export function InvoiceCancelDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const cancel = useCancelInvoice();
  return (
    <ReasonDialog
      id="invoice-cancel-reason"
      title={`Cancel invoice ${invoice.invoiceNumber}?`}
      description="The invoice stays on record as cancelled and leaves your sales and GST returns; its number is not reused. This cannot be undone."
      label="Reason"
      placeholder="e.g. Raised twice by mistake"
      rows={2}
      maxLength={MAX_REASON}
      keepLabel="Keep Invoice"
      confirmLabel="Cancel Invoice"
      failure="The invoice could not be cancelled"
      pending={cancel.isPending}
      submit={async (reason) => {
        await cancel.mutateAsync({ id: invoice.id, reason });
        toast({ title: "Invoice cancelled", description: `${invoice.invoiceNumber} is cancelled; its stock is back.` });
      }}
      onClose={onClose}
    />
  );
}
