import type { Projection } from "../projection.ts";
import { collections, reconciliationId, type ReconciliationDocument } from "@bahi/shared/read-models";


export const reconciliationsProjection: Projection<ReconciliationDocument> = {
  collection: collections.reconciliations,
  handles: ["Gstr2bUploaded", "ReconciliationCompleted"],
  documentIds: (event) => (event.type === "Gstr2bUploaded" || event.type === "ReconciliationCompleted" ? [reconciliationId(event.data.userId, event.data.period)] : []),
  evolve(doc, event) {
    switch (event.type) {
      case "Gstr2bUploaded": {
        const d = event.data;
        // A new upload starts over: the old result no longer describes it.
        return { id: reconciliationId(d.userId, d.period), userId: d.userId, period: d.period, uploadedAt: d.uploadedAt, invoicesIn2b: d.invoiceCount, completedAt: null, summary: null, rowsBlob: null, rows: [] };
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
