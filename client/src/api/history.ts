import { useQuery } from "@tanstack/react-query";

/**
 * Issue 11: GET /api/{kind}/{id}/history, each change of a record in order (the server tells
 * it from the record's events: shared/src/server/audit/history.ts). The wire shape is the
 * server's RecordHistory, which lives on the server half of shared; the client keeps its own copy.
 */
export type HistoryKind =
  | "invoice"
  | "credit-note"
  | "debit-note"
  | "payment"
  | "customer"
  | "vendor"
  | "product"
  | "expense"
  | "delivery-challan"
  | "ewaybill"
  | "advance"
  | "return"
  | "reconciliation";

export type HistoryActor = { kind: "member"; id: string; name: string; role: string } | { kind: "system"; name: string };

export interface HistoryChange {
  field: string;
  label: string;
  from: string | null;
  to: string | null;
}

export interface HistoryEntry {
  position: string;
  recordedAt: string;
  /** "24 Nov 2026, 3:04 pm", India time. */
  at: string;
  actor: HistoryActor;
  type: string;
  summary: string;
  changes: HistoryChange[];
}

export interface RecordHistory {
  record: { kind: HistoryKind; id: string; label: string };
  entries: HistoryEntry[];
}

/** Where each record's history is: the record's own API path, then /{id}/history. */
export const HISTORY_PATHS: Record<HistoryKind, string> = {
  invoice: "/api/invoices",
  "credit-note": "/api/credit-notes",
  "debit-note": "/api/debit-notes",
  payment: "/api/payments",
  customer: "/api/customers",
  vendor: "/api/vendors",
  product: "/api/products",
  expense: "/api/expenses",
  "delivery-challan": "/api/delivery-challans",
  ewaybill: "/api/ewaybills",
  advance: "/api/advances",
  return: "/api/gst/returns",
  reconciliation: "/api/gst/reconciliations",
};

export const historyKey = (kind: HistoryKind, id: string) => [HISTORY_PATHS[kind], encodeURIComponent(id), "history"] as const;

/**
 * A record's history. Fetched each time it is opened: every write of the record adds a line,
 * and no write refreshes this key, so it must not be served from the cache.
 */
export function useRecordHistory(kind: HistoryKind, id: string) {
  return useQuery<RecordHistory>({ queryKey: historyKey(kind, id), staleTime: 0, gcTime: 0, refetchOnMount: "always" });
}
