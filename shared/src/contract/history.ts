/**
 * Issue 11: the wire shape of GET /api/{kind}/{id}/history (shared/src/server/audit/history.ts
 * builds it), shared by the read API and the client.
 */
/** The records that have a history, named as their API paths name them. */
export const HISTORY_KINDS = [
  "invoice",
  "credit-note",
  "debit-note",
  "payment",
  "customer",
  "vendor",
  "product",
  "expense",
  "delivery-challan",
  "ewaybill",
  "advance",
  "return",
  "reconciliation",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** Who appended an event: a member by name and role, or a system job (shared/src/server/audit/actors.ts). */
export type EventActor = { kind: "member"; id: string; name: string; role: string } | { kind: "system"; id: string; name: string };
export type HistoryActor = EventActor;

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

/** What each record is called in a "not found" answer and a dialog's title. */
export const HISTORY_LABELS: Record<HistoryKind, string> = {
  invoice: "Invoice",
  "credit-note": "Credit note",
  "debit-note": "Debit note",
  payment: "Payment",
  customer: "Customer",
  vendor: "Vendor",
  product: "Product",
  expense: "Expense",
  "delivery-challan": "Delivery challan",
  ewaybill: "E-way bill",
  advance: "Advance",
  return: "GST return",
  reconciliation: "GSTR-2B reconciliation",
};
