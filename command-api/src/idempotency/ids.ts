import { AsyncLocalStorage } from "node:async_hooks";
import { repeatableId } from "@bahi/shared/server";

/**
 * Issue 12: while a request carries an Idempotency-Key, every id it mints (the record's, through
 * deps.newId, and each event's, in decider.ts) is derived from the key instead of drawn at
 * random. A process that crashed after appending but before storing its answer is re-run by the
 * retry with the very same ids, and the event store takes "the same ids at the same revisions"
 * as the append it already has. The ids are set per request by the idempotency middleware, so
 * no route handler knows about them.
 */
interface IdSource {
  /** The claim's scope, key and request fingerprint: another request never draws the same ids. */
  seed: string;
  drawn: number;
  /**
   * Until the request has answered. Work it started that outlives it (an in-process job run from
   * a timer inherits the async context) draws random ids, like any background work.
   */
  open: boolean;
  /** Issue 38: the same request ran before under this key (ClaimOutcome's rerun): its own events may be in the log. */
  rerun: boolean;
}

const requestIds = new AsyncLocalStorage<IdSource>();

/** The n-th id of a request: a UUID-shaped string (version 8, "custom") from sha256. */
export function derivedId(scope: string, key: string, fingerprint: string, n: number): string {
  return idFromSeed(seedOf(scope, key, fingerprint), n);
}

function seedOf(scope: string, key: string, fingerprint: string): string {
  return JSON.stringify([scope, key, fingerprint]);
}

function idFromSeed(seed: string, n: number): string {
  return repeatableId(`${seed}\n${n}`);
}

/**
 * Runs `work` (and everything it awaits) with ids derived from this claim; `work` is handed the
 * function that ends them, called once the request has answered.
 */
export function withDerivedIds<T>(scope: string, key: string, fingerprint: string, work: (close: () => void) => T, rerun = false): T {
  const source: IdSource = { seed: seedOf(scope, key, fingerprint), drawn: 0, open: true, rerun };
  return requestIds.run(source, () => work(() => (source.open = false)));
}

function openSource(): IdSource | null {
  const source = requestIds.getStore();
  return source?.open ? source : null;
}

/** The next id of the current request: derived under an Idempotency-Key, else `random()`. */
export function nextId(random: () => string): string {
  const source = openSource();
  if (!source) return random();
  return idFromSeed(source.seed, source.drawn++);
}

/** The id nextId would give next without drawing it; null outside a keyed request. */
export function peekNextId(): string | null {
  const source = openSource();
  return source ? idFromSeed(source.seed, source.drawn) : null;
}

/**
 * Issue 38: whether this request re-runs one that may have appended already. Only then can its
 * own events stand in a stream before a revision a command process has folded (a kept state or
 * a snapshot), so only then are streams read whole for its decisions (handling/streamStates.ts);
 * every first run reads just what came after the kept state.
 */
export function isRerun(): boolean {
  return openSource()?.rerun ?? false;
}

/**
 * The part of a stream this request's decision was made on. A re-run after a crash finds its
 * own earlier events (the id it is about to mint) already in the stream: it decides again on
 * the stream as it stood before them, so it appends the same events at the same revisions and
 * the event store answers with the first append instead of a conflict.
 */
export function beforeOwnEvents<Event extends { id: string }>(recorded: readonly Event[]): readonly Event[] {
  const next = peekNextId();
  if (next === null) return recorded;
  const own = recorded.findIndex((event) => event.id === next);
  return own === -1 ? recorded : recorded.slice(0, own);
}
