import type { Invoice, InvoiceStatus } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { downloadBlob, invoiceFileName } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";
import { LOW_STOCK_KEY, PRODUCTS_KEY } from "./products.ts";
import { PROFILE_KEY } from "./profile.ts";
import { refreshAfterWrite } from "./resource.ts";

const INVOICES_PATH = "/api/invoices";
export const INVOICES_KEY = [INVOICES_PATH] as const;

/** POST /api/invoices as SPEC §3 sends it: money and rates as strings, figures from computeInvoice. */
export interface InvoiceCreateBody {
  customerId: string;
  /** Left out: the server gives the next number of the business's series. */
  invoiceNumber?: string;
  /** An instant, or an Indian calendar date "YYYY-MM-DD". */
  issueDate: string;
  dueDate: string | null;
  placeOfSupply: string | null;
  subtotal: string;
  gstAmount: string;
  total: string;
  status: "pending";
  notes: string | null;
  /** Confirms recording a sale dated in a filed period in the next open one (409 PERIOD_FILED). */
  reportInNextOpenPeriod?: boolean;
  items: {
    productId: string;
    quantity: number;
    price: string;
    gstRate: string;
    discount?: string;
    discountType?: "percentage" | "amount";
    amount: string;
  }[];
}

export function useInvoices() {
  return useQuery<Invoice[]>({ queryKey: INVOICES_KEY });
}

/** One invoice in full (the dashboard's recent list carries only a summary). */
export function useInvoice(id: string | null) {
  return useQuery<Invoice>({ queryKey: [INVOICES_PATH, id ?? ""], enabled: id !== null });
}

/**
 * The number the series would give an invoice dated `issueDate` ("YYYY-MM-DD"): only shown,
 * never sent, since the server assigns it when the invoice is created. Under INVOICES_KEY, so
 * creating an invoice refreshes it.
 */
export function useNextInvoiceNumber(issueDate: string | null, documentType: "taxInvoice" | "billOfSupply" = "taxInvoice") {
  // Issue 9: a bill of supply numbers from its own series (BOS/…); the server answers which one it used.
  return useQuery<{ number: string; documentType?: "taxInvoice" | "billOfSupply" }>({
    queryKey: [INVOICES_PATH, "next-number", issueDate ?? "", documentType],
    queryFn: () =>
      requestJson<{ number: string; documentType?: "taxInvoice" | "billOfSupply" }>(
        "GET",
        `${INVOICES_PATH}/next-number?issueDate=${encodeURIComponent(issueDate ?? "")}&documentType=${documentType}`,
      ),
    enabled: issueDate !== null,
    // Another tab or device may have used a number since: ask again whenever the form opens.
    staleTime: 0,
  });
}

/** A new invoice moves stock, this month's count on the plan and the dashboard. */
export function useCreateInvoice() {
  return useMutation({
    mutationFn: (body: InvoiceCreateBody) => requestJson<Invoice>("POST", INVOICES_PATH, body),
    onSuccess: () => refreshAfterWrite([INVOICES_KEY, PRODUCTS_KEY, LOW_STOCK_KEY, PROFILE_KEY]),
  });
}

export function useUpdateInvoiceStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InvoiceStatus }) =>
      requestJson<{ id: string; status: InvoiceStatus }>("PATCH", `${INVOICES_PATH}/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: () => refreshAfterWrite([INVOICES_KEY]),
  });
}

/** Issue 9: the create body again; the number stays. Stock, sales and returns follow. */
export function useReviseInvoice() {
  return useMutation({
    // Issue 12: ifMatch, the ETag of the invoice as the form opened it.
    mutationFn: ({ id, body, ifMatch }: { id: string; body: InvoiceCreateBody; ifMatch?: string | null }) =>
      requestJson<Invoice>("PUT", `${INVOICES_PATH}/${encodeURIComponent(id)}`, body, { ifMatch }),
    onSuccess: () => refreshAfterWrite([INVOICES_KEY, PRODUCTS_KEY, LOW_STOCK_KEY]),
  });
}

/** Issue 9: withdraws an unpaid invoice; its stock comes back and GSTR-1 counts its number cancelled. */
export function useCancelInvoice() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => requestJson<Invoice>("POST", `${INVOICES_PATH}/${encodeURIComponent(id)}/cancel`, { reason }),
    onSuccess: () => refreshAfterWrite([INVOICES_KEY, PRODUCTS_KEY, LOW_STOCK_KEY]),
  });
}

/** Fetches the GST tax invoice PDF with the session's credentials and saves it. */
/** The A4 tax invoice, or the 80 mm thermal receipt ("…-receipt.pdf"). */
export async function downloadInvoicePdf(invoice: { id: string; invoiceNumber: string }, layout: "a4" | "thermal" = "a4"): Promise<void> {
  const query = layout === "thermal" ? "?layout=thermal" : "";
  const response = await apiRequest("GET", `${INVOICES_PATH}/${encodeURIComponent(invoice.id)}/pdf${query}`);
  downloadBlob(await response.blob(), invoiceFileName(layout === "thermal" ? `${invoice.invoiceNumber}-receipt` : invoice.invoiceNumber, "pdf"));
}
