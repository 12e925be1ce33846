/**
 * One event applied to one document, as the live projector (projector.ts) and the as-of
 * replay (asOf.ts) both do it: a replayed read model is the live one's fold, not a second
 * implementation of it.
 */
import { upcast, type BahiEvent } from "@bahi/shared/events";
import type { ReadDocument, RecordedEvent } from "@bahi/shared/server";
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

/** The ids of the projection's documents `event` changes: none when the projection does not handle it. Throws as documentIds does. */
export function routeEvent(projection: AnyProjection, event: BahiEvent, context?: EventContext): string[] {
  return projection.handles.includes(event.type) ? projection.documentIds(event, context) : [];
}

/**
 * One document after one event, at `position`: evolve, then the owner from the new data (a
 * tombstone keeps the old owner). null when there is nothing to store (deleting what never
 * existed). The live projector and the as-of replay both apply events through this, so a
 * replayed read model is the live one's fold, not a second implementation of it.
 */
export function evolveDocument(
  projection: AnyProjection,
  current: ReadDocument | undefined,
  event: BahiEvent,
  id: string,
  position: string,
  context?: EventContext,
): ReadDocument | null {
  const data = projection.evolve(current?.data ?? null, event, context);
  if (!current && data === null) return null;
  const ownerId = data === null ? (current?.ownerId ?? null) : projection.ownerOf(data);
  return { collection: projection.collection, id, ownerId, data, position };
}
