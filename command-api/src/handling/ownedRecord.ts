import { DomainError, notFound } from "@bahi/shared/server";
import type { BahiEvent } from "@bahi/shared/events";
import type { Decider } from "./decider.ts";

/**
 * The life cycle many of a business's records share (customers, vendors, expenses): added
 * once, updated and deleted by their owner only; to anyone else, and once deleted, "not found".
 */
export type RecordCommand<Input> =
  | { kind: "add"; id: string; ownerId: string; input: Input; at: string }
  | { kind: "update"; ownerId: string; input: Input; at: string }
  | { kind: "delete"; ownerId: string; at: string };

export type RecordState<Fields> =
  { status: "none" } | ({ status: "active"; id: string; ownerId: string; addedAt: string; updatedAt: string } & Fields) | { status: "deleted"; id: string; ownerId: string };

/** The aggregate exists, is alive and belongs to the caller; anything else looks like "not found". */
export function isOwnedActive<Fields>(state: RecordState<Fields>, ownerId: string): state is Extract<RecordState<Fields>, { status: "active" }> {
  return state.status === "active" && state.ownerId === ownerId;
}

/** What happened to a record, whatever its kind: the decider's view of its events. `previous` is the state before an update or delete. */
export type RecordFact<Fields> =
  | { kind: "added"; id: string; ownerId: string; fields: Fields; at: string }
  | { kind: "updated"; id: string; ownerId: string; fields: Fields; at: string; previous?: Fields }
  | { kind: "deleted"; id: string; ownerId: string; at: string; previous?: Fields };

/** How one kind of record names its events and fields. */
export interface RecordEvents<Input, Fields, Event extends BahiEvent> {
  label: string;
  fields(input: Input): Fields;
  toEvent(fact: RecordFact<Fields>): Event;
  fromEvent(event: Event): RecordFact<Fields>;
}

export function ownedRecordDecider<Input, Fields, Event extends BahiEvent>(events: RecordEvents<Input, Fields, Event>): Decider<RecordCommand<Input>, Event, RecordState<Fields>> {
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
          return [events.toEvent({ kind: "updated", id: state.id, ownerId: state.ownerId, fields: events.fields(command.input), at: command.at, previous: fieldsOf(state) })];
        case "delete":
          if (!isOwnedActive(state, command.ownerId)) throw notFound(events.label);
          return [events.toEvent({ kind: "deleted", id: state.id, ownerId: state.ownerId, at: command.at, previous: fieldsOf(state) })];
      }
    },
  };
}

function fieldsOf<Fields>(state: Extract<RecordState<Fields>, { status: "active" }>): Fields {
  const { status: _status, id: _id, ownerId: _owner, addedAt: _added, updatedAt: _updated, ...fields } = state;
  return fields as unknown as Fields;
}
