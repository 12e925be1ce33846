import type { Invoice } from "@bahi/shared/contract";
import { useState, type MouseEvent } from "react";
import { describeError } from "../../api/errors.ts";
import { useCancelInvoice } from "../../api/invoices.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../ui/alert-dialog.tsx";
import { TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const MAX_REASON = 200;

/**
 * Issue 9: cancelling asks why (kept on the invoice and its audit trail). The number stays
 * used: GSTR-1 Table 13 counts it cancelled. Afterwards only a credit note can correct it.
 */
export function InvoiceCancelDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const trimmed = reason.trim();
    if (!trimmed) return setError("Reason is required");
    if (trimmed.length > MAX_REASON) return setError(`Reason must be at most ${MAX_REASON} characters`);
    try {
      await cancel.mutateAsync({ id: invoice.id, reason: trimmed });
      toast({ title: "Invoice cancelled", description: `${invoice.invoiceNumber} is cancelled; its stock is back.` });
      onClose();
    } catch (failure) {
      setError(describeError(failure, "The invoice could not be cancelled"));
    }
  }

  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open && !cancel.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel invoice {invoice.invoiceNumber}?</AlertDialogTitle>
          <AlertDialogDescription>
            The invoice stays on record as cancelled and leaves your sales and GST returns; its number is not reused. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <TextareaField
          id="invoice-cancel-reason"
          label="Reason"
          required
          rows={2}
          maxLength={MAX_REASON}
          placeholder="e.g. Raised twice by mistake"
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Invoice</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={(event: MouseEvent<HTMLButtonElement>) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel Invoice"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
