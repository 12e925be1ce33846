import { collections, type PaymentDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/** Issue 12: the invoice each payment was recorded on, one document per payment. */
export const paymentsProjection: Projection<PaymentDocument> = {
  collection: collections.payments,
  handles: ["InvoicePaymentRecorded"],
  documentIds(event) {
    return event.type === "InvoicePaymentRecorded" ? [event.data.paymentId.toLowerCase()] : [];
  },
  evolve(doc, event) {
    if (event.type !== "InvoicePaymentRecorded") return doc;
    return { id: event.data.paymentId.toLowerCase(), invoiceId: event.data.invoiceId, userId: event.data.ownerId };
  },
  ownerOf: (doc) => doc.userId,
};
