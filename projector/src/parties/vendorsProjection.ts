import type { Vendor } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const vendorsProjection: Projection<Vendor> = {
  collection: collections.vendors,
  handles: ["VendorAdded", "VendorUpdated", "VendorDeleted", "VendorArchived", "VendorUnarchived"],
  documentIds(event) {
    switch (event.type) {
      case "VendorAdded":
      case "VendorUpdated":
      case "VendorDeleted":
      case "VendorArchived":
      case "VendorUnarchived":
        return [event.data.vendorId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "VendorAdded": {
        const { vendorId, ownerId, addedAt, ...fields } = event.data;
        return { id: vendorId, userId: ownerId, ...fields, archived: false, createdAt: addedAt, updatedAt: addedAt };
      }
      case "VendorUpdated": {
        if (!doc) return doc;
        const { vendorId: _id, ownerId: _owner, updatedAt, ...fields } = event.data;
        return { ...doc, ...fields, updatedAt };
      }
      case "VendorDeleted":
        return null;
      // Issue 10: documents written before archiving existed have no flag (the read side treats it as false).
      case "VendorArchived":
        return doc ? { ...doc, archived: true, updatedAt: event.data.archivedAt } : doc;
      case "VendorUnarchived":
        return doc ? { ...doc, archived: false, updatedAt: event.data.unarchivedAt } : doc;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
