/**
 * Issue 38: a command process keeps each stream's folded state and reads only the events after
 * it (command-api's handling/streamStates.ts). A stream that outlives the process and grows with
 * the business's history (a document series, a product's stock moves) also has its folded state
 * kept here at a revision, so a cold start reads the snapshot and the events after it, not the
 * whole stream. A snapshot is derived data: losing every one costs time, never correctness.
 */
export interface Snapshot {
  streamId: string;
  /** Which fold it is (the decider's snapshot name): a stream may be folded by more than one decider. */
  kind: string;
  /** The shape of `state`. A decider reads the versions it knows (upcasting older ones) and folds afresh from any other. */
  version: number;
  /** The revision of the stream's last event folded into `state`. */
  revision: number;
  /** That event's global position. */
  position: string | null;
  state: unknown;
}

export interface SnapshotStore {
  /** The newest snapshot kept of the stream's fold `kind`, or null. */
  load(streamId: string, kind: string): Promise<Snapshot | null>;
  /** Keeps `snapshot` in place of the one kept, unless that one is of the same version and a later revision. */
  save(snapshot: Snapshot): Promise<void>;
}
