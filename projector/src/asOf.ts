/**
 * Issue 11, time travel: a business's read models as they stood at a past moment, built by
 * replaying its events recorded up to that moment through the live projections.
 */
import type { BahiEvent } from "@bahi/shared/events";
import { MemoryReadStore, type AuditLog, type ChainHead, type ReadDocument, type ReadStore, type ReplayEvent } from "@bahi/shared/server";
import type { AnyProjection } from "./projection.ts";
import { allProjections } from "./projections.ts";
import { contextOf, evolveDocument, routeEvent, upcastRecorded } from "./fold.ts";

/** A fold in progress: events added one at a time, in log order. */
export interface EventFold {
  add(recorded: Omit<ReplayEvent, "chainSeq">): void;
  /** Every projection's documents so far, tombstones included. */
  documents(): ReadDocument[];
  /** The documents so far as a read-only store (tombstones dropped). */
  store(): MemoryReadStore;
}

/**
 * Folds events, added in log order, into every projection's documents the way the live
 * projector's step does (upcastRecorded, routeEvent, evolveDocument are its own functions).
 * What the live projector would park is skipped, and so are the later events of a document
 * whose event was skipped, as the live one keeps them waiting behind it: the replay shows
 * what the live read model showed, gaps included.
 */
export function createFold(projections: readonly AnyProjection[] = allProjections): EventFold {
  const documents = projections.map(() => new Map<string, ReadDocument>());
  const blocked = projections.map(() => new Set<string>());
  const checkpoints: Record<string, string | null> = Object.fromEntries(projections.map((p) => [p.collection, null]));
  // Which projections handle each type, worked out once: most events concern two or three of them.
  const handlers = new Map<string, number[]>();
  projections.forEach((projection, index) => {
    for (const type of projection.handles) handlers.set(type, [...(handlers.get(type) ?? []), index]);
  });
  const add = (recorded: Omit<ReplayEvent, "chainSeq">): void => {
    let event: BahiEvent | null;
    try {
      event = upcastRecorded(recorded);
    } catch {
      // Parked by the live projector (with no document): it never reached any read model.
      return;
    }
    if (!event) return;
    for (const index of handlers.get(event.type) ?? []) {
      const projection = projections[index]!;
      let ids: string[];
      try {
        ids = routeEvent(projection, event, contextOf(recorded));
      } catch {
        // Parked by the live projector without a document: later events of the documents go on.
        continue;
      }
      const docs = documents[index]!;
      for (const id of ids) {
        if (blocked[index]!.has(id)) continue;
        try {
          const next = evolveDocument(projection, docs.get(id), event, id, recorded.position, contextOf(recorded));
          if (next) docs.set(id, next);
        } catch {
          blocked[index]!.add(id);
        }
      }
      if (ids.length > 0) checkpoints[projection.collection] = recorded.position;
    }
  };
  const all = () => documents.flatMap((docs) => [...docs.values()]);
  return { add, documents: all, store: () => new MemoryReadStore(all(), checkpoints) };
}

/** Folds the events, in the order given (createFold), into a read-only store. */
export function foldEvents(events: readonly Omit<ReplayEvent, "chainSeq">[], projections: readonly AnyProjection[] = allProjections): MemoryReadStore {
  const fold = createFold(projections);
  for (const recorded of events) fold.add(recorded);
  return fold.store();
}

/**
 * The business's read models as of `asOf`: its events recorded at or before that moment, in
 * chain order (the order its appends took the chain's lock, so one stream's events keep their
 * revisions' order), folded by foldEvents. Read only.
 */
export async function replayAsOf(auditLog: AuditLog, businessId: string, asOf: Date, projections: readonly AnyProjection[] = allProjections): Promise<ReadStore> {
  const until = asOf.toISOString();
  const events = await auditLog.replayEvents(businessId);
  // recordedAt and toISOString share one format (UTC, milliseconds): compared as text.
  return foldEvents(
    events.filter((event) => event.recordedAt <= until),
    projections,
  );
}

export interface AsOfReplayerOptions {
  /** How many replays to keep (each holds one business's documents at one moment). */
  entries?: number;
  /** Of how many businesses to keep the events read so far (each holds that business's whole chain). */
  logs?: number;
  /** The live projector's projections (default allProjections). */
  projections?: readonly AnyProjection[];
}

/** Most recently used last (a Map keeps insertion order); the oldest go past `limit`. */
function touch<K, V>(cache: Map<K, V>, key: K, value: V, limit: number): V {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > limit) cache.delete(cache.keys().next().value!);
  return value;
}

/**
 * replayAsOf with two caches, for what an as-of screen costs at tens of thousands of events:
 *
 * - The business's events read so far. The log is append-only (the trigger refuses UPDATE and
 *   DELETE, the chain shows any edit made around it) and a business's chain grows one link at
 *   a time under its head's lock, so what was read stays true: a later request reads only the
 *   links after the last one it holds (one indexed query, usually empty) and folds the events
 *   recorded up to its moment. Reading and decoding the rows is most of a cold replay's time.
 * - The replays themselves: one screen asks several as-of endpoints at once (the dashboard's
 *   figures and lists, a report and its PDF) and they share one. The key includes the chain's
 *   head, so an event appended since (even one recorded with a time before `asOf` by a
 *   transaction that began before it) makes a fresh replay.
 */
export function createAsOfReplayer(auditLog: AuditLog, options: AsOfReplayerOptions = {}): (businessId: string, asOf: Date) => Promise<ReadStore> {
  const replays = new Map<string, Promise<ReadStore>>();
  const logs = new Map<string, Promise<ReplayEvent[]>>();

  async function chainOf(businessId: string, head: ChainHead | null): Promise<ReplayEvent[]> {
    let held = (await logs.get(businessId)?.catch(() => null)) ?? [];
    const headSeq = head?.seq ?? 0;
    // A chain shorter than what is held (a store restored from a backup): read it afresh.
    if (headSeq < (held.at(-1)?.chainSeq ?? 0)) held = [];
    const heldSeq = held.at(-1)?.chainSeq ?? 0;
    if (headSeq === heldSeq) return touch(logs, businessId, Promise.resolve(held), options.logs ?? 4);
    const reading = auditLog.replayEvents(businessId, heldSeq).then((fresh) => held.concat(fresh));
    return touch(logs, businessId, reading, options.logs ?? 4);
  }

  return async (businessId, asOf) => {
    const head = await auditLog.chainHead(businessId);
    const key = `${businessId}\n${asOf.toISOString()}\n${head?.seq ?? 0}:${head?.hash ?? ""}`;
    const cached = replays.get(key);
    if (cached) return touch(replays, key, cached, options.entries ?? 8);
    const until = asOf.toISOString();
    const replay = chainOf(businessId, head).then((chain) =>
      // recordedAt and toISOString share one format (UTC, milliseconds): compared as text.
      foldEvents(
        chain.filter((event) => event.recordedAt <= until),
        options.projections,
      ),
    );
    // A failed replay is not remembered: the next request tries again.
    replay.catch(() => replays.delete(key));
    return touch(replays, key, replay, options.entries ?? 8);
  };
}
