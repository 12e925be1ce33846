import type { JournalRecordKind } from "../../contract/journal.ts";

/**
 * Issue 11: which record of the business a stream belongs to, for the ledger's "record" column,
 * its kind filter, and each record's history. Stream names come from shared/src/events/streams.ts.
 */
/** The kinds the ledger's filter offers (shared/src/contract/journal.ts). */
export type RecordKind = JournalRecordKind;

export interface RecordRef {
  kind: RecordKind;
  /** The record's id (a uuid, or a period / return name where the record has none). */
  id: string;
}

const UUID_LENGTH = 36;

/** Streams whose name is `{prefix}-{recordId}`. */
const BY_ID: Record<string, RecordKind> = {
  user: "business",
  team: "team",
  customer: "customer",
  vendor: "vendor",
  product: "product",
  invoice: "invoice",
  invoicenotes: "invoice",
  invoiceshare: "invoice",
  expense: "expense",
  salesnote: "note",
  challan: "challan",
  ewaybill: "ewaybill",
  advance: "advance",
};

/** Streams whose name is `{prefix}-{businessId}-{rest}`: the record is named by the rest. */
const BY_BUSINESS: Record<string, RecordKind> = {
  reconciliation: "reconciliation",
  gstreturn: "return",
  sku: "numbering",
  invoiceno: "numbering",
  invoicequota: "numbering",
  selfinvoice: "numbering",
  docseries: "numbering",
};

/** The record a stream belongs to; null for a stream of no known kind. */
export function recordOfStream(streamId: string): RecordRef | null {
  const dash = streamId.indexOf("-");
  if (dash < 0) return null;
  const prefix = streamId.slice(0, dash);
  const rest = streamId.slice(dash + 1);
  if (prefix === "email") return { kind: "account", id: rest };
  const byId = BY_ID[prefix];
  if (byId) return { kind: byId, id: rest };
  const byBusiness = BY_BUSINESS[prefix];
  if (byBusiness && rest.length > UUID_LENGTH + 1) return { kind: byBusiness, id: rest.slice(UUID_LENGTH + 1) };
  return null;
}
