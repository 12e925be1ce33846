import type { Invoice } from "@bahi/shared/contract";
import { invoiceView } from "@bahi/shared/events";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const invoicesProjection: Projection<Invoice> = {
  collection: collections.invoices,
  handles: ["InvoiceCreated", "InvoiceMarkedPaid", "InvoiceStatusChanged", "InvoiceBecameOverdue", "InvoiceRevised", "InvoiceCancelled"],
  documentIds(event) {
    switch (event.type) {
      case "InvoiceCreated":
      case "InvoiceMarkedPaid":
      case "InvoiceStatusChanged":
      case "InvoiceBecameOverdue":
      case "InvoiceRevised":
      case "InvoiceCancelled":
        return [event.data.invoiceId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "InvoiceCreated":
        return invoiceView(event.data, "pending", null);
      case "InvoiceMarkedPaid":
        return doc && { ...doc, status: "paid", paidAt: event.data.paidAt };
      case "InvoiceStatusChanged":
        return doc && { ...doc, status: event.data.to };
      case "InvoiceBecameOverdue":
        return doc && { ...doc, status: "overdue" };
      case "InvoiceRevised": {
        if (!doc) return doc;
        const { previous: _previous, revisedAt, ...facts } = event.data;
        const view = invoiceView({ ...facts, invoiceNumber: doc.invoiceNumber, createdAt: doc.createdAt }, doc.status, doc.paidAt);
        return { ...view, revisedAt, revisions: (doc.revisions ?? 0) + 1 };
      }
      case "InvoiceCancelled":
        return doc && { ...doc, status: "cancelled", cancelledAt: event.data.cancelledAt, cancelReason: event.data.reason };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
