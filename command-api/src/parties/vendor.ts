import type { Vendor, VendorInput } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { ownedRecordDecider, type RecordState } from "../http/ownedRecord.ts";

export type VendorEvent = BahiEventOf<"VendorAdded" | "VendorUpdated" | "VendorDeleted">;
export type VendorState = RecordState<VendorInput>;

export const vendorDecider = ownedRecordDecider<VendorInput, VendorInput, VendorEvent>({
  label: "Vendor",
  fields: (input) => input,
  toEvent(fact) {
    switch (fact.kind) {
      case "added":
        return { type: "VendorAdded", data: { vendorId: fact.id, ownerId: fact.ownerId, ...fact.fields, addedAt: fact.at } };
      case "updated":
        return { type: "VendorUpdated", data: { vendorId: fact.id, ownerId: fact.ownerId, ...fact.fields, updatedAt: fact.at } };
      case "deleted":
        return { type: "VendorDeleted", data: { vendorId: fact.id, ownerId: fact.ownerId, deletedAt: fact.at } };
    }
  },
  fromEvent(event) {
    switch (event.type) {
      case "VendorAdded": {
        const { vendorId, ownerId, addedAt, ...fields } = event.data;
        return { kind: "added", id: vendorId, ownerId, fields, at: addedAt };
      }
      case "VendorUpdated": {
        const { vendorId, ownerId, updatedAt, ...fields } = event.data;
        return { kind: "updated", id: vendorId, ownerId, fields, at: updatedAt };
      }
      case "VendorDeleted":
        return { kind: "deleted", id: event.data.vendorId, ownerId: event.data.ownerId, at: event.data.deletedAt };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
});

export function vendorView(state: VendorState): Vendor {
  if (state.status !== "active") throw new Error("Only a live vendor has a view");
  const { status: _status, id, ownerId, addedAt, updatedAt, ...fields } = state;
  return { id, userId: ownerId, ...fields, createdAt: addedAt, updatedAt };
}
