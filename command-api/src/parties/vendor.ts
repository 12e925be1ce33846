import type { Vendor, VendorInput } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { ownedRecordDecider } from "../handling/ownedRecord.ts";
import { archivableDecider, type Archivable } from "./archive.ts";

type VendorRecordEvent = BahiEventOf<"VendorAdded" | "VendorUpdated" | "VendorDeleted">;
type VendorArchiveEvent = BahiEventOf<"VendorArchived" | "VendorUnarchived">;
export type VendorEvent = VendorRecordEvent | VendorArchiveEvent;
export type VendorState = Archivable<VendorInput>;

const vendorRecordDecider = ownedRecordDecider<VendorInput, VendorInput, VendorRecordEvent>({
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

export const vendorDecider = archivableDecider<VendorInput, VendorInput, VendorRecordEvent, VendorArchiveEvent>(vendorRecordDecider, {
  label: "Vendor",
  toEvent: (kind, vendorId, ownerId, at) =>
    kind === "archived" ? { type: "VendorArchived", data: { vendorId, ownerId, archivedAt: at } } : { type: "VendorUnarchived", data: { vendorId, ownerId, unarchivedAt: at } },
  kindOf: (event) => (event.type === "VendorArchived" ? "archived" : event.type === "VendorUnarchived" ? "unarchived" : null),
});

export function vendorView(state: VendorState): Vendor {
  if (state.status !== "active") throw new Error("Only a live vendor has a view");
  const { status: _status, id, ownerId, addedAt, updatedAt, archived, ...fields } = state;
  return { id, userId: ownerId, ...fields, archived: archived ?? false, createdAt: addedAt, updatedAt };
}
