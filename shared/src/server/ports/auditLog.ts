import type { RecordedEvent } from "./eventStore.ts";

/**
 * Issue 11: each business's events form a hash chain, computed when they are appended.
 * The chain's key is the business (the owner's user id, `metadata.userId`); events with no
 * business (none today) chain under the key "".
 */
export interface ChainedEvent extends RecordedEvent {
  /** The business whose chain holds the event. */
  chainKey: string;
  /** 1 for a business's first event, then +1 per event, in the order the chain was built. */
  chainSeq: number;
  /** Hex SHA-256 of the previous event in the chain; 64 zeros for the first. */
  prevHash: string;
  /** Hex SHA-256 over prevHash and the event's canonical encoding (see shared/src/server/audit/chain.ts). */
  hash: string;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

export interface BusinessEventsQuery {
  /** Only events with chainSeq > afterSeq. */
  afterSeq?: number;
  /** Only events recorded at or before this moment (as-of replays). */
  recordedUntil?: Date;
  /** Only events recorded at or after this moment. */
  recordedFrom?: Date;
  /** At most this many (default: all). */
  limit?: number;
}

/**
 * What a replay (as-of) needs of an event, and no more: each row of the chain comes back as
 * one JSON text decoded in one step, which on PGlite costs well under half of the whole row.
 */
export interface ReplayEvent extends Pick<RecordedEvent, "type" | "data" | "position" | "recordedAt" | "streamId" | "revision"> {
  chainSeq: number;
  metadata: Pick<RecordedEvent["metadata"], "schemaVersion">;
}

/** The audit side of the log: one business's chain, in chain order. Read only. */
export interface AuditLog {
  /** Events of one business in chainSeq order, filtered as asked. */
  businessEvents(businessId: string, query?: BusinessEventsQuery): Promise<ChainedEvent[]>;
  /** The business's events after `afterSeq` (default: all), lean, in chainSeq order. */
  replayEvents(businessId: string, afterSeq?: number): Promise<ReplayEvent[]>;
  /** The newest link of the business's chain, null when it has no events. */
  chainHead(businessId: string): Promise<ChainHead | null>;
}
