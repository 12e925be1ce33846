import { formatInr, toPaise, type Invoice } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

/** Issue 10: an invoice's share link; url null when none is active. */
export interface ShareLink {
  url: string | null;
  createdAt: string | null;
}

const shareKey = (invoiceId: string) => ["/api/invoices", invoiceId, "share"] as const;

export function useShareLink(invoiceId: string) {
  return useQuery<ShareLink>({ queryKey: shareKey(invoiceId), staleTime: 0 });
}

/** POST /share: the active link, or a new one. */
export function useCreateShareLink(invoiceId: string) {
  return useMutation({
    mutationFn: () => requestJson<{ url: string; createdAt: string }>("POST", `/api/invoices/${invoiceId}/share`),
    onSuccess: (link) => queryClient.setQueryData<ShareLink>(shareKey(invoiceId), link),
  });
}

export function useRevokeShareLink(invoiceId: string) {
  return useMutation({
    mutationFn: () => requestJson<void>("DELETE", `/api/invoices/${invoiceId}/share`),
    onSuccess: () => queryClient.setQueryData<ShareLink>(shareKey(invoiceId), { url: null, createdAt: null }),
  });
}

/** What the customer still owes: the balance where the invoice has one, else its total. */
export function amountToPay(invoice: Pick<Invoice, "total" | "status"> & { balanceDue?: string }): string {
  return invoice.status === "paid" ? "0.00" : (invoice.balanceDue ?? invoice.total);
}

/**
 * The WhatsApp message (https://wa.me/?text=…, no number: the owner picks the chat): the
 * invoice, what is due and by when, and the link.
 */
export function whatsAppShareUrl(
  invoice: Pick<Invoice, "invoiceNumber" | "total" | "status" | "dueDate" | "supplier"> & { balanceDue?: string },
  url: string,
  dueDateText: string,
): string {
  const due = amountToPay(invoice);
  const amount = formatInr(toPaise(due), { decimals: 2 });
  const lines = [
    `Invoice ${invoice.invoiceNumber} from ${invoice.supplier.name}`,
    toPaise(due) > 0 ? `Amount due: ${amount}${dueDateText ? `, due by ${dueDateText}` : ""}` : `Total: ${formatInr(toPaise(invoice.total), { decimals: 2 })} (paid)`,
    `View and pay: ${url}`,
  ];
  return `https://wa.me/?text=${encodeURIComponent(lines.join("\n"))}`;
}

/**
 * The preview's WhatsApp action: the active link (made if there is none), then WhatsApp with
 * the message. Opened right after the click, within the browser's allowance for pop-ups.
 */
export async function openWhatsAppShare(invoice: Parameters<typeof whatsAppShareUrl>[0] & { id: string }, dueDateText: string): Promise<void> {
  const link = await requestJson<{ url: string; createdAt: string }>("POST", `/api/invoices/${invoice.id}/share`);
  queryClient.setQueryData<ShareLink>(shareKey(invoice.id), link);
  const target = whatsAppShareUrl(invoice, link.url, dueDateText);
  // noopener: WhatsApp's page gets no handle on this tab.
  window.open(target, "_blank", "noopener,noreferrer");
}
