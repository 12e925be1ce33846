/** Issue 10: customer advances — money received before an invoice, applied to invoices later. */
import type { CustomerAdvance, Invoice, PaymentMode } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { INVOICES_KEY } from "./invoices.ts";
import { queryClient } from "./query-client.ts";
import { refreshAfterWrite } from "./resource.ts";

const advancesPath = (customerId: string) => `/api/customers/${encodeURIComponent(customerId)}/advances`;

/** Everything read about one customer (their ledger, balance, advances) is out of date after a write. */
const refreshCustomer = (customerId: string) =>
  Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(`/api/customers/${encodeURIComponent(customerId)}/`),
    }),
    refreshAfterWrite([INVOICES_KEY]),
  ]);

export function useCustomerAdvances(customerId: string | null | undefined) {
  return useQuery<CustomerAdvance[]>({ queryKey: [advancesPath(customerId ?? "")], enabled: Boolean(customerId), staleTime: 0 });
}

export interface AdvanceBody {
  amount: string;
  date: string;
  mode: PaymentMode;
  reference: string;
  /** Goods (default) carry no tax; services: the rate, and the place of supply (absent: the customer's state). */
  supply?: "goods" | "services";
  gstRate?: string;
  placeOfSupply?: string;
}

export function useRecordAdvance(customerId: string) {
  return useMutation({
    mutationFn: (body: AdvanceBody) => requestJson<CustomerAdvance>("POST", advancesPath(customerId), body),
    onSuccess: () => refreshCustomer(customerId),
  });
}

/** Pays `amount` of the invoice from the advance; answers the invoice with its new balance. */
export function useApplyAdvance(customerId: string) {
  return useMutation({
    mutationFn: ({ advanceId, invoiceId, amount }: { advanceId: string; invoiceId: string; amount: string }) =>
      requestJson<Invoice>("POST", `${advancesPath(customerId)}/${encodeURIComponent(advanceId)}/apply`, { invoiceId, amount }),
    onSuccess: () => refreshCustomer(customerId),
  });
}
