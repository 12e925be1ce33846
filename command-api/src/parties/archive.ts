/**
 * Issue 10: archiving a customer or vendor. A party with documents cannot be deleted (its
 * invoices, notes, challans or expenses name it), so the shop owner archives it instead: it
 * stays on its documents and in reports but leaves the pickers, and an archived customer
 * cannot be invoiced until unarchived.
 *
 * Archiving is two events on the party's own stream (CustomerArchived / CustomerUnarchived,
 * VendorArchived / VendorUnarchived), folded over the record's usual life cycle.
 */
import { DomainError, notFound } from "@bahi/shared/server";
import type { BahiEvent } from "@bahi/shared/events";
import type { Decider } from "../handling/decider.ts";
import { isOwnedActive, type RecordCommand, type RecordState } from "../handling/ownedRecord.ts";

export type ArchiveCommand = { kind: "archive" | "unarchive"; ownerId: string; at: string };

/** The record's state plus whether it is archived (absent: never archived). */
export type Archivable<Fields> = RecordState<Fields & { archived?: boolean }>;

interface ArchiveEvents<ArchiveEvent extends BahiEvent> {
  label: string;
  toEvent(kind: "archived" | "unarchived", id: string, ownerId: string, at: string): ArchiveEvent;
  /** "archived"/"unarchived" for the party's archive events, null for its other events. */
  kindOf(event: BahiEvent): "archived" | "unarchived" | null;
}

export function archivableDecider<Input, Fields, Event extends BahiEvent, ArchiveEvent extends BahiEvent>(
  base: Decider<RecordCommand<Input>, Event, RecordState<Fields>>,
  events: ArchiveEvents<ArchiveEvent>,
): Decider<RecordCommand<Input> | ArchiveCommand, Event | ArchiveEvent, Archivable<Fields>> {
  return {
    initialState: base.initialState as Archivable<Fields>,
    evolve(state, event) {
      const kind = events.kindOf(event);
      if (kind === null) return base.evolve(state as RecordState<Fields>, event as Event) as Archivable<Fields>;
      return state.status === "active" ? { ...state, archived: kind === "archived" } : state;
    },
    decide(command, state) {
      if (!isArchiveCommand(command)) return base.decide(command, state as RecordState<Fields>);
      if (!isOwnedActive(state, command.ownerId)) throw notFound(events.label);
      const archive = command.kind === "archive";
      // Asking again is harmless: nothing to append.
      if ((state.archived === true) === archive) return [];
      return [events.toEvent(archive ? "archived" : "unarchived", state.id, state.ownerId, command.at)];
    },
  };
}

function isArchiveCommand<Input>(command: RecordCommand<Input> | ArchiveCommand): command is ArchiveCommand {
  return command.kind === "archive" || command.kind === "unarchive";
}

/** 400 for invoicing an archived customer (what the invoice form shows on the customer field). */
export function assertNotArchived(state: { archived?: boolean; name?: string }, label: string): void {
  if (state.archived === true) {
    throw new DomainError("PARTY_ARCHIVED", `${state.name ?? `This ${label.toLowerCase()}`} is archived: unarchive it on the ${label}s page first`);
  }
}
