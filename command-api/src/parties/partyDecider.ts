import { DomainError, notFound } from "@bahi/shared/server";
import type { BahiEvent } from "@bahi/shared/events";
import type { Decider } from "../http/decider.ts";
import { isOwnedActive, type PartyCommand, type PartyState } from "./partyCommands.ts";

/** What happened to a contact, whatever its kind: the decider's view of a party event. */
export type PartyFact<Fields> =
  | { kind: "added"; id: string; ownerId: string; fields: Fields; at: string }
  | { kind: "updated"; id: string; ownerId: string; fields: Fields; at: string }
  | { kind: "deleted"; id: string; ownerId: string; at: string };

/** How one kind of contact (customer, vendor) names its events and fields. */
export interface PartyEvents<Input, Fields, Event extends BahiEvent> {
  label: string;
  fields(input: Input): Fields;
  toEvent(fact: PartyFact<Fields>): Event;
  fromEvent(event: Event): PartyFact<Fields>;
}

/**
 * Customers and vendors follow one life cycle: added once, updated and deleted by their
 * owner only; anyone else, and a deleted contact, sees "not found".
 */
export function partyDecider<Input, Fields, Event extends BahiEvent>(
  events: PartyEvents<Input, Fields, Event>,
): Decider<PartyCommand<Input>, Event, PartyState<Fields>> {
  return {
    initialState: { status: "none" },
    evolve(state, event) {
      const fact = events.fromEvent(event);
      switch (fact.kind) {
        case "added":
          return { status: "active", id: fact.id, ownerId: fact.ownerId, addedAt: fact.at, updatedAt: fact.at, ...fact.fields };
        case "updated":
          return state.status === "active" ? { ...state, ...fact.fields, updatedAt: fact.at } : state;
        case "deleted":
          return { status: "deleted", id: fact.id, ownerId: fact.ownerId };
      }
    },
    decide(command, state) {
      switch (command.kind) {
        case "add":
          if (state.status !== "none") throw new DomainError("CONFLICT", `This ${events.label.toLowerCase()} already exists`);
          return [events.toEvent({ kind: "added", id: command.id, ownerId: command.ownerId, fields: events.fields(command.input), at: command.at })];
        case "update":
          if (!isOwnedActive(state, command.ownerId)) throw notFound(events.label);
          return [events.toEvent({ kind: "updated", id: state.id, ownerId: state.ownerId, fields: events.fields(command.input), at: command.at })];
        case "delete":
          if (!isOwnedActive(state, command.ownerId)) throw notFound(events.label);
          return [events.toEvent({ kind: "deleted", id: state.id, ownerId: state.ownerId, at: command.at })];
      }
    },
  };
}
