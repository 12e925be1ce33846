import { customerStateCode, formatPaise, toPaise, type Customer, type CustomerInput } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { ownedRecordDecider } from "../handling/ownedRecord.ts";
import { archivableDecider, type Archivable } from "./archive.ts";

type CustomerRecordEvent = BahiEventOf<"CustomerAdded" | "CustomerUpdated" | "CustomerDeleted">;
type CustomerArchiveEvent = BahiEventOf<"CustomerArchived" | "CustomerUnarchived">;
export type CustomerEvent = CustomerRecordEvent | CustomerArchiveEvent;
/** The issue-9 fields are absent from customers recorded before them. */
type CustomerFields = Omit<CustomerInput, "creditLimit" | "stateCode" | "shippingAddress" | "shippingStateCode" | "isSez"> & {
  creditLimitPaise: number;
  stateCode?: string | null;
  shippingAddress?: string | null;
  shippingStateCode?: string | null;
  isSez?: boolean;
};
export type CustomerState = Archivable<CustomerFields>;

const customerRecordDecider = ownedRecordDecider<CustomerInput, CustomerFields, CustomerRecordEvent>({
  label: "Customer",
  fields: ({ creditLimit, ...rest }) => ({ ...rest, creditLimitPaise: toPaise(creditLimit) }),
  toEvent(fact) {
    switch (fact.kind) {
      case "added":
        return { type: "CustomerAdded", data: { customerId: fact.id, ownerId: fact.ownerId, ...fact.fields, addedAt: fact.at } };
      case "updated":
        return { type: "CustomerUpdated", data: { customerId: fact.id, ownerId: fact.ownerId, ...fact.fields, updatedAt: fact.at } };
      case "deleted":
        return { type: "CustomerDeleted", data: { customerId: fact.id, ownerId: fact.ownerId, deletedAt: fact.at } };
    }
  },
  fromEvent(event) {
    switch (event.type) {
      case "CustomerAdded": {
        const { customerId, ownerId, addedAt, ...fields } = event.data;
        return { kind: "added", id: customerId, ownerId, fields, at: addedAt };
      }
      case "CustomerUpdated": {
        const { customerId, ownerId, updatedAt, ...fields } = event.data;
        return { kind: "updated", id: customerId, ownerId, fields, at: updatedAt };
      }
      case "CustomerDeleted":
        return { kind: "deleted", id: event.data.customerId, ownerId: event.data.ownerId, at: event.data.deletedAt };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
});

export const customerDecider = archivableDecider<CustomerInput, CustomerFields, CustomerRecordEvent, CustomerArchiveEvent>(customerRecordDecider, {
  label: "Customer",
  toEvent: (kind, customerId, ownerId, at) =>
    kind === "archived"
      ? { type: "CustomerArchived", data: { customerId, ownerId, archivedAt: at } }
      : { type: "CustomerUnarchived", data: { customerId, ownerId, unarchivedAt: at } },
  kindOf: (event) => (event.type === "CustomerArchived" ? "archived" : event.type === "CustomerUnarchived" ? "unarchived" : null),
});

export function customerView(state: CustomerState): Customer {
  if (state.status !== "active") throw new Error("Only a live customer has a view");
  const { status: _status, id, ownerId, creditLimitPaise, addedAt, updatedAt, stateCode, shippingAddress, shippingStateCode, isSez, archived, ...fields } = state;
  return {
    id,
    userId: ownerId,
    ...fields,
    creditLimit: formatPaise(creditLimitPaise),
    stateCode: customerStateCode({ stateCode, gstNumber: fields.gstNumber }),
    shippingAddress: shippingAddress ?? null,
    shippingStateCode: shippingStateCode ?? null,
    isSez: isSez ?? false,
    archived: archived ?? false,
    createdAt: addedAt,
    updatedAt,
  };
}
