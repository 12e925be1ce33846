import type { Invoice, PaymentMode } from "@bahi/shared/contract";
import { useMutation } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { INVOICES_KEY } from "./invoices.ts";
import { refreshAfterWrite } from "./resource.ts";

export interface PaymentBody {
  amount: string;
  date: string;
  mode: PaymentMode;
  reference: string;
}

/** Issue 10: money received against an invoice, full or part; answers the invoice with its new balance. */
export function useRecordPayment() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentBody }) => requestJson<Invoice>("POST", `/api/invoices/${encodeURIComponent(id)}/payments`, body),
    onSuccess: () => refreshAfterWrite([INVOICES_KEY]),
  });
}

/** What is still owed on an invoice; lists loaded before payments existed read the total. */
export const balanceOf = (invoice: Pick<Invoice, "total" | "status"> & { balanceDue?: string }) =>
  invoice.balanceDue ?? (invoice.status === "paid" || invoice.status === "cancelled" ? "0.00" : invoice.total);

/** Pending, partly paid and overdue invoices can take a payment (and Mark Paid). */
export const canTakePayment = (invoice: Pick<Invoice, "status">) => invoice.status === "pending" || invoice.status === "partially_paid" || invoice.status === "overdue";
