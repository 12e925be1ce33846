import type { EventData } from "@bahi/shared/events";
import type { DashboardDocument } from "@bahi/shared/read-models";

/**
 * Issue 10: the recent invoice shows the new status (partially paid, or paid once settled; an overdue one stays overdue until then).
 */
export function paymentReceived(doc: DashboardDocument, payment: EventData<"InvoicePaymentRecorded">): DashboardDocument {
  return {
    ...doc,
    recentInvoices: doc.recentInvoices.map((r) =>
      r.id !== payment.invoiceId ? r : { ...r, status: payment.settles ? "paid" : r.status === "overdue" ? "overdue" : "partially_paid" },
    ),
  };
}
