import type { DocumentKeys, KeyValue } from "../../readModels/indexes.ts";
import type { RecordedEvent } from "./eventStore.ts";

/**
 * The read side's port: documents by collection and id, owner-filtered lists, and per
 * projection a checkpoint written in the same transaction as the documents it covers.
 *
 * A projection is named by its collection. Each projection's documents live in numbered
 * generations of their own: readers see the projection's active generation; a rebuild fills a
 * fresh one from the whole log and then activates it in one step, for one projection or all.
 * An event a projection cannot apply is parked for it (dead letter) in the same transaction
 * that moves its checkpoint on, so one bad event never stops the others.
 */
export interface ReadDocument<T = unknown> {
  collection: string;
  id: string;
  ownerId: string | null;
  /** null: a tombstone (deleted) that still remembers its position. */
  data: T | null;
  /** Position of the last event applied: redelivering it, or anything earlier, changes nothing. */
  position: string;
  /**
   * Issue 12: for a record with its own stream (recordRevision.ts), that stream's revision as of
   * this document, which its single read answers as ETag. null or absent: not known (a document
   * written before revisions were kept, or a read model without records).
   */
  revision?: number | null;
}

export interface DocumentKey {
  collection: string;
  id: string;
}

/** An event parked for one projection (and one of its documents, when the document is known). */
export interface ParkedEvent {
  projection: string;
  generation: number;
  position: string;
  /** null: the event's documents could not be worked out (routing or upcasting threw). */
  documentId: string | null;
  /** The recorded event, kept whole so a retry can apply it later. */
  event: RecordedEvent;
  error: string;
  attempts: number;
  parkedAt: string;
}

export type ParkedEventInput = Omit<ParkedEvent, "parkedAt" | "projection" | "generation">;

export interface ParkedKey {
  position: string;
  documentId: string | null;
}

/**
 * Issue 12: how a generation's events are split between projector shards. "business": by the
 * event's business (metadata businessId, else userId, else its stream), so one shard keeps all
 * of a business's documents and a read waits only on the shard that owns its business.
 * "document": by document id, for read models whose documents gather events of several
 * businesses (a person's memberships). A generation keeps its split for life; a rebuild may
 * choose another.
 */
export type PartitionScope = "business" | "document";

export interface Partitioning {
  /** How many partitions, each with a checkpoint of its own (1: not split). */
  parts: number;
  scope: PartitionScope;
}

/** One projection's share of a projector commit. */
export interface ProjectionBatch {
  projection: string;
  generation: number;
  /** Which of the generation's partitions the checkpoint belongs to (default 0). */
  part?: number;
  /** The checkpoint the batch was read from; a different stored one means another writer moved it. */
  expectedCheckpoint: string | null;
  /** Equal to expectedCheckpoint when nothing new was read (a retry of parked events). */
  checkpoint: string | null;
  /** Documents of this projection's collection. */
  documents: readonly ReadDocument[];
  /** Parked, or parked again with a new error and attempt count (upsert by position and document). */
  park?: readonly ParkedEventInput[];
  /** Parked events now applied: removed in the same transaction as the documents. */
  resolve?: readonly ParkedKey[];
}

export interface ProjectionState {
  projection: string;
  generation: number;
  /** The lowest of the partitions' checkpoints (null while any partition has applied nothing). */
  checkpoint: string | null;
  parts: number;
  scope: PartitionScope;
  /** Each partition's checkpoint, by part number. */
  partCheckpoints: (string | null)[];
}

export interface ParkedSummary {
  projection: string;
  count: number;
  firstPosition: string;
  firstError: string;
}

/** The batch's generation is no longer active (or being built) or its checkpoint moved: reload and retry. */
export class ProjectionConflictError extends Error {
  readonly code = "PROJECTION_CONFLICT";
  constructor(message: string) {
    super(message);
    this.name = "ProjectionConflictError";
  }
}

/**
 * Issue 12: one business's documents of a collection, filtered, sorted and paged on the keys the
 * collection declares (readModels/indexes.ts). Without an order the rows come by id.
 */
export interface PageQuery {
  /** A declared order's name. */
  readonly order?: string;
  /** Each key equal to the value, or to one of the values; `id` filters by document id. */
  readonly where?: Readonly<Record<string, KeyValue | readonly KeyValue[]>>;
  /** Each key within the bounds, both inclusive. */
  readonly range?: Readonly<Record<string, { readonly from?: KeyValue; readonly to?: KeyValue }>>;
  /** Lower-cased text the document's `search` key must contain. */
  readonly search?: string;
  /** The rows strictly after this one in the order: its order keys' values and its id. */
  readonly after?: { readonly values: readonly KeyValue[]; readonly id: string };
  readonly limit?: number;
}

export interface PageRow<T> {
  readonly id: string;
  readonly data: T;
  readonly keys: DocumentKeys;
}

/** One bucket of a tally: how many live documents fall in it and the sums of their keys. */
export interface TallyBucket {
  readonly count: number;
  readonly sums: Readonly<Record<string, number>>;
}

/** One generation's share of documentsToProject. */
export interface ProjectionInput {
  documents: Map<string, ReadDocument>;
  blocked: Map<string, string>;
}

export interface ReadStore {
  /** Live documents (tombstones excluded) of the collection's active generation. */
  get<T>(collection: string, id: string): Promise<T | null>;
  list<T>(collection: string, ownerId: string): Promise<T[]>;
  /**
   * Live documents of every owner whose fields equal `where` (top-level fields only): for
   * system jobs (the overdue sweep, re-dispatching filings), never for a user's request. A field
   * the collection declares as a lookup is found through its index.
   */
  find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]>;
  /** Issue 12: one page of a business's documents, filtered and sorted on declared keys. */
  page<T>(collection: string, ownerId: string, query: PageQuery): Promise<PageRow<T>[]>;
  /**
   * How many of a business's documents match the filters (order, after and limit aside). Issue
   * 13: with `cap`, counting stops past it: the answer is at most cap + 1 (more than cap).
   */
  count(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): Promise<number>;
  /** Every bucket of one of the collection's declared tallies for a business, by bucket. */
  tally(collection: string, ownerId: string, tally: string): Promise<Record<string, TallyBucket>>;
  /** The checkpoint of every projection's active generation (the lowest of its partitions'). */
  checkpoints(): Promise<Record<string, string | null>>;
  /** Every active generation with each partition's checkpoint: what read-your-writes waits on. */
  partitionCheckpoints(): Promise<ProjectionState[]>;
  /**
   * A hint that some projector committed (this process or, on PostgreSQL, any other); may fire
   * spuriously or be lost, so waiters re-check now and then. Returns unsubscribe.
   */
  onCommit(listener: () => void): () => void;
  /**
   * Issue 12: a hint that a rebuild created generations for projectors to fill (this process or,
   * on PostgreSQL, any other); may be lost, so projectors still look after their idle pause.
   */
  onRebuild(listener: () => void): () => void;

  // --- for projectors ---
  /**
   * The active generation of each named projection, created empty for those that have none
   * (split as `partitioning` says for that projection; default one partition, scope business).
   */
  activeProjections(projections: readonly string[], partitioning?: (projection: string) => Partitioning): Promise<ProjectionState[]>;
  /** Generations being built by a rebuild (any process's), with their partitions' checkpoints. */
  buildingProjections(projections: readonly string[]): Promise<ProjectionState[]>;
  /** Documents including tombstones, in the given generation. */
  getDocuments(generation: number, keys: readonly DocumentKey[]): Promise<ReadDocument[]>;
  /**
   * Issue 13: what a projector batch reads, for several generations in one go: each
   * generation's stored documents among `keys` (as getDocuments gives them), and which of those
   * ids wait behind a parked event (id → the earliest such event's position).
   */
  documentsToProject(requests: readonly { generation: number; keys: readonly DocumentKey[] }[]): Promise<Map<number, ProjectionInput>>;
  /**
   * Atomically, for every batch: writes its documents, parks and resolves its events and moves
   * its checkpoint, if each generation is active (or being built) and each checkpoint unmoved.
   */
  commit(batches: readonly ProjectionBatch[]): Promise<void>;
  /** Parked events of the active generations (or of one generation), in log order. */
  parked(filter?: { projection?: string; generation?: number }): Promise<ParkedEvent[]>;
  /** Count and first error per projection with parked events in its active generation. */
  parkedSummary(): Promise<ParkedSummary[]>;

  // --- for rebuilds ---
  /** A new, empty generation of the projection that readers do not see yet. */
  createGeneration(projection: string, partitioning?: Partitioning): Promise<number>;
  /** The checkpoint of any generation (active or building; the lowest of its partitions'), null when it has none or is gone. */
  checkpointAt(generation: number): Promise<string | null>;
  /**
   * Makes `generation` the one readers see for its projection: a pointer swap. The projection's
   * older generations are retired (invisible, refused to writers) and their rows are left for
   * dropRetired, so the swap's transaction costs the same at any read-model size.
   */
  activateGeneration(generation: number): Promise<void>;
  /** Drops a generation that was never activated (a failed rebuild): retired, then dropped by dropRetired. */
  dropGeneration(generation: number): Promise<void>;
  /**
   * Deletes retired generations' rows, at most `batchSize` documents per transaction, off the
   * projectors' path; returns how many documents it deleted.
   */
  dropRetired(options?: { batchSize?: number }): Promise<number>;
  close(): Promise<void>;
}
