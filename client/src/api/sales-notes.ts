import type { SalesNote, SalesNoteKind, SalesNoteReason } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { downloadBlob, invoiceFileName } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";
import { INVOICES_KEY } from "./invoices.ts";
import { LOW_STOCK_KEY, PRODUCTS_KEY } from "./products.ts";
import { refreshAfterWrite } from "./resource.ts";

/* Issue 9, s.34: credit and debit notes against issued invoices (H12's SalesNote, changes.md). */

export type { SalesNote, SalesNoteKind, SalesNoteReason };
export { netTotalOf, notesOfInvoice } from "../lib/sales-notes.ts";

export const REASON_OPTIONS: readonly { value: SalesNoteReason; label: string }[] = [
  { value: "sales_return", label: "Sales return" },
  { value: "post_sale_discount", label: "Discount after sale" },
  { value: "deficiency_in_service", label: "Deficiency in service" },
  { value: "correction", label: "Correction of rate or value" },
];

export function reasonLabel(reason: string): string {
  return REASON_OPTIONS.find((option) => option.value === reason)?.label ?? reason;
}

/** The body the form sends: one or more invoices of one customer, their products at their invoiced rates. */
export interface CreateSalesNoteBody {
  invoiceId?: string;
  invoiceIds?: string[];
  reason: SalesNoteReason;
  issueDate: string;
  items: { invoiceId?: string; productId: string; quantity: number; price: string }[];
  notes?: string;
  /** Design §4: report a note dated in a filed month in the next open one. */
  reportInNextOpenPeriod?: boolean;
}

const PATHS: Record<SalesNoteKind, string> = { credit: "/api/credit-notes", debit: "/api/debit-notes" };
export const SALES_NOTES_KEYS = [[PATHS.credit], [PATHS.debit]] as const;

function useNoteList(kind: SalesNoteKind) {
  return useQuery<SalesNote[]>({
    queryKey: [PATHS[kind]],
    // A plain array, like /api/invoices (changes.md, 03:33); the first draft's { items } is read too.
    queryFn: async () => {
      const body = await requestJson<SalesNote[] | { items: SalesNote[] }>("GET", PATHS[kind]);
      return Array.isArray(body) ? body : body.items;
    },
  });
}

/** Credit and debit notes together, newest first. */
export function useSalesNotes() {
  const credit = useNoteList("credit");
  const debit = useNoteList("debit");
  const data = credit.data && debit.data ? [...credit.data, ...debit.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : undefined;
  return {
    data,
    isPending: credit.isPending || debit.isPending,
    isError: credit.isError || debit.isError,
    error: credit.error ?? debit.error,
    refetch: () => Promise.all([credit.refetch(), debit.refetch()]),
  };
}

/** A note moves the invoice's net total, stock (sales returns), the dashboard and the returns. */
export function useCreateSalesNote() {
  return useMutation({
    mutationFn: ({ kind, body }: { kind: SalesNoteKind; body: CreateSalesNoteBody }) => requestJson<SalesNote>("POST", PATHS[kind], body),
    onSuccess: () => refreshAfterWrite([...SALES_NOTES_KEYS, INVOICES_KEY, PRODUCTS_KEY, LOW_STOCK_KEY]),
  });
}

/** Issue 9: the note's PDF (Rule 53), fetched with the session's credentials and saved as "CN_26-27_0001.pdf". */
export async function downloadSalesNotePdf(note: Pick<SalesNote, "id" | "kind" | "number">): Promise<string> {
  const response = await apiRequest("GET", `${PATHS[note.kind]}/${encodeURIComponent(note.id)}/pdf`);
  const fileName = invoiceFileName(note.number, "pdf");
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
