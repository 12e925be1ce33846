import { formatPaise, type Customer } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const customersProjection: Projection<Customer> = {
  collection: collections.customers,
  handles: ["CustomerAdded", "CustomerUpdated", "CustomerDeleted"],
  documentIds(event) {
    switch (event.type) {
      case "CustomerAdded":
      case "CustomerUpdated":
      case "CustomerDeleted":
        return [event.data.customerId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "CustomerAdded": {
        const { customerId, ownerId, creditLimitPaise, addedAt, ...fields } = event.data;
        return { id: customerId, userId: ownerId, ...fields, creditLimit: formatPaise(creditLimitPaise), createdAt: addedAt, updatedAt: addedAt };
      }
      case "CustomerUpdated": {
        if (!doc) return doc;
        const { customerId: _id, ownerId: _owner, creditLimitPaise, updatedAt, ...fields } = event.data;
        return { ...doc, ...fields, creditLimit: formatPaise(creditLimitPaise), updatedAt };
      }
      case "CustomerDeleted":
        return null;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
