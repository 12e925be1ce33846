/**
 * The read side's port: documents by collection and id, owner-filtered lists, and a
 * checkpoint per projector written in the same transaction as the documents it covers.
 *
 * Documents live in numbered generations. Readers always see the active one; a rebuild
 * fills a fresh generation from the whole log and then activates it in one step.
 */
export interface ReadDocument<T = unknown> {
  collection: string;
  id: string;
  ownerId: string | null;
  /** null: a tombstone (deleted) that still remembers its position. */
  data: T | null;
  /** Position of the last event applied: redelivering it, or anything earlier, changes nothing. */
  position: string;
}

export interface DocumentKey {
  collection: string;
  id: string;
}

export interface ProjectorCommit {
  generation: number;
  projector: string;
  /** The checkpoint the batch was read from; a different stored one means another writer moved it. */
  expectedCheckpoint: string | null;
  checkpoint: string;
  documents: readonly ReadDocument[];
}

/** The batch's generation is no longer active or its checkpoint moved: reload and retry. */
export class ProjectionConflictError extends Error {
  readonly code = "PROJECTION_CONFLICT";
  constructor(message: string) {
    super(message);
    this.name = "ProjectionConflictError";
  }
}

export interface ReadStore {
  /** Live documents (tombstones excluded) of the active generation. */
  get<T>(collection: string, id: string): Promise<T | null>;
  list<T>(collection: string, ownerId: string): Promise<T[]>;
  /**
   * Live documents of every owner whose fields equal `where` (top-level fields only): for
   * system jobs (the overdue sweep, re-dispatching filings), never for a user's request.
   */
  find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]>;
  /** The checkpoint of a projector in the active generation. */
  checkpoint(projector: string): Promise<string | null>;

  // --- for projectors ---
  activeGeneration(): Promise<number>;
  /** Documents including tombstones, in the given generation. */
  getDocuments(generation: number, keys: readonly DocumentKey[]): Promise<ReadDocument[]>;
  checkpointAt(generation: number, projector: string): Promise<string | null>;
  /** Atomically writes documents and the checkpoint, if the generation is active (or is being built) and the checkpoint unmoved. */
  commit(commit: ProjectorCommit): Promise<void>;

  // --- for rebuilds ---
  /** A new, empty generation that readers do not see yet. */
  createGeneration(): Promise<number>;
  /** Makes `generation` the one readers see and drops the older ones. */
  activateGeneration(generation: number): Promise<void>;
  /** Drops a generation that was never activated (a failed rebuild). */
  dropGeneration(generation: number): Promise<void>;
}
