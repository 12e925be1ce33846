import type { EventStore, JobQueue, SessionCodec } from "@bahi/shared/server";
import type { AuthRateLimits } from "./http/rateLimit.ts";

/** Everything the command side needs from outside, handed in at start-up. */
export interface CommandDeps {
  eventStore: EventStore;
  sessions: SessionCodec;
  clock: () => Date;
  newId: () => string;
  authLimits: AuthRateLimits;
  /** Where long-running work (GST filing) is queued. */
  jobs: JobQueue;
}
