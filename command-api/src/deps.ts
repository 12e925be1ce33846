import type { BlobStore, EventLog, EventStore, IdempotencyStore, JobQueue, ReadStore, SessionCodec, SessionStore } from "@bahi/shared/server";
import type { PasswordHasher } from "./auth/password.ts";
import type { AuthLimitStores } from "./auth/loginLimits.ts";
import type { AuthRateLimits } from "./handling/rateLimit.ts";

/** Everything the command side needs from outside, handed in at start-up. */
export interface CommandDeps {
  eventStore: EventStore;
  /** Where uploads too large for an event are kept (the GSTR-2B), named in the event by hash. */
  blobStore: BlobStore;
  sessions: SessionCodec;
  /** Server-side sessions: login records one, logout revokes it. */
  sessionStore: SessionStore;
  /** scrypt at OWASP's cost; tests alone pass a cheaper one. */
  passwords: PasswordHasher;
  clock: () => Date;
  newId: () => string;
  authLimits: AuthRateLimits;
  /** Where the per-IP auth limits count: Redis shared by the replicas, or this process. */
  authLimitStores: AuthLimitStores;
  /**
   * Only for reports over the books that a command must check before recording anything (a
   * return's blocking problems), read after waiting for the client's X-Bahi-After; never to
   * decide what an aggregate allows.
   */
  readStore: ReadStore;
  /** Its head is "everything recorded before this request", what such a report waits for. */
  /** readAll: issue 10's deletion check reads the log past the read models (parties/partyChecks.ts). */
  eventLog: Pick<EventLog, "head" | "readAll">;
  /** Where long-running work (GST filing) is queued. */
  jobs: JobQueue;
  /** Issue 12: Idempotency-Key claims and the answers retries get back. */
  idempotency: IdempotencyStore;
}
