import { toPaise, formatPaise, type Customer, type CustomerInput } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";
import { isOwnedActive, type PartyCommand, type PartyState } from "./partyCommands.ts";

export type CustomerEvent = BahiEventOf<"CustomerAdded" | "CustomerUpdated" | "CustomerDeleted">;
type CustomerFields = Omit<CustomerInput, "creditLimit"> & { creditLimitPaise: number };
export type CustomerState = PartyState<CustomerFields>;

function fields(input: CustomerInput): CustomerFields {
  const { creditLimit, ...rest } = input;
  return { ...rest, creditLimitPaise: toPaise(creditLimit) };
}

export const customerDecider: Decider<PartyCommand<CustomerInput>, CustomerEvent, CustomerState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "CustomerAdded": {
        const { customerId, addedAt, ...rest } = event.data;
        return { status: "active", id: customerId, addedAt, updatedAt: addedAt, ...rest };
      }
      case "CustomerUpdated": {
        if (state.status !== "active") return state;
        const { customerId: _id, updatedAt, ...rest } = event.data;
        return { ...state, ...rest, updatedAt };
      }
      case "CustomerDeleted":
        return { status: "deleted", id: event.data.customerId, ownerId: event.data.ownerId };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "add":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This customer already exists");
        return [
          { type: "CustomerAdded", data: { customerId: command.id, ownerId: command.ownerId, ...fields(command.input), addedAt: command.at } },
        ];
      case "update":
        if (!isOwnedActive(state, command.ownerId)) throw notFound("Customer");
        return [
          { type: "CustomerUpdated", data: { customerId: state.id, ownerId: state.ownerId, ...fields(command.input), updatedAt: command.at } },
        ];
      case "delete":
        if (!isOwnedActive(state, command.ownerId)) throw notFound("Customer");
        return [{ type: "CustomerDeleted", data: { customerId: state.id, ownerId: state.ownerId, deletedAt: command.at } }];
    }
  },
};

export function customerView(state: CustomerState): Customer {
  if (state.status !== "active") throw new Error("Only a live customer has a view");
  return {
    id: state.id,
    userId: state.ownerId,
    name: state.name,
    email: state.email,
    phone: state.phone,
    address: state.address,
    gstNumber: state.gstNumber,
    creditLimit: formatPaise(state.creditLimitPaise),
    createdAt: state.addedAt,
    updatedAt: state.updatedAt,
  };
}
