/**
 * Issue 14: how the EventStoreDB adapter translates between the ports and `@eventstore/db-client`
 * (6.2, which also serves KurrentDB): positions, revisions, events and errors. Pure functions over
 * the client's own types and error classes, so every mapping is proven without a server.
 */
import {
  CancelledError,
  DeadlineExceededError,
  jsonEvent,
  NO_STREAM,
  NotLeaderError,
  STREAM_EXISTS,
  UnavailableError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type JSONEventData,
  type Position,
  type RecordedEvent as ClientRecordedEvent,
} from "@eventstore/db-client";
import { isWirePosition } from "../../contract/http.ts";
import { StoreUnavailableError, WrongExpectedRevisionError, type EventMetadata, type ExpectedRevision, type NewEvent, type RecordedEvent } from "../ports/eventStore.ts";

/** Digits of each half of a position: a u64 has at most 20, so padded halves sort as strings too. */
const DIGITS = 20;

/**
 * A `$all` position on the wire: "commit:prepare", each half zero-padded to 20 digits. It is a
 * wire position like PostgreSQL's ("N:M", compared as numbers by compareWirePositions), and its
 * text alone sorts in log order, so a read store may compare checkpoints as plain strings.
 */
export function wirePositionOf(position: Position): string {
  return `${position.commit.toString().padStart(DIGITS, "0")}:${position.prepare.toString().padStart(DIGITS, "0")}`;
}

/** The `$all` position a wire position names; throws on text that is not one (a caller's bug). */
export function positionOf(wire: string): Position {
  if (!isWirePosition(wire)) throw new Error(`Not an EventStoreDB position: ${wire}`);
  const [commit, prepare] = wire.split(":") as [string, string];
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

/** The port's expected revision as the client's: the two names are EventStoreDB's own, a number its bigint. */
export function expectedRevisionOf(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === "no_stream") return NO_STREAM;
  if (expected === "stream_exists") return STREAM_EXISTS;
  return BigInt(expected);
}

/**
 * The metadata EventStoreDB stores with an event: the port's, with the correlation and causation
 * ids under the keys EventStoreDB's own projections read (`$correlationId`, `$causationId`).
 */
export interface StoredMetadata extends Omit<EventMetadata, "correlationId" | "causationId"> {
  $correlationId: string;
  $causationId: string | null;
}

/** A new event as the client appends it: its id is kept, so a retried append is deduplicated by EventStoreDB. */
export function eventDataOf(event: NewEvent): JSONEventData {
  const { correlationId, causationId, ...rest } = event.metadata;
  const metadata: StoredMetadata = { ...rest, $correlationId: correlationId, $causationId: causationId };
  return jsonEvent({ id: event.id, type: event.type, data: event.data as Record<string, unknown>, metadata: metadata as unknown as Record<string, unknown> });
}

/**
 * A recorded event as the ports know it. `position` is the event's own when the server gives it
 * (reads of `$all` always do), else the caller's (a stream read on a server older than 22.6).
 */
export function recordedEventOf(event: ClientRecordedEvent, fallbackPosition?: Position): RecordedEvent {
  if (!event.isJson) throw new Error(`Event ${event.id} of ${event.streamId} is not JSON: Bahi writes only JSON events`);
  const position = event.position ?? fallbackPosition;
  if (!position) throw new Error(`Event ${event.id} of ${event.streamId} came without a log position`);
  const { $correlationId, $causationId, ...rest } = (event.metadata ?? {}) as Partial<StoredMetadata>;
  const metadata = { ...rest, correlationId: $correlationId ?? "", causationId: $causationId ?? null } as EventMetadata;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: wirePositionOf(position),
    recordedAt: event.created.toISOString(),
  };
}

/**
 * The port's error for what the client threw on an append: a lost race is WrongExpectedRevisionError;
 * a server that cannot be reached, has no leader to write to, or did not answer in time is
 * StoreUnavailableError (the caller answers 503). Anything else is returned as it came.
 */
export function appendErrorOf(streamId: string, expected: ExpectedRevision, error: unknown): unknown {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion === NO_STREAM ? "no_stream" : Number(error.actualVersion);
    return new WrongExpectedRevisionError(streamId, expected, actual);
  }
  return storeErrorOf(error);
}

/**
 * gRPC's status codes for a server that is not there or did not answer (CANCELLED, DEADLINE_EXCEEDED,
 * UNAVAILABLE). The client's batched append (6.2, `appendToStream` on a server of 21.10 or later)
 * rejects with grpc-js's own status error, not one of the client's classes: seen here against a
 * closed port (tests/contract/servers.test.ts).
 */
const UNREACHABLE_GRPC_CODES = new Set([1, 4, 14]);

function isGrpcStatusError(error: unknown): error is Error & { code: number } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "number" && "details" in error;
}

/** Unreachable, leaderless or timed out: StoreUnavailableError; anything else as it came. */
export function storeErrorOf(error: unknown): unknown {
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof CancelledError ||
    error instanceof NotLeaderError ||
    (isGrpcStatusError(error) && UNREACHABLE_GRPC_CODES.has(error.code))
  ) {
    return new StoreUnavailableError(`EventStoreDB cannot be reached: ${error.message}`, { cause: error });
  }
  return error;
}

/**
 * Whether an append would put ids the stream already holds somewhere other than where that very
 * append put them. EventStoreDB acknowledges a repeat of an append it has (the same ids at the
 * same revisions) and writes nothing, but it does not look at ids at all when the expected
 * revision is the stream's head: a request re-run after a crash under its Idempotency-Key (the
 * same derived ids, decided again on the stream as it is now) would be stored twice. The SQL
 * adapters refuse that through their unique event ids; this adapter refuses it here.
 */
export function repeatsElsewhere(stored: readonly Pick<RecordedEvent, "id" | "revision">[], events: readonly Pick<NewEvent, "id">[], expected: ExpectedRevision): boolean {
  const revisionOf = new Map(stored.map((event) => [event.id, event.revision]));
  const found = events.map((event) => revisionOf.get(event.id));
  if (found.every((revision) => revision === undefined)) return false;
  const first = expected === "no_stream" ? 0 : expected === "stream_exists" ? found[0] : expected + 1;
  return first === undefined || !found.every((revision, i) => revision === first + i);
}
