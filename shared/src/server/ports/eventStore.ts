import { createHash } from "node:crypto";

/**
 * The write side's port: exactly what EventStoreDB offers, so every adapter can keep
 * every promise. One stream per append, always with an expected revision.
 */
export interface EventMetadata {
  /** The user on whose behalf the event was recorded (the business owner). */
  userId: string | null;
  /** Who did it: "user:{id}", "system:overdue-job", ... */
  actor: string;
  causationId: string | null;
  correlationId: string;
  occurredAt: string;
  schemaVersion: number;
  /** Issue 11: the business the event belongs to (its owner's user id, equal to userId). */
  businessId?: string;
  /** Issue 11: the person who acted, named as they were at that moment (absent for system jobs). */
  actorName?: string;
  /** Issue 11: the role they acted in. */
  actorRole?: "owner" | "accountant" | "staff" | "auditor";
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /**
   * A uuid. A retried append carrying the same ids at the same revisions succeeds once. Ids a
   * retry may repeat are version 8 (derived from an Idempotency-Key, command-api's idempotency/ids.ts);
   * every other id is random (version 4) and never meets itself again.
   */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0 for a stream's first event. */
  revision: number;
  /** Opaque, totally ordered within one store; see EventLog.comparePositions. */
  position: string;
  recordedAt: string;
}

/**
 * "no_stream": the stream must not exist. "stream_exists": it must have at least one event.
 * A number: the revision of the stream's last event. There is deliberately no "any".
 */
export type ExpectedRevision = "no_stream" | "stream_exists" | number;

export interface AppendResult {
  /** Revision of the last event appended. */
  nextExpectedRevision: number;
  /** Global position of the last event appended: what X-Bahi-Position carries. */
  position: string;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = "WRONG_EXPECTED_REVISION";
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | "no_stream",
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = "WrongExpectedRevisionError";
  }
}

/**
 * Issue 14: an id a retried request may append again (UUID version 8, derived from its
 * Idempotency-Key), as opposed to a random one. An adapter whose store does not refuse a known id
 * by itself (EventStoreDB, at the stream's head) looks for these in the stream before appending.
 */
export function isRepeatableEventId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id);
}

/** A uuid-shaped id (version 8, "custom") from sha256 of `seed`: the same seed always gives the same id. */
export function repeatableId(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The store could not be reached or failed: the caller answers 503. */
export class StoreUnavailableError extends Error {
  readonly code = "STORE_UNAVAILABLE";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/**
 * The most an event's serialised data and metadata may take together. Events are facts, not
 * documents: anything bigger (an upload, a filed return) belongs in the BlobStore with its
 * hash in the event. The bound also keeps one request from growing the log without limit.
 */
export const MAX_EVENT_BYTES = 256 * 1024;

/** An event too large for the log; nothing of the append was written. The caller answers 413. */
export class EventTooLargeError extends Error {
  readonly code = "EVENT_TOO_LARGE";
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    readonly bytes: number,
  ) {
    super(`${eventType} for ${streamId} takes ${bytes} bytes; events may take at most ${MAX_EVENT_BYTES}`);
    this.name = "EventTooLargeError";
  }
}

/** UTF-8 bytes of an event's data and metadata as JSON: what an adapter stores for it. */
export function serialisedEventBytes(event: Pick<NewEvent, "data" | "metadata">): number {
  return Buffer.byteLength(JSON.stringify(event.data) ?? "", "utf8") + Buffer.byteLength(JSON.stringify(event.metadata) ?? "", "utf8");
}

/** Every adapter calls this before writing anything, so no part of an oversized append is stored. */
export function assertEventsFit(streamId: string, events: readonly NewEvent[]): void {
  for (const event of events) {
    const bytes = serialisedEventBytes(event);
    if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(streamId, event.type, bytes);
  }
}

/** Issue 38: which part of a stream to read. */
export interface ReadStreamOptions {
  /**
   * Only the events at this revision and after (0, the default: the whole stream). A command
   * process that holds a stream's state folded up to revision r reads from r + 1, so what a
   * decision reads does not grow with the stream's history.
   */
  fromRevision?: number;
  /** At most this many events (the first ones from `fromRevision`): a long stream read in pages. */
  maxCount?: number;
}

export interface EventStore {
  /** The events of one stream in revision order, from `options.fromRevision` on; [] when there are none. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Refuses (EventTooLargeError) any event whose data + metadata exceed MAX_EVENT_BYTES, before writing anything. */
  appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
}
