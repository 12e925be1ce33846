import { randomUUID } from "node:crypto";
import { CURRENT_SCHEMA_VERSION, validateEvent, type BahiEvent } from "@bahi/shared/events";
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from "@bahi/shared/server";
import type { RecordRevisionGuard } from "./revision.ts";
import { nextId } from "../idempotency/ids.ts";
import { streamStatesOf, type SnapshotCodec } from "./streamStates.ts";

/**
 * A pure decider: no I/O, no clock, no random ids (they come in with the command).
 *
 * Issue 38: evolve returns a new state and never changes the one it is given, and never copies
 * what grows with the stream (a series' numbers are a persistent map: series.ts), so folding one
 * more event costs the same at the 1,00,000th as at the first. A decision folds only the events
 * after the state this process keeps (streamStates.ts); a decider whose stream grows with the
 * business's history also says how its state is snapshotted and measured.
 */
export interface Decider<Command, Event extends BahiEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** For a stream that grows with the business's history: how its state is kept across restarts. */
  snapshot?: SnapshotCodec<State>;
  /** Roughly how many entries the state holds, for the bound on kept states (default 1). */
  sizeOf?(state: State): number;
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

/**
 * Read the aggregate's state (the process's kept state and the events after it: streamStates.ts),
 * decide, append with the revision the state stands at. A concurrent writer makes the append
 * fail with WrongExpectedRevisionError (a 409, or a retry that reads the stream's tail again).
 */
export async function handle<Command, Event extends BahiEvent, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<Handled<State>> {
  const states = streamStatesOf(eventStore);
  // A re-run after a crash decides on the stream as it stood before its own first attempt (StreamStates.read).
  const { state, revision, position } = await states.read(eventStore, streamId, decider);
  const events = decider.decide(command, state);
  // Issue 12: a stale If-Match appends nothing. After decide, so someone else's record stays "not found".
  context.expectedRevision?.check(streamId, revision, position);
  if (events.length === 0) {
    if (revision !== null) context.expectedRevision?.reached(streamId, revision);
    return { state, events, position: null, revision };
  }
  const expected: ExpectedRevision = revision === null ? "no_stream" : revision;
  let result: AppendResult;
  try {
    result = await eventStore.appendToStream(
      streamId,
      events.map((event) => toNewEvent(event, context)),
      expected,
    );
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) states.moved(streamId);
    throw error;
  }
  context.expectedRevision?.reached(streamId, result.nextExpectedRevision);
  const after = events.reduce(decider.evolve, state);
  states.appended(streamId, decider, after, result.nextExpectedRevision, result.position);
  return { state: after, events, position: result.position, revision: result.nextExpectedRevision };
}
