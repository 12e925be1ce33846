import type { EventData } from "@bahi/shared/events";
import type { DashboardDocument } from "@bahi/shared/read-models";

/**
 * Issue 10: a payment takes its amount off outstanding; the recent invoice shows the new
 * status (partially paid, or paid once settled; an overdue one stays overdue until then).
 */
export function paymentReceived(doc: DashboardDocument, payment: EventData<"InvoicePaymentRecorded">): DashboardDocument {
  return {
    ...doc,
    outstandingPaise: doc.outstandingPaise - payment.amountPaise,
    recentInvoices: doc.recentInvoices.map((r) =>
      r.id !== payment.invoiceId ? r : { ...r, status: payment.settles ? "paid" : r.status === "overdue" ? "overdue" : "partially_paid" },
    ),
  };
}
