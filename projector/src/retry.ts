/**
 * Re-applying a projection's parked events (`bahi projector retry`), once the projection is
 * fixed: in log order per document, with the parking lot and the documents changed together.
 */
import type { BahiEvent } from "@bahi/shared/events";
import type { ParkedEvent, ParkedEventInput, ParkedKey, ReadDocument, ReadStore } from "@bahi/shared/server";
import { contextOf, routeEvent, upcastRecorded } from "./fold.ts";
import type { AnyProjection, EventContext } from "./projection.ts";

export interface RetryOutcome {
  applied: ParkedEvent[];
  stillParked: ParkedEvent[];
}

/** The document after an event, as the projector applies it (null: nothing to store). */
export type Apply = (projection: AnyProjection, current: ReadDocument | undefined, event: BahiEvent, id: string, position: string, context?: EventContext) => ReadDocument | null;

export const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * One attempt over the projection's active generation. Applied events leave the parking lot in
 * the transaction that writes their documents; one that fails again stays with its new error
 * and one more attempt, and the document's later events wait behind it. Every partition's
 * checkpoint is compared (and left where it is): a live projector that moved any of them
 * meanwhile makes this a ProjectionConflictError, and the caller tries again.
 */
export async function retryParkedOnce(readStore: ReadStore, projection: AnyProjection, apply: Apply): Promise<RetryOutcome> {
  const [state] = await readStore.activeProjections([projection.collection]);
  if (!state) return { applied: [], stillParked: [] };
  const parked = await readStore.parked({ generation: state.generation });
  if (parked.length === 0) return { applied: [], stillParked: [] };

  const documents = new Map<string, ReadDocument>();
  const load = async (ids: readonly string[]) => {
    const missing = ids.filter((id) => !documents.has(id));
    const found = await readStore.getDocuments(
      state.generation,
      missing.map((id) => ({ collection: projection.collection, id })),
    );
    for (const doc of found) documents.set(doc.id, doc);
  };
  await load([...new Set(parked.flatMap((p) => (p.documentId === null ? [] : [p.documentId])))]);

  const applied: ParkedEvent[] = [];
  const stillParked: ParkedEvent[] = [];
  const resolve: ParkedKey[] = [];
  const park: ParkedEventInput[] = [];
  const changed = new Set<string>();
  const blocked = new Map<string, string>();
  const failed = (p: ParkedEvent, error: unknown) => {
    const again = { position: p.position, documentId: p.documentId, event: p.event, error: describeError(error), attempts: p.attempts + 1 };
    park.push(again);
    stillParked.push({ ...p, ...again });
  };

  // Log order across documents, so an event parked without its documents lands where it belongs.
  for (const p of parked) {
    if (p.documentId !== null && blocked.has(p.documentId)) {
      stillParked.push(p);
      continue;
    }
    try {
      const event = upcastRecorded(p.event);
      if (event) {
        const context = contextOf(p.event);
        // Worked out again: the event's documents may not have been known when it was parked.
        const ids = p.documentId !== null ? [p.documentId] : routeEvent(projection, event, context);
        await load(ids);
        const next = new Map<string, ReadDocument>();
        for (const id of ids) {
          const current = next.get(id) ?? documents.get(id);
          const doc = apply(projection, current, event, id, p.position, context);
          if (doc) next.set(id, doc);
        }
        for (const [id, doc] of next) {
          documents.set(id, doc);
          changed.add(id);
        }
      }
      resolve.push({ position: p.position, documentId: p.documentId });
      applied.push(p);
    } catch (error) {
      failed(p, error);
      if (p.documentId !== null) blocked.set(p.documentId, p.position);
    }
  }

  // Every partition's checkpoint is compared (and left where it is): a live projector that
  // moved any of them in the meantime makes this a conflict, and the retry reads again.
  await readStore.commit(
    state.partCheckpoints.map((checkpoint, part) => ({
      projection: projection.collection,
      generation: state.generation,
      part,
      expectedCheckpoint: checkpoint,
      checkpoint,
      documents: part === 0 ? [...changed].map((id) => documents.get(id)!) : [],
      ...(part === 0 ? { park, resolve } : {}),
    })),
  );
  return { applied, stillParked };
}
