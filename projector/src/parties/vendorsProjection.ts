import type { Vendor } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const vendorsProjection: Projection<Vendor> = {
  collection: collections.vendors,
  handles: ["VendorAdded", "VendorUpdated", "VendorDeleted"],
  documentIds(event) {
    switch (event.type) {
      case "VendorAdded":
      case "VendorUpdated":
      case "VendorDeleted":
        return [event.data.vendorId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "VendorAdded": {
        const { vendorId, ownerId, addedAt, ...fields } = event.data;
        return { id: vendorId, userId: ownerId, ...fields, createdAt: addedAt, updatedAt: addedAt };
      }
      case "VendorUpdated": {
        if (!doc) return doc;
        const { vendorId: _id, ownerId: _owner, updatedAt, ...fields } = event.data;
        return { ...doc, ...fields, updatedAt };
      }
      case "VendorDeleted":
        return null;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
