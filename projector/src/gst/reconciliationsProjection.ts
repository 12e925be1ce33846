import type { Projection } from "../projection.ts";

export const RECONCILIATIONS = "reconciliations";

export interface ReconciliationDocument {
  id: string;
  userId: string;
  period: string;
  uploadedAt: string;
  invoicesIn2b: number;
  completedAt: string | null;
  summary: { matched: number; mismatch: number; missing_in_books: number; missing_in_2b: number; total: number } | null;
  rows: unknown[];
}

export const reconciliationsProjection: Projection<ReconciliationDocument> = {
  collection: RECONCILIATIONS,
  handles: ["Gstr2bUploaded", "ReconciliationCompleted"],
  documentIds: (event) => (event.type === "Gstr2bUploaded" || event.type === "ReconciliationCompleted" ? [`${event.data.userId}-${event.data.period}`] : []),
  evolve(doc, event) {
    switch (event.type) {
      case "Gstr2bUploaded": {
        const d = event.data;
        // A new upload starts over: the old result no longer describes it.
        return { id: `${d.userId}-${d.period}`, userId: d.userId, period: d.period, uploadedAt: d.uploadedAt, invoicesIn2b: d.invoiceCount, completedAt: null, summary: null, rows: [] };
      }
      case "ReconciliationCompleted":
        return doc && { ...doc, completedAt: event.data.completedAt, summary: event.data.summary, rows: event.data.rows };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
