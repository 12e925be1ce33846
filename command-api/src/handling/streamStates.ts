import { LRUCache } from "lru-cache";
import { upcast } from "@bahi/shared/events";
import { requestStreams, type EventStore, type RecordedEvent, type SnapshotStore } from "@bahi/shared/server";
import { beforeOwnEvents, isRerun } from "../idempotency/ids.ts";

/**
 * Issue 38: how a decider's state is kept in a snapshot (ports/snapshotStore.ts). Only deciders
 * whose streams grow with the business's history have one (a series, a product's stock moves).
 */
export interface SnapshotCodec<State> {
  /** Names the fold in the snapshot store: one stream may be folded by more than one decider. */
  kind: string;
  /** The shape `encode` writes. Bump it when the state's shape or meaning changes. */
  version: number;
  encode(state: State): unknown;
  /** The state a snapshot of `version` holds; null for a version it cannot read (the stream is folded afresh, as from no snapshot). */
  decode(data: unknown, version: number): State | null;
}

/** What StreamStates needs of a decider: its fold, and optionally its snapshot and a measure of its state. */
export interface Fold<State> {
  initialState: State;
  evolve(state: State, event: never): State;
  snapshot?: SnapshotCodec<State>;
  /** Roughly how many entries the state holds (a series' numbers): what the cache's bound counts. Default 1. */
  sizeOf?(state: State): number;
}

/** A stream's state folded up to `revision` (null: the stream has no events yet). */
export interface FoldedState<State> {
  state: State;
  revision: number | null;
  /** The global position of the event at `revision` (a stale If-Match names it). */
  position: string | null;
}

interface Entry<State> extends FoldedState<State> {
  /** The revision of the newest snapshot kept of this fold, as far as this process knows (-1: none). */
  snapshotRevision: number;
  /** What the cache's bound counts for it (Fold.sizeOf). */
  size?: number;
}

export interface StreamStatesOptions {
  /** Where long streams' states are kept across restarts; none: every cold start folds whole streams. */
  snapshots?: SnapshotStore | null;
  /** The cache's bound, in state entries (sizeOf) summed over every kept stream. */
  maxSize?: number;
  /** A snapshot is taken once a fold stands this many events past the last one kept. */
  snapshotEvery?: number;
  log?: (message: string) => void;
}

/** Default bound: about 80 MB of folded state (a series' number is about 160 bytes kept), README "Fast at any size". */
export const DEFAULT_STATE_CACHE_SIZE = 500_000;
export const DEFAULT_SNAPSHOT_EVERY = 500;
/** How many events a read of a stream's tail takes at a time. */
const READ_PAGE = 2_000;

/** What this process has read and folded: the tests count these. */
export interface StreamStateCounters {
  /** Events read from the event store to decide (tail reads, whole reads of a rerun or a cold stream). */
  eventsRead: number;
  /** Events folded into a state (evolve calls on recorded events). */
  eventsFolded: number;
  snapshotsLoaded: number;
  snapshotsSaved: number;
}

const foldIds = new WeakMap<object, string>();
let nextFoldId = 0;

/** The fold's name in the cache: its snapshot kind, or a name of its own for this process. */
function foldKind(fold: Fold<unknown>): string {
  if (fold.snapshot) return fold.snapshot.kind;
  let id = foldIds.get(fold);
  if (id === undefined) {
    id = `fold-${nextFoldId++}`;
    foldIds.set(fold, id);
  }
  return id;
}

/** A kept state's key: the fold and the stream. */
const keyOf = <State>(streamId: string, fold: Fold<State>): string => `${foldKind(fold as Fold<unknown>)}\u0000${streamId}`;

function evolveRecorded<State>(fold: Fold<State>, state: State, recorded: readonly RecordedEvent[]): State {
  let folded = state;
  for (const event of recorded) {
    const current = upcast(event.type, event.data, event.metadata.schemaVersion);
    if (current) folded = fold.evolve(folded, current as never);
  }
  return folded;
}

/**
 * Issue 38 (DESIGN.md: a decision's cost must not grow with its stream's history): the folded
 * state of each stream this command process decides on, by stream and revision. A decision
 * reads only the events after the kept revision and folds them into the kept state; the
 * expected-revision append stays the guard against other processes, so a state another process
 * has moved past costs a conflict and a re-read of the tail, never a wrong decision. A kept
 * state is the fold of the stream's first `revision` + 1 events, which never change, so any
 * state kept is right at its revision however requests and processes interleave; a newer one
 * replaces an older one, never the reverse.
 *
 * States are immutable: evolve returns a new state and never changes the one it was given (the
 * long ones share structure, invoices/series.ts), so a state handed to one request is never
 * changed under it by another.
 *
 * A request re-running one that may have appended already (an Idempotency-Key's rerun) reads
 * each stream whole and decides on it as it stood before its own first event, as before.
 */
export class StreamStates {
  private readonly entries: LRUCache<string, Entry<unknown>>;
  private readonly snapshots: SnapshotStore | null;
  private readonly snapshotEvery: number;
  private readonly log: (message: string) => void;
  private readonly saving = new Set<Promise<void>>();
  readonly counters: StreamStateCounters = { eventsRead: 0, eventsFolded: 0, snapshotsLoaded: 0, snapshotsSaved: 0 };

  constructor(options: StreamStatesOptions = {}) {
    this.snapshots = options.snapshots ?? null;
    this.snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    this.log = options.log ?? (() => undefined);
    const maxSize = options.maxSize ?? DEFAULT_STATE_CACHE_SIZE;
    this.entries = new LRUCache<string, Entry<unknown>>({ maxSize, sizeCalculation: (entry) => Math.max(1, entry.size ?? 1), maxEntrySize: maxSize });
  }

  /** How many streams' states are kept, and their summed size. */
  get kept(): { streams: number; size: number } {
    return { streams: this.entries.size, size: this.entries.calculatedSize };
  }

  /** The stream's state as it stands in the store now (as far as a read can tell), folded by `fold`. */
  async read<State>(eventStore: Pick<EventStore, "readStream">, streamId: string, fold: Fold<State>): Promise<FoldedState<State>> {
    if (isRerun()) return this.readWhole(eventStore, streamId, fold);
    const key = keyOf(streamId, fold);
    const entry = this.entries.get(key) as Entry<State> | undefined;
    // Within one request a stream read once is decided on as read (issue 13): no second round trip.
    const request = requestStreams();
    const seen = request?.foldedAt(streamId);
    if (entry && seen !== undefined && (seen === null || (entry.revision !== null && entry.revision >= seen))) return entry;
    let current: Entry<State> = entry ?? (await this.fromSnapshot(streamId, fold)) ?? { state: fold.initialState, revision: null, position: null, snapshotRevision: -1 };
    // The tail a page at a time (a cold process without a snapshot may face a whole stream), so
    // what it holds at once is one page and the state, never the whole stream.
    for (;;) {
      const page = await eventStore.readStream(streamId, { fromRevision: (current.revision ?? -1) + 1, maxCount: READ_PAGE });
      this.counters.eventsRead += page.length;
      this.counters.eventsFolded += page.length;
      const last = page.at(-1);
      if (last) current = { state: evolveRecorded(fold, current.state, page), revision: last.revision, position: last.position, snapshotRevision: current.snapshotRevision };
      if (page.length < READ_PAGE) break;
    }
    request?.folded(streamId, current.revision);
    this.keep(key, fold, current);
    return current;
  }

  /** The state after this process's own append (the decided events folded into the state decided on). */
  appended<State>(streamId: string, fold: Fold<State>, state: State, revision: number, position: string): void {
    const key = keyOf(streamId, fold);
    const before = this.entries.peek(key);
    this.keep(key, fold, { state, revision, position, snapshotRevision: before?.snapshotRevision ?? -1 });
    requestStreams()?.folded(streamId, revision);
  }

  /** The append found the stream moved: this request reads it again before deciding again. */
  moved(streamId: string): void {
    requestStreams()?.appending(streamId);
  }

  /** Waits for the snapshots being written (a process closing, a test restarting). */
  async flush(): Promise<void> {
    while (this.saving.size > 0) await Promise.all([...this.saving]);
  }

  private keep<State>(key: string, fold: Fold<State>, entry: Entry<State>): void {
    const kept = this.entries.peek(key) as Entry<State> | undefined;
    // Only forward: a slower read or append never puts an older state back.
    if (kept && kept.revision !== null && (entry.revision === null || entry.revision < kept.revision)) return;
    const sized: Entry<State> = { ...entry, size: fold.sizeOf?.(entry.state) ?? 1 };
    this.entries.set(key, sized as Entry<unknown>);
    this.snapshotIfDue(key, fold, sized);
  }

  private async fromSnapshot<State>(streamId: string, fold: Fold<State>): Promise<Entry<State> | undefined> {
    const codec = fold.snapshot;
    if (!codec || !this.snapshots) return undefined;
    let snapshot;
    try {
      snapshot = await this.snapshots.load(streamId, codec.kind);
    } catch (error) {
      // A snapshot is only a short cut: without one the stream is folded whole.
      this.log(`snapshot of ${streamId} (${codec.kind}) could not be read: ${(error as Error).message}`);
      return undefined;
    }
    if (!snapshot) return undefined;
    const state = codec.decode(snapshot.state, snapshot.version);
    if (state === null) return undefined;
    this.counters.snapshotsLoaded += 1;
    return { state, revision: snapshot.revision, position: snapshot.position, snapshotRevision: snapshot.version === codec.version ? snapshot.revision : -1 };
  }

  private snapshotIfDue<State>(key: string, fold: Fold<State>, entry: Entry<State>): void {
    const codec = fold.snapshot;
    const snapshots = this.snapshots;
    if (!codec || !snapshots || entry.revision === null || entry.revision - entry.snapshotRevision < this.snapshotEvery) return;
    const { revision, state, position } = entry;
    entry.snapshotRevision = revision;
    const streamId = key.slice(key.indexOf("\u0000") + 1);
    const saving: Promise<void> = (async () => {
      try {
        await snapshots.save({ streamId, kind: codec.kind, version: codec.version, revision, position, state: codec.encode(state) });
        this.counters.snapshotsSaved += 1;
      } catch (error) {
        this.log(`snapshot of ${streamId} (${codec.kind}) at ${revision} was not kept: ${(error as Error).message}`);
      }
    })();
    this.saving.add(saving);
    void saving.then(() => this.saving.delete(saving));
  }

  /** A rerun's read: the whole stream, before the request's own first event in it; nothing kept. */
  private async readWhole<State>(eventStore: Pick<EventStore, "readStream">, streamId: string, fold: Fold<State>): Promise<FoldedState<State>> {
    const recorded = beforeOwnEvents(await eventStore.readStream(streamId));
    this.counters.eventsRead += recorded.length;
    this.counters.eventsFolded += recorded.length;
    const last = recorded.at(-1);
    return { state: evolveRecorded(fold, fold.initialState, recorded), revision: last?.revision ?? null, position: last?.position ?? null };
  }
}

const byEventStore = new WeakMap<object, StreamStates>();

/**
 * The states kept for decisions made through `eventStore` in this process. The composition root
 * (bin/server.ts) gives the command side's store its snapshots and bound (useStreamStates);
 * anything else deciding through a store (a CLI command, a test) gets a cache of its own.
 */
export function streamStatesOf(eventStore: object): StreamStates {
  let states = byEventStore.get(eventStore);
  if (!states) {
    states = new StreamStates();
    byEventStore.set(eventStore, states);
  }
  return states;
}

export function useStreamStates(eventStore: object, states: StreamStates): void {
  byEventStore.set(eventStore, states);
}

/** The stream's current state with the revision and position it stands at (through this process's kept states). */
export function readFolded<State>(eventStore: Pick<EventStore, "readStream">, streamId: string, fold: Fold<State>): Promise<FoldedState<State>> {
  return streamStatesOf(eventStore).read(eventStore, streamId, fold);
}

/** The stream's current state, folded by `fold` (through this process's kept states). */
export async function readState<State>(eventStore: Pick<EventStore, "readStream">, streamId: string, fold: Fold<State>): Promise<State> {
  return (await streamStatesOf(eventStore).read(eventStore, streamId, fold)).state;
}
