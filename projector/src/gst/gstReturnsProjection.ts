import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, gstReturnId, type GstReturnDocument } from "@bahi/shared/read-models";

export const gstReturnsProjection: Projection<GstReturnDocument> = {
  collection: collections.gstReturns,
  handles: ["GstReturnFilingRequested", "GstReturnFiled", "GstReturnFilingFailed"],
  documentIds(event) {
    switch (event.type) {
      case "GstReturnFilingRequested":
      case "GstReturnFiled":
      case "GstReturnFilingFailed":
        return [gstReturnId(event.data.userId, event.data.returnType, event.data.period)];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "GstReturnFilingRequested": {
        const d = event.data;
        return {
          id: gstReturnId(d.userId, d.returnType, d.period),
          userId: d.userId,
          returnType: d.returnType,
          period: d.period,
          status: "pending",
          arn: null,
          filedAt: null,
          filedVia: null,
          error: null,
          totalTurnover: "0.00",
          totalTaxLiability: "0.00",
          totalItcClaimed: "0.00",
          netTaxPayable: "0.00",
          requestedAt: d.requestedAt,
          returnJsonBlob: null,
          returnJson: null,
        };
      }
      case "GstReturnFiled": {
        if (!doc) return doc;
        const { totals } = event.data;
        return {
          ...doc,
          status: "filed",
          arn: event.data.arn,
          filedAt: event.data.filedAt,
          filedVia: event.data.filedVia,
          error: null,
          totalTurnover: formatPaise(totals.invoiceValuePaise),
          totalTaxLiability: formatPaise(totals.taxPaise),
          totalItcClaimed: formatPaise(totals.itcPaise),
          netTaxPayable: formatPaise(totals.netPayablePaise),
          creditCarriedForward: totals.creditCarriedForward ?? null,
          interest: formatPaise(totals.interestPaise ?? 0),
          lateFee: formatPaise(totals.lateFeePaise ?? 0),
          returnJsonBlob: event.data.returnJsonBlob ?? null,
          returnJson: event.data.returnJson ?? null,
        };
      }
      case "GstReturnFilingFailed":
        return doc && { ...doc, status: "failed", error: event.data.reason };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
