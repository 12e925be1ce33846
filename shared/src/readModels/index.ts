import type { DeliveryChallan, RecentInvoice, SalesNote, User } from "../contract/index.ts";
import type { EventData } from "../events/catalogue.ts";

export { collections } from "./collections.ts";

/**
 * A document number a series issued and then voided (its creation failed): GSTR-1 Table 13
 * counts it cancelled. documentDate: the document's date ("YYYY-MM-DD"), null when unknown.
 */
/**
 * Issue 10: an invoice's active share link. The same document is kept under two ids, the
 * token (what the public page looks up) and the invoice id (what the owner's screens ask);
 * revoking deletes both.
 */
export interface ShareLinkDocument {
  invoiceId: string;
  ownerId: string;
  token: string;
  createdAt: string;
}

export interface VoidedNumberDocument {
  id: string;
  ownerId: string;
  series: string;
  gstin: string;
  financialYear: string;
  sequence: number;
  number: string;
  documentId: string;
  documentDate: string | null;
  reason: string;
  voidedAt: string;
}

/**
 * Issue 12: a payment has no stream of its own (it is an event on its invoice's stream): this
 * names the invoice, so a payment's history reads one stream instead of searching the invoices.
 */
export interface PaymentDocument {
  /** The payment id, lower case. */
  id: string;
  invoiceId: string;
  userId: string;
}

/** The user as the API shows it, plus invoices created per Indian month ("2026-06"). */
export type UserDocument = Omit<User, "invoicesUsed"> & { invoicesByMonth: Record<string, number> };

export const gstReturnId = (userId: string, returnType: string, period: string) => `${userId}-${returnType}-${period}`;
export const reconciliationId = (userId: string, period: string) => `${userId}-${period}`;

/**
 * One document per business with every figure the dashboard shows, kept up to date event
 * by event, so reading the dashboard costs one document fetch however long the history.
 * Months are Indian calendar months ("2026-06"); money is paise.
 */
export interface DashboardDocument {
  userId: string;
  /** Taxable value of the month's invoices (without the GST collected). */
  salesByMonth: Record<string, number>;
  expensesByMonth: Record<string, number>;
  expensesByMonthAndCategory: Record<string, Record<string, number>>;
  recentInvoices: RecentInvoice[];
}

/** One document per business, return type and period; status "overdue" is worked out when read. */
export interface GstReturnDocument {
  id: string;
  userId: string;
  returnType: "GSTR1" | "GSTR3B";
  period: string;
  status: "pending" | "filed" | "failed";
  arn: string | null;
  filedAt: string | null;
  filedVia: string | null;
  error: string | null;
  totalTurnover: string;
  totalTaxLiability: string;
  totalItcClaimed: string;
  netTaxPayable: string;
  requestedAt: string;
  /** GSTR-3B: credit (paise per head) carried to the next return's opening credit; absent before issue 8. */
  creditCarriedForward?: { igst: number; cgst: number; sgst: number; cess: number } | null;
  /** Interest and late fee paid with the return, "0.00"; absent before issue 8. */
  interest?: string;
  lateFee?: string;
  /** The filed return in the BlobStore (the read API fetches it for the download). */
  returnJsonBlob?: { hash: string; size: number } | null;
  /** Returns filed before blobs carry their JSON here instead. */
  returnJson: unknown;
}

export interface ReconciliationDocument {
  id: string;
  userId: string;
  period: string;
  uploadedAt: string;
  invoicesIn2b: number;
  /** The GSTIN the 2B is for, and the period its ITC is reported in (null for uploads before issue 8). */
  gstin?: string | null;
  reportIn?: string | null;
  /** The uploaded 2B in the BlobStore (the read API recomputes the rows from it); uploads before blobs keep it in `gstr2bInline`. */
  gstr2bBlob?: { hash: string; size: number } | null;
  gstr2bInline?: unknown;
  /** The user's decisions on pairs, in the order made (the latest on a pair wins). */
  decisions?: { expenseId: string; portalKey: string; decision: "accepted" | "rejected"; decidedAt: string }[];
  completedAt: string | null;
  summary: { matched: number; mismatch: number; missing_in_books: number; missing_in_2b: number; total: number; exact_match?: number; suggested_match?: number } | null;
  /** The rows in the BlobStore (the read API fetches them); null before a reconciliation or when `rows` holds them. */
  rowsBlob?: { hash: string; size: number } | null;
  /** Reconciliations recorded before blobs carry their rows here instead. */
  rows: unknown[];
}

/** SPEC's e_way_bills entity, as the E-Way Bill tab lists it. */
export interface EwayBillDocument {
  id: string;
  userId: string;
  invoiceId: string;
  eWayBillNo: string;
  documentNumber: string;
  documentDate: string;
  documentType: string;
  transactionType: string;
  consignmentValue: string;
  shipFromGstin: string;
  shipToGstin: string;
  shipFromAddress: string | null;
  shipToAddress: string | null;
  distance: number;
  transporterName: string | null;
  transporterGstin: string | null;
  vehicleNumber: string | null;
  modeOfTransport: string;
  validUpto: string;
  status: "active" | "cancelled";
  cancelReason: string | null;
  sandbox: boolean;
  createdAt: string;
}

/**
 * A multi-stream process (command-api/src/processes) that has started and not yet ended:
 * only a nomination for the recovery sweep, which decides everything from the streams.
 * id is `${kind}-${aggregateId}`; startedAt is the intent's time (a deletion's time for
 * "deleteProduct").
 */
export interface ProcessDocument {
  id: string;
  kind: "createInvoice" | "createProduct" | "changeProductSku" | "deleteProduct" | "applyAdvance";
  /** The record the process works on (for applyAdvance: the advance). */
  aggregateId: string;
  /** Issue 10, applyAdvance: the invoice being paid from the advance and the payment's id. */
  refs?: { invoiceId: string; paymentId: string };
  ownerId: string;
  startedAt: string;
  /**
   * "done": finished (kept, not deleted, so that a reservation landing after the end can
   * reopen it). "reopened": such a late reservation, by a request that stalled past its
   * fencing and compensation, is held; `holds` says what ("number:INV-7", "quota:202611",
   * "sku:ABC-1") and the recovery sweep gives it back.
   */
  phase: "started" | "abandoned" | "done" | "reopened";
  holds?: string[];
}

/** Issue 9: a credit or debit note as the API shows it, plus the facts as issued (paise) for the return engine. */
export type SalesNoteDocument = SalesNote & { facts: EventData<"SalesNoteIssued"> };

/** Issue 9: a delivery challan as the API shows it, plus the facts as issued (paise) for its PDF. */
export type DeliveryChallanDocument = DeliveryChallan & { facts: EventData<"DeliveryChallanIssued"> };

/**
 * Issue 11: a business's team as the owner's team screen shows it: active members (the owner
 * is not one: the users document is theirs) and pending invitations, each with the SHA-256 of
 * its secret so the invitation page can tell a real link without the write side.
 */
export interface TeamDocument {
  id: string;
  businessId: string;
  members: { id: string; name: string; email: string; role: "accountant" | "staff" | "auditor"; joinedAt: string }[];
  invitations: {
    id: string;
    email: string;
    role: "accountant" | "staff" | "auditor";
    tokenHash: string;
    invitedBy: string;
    invitedAt: string;
    expiresAt: string;
    status: "pending" | "accepted" | "revoked";
  }[];
}

/** Issue 11: a person's membership of someone else's business; deleted when they are removed. */
export interface MembershipDocument {
  id: string;
  memberId: string;
  businessId: string;
  role: "accountant" | "staff" | "auditor";
  joinedAt: string;
}

export const membershipId = (memberId: string, businessId: string) => `${memberId}-${businessId}`;
export * from "./indexes.ts";
