import type { BahiEvent, EventType } from "@bahi/shared/events";
import type { PartitionScope } from "@bahi/shared/server";

/** Where an event sits in the log, for the rare read model that is about the log itself. */
export interface EventContext {
  streamId: string;
  revision: number;
  position: string;
}

/**
 * One read model: a pure evolve over documents. The projector routes each event to the
 * documents it touches, applies `evolve`, and skips what a document has already seen.
 */
export interface Projection<Doc> {
  collection: string;
  handles: readonly EventType[];
  /** Ids of the documents this event changes. */
  documentIds(event: BahiEvent, context?: EventContext): string[];
  /** null: the document is deleted (kept as a tombstone that remembers its position). */
  evolve(doc: Doc | null, event: BahiEvent, context?: EventContext): Doc | null;
  ownerOf(doc: Doc): string | null;
  /**
   * Issue 12: how projector shards split this read model. Default "business": every document
   * belongs to one business, whose events alone change it. "document" for documents that
   * gather events of several businesses (a person's memberships, a user across businesses).
   */
  partitionBy?: PartitionScope;
  /**
   * Issue 12, for a read model split by document: the handled events whose one document is
   * their own business's (documentIds gives the event's business key, as businessKeyOf). A
   * shard then finds them among its businesses' events rather than reading every shard's; one
   * that names another document is parked, loudly.
   */
  byBusiness?: readonly EventType[];
}

/** Lets a typed projection sit in one list with the others (evolve takes its own document type, so `unknown` would not do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProjection = Projection<any>;

/**
 * Folds events into a projection's documents in memory, by document id, as the projector does
 * (minus positions and storage): for tests, and for replaying a business's history.
 */
export function projectInMemory<Doc>(projection: Projection<Doc>, events: readonly BahiEvent[]): Map<string, Doc | null> {
  const docs = new Map<string, Doc | null>();
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    for (const id of projection.documentIds(event)) docs.set(id, projection.evolve(docs.get(id) ?? null, event));
  }
  return docs;
}
