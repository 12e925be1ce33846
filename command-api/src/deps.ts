import type { BlobStore, EventStore, JobQueue, SessionCodec, SessionStore } from "@bahi/shared/server";
import type { PasswordHasher } from "./auth/password.ts";
import type { AuthRateLimits } from "./http/rateLimit.ts";

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
  /** Where long-running work (GST filing) is queued. */
  jobs: JobQueue;
}
