/**
 * Issue 12: commands are safe to retry. A request carrying an Idempotency-Key claims the key
 * within its scope (the business and person, or the client's IP and route), runs once, and
 * leaves its answer here; a retry with the same key and the same request gets that answer back
 * instead of running again. Kept for IDEMPOTENCY_TTL_MS after the answer.
 */
export interface StoredAnswer {
  status: number;
  /** Only the headers a replay must repeat (Content-Type, X-Bahi-Position, Location, ETag), lower-cased names. */
  headers: Record<string, string>;
  /** The body exactly as first sent. */
  body: Uint8Array;
}

export type ClaimOutcome =
  /**
   * The caller now holds the key: run the command, then complete or release. `rerun`: the same
   * request ran under this key before without an answer kept (its process died, or it failed and
   * released the key), so events with the ids it derives may already be in the log: its
   * decisions read their streams whole (issue 38, command-api's idempotency/ids.ts).
   */
  | { kind: "claimed"; rerun: boolean }
  /** Answered before, for the same request: send this again. */
  | { kind: "replay"; response: StoredAnswer }
  /** Claimed less than IDEMPOTENCY_CLAIM_MS ago by a request that has not answered yet. */
  | { kind: "in-progress" }
  /** The key was used for a different request (method, URL or body). */
  | { kind: "mismatch" };

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim without an answer older than this belongs to a process that died: it is taken over. */
export const IDEMPOTENCY_CLAIM_MS = 30_000;

export interface IdempotencyStore {
  /**
   * Atomically: a new (or expired) key is claimed; an answered one with the same fingerprint is
   * replayed; a stale unanswered claim with the same fingerprint is taken over (claimed again).
   */
  claim(scope: string, key: string, fingerprint: string, now: Date): Promise<ClaimOutcome>;
  /** Records the answer to a claimed key, kept until `now` + IDEMPOTENCY_TTL_MS. */
  complete(scope: string, key: string, response: StoredAnswer, now: Date): Promise<void>;
  /**
   * Gives an unanswered claim back (the command failed in a way a retry should run again): the
   * next claim of the key takes it at once, as a rerun when it is the same request.
   */
  release(scope: string, key: string): Promise<void>;
  /** Forgets keys whose time ran out before `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
