import type { Vendor, VendorInput } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";
import { isOwnedActive, type PartyCommand, type PartyState } from "./partyCommands.ts";

export type VendorEvent = BahiEventOf<"VendorAdded" | "VendorUpdated" | "VendorDeleted">;
export type VendorState = PartyState<VendorInput>;

export const vendorDecider: Decider<PartyCommand<VendorInput>, VendorEvent, VendorState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "VendorAdded": {
        const { vendorId, addedAt, ...rest } = event.data;
        return { status: "active", id: vendorId, addedAt, updatedAt: addedAt, ...rest };
      }
      case "VendorUpdated": {
        if (state.status !== "active") return state;
        const { vendorId: _id, updatedAt, ...rest } = event.data;
        return { ...state, ...rest, updatedAt };
      }
      case "VendorDeleted":
        return { status: "deleted", id: event.data.vendorId, ownerId: event.data.ownerId };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "add":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This vendor already exists");
        return [{ type: "VendorAdded", data: { vendorId: command.id, ownerId: command.ownerId, ...command.input, addedAt: command.at } }];
      case "update":
        if (!isOwnedActive(state, command.ownerId)) throw notFound("Vendor");
        return [{ type: "VendorUpdated", data: { vendorId: state.id, ownerId: state.ownerId, ...command.input, updatedAt: command.at } }];
      case "delete":
        if (!isOwnedActive(state, command.ownerId)) throw notFound("Vendor");
        return [{ type: "VendorDeleted", data: { vendorId: state.id, ownerId: state.ownerId, deletedAt: command.at } }];
    }
  },
};

export function vendorView(state: VendorState): Vendor {
  if (state.status !== "active") throw new Error("Only a live vendor has a view");
  return {
    id: state.id,
    userId: state.ownerId,
    name: state.name,
    email: state.email,
    phone: state.phone,
    address: state.address,
    gstNumber: state.gstNumber,
    createdAt: state.addedAt,
    updatedAt: state.updatedAt,
  };
}
