import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";

export const EWAY_BILLS = "ewayBills";

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

export const ewayBillsProjection: Projection<EwayBillDocument> = {
  collection: EWAY_BILLS,
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
