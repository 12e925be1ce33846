import { formatPaise, type InvoicePayment, type InvoiceStatus } from "@bahi/shared/contract";
import type { EventData } from "./catalogue.ts";

/** Issue 10: a payment as the invoice shows it. */
export function paymentView(payment: EventData<"InvoicePaymentRecorded">): InvoicePayment {
  return {
    id: payment.paymentId,
    amount: formatPaise(payment.amountPaise),
    date: payment.date,
    mode: payment.mode,
    reference: payment.reference,
    recordedAt: payment.recordedAt,
    ...(payment.advanceId ? { advanceId: payment.advanceId } : {}),
  };
}

/** Issue 10: the status after a payment: paid when it settles; an overdue invoice stays overdue until then. */
export function statusAfterPayment(status: InvoiceStatus, settles: boolean): InvoiceStatus {
  if (settles) return "paid";
  return status === "overdue" ? "overdue" : "partially_paid";
}
