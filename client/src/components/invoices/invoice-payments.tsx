import { PAYMENT_MODE_LABELS, type Invoice } from "@bahi/shared/contract";
import { IndianRupee } from "lucide-react";
import { useState } from "react";
import { useInvoice } from "../../api/invoices.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { balanceOf, canTakePayment } from "../../api/payments.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { HistoryButton } from "../history/history-button.tsx";
import { Button } from "../ui/button.tsx";
import { InvoicePaymentDialog } from "./invoice-payment-dialog.tsx";

/** Issue 10, in the preview: what was received, when and how, what is still owed, and a way to record more. */
export function InvoicePayments({ invoice: shown }: { invoice: Invoice }) {
  const [paying, setPaying] = useState(false);
  const canWrite = useCanWrite();
  // The list hands over the invoice as it was; a payment made here must show at once.
  const invoice = useInvoice(shown.id).data ?? shown;
  if (invoice.status === "cancelled") return null;
  const payments = invoice.payments ?? [];
  return (
    <section aria-label="Payments" className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">Payments</h3>
        {canWrite && canTakePayment(invoice) && (
          <Button size="sm" variant="outline" onClick={() => setPaying(true)}>
            <IndianRupee /> Record payment
          </Button>
        )}
      </div>
      {payments.length > 0 && (
        <ul className="grid gap-1">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-x-4">
              <span className="text-muted-foreground">
                {formatIndianDate(payment.date)} · {payment.mode ? PAYMENT_MODE_LABELS[payment.mode] : "Marked paid"}
                {payment.reference ? ` · ${payment.reference}` : ""}
              </span>
              <span className="flex items-center gap-1">
                <span className="tabular-nums">{formatRupees(payment.amount)}</span>
                <HistoryButton kind="payment" id={payment.id} name={`Payment of ${formatRupees(payment.amount)} on ${formatIndianDate(payment.date)}`} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="flex justify-between border-t pt-2 font-semibold">
        <span>Balance due</span>
        <span className="tabular-nums" aria-label="Balance due">
          {formatRupees(balanceOf(invoice))}
        </span>
      </p>
      {paying && <InvoicePaymentDialog invoice={invoice} onClose={() => setPaying(false)} />}
    </section>
  );
}
