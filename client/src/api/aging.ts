import { formatInr, toPaise, type AgingInvoiceRow, type AgingReport } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { REPORTS_KEY } from "./resource.ts";
import { queryClient } from "./query-client.ts";

export type { AgingReport, AgingInvoiceRow };

/** GET /api/reports/aging (today in India). Under REPORTS_KEY, so every write refreshes it. */
export function useAging() {
  return useQuery<AgingReport>({ queryKey: [REPORTS_KEY[0], "aging"], queryFn: () => requestJson<AgingReport>("GET", `${REPORTS_KEY[0]}/aging`) });
}

/** "₹1,180.00" from the API's "1180.00", in paise all the way. */
export const inr = (amount: string) => formatInr(toPaise(amount), { decimals: 2 });

/**
 * The reminder's WhatsApp message (https://wa.me/?text=…, the owner picks the chat): whose
 * invoice, what is still due, the due date and how late, and the link to view and pay it.
 */
export function reminderWhatsAppUrl(row: Pick<AgingInvoiceRow, "invoiceNumber" | "balanceDue" | "daysPastDue">, business: string, dueDateText: string, url: string): string {
  const late = row.daysPastDue === 1 ? "1 day ago" : `${row.daysPastDue} days ago`;
  const lines = [
    `Payment reminder: invoice ${row.invoiceNumber}${business ? ` from ${business}` : ""}`,
    `Amount due: ${inr(row.balanceDue)}, was due on ${dueDateText} (${late})`,
    `View and pay: ${url}`,
  ];
  return `https://wa.me/?text=${encodeURIComponent(lines.join("\n"))}`;
}

/** The invoice's active share link (made if there is none), as the invoice's own Share does. */
export async function reminderLink(invoiceId: string): Promise<string> {
  const link = await requestJson<{ url: string; createdAt: string }>("POST", `/api/invoices/${invoiceId}/share`);
  queryClient.setQueryData(["/api/invoices", invoiceId, "share"], link);
  return link.url;
}
