/**
 * What a reconciliation gives its readers: the paired documents the return engine claims ITC
 * from, the rows as the API answers them, and which pairs the user may still decide on.
 */
import { formatPaise } from "../contract/index.ts";
import type { PortalDoc } from "./gstr2b.ts";
import type { ReconciliationDecision, ReconciliationResult, ReconciliationRow, ReconciliationStatus } from "./reconcile.ts";

/** One book document paired with one 2B document, paise (the return engine's ClaimPair). */
export interface ReconciledPair {
  readonly expenseId: string;
  /** exact_match, or a pair the user accepted. */
  readonly claimable: boolean;
  readonly status: ReconciliationStatus;
  /** The 2B document, without what the pair already says (the supplier) or does not need. */
  readonly portal: Omit<PortalDoc, "supplierGstin" | "supplierName" | "originalNumber">;
}

/** Every paired row, claimable or not. */
export function matchedPairs(rows: readonly ReconciliationRow[]): ReconciledPair[] {
  const pairs: ReconciledPair[] = [];
  for (const row of rows) {
    if (!row.books || !row.portal) continue;
    const { supplierGstin: _supplier, supplierName: _name, originalNumber: _original, ...portal } = row.portal;
    pairs.push({
      expenseId: row.books.expenseId,
      claimable: row.status === "exact_match" || row.decision === "accepted",
      status: row.status,
      portal,
    });
  }
  return pairs;
}

/** The pairs whose ITC may be claimed (itcAvailable is the engine's to read: 4(D)(2) when false). */
export function claimablePairs(rows: readonly ReconciliationRow[]): ReconciledPair[] {
  return matchedPairs(rows).filter((pair) => pair.claimable);
}

/** A row as the API answers it: money as "0.00" strings. */
export function reconciliationRowToWire(row: ReconciliationRow) {
  const p = row.portal;
  const b = row.books;
  return {
    key: row.key,
    status: row.status,
    decision: row.decision,
    kind: row.kind,
    supplierGstin: row.supplierGstin,
    supplierName: row.supplierName,
    portal: p && {
      key: p.key,
      number: p.number,
      date: p.date,
      noteType: p.noteType,
      taxable: formatPaise(p.taxable),
      igst: formatPaise(p.igst),
      cgst: formatPaise(p.cgst),
      sgst: formatPaise(p.sgst),
      cess: formatPaise(p.cess),
      itcAvailable: p.itcAvailable,
      reverseCharge: p.reverseCharge,
      pos: p.pos,
      reason: p.reason,
      originalNumber: p.originalNumber,
    },
    books: b && {
      expenseId: b.expenseId,
      documentType: b.documentType,
      number: b.number,
      date: b.date,
      taxable: formatPaise(b.taxable),
      igst: formatPaise(b.igst),
      cgst: formatPaise(b.cgst),
      sgst: formatPaise(b.sgst),
      cess: formatPaise(b.cess),
    },
    differences: row.differences,
    notes: row.notes,
  };
}

export type ReconciliationRowWire = ReturnType<typeof reconciliationRowToWire>;

/** Whether the user may decide on this pair now: a suggested match or mismatch pairs them, or the pair was rejected (to undo it). */
export function decidablePair(result: ReconciliationResult, decisions: readonly ReconciliationDecision[], expenseId: string, portalKey: string): ReconciliationRow | null {
  const paired = result.rows.find((row) => row.books?.expenseId === expenseId && row.portal?.key === portalKey);
  if (paired) return paired.status === "suggested_match" || paired.status === "mismatch" ? paired : null;
  const last = decisions.filter((d) => d.expenseId === expenseId && d.portalKey === portalKey).at(-1);
  if (last?.decision !== "rejected") return null;
  return result.rows.find((row) => row.key === portalKey) ?? null;
}
