import { customerStateCode, formatPaise, type Customer } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const customersProjection: Projection<Customer> = {
  collection: collections.customers,
  handles: ["CustomerAdded", "CustomerUpdated", "CustomerDeleted", "CustomerArchived", "CustomerUnarchived"],
  documentIds(event) {
    switch (event.type) {
      case "CustomerAdded":
      case "CustomerUpdated":
      case "CustomerDeleted":
      case "CustomerArchived":
      case "CustomerUnarchived":
        return [event.data.customerId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "CustomerAdded": {
        const { customerId, ownerId, creditLimitPaise, addedAt, stateCode, shippingAddress, shippingStateCode, isSez, ...fields } = event.data;
        return {
          id: customerId,
          userId: ownerId,
          ...fields,
          creditLimit: formatPaise(creditLimitPaise),
          ...placeFields(stateCode, shippingAddress, shippingStateCode, isSez, fields.gstNumber),
          archived: false,
          createdAt: addedAt,
          updatedAt: addedAt,
        };
      }
      case "CustomerUpdated": {
        if (!doc) return doc;
        const { customerId: _id, ownerId: _owner, creditLimitPaise, updatedAt, stateCode, shippingAddress, shippingStateCode, isSez, ...fields } = event.data;
        return { ...doc, ...fields, creditLimit: formatPaise(creditLimitPaise), ...placeFields(stateCode, shippingAddress, shippingStateCode, isSez, fields.gstNumber), updatedAt };
      }
      case "CustomerDeleted":
        return null;
      // Issue 10: documents written before archiving existed have no flag (the read side treats it as false).
      case "CustomerArchived":
        return doc ? { ...doc, archived: true, updatedAt: event.data.archivedAt } : doc;
      case "CustomerUnarchived":
        return doc ? { ...doc, archived: false, updatedAt: event.data.unarchivedAt } : doc;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};

/** Customers recorded before issue 9 carry no state: their GSTIN's, else none (see customerStateCode). */
function placeFields(
  stateCode: string | null | undefined,
  shippingAddress: string | null | undefined,
  shippingStateCode: string | null | undefined,
  isSez: boolean | undefined,
  gstNumber: string | null,
) {
  return { stateCode: customerStateCode({ stateCode, gstNumber }), shippingAddress: shippingAddress ?? null, shippingStateCode: shippingStateCode ?? null, isSez: isSez ?? false };
}
