import { eventSchemas, type EventType } from "@bahi/shared/events";
import type { Projection } from "../projection.ts";

/** One stream's count of applied events: what a projector shard really did, not what it should have. */
export interface StreamApplications {
  streamId: string;
  /** How many times evolve ran for an event of this stream. */
  applied: number;
  /** The revision of the last event applied: with `applied`, a gap or a repeat shows. */
  lastRevision: number;
}

export const APPLICATIONS_COLLECTION = "applications";

/**
 * Issue 12: an audit read model for operators and the sharding test. It counts every event it
 * is handed, per stream, without the idempotence the real read models have on top of the
 * projector's; so a projector that applied an event twice (or skipped one) leaves a count
 * that differs from the stream's length. Kept only when BAHI_COUNT_APPLICATIONS=1.
 */
export const applicationsProjection: Projection<StreamApplications> = {
  collection: APPLICATIONS_COLLECTION,
  handles: Object.keys(eventSchemas) as EventType[],
  // Split by stream: a stream's events may name different people (a user's own stream).
  partitionBy: "document",
  documentIds: (_event, context) => (context ? [context.streamId] : []),
  evolve(doc, _event, context) {
    if (!context) throw new Error("the applications read model needs the event's stream");
    return { streamId: context.streamId, applied: (doc?.applied ?? 0) + 1, lastRevision: context.revision };
  },
  ownerOf: () => null,
};
