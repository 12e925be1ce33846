import type { Projection } from "../projection.ts";
import { collections, reconciliationId, type ReconciliationDocument } from "@bahi/shared/read-models";

/**
 * One document per uploaded period. It names the uploaded 2B (by hash) and keeps the user's
 * decisions, so the read API can recompute the rows against the expenses as they are now.
 */
export const reconciliationsProjection: Projection<ReconciliationDocument> = {
  collection: collections.reconciliations,
  handles: ["Gstr2bUploaded", "ReconciliationMatchDecided", "ReconciliationCompleted"],
  documentIds: (event) =>
    event.type === "Gstr2bUploaded" || event.type === "ReconciliationCompleted" || event.type === "ReconciliationMatchDecided"
      ? [reconciliationId(event.data.userId, event.data.period)]
      : [],
  evolve(doc, event) {
    switch (event.type) {
      case "Gstr2bUploaded": {
        const d = event.data;
        // A new upload starts over: the old result no longer describes it. Decisions name pairs
        // by the 2B document's key, so they still apply to a re-download of the same 2B.
        return {
          id: reconciliationId(d.userId, d.period),
          userId: d.userId,
          period: d.period,
          uploadedAt: d.uploadedAt,
          invoicesIn2b: d.invoiceCount,
          gstin: d.gstin ?? null,
          reportIn: d.reportIn ?? doc?.reportIn ?? null,
          gstr2bBlob: d.gstr2bBlob ?? null,
          gstr2bInline: d.gstr2bBlob ? null : (d.gstr2b ?? null),
          decisions: doc?.decisions ?? [],
          completedAt: null,
          summary: null,
          rowsBlob: null,
          rows: [],
        };
      }
      case "ReconciliationMatchDecided": {
        const { expenseId, portalKey, decision, decidedAt } = event.data;
        return doc && { ...doc, decisions: [...(doc.decisions ?? []), { expenseId, portalKey, decision, decidedAt }] };
      }
      case "ReconciliationCompleted":
        // The document keeps only the rows' hash; a reconciliation recorded before blobs keeps its inline rows.
        return doc && { ...doc, completedAt: event.data.completedAt, summary: event.data.summary, rowsBlob: event.data.rowsBlob ?? null, rows: event.data.rows ?? [] };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
