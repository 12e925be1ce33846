import { z } from "zod";
import type { EventActor } from "./history.ts";
import { dateProblem } from "./fields.ts";

/**
 * Issue 11: the ledger, a journal of every event of the business in the order its hash chain
 * holds them (oldest first, as a day book reads), with what an auditor needs to check it.
 * The record kinds are those of shared/src/server/audit/records.ts.
 */
export const JOURNAL_RECORD_KINDS = [
  "business",
  "account",
  "team",
  "customer",
  "vendor",
  "product",
  "invoice",
  "expense",
  "note",
  "challan",
  "reconciliation",
  "ewaybill",
  "return",
  "advance",
  "numbering",
] as const;
export type JournalRecordKind = (typeof JOURNAL_RECORD_KINDS)[number];

export const JOURNAL_RECORD_LABELS: Record<JournalRecordKind, string> = {
  business: "Business",
  account: "Sign-in",
  team: "Team",
  customer: "Customer",
  vendor: "Vendor",
  product: "Product",
  invoice: "Invoice",
  expense: "Expense",
  note: "Credit/debit note",
  challan: "Delivery challan",
  reconciliation: "Reconciliation",
  ewaybill: "E-way bill",
  return: "GST return",
  advance: "Advance",
  numbering: "Numbering",
};

export const JOURNAL_PAGE_DEFAULT = 50;
export const JOURNAL_PAGE_MAX = 500;

const journalDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-10-14` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${label} must be a date like 2026-10-14` : dateProblem(value, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();

const range = {
  from: journalDate("From date"),
  to: journalDate("To date"),
};

function fromNotAfterTo(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to) {
    ctx.addIssue({ code: "custom", path: ["from"], message: `From date (${query.from}) cannot be after the to date (${query.to})` });
  }
}

/** ?from&to&kind&actor&limit&cursor of GET /api/ledger. Dates are India's calendar dates. */
export const journalQuerySchema = z
  .object({
    ...range,
    kind: z.enum(JOURNAL_RECORD_KINDS, { error: `Kind must be one of ${JOURNAL_RECORD_KINDS.join(", ")}` }).optional(),
    /** A member's id, or "system" for the background jobs. */
    actor: z
      .string({ error: 'Actor must be a member\'s id or "system"' })
      .trim()
      .regex(/^(system|[0-9a-fA-F-]{36})$/, 'Actor must be a member\'s id or "system"')
      .optional(),
    limit: z
      .string({ error: "Limit must be a whole number" })
      .regex(/^\d{1,4}$/, "Limit must be a whole number")
      .transform(Number)
      .pipe(z.number().min(1, "Limit must be at least 1").max(JOURNAL_PAGE_MAX, `Limit must be at most ${JOURNAL_PAGE_MAX}`))
      .optional(),
    /** The seq of the last entry of the previous page. */
    cursor: z
      .string({ error: "Cursor must be the nextCursor of a previous page" })
      .regex(/^\d{1,15}$/, "Cursor must be the nextCursor of a previous page")
      .transform(Number)
      .optional(),
  })
  .superRefine(fromNotAfterTo);
export type JournalQuery = z.infer<typeof journalQuerySchema>;

export const JOURNAL_EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type JournalExportFormat = (typeof JOURNAL_EXPORT_FORMATS)[number];

/** ?from&to&format of GET /api/ledger/export. */
export const journalExportQuerySchema = z
  .object({
    ...range,
    format: z.enum(JOURNAL_EXPORT_FORMATS, { error: 'Format must be "jsonl" or "csv"' }).default("jsonl"),
  })
  .superRefine(fromNotAfterTo);
export type JournalExportQuery = z.infer<typeof journalExportQuerySchema>;

/** Who recorded an event: a person of the business (as they were named then), or a background job. */
export type JournalActor = EventActor;

export interface JournalEntry {
  /** The store's position ("transaction:position"), as verify and the export name it. */
  position: string;
  /** The event's place in the business's hash chain: 1, 2, 3, … */
  seq: number;
  recordedAt: string;
  actor: JournalActor;
  type: string;
  /** What the event did, in the business's words ("Created invoice INV-0001 for Rao Traders, ₹1,180.00"). */
  summary: string;
  record: { kind: JournalRecordKind; id: string } | null;
  stream: string;
  revision: number;
  hash: string;
  prevHash: string;
}

export interface JournalHead {
  seq: number;
  hash: string;
}

/** GET /api/ledger: oldest first; `nextCursor` asks for the page after, null on the last. */
export interface JournalPage {
  entries: JournalEntry[];
  nextCursor: string | null;
  head: JournalHead | null;
}

export type LedgerProblemKind = "edited" | "deleted" | "inserted" | "reordered";

/** GET /api/ledger/verify. */
export interface LedgerVerification {
  ok: boolean;
  checked: number;
  head: JournalHead | null;
  firstProblem?: { position: string | null; seq: number; kind: LedgerProblemKind };
}

/** The last line of a JSON Lines export (`{"manifest": …}`), and the CSV export's X-Bahi-Manifest header (base64 JSON). */
export interface ExportManifest {
  format: "bahi-ledger-export/1";
  businessId: string;
  from: string | null;
  to: string | null;
  count: number;
  firstPosition: string | null;
  lastPosition: string | null;
  firstSeq: number | null;
  lastSeq: number | null;
  /** The hash the first exported event links to (64 zeros when it is the business's first). */
  prevHashBeforeFirst: string | null;
  firstHash: string | null;
  lastHash: string | null;
  /** The chain's head when the export was taken. */
  head: JournalHead | null;
  exportedAt: string;
}
