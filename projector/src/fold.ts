/**
 * One event applied to one document, as the live projector (projector.ts) and the as-of
 * replay (asOf.ts) both do it: a replayed read model is the live one's fold, not a second
 * implementation of it.
 */
import { upcast, type BahiEvent } from "@bahi/shared/events";
import { ownRecordOf, type ReadDocument, type RecordedEvent } from "@bahi/shared/server";
import type { AnyProjection, EventContext } from "./projection.ts";

/** Where an event sits in the log, as the few projections about the log itself see it. */
export const contextOf = (recorded: Pick<RecordedEvent, "streamId" | "revision" | "position">): EventContext => ({
  streamId: recorded.streamId,
  revision: recorded.revision,
  position: recorded.position,
});

/**
 * A recorded event as projections see it (null: a type no projection knows). Throws when the
 * event cannot be upcast; the live projector parks it, an as-of replay (asOf.ts) skips it.
 */
export function upcastRecorded(recorded: Pick<RecordedEvent, "type" | "data"> & { metadata: Pick<RecordedEvent["metadata"], "schemaVersion"> }): BahiEvent | null {
  return upcast(recorded.type, recorded.data, recorded.metadata.schemaVersion);
}

/**
 * The ids of the projection's documents `event` changes: those documentIds names when the
 * projection handles it, and the record whose own stream the event is on (issue 12: its
 * revision moves with every event of that stream). Throws as documentIds does.
 */
export function routeEvent(projection: AnyProjection, event: BahiEvent, context?: EventContext): string[] {
  const ids = projection.handles.includes(event.type) ? projection.documentIds(event, context) : [];
  const own = context ? ownRecordOf(projection.collection, context.streamId) : null;
  return own === null || ids.includes(own) ? ids : [...ids, own];
}

/**
 * One document after one event, at `position`: evolve, then the owner from the new data (a
 * tombstone keeps the old owner). null when there is nothing to store (deleting what never
 * existed). The live projector and the as-of replay both apply events through this, so a
 * replayed read model is the live one's fold, not a second implementation of it.
 *
 * Issue 12: a record's document keeps its own stream's revision (the ETag of its single read).
 * An event of that stream the read model does not handle moves only the revision.
 */
export function evolveDocument(
  projection: AnyProjection,
  current: ReadDocument | undefined,
  event: BahiEvent,
  id: string,
  position: string,
  context?: EventContext,
): ReadDocument | null {
  const own = context !== undefined && ownRecordOf(projection.collection, context.streamId) === id;
  if (!projection.handles.includes(event.type)) {
    return current && own ? { ...current, position, revision: context.revision } : null;
  }
  const data = projection.evolve(current?.data ?? null, event, context);
  if (!current && data === null) return null;
  const ownerId = data === null ? (current?.ownerId ?? null) : projection.ownerOf(data);
  const revision = own ? context.revision : (current?.revision ?? null);
  return { collection: projection.collection, id, ownerId, data, position, revision };
}
