import type { BahiEvent } from "@bahi/shared/events";
import { collections, type ProcessDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

const processId = (kind: ProcessDocument["kind"], aggregateId: string) => `${kind}-${aggregateId}`;

/**
 * Unfinished process managers, so the recovery sweep knows where to look: a document from
 * the intent (or, for a deletion, the ProductDeleted that carries the SKU it frees) until
 * the commit or the terminal event, which tombstones it.
 */
export const processesProjection: Projection<ProcessDocument> = {
  collection: collections.processes,
  handles: [
    "InvoiceCreationStarted",
    "InvoiceCreationAbandoned",
    "InvoiceCreationCompensated",
    "InvoiceCreated",
    "ProductCreationStarted",
    "ProductCreationAbandoned",
    "ProductCreationCompensated",
    "ProductAdded",
    "ProductSkuChangeStarted",
    "ProductSkuChangeAbandoned",
    "ProductSkuChangeCompleted",
    "ProductSkuChangeCompensated",
    "ProductDeleted",
    "SkuReleased",
  ],
  documentIds(event) {
    return idsOf(event);
  },
  evolve(doc, event) {
    switch (event.type) {
      case "InvoiceCreationStarted":
        return { id: processId("createInvoice", event.data.invoiceId), kind: "createInvoice", aggregateId: event.data.invoiceId, ownerId: event.data.ownerId, startedAt: event.data.startedAt, phase: "started" };
      case "ProductCreationStarted":
        return { id: processId("createProduct", event.data.productId), kind: "createProduct", aggregateId: event.data.productId, ownerId: event.data.ownerId, startedAt: event.data.startedAt, phase: "started" };
      case "ProductSkuChangeStarted":
        return { id: processId("changeProductSku", event.data.productId), kind: "changeProductSku", aggregateId: event.data.productId, ownerId: event.data.ownerId, startedAt: event.data.startedAt, phase: "started" };
      case "ProductDeleted":
        return event.data.sku === undefined
          ? doc
          : { id: processId("deleteProduct", event.data.productId), kind: "deleteProduct", aggregateId: event.data.productId, ownerId: event.data.ownerId, startedAt: event.data.deletedAt, phase: "started" };
      case "InvoiceCreationAbandoned":
      case "ProductCreationAbandoned":
      case "ProductSkuChangeAbandoned":
        return doc && { ...doc, phase: "abandoned" };
      case "InvoiceCreated":
      case "InvoiceCreationCompensated":
      case "ProductAdded":
      case "ProductCreationCompensated":
      case "ProductSkuChangeCompleted":
      case "ProductSkuChangeCompensated":
      case "SkuReleased":
        return null;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.ownerId,
};

function idsOf(event: BahiEvent): string[] {
  switch (event.type) {
    case "InvoiceCreationStarted":
    case "InvoiceCreationAbandoned":
    case "InvoiceCreationCompensated":
      return [processId("createInvoice", event.data.invoiceId)];
    case "InvoiceCreated":
      return [processId("createInvoice", event.data.invoiceId)];
    case "ProductCreationStarted":
    case "ProductCreationAbandoned":
    case "ProductCreationCompensated":
    case "ProductAdded":
      return [processId("createProduct", event.data.productId)];
    case "ProductSkuChangeStarted":
    case "ProductSkuChangeAbandoned":
    case "ProductSkuChangeCompleted":
    case "ProductSkuChangeCompensated":
      return [processId("changeProductSku", event.data.productId)];
    case "ProductDeleted":
      return event.data.sku === undefined ? [] : [processId("deleteProduct", event.data.productId)];
    // Only the deletion's own release ends the deletion; other releases belong to other processes.
    case "SkuReleased":
      return event.data.process === "deleteProduct" ? [processId("deleteProduct", event.data.productId)] : [];
    default:
      return [];
  }
}
