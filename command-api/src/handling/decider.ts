import { randomUUID } from "node:crypto";
import { CURRENT_SCHEMA_VERSION, upcast, validateEvent, type BahiEvent } from "@bahi/shared/events";
import type { EventStore, ExpectedRevision, NewEvent, RecordedEvent } from "@bahi/shared/server";
import type { RecordRevisionGuard } from "./revision.ts";
import { beforeOwnEvents, nextId } from "../idempotency/ids.ts";

/** A pure decider: no I/O, no clock, no random ids (they come in with the command). */
export interface Decider<Command, Event extends BahiEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** Who is acting and why; becomes every appended event's metadata. */
export interface CommandContext {
  userId: string | null;
  actor: string;
  correlationId: string;
  causationId: string | null;
  now: Date;
  /** Issue 11: the business written to and the member who acted, when a session names them. */
  businessId?: string;
  actorName?: string;
  actorRole?: "owner" | "accountant" | "staff" | "auditor";
  /** Issue 12: the record a PUT/PATCH/DELETE names and its If-Match, held by handle() (http/revision.ts). */
  expectedRevision?: RecordRevisionGuard;
}

export interface Handled<State> {
  state: State;
  events: BahiEvent[];
  /** Global position of the last appended event, or null when the decision appended nothing. */
  position: string | null;
  /** The stream's revision after the decision (its last event's), or null for an empty stream. */
  revision: number | null;
}

function toNewEvent(event: BahiEvent, context: CommandContext): NewEvent {
  const valid = validateEvent(event);
  return {
    // Issue 12: derived from the Idempotency-Key when the request has one (idempotency/ids.ts).
    id: nextId(randomUUID),
    type: valid.type,
    data: valid.data,
    metadata: {
      userId: context.userId,
      actor: context.actor,
      causationId: context.causationId,
      correlationId: context.correlationId,
      occurredAt: context.now.toISOString(),
      schemaVersion: CURRENT_SCHEMA_VERSION,
      // Issue 11: every event names its business, system jobs' too (their userId is the business).
      ...((context.businessId ?? context.userId) ? { businessId: context.businessId ?? context.userId! } : {}),
      ...(context.actorName !== undefined ? { actorName: context.actorName } : {}),
      ...(context.actorRole !== undefined ? { actorRole: context.actorRole } : {}),
    },
  };
}

export function fold<Event extends BahiEvent, State>(decider: Pick<Decider<unknown, Event, State>, "evolve" | "initialState">, recorded: readonly RecordedEvent[]): State {
  let state = decider.initialState;
  for (const event of recorded) {
    const current = upcast(event.type, event.data, event.metadata.schemaVersion);
    if (current) state = decider.evolve(state, current as Event);
  }
  return state;
}

/**
 * Read the aggregate's own stream, fold it, decide, append with the revision we read.
 * A concurrent writer makes the append fail with WrongExpectedRevisionError (a 409).
 */
export async function handle<Command, Event extends BahiEvent, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<Handled<State>> {
  // A re-run after a crash decides on the stream as it stood before its own first attempt.
  const recorded = beforeOwnEvents(await eventStore.readStream(streamId));
  const state = fold(decider, recorded);
  const events = decider.decide(command, state);
  const lastRevision = recorded.length === 0 ? null : recorded[recorded.length - 1]!.revision;
  // Issue 12: a stale If-Match appends nothing. After decide, so someone else's record stays "not found".
  context.expectedRevision?.check(streamId, recorded);
  if (events.length === 0) {
    if (lastRevision !== null) context.expectedRevision?.reached(streamId, lastRevision);
    return { state, events, position: null, revision: lastRevision };
  }
  const expected: ExpectedRevision = recorded.length === 0 ? "no_stream" : recorded[recorded.length - 1]!.revision;
  const result = await eventStore.appendToStream(
    streamId,
    events.map((event) => toNewEvent(event, context)),
    expected,
  );
  context.expectedRevision?.reached(streamId, result.nextExpectedRevision);
  return { state: events.reduce(decider.evolve, state), events, position: result.position, revision: result.nextExpectedRevision };
}
