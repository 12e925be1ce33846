import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, type EwayBillDocument } from "@bahi/shared/read-models";

export const ewayBillsProjection: Projection<EwayBillDocument> = {
  collection: collections.ewayBills,
  handles: ["EwayBillGenerated", "EwayBillCancelled"],
  documentIds: (event) => (event.type === "EwayBillGenerated" || event.type === "EwayBillCancelled" ? [event.data.ewayBillId] : []),
  evolve(doc, event) {
    switch (event.type) {
      case "EwayBillGenerated": {
        const d = event.data;
        return {
          id: d.ewayBillId,
          userId: d.ownerId,
          invoiceId: d.invoiceId,
          eWayBillNo: d.ewayBillNo,
          documentNumber: d.documentNumber,
          documentDate: d.documentDate,
          documentType: d.documentType,
          transactionType: d.transactionType,
          consignmentValue: formatPaise(d.consignmentValuePaise),
          shipFromGstin: d.shipFromGstin,
          shipToGstin: d.shipToGstin,
          shipFromAddress: d.shipFromAddress,
          shipToAddress: d.shipToAddress,
          distance: d.distanceKm,
          transporterName: d.transporterName,
          transporterGstin: d.transporterId,
          vehicleNumber: d.vehicleNumber,
          modeOfTransport: d.transportMode,
          validUpto: d.validUntil,
          status: "active",
          cancelReason: null,
          sandbox: d.sandbox,
          createdAt: d.generatedAt,
        };
      }
      case "EwayBillCancelled":
        return doc && { ...doc, status: "cancelled", cancelReason: event.data.reason };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
