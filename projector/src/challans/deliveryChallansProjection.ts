import { deliveryChallanView } from "@bahi/shared/events";
import { collections, type DeliveryChallanDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/** Delivery challans, one document each (issue 9, Rule 55); queried by read-api/src/challans/routes.ts. */
export const deliveryChallansProjection: Projection<DeliveryChallanDocument> = {
  collection: collections.deliveryChallans,
  handles: ["DeliveryChallanIssued", "DeliveryChallanCancelled"],
  documentIds: (event) => (event.type === "DeliveryChallanIssued" || event.type === "DeliveryChallanCancelled" ? [event.data.challanId] : []),
  evolve(doc, event) {
    if (event.type === "DeliveryChallanIssued") return { ...deliveryChallanView(event.data), facts: event.data };
    if (event.type === "DeliveryChallanCancelled" && doc) return { ...deliveryChallanView(doc.facts, event.data), facts: doc.facts };
    return doc;
  },
  ownerOf: (doc) => doc.userId,
};
