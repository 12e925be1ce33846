/** Issue 10: a customer's statement of account (ledger) and its PDF. */
import type { CustomerLedger } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { downloadBlob } from "../lib/download.ts";
import { apiRequest } from "./http.ts";

const ledgerUrl = (customerId: string, from: string, to: string, suffix = "", asOf = "") => {
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  // Issue 11: the books as they stood at that moment (a date: its end, in India).
  if (asOf) query.set("asOf", asOf);
  const text = query.toString();
  return `/api/customers/${encodeURIComponent(customerId)}/ledger${suffix}${text ? `?${text}` : ""}`;
};

/** GET /api/customers/{id}/ledger?from&to; empty from/to: the server's defaults (financial year to today). */
export function useCustomerLedger(customerId: string, from: string, to: string, asOf = "") {
  // Payments and notes change it: read it afresh each time the statement opens.
  return useQuery<CustomerLedger>({ queryKey: [ledgerUrl(customerId, from, to, "", asOf)], staleTime: 0, refetchOnMount: "always" });
}

/** The statement as a PDF, fetched with the session and saved as "statement-Rao_Traders-2026-04-01-2026-06-30.pdf". */
export async function downloadLedgerPdf(ledger: Pick<CustomerLedger, "customer" | "from" | "to">, asOf = ""): Promise<void> {
  const response = await apiRequest("GET", ledgerUrl(ledger.customer.id, ledger.from, ledger.to, "/pdf", asOf));
  const name = ledger.customer.name.replace(/[^A-Za-z0-9-]+/g, "_").slice(0, 40) || "customer";
  downloadBlob(await response.blob(), `statement-${name}-${ledger.from}-${ledger.to}.pdf`);
}
