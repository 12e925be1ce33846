import { collections, type ShareLinkDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/**
 * Issue 10: active invoice share links, each kept under its token (the public page,
 * read-api/src/share/publicPage.ts) and under its invoice id (the owner's screens); a revoked
 * link's two documents are deleted, so its token finds nothing.
 */
export const shareLinksProjection: Projection<ShareLinkDocument> = {
  collection: collections.shareLinks,
  handles: ["InvoiceShareLinkCreated", "InvoiceShareLinkRevoked"],
  documentIds: (event) => (event.type === "InvoiceShareLinkCreated" || event.type === "InvoiceShareLinkRevoked" ? [event.data.token, event.data.invoiceId] : []),
  evolve(doc, event) {
    if (event.type === "InvoiceShareLinkCreated") {
      const { invoiceId, ownerId, token, createdAt } = event.data;
      return { invoiceId, ownerId, token, createdAt };
    }
    // Only the link this event revokes: an invoice's document may already hold a newer one.
    if (event.type === "InvoiceShareLinkRevoked") return doc && doc.token !== event.data.token ? doc : null;
    return doc;
  },
  ownerOf: (doc) => doc.ownerId,
};
