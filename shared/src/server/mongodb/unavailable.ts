import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from "mongodb";
import { StoreUnavailableError } from "../ports/eventStore.ts";

/**
 * Server answers meaning the primary is stepping down or shutting down (ShutdownInProgress,
 * PrimarySteppedDown, NotWritablePrimary, InterruptedAtShutdown, InterruptedDueToReplStateChange,
 * NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary): a failover under way, which a retry after it survives.
 */
const FAILOVER_CODES: ReadonlySet<number> = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);

/**
 * The port's StoreUnavailableError (HTTP 503) for a server that cannot be reached (no server
 * selectable, a connection refused, dropped or timed out: MongoNetworkTimeoutError is a
 * MongoNetworkError) or is failing over; anything else as it came, a bug or a broken rule.
 */
export function mongoErrorOf(error: unknown, doing?: string): unknown {
  const unreachable = error instanceof MongoServerSelectionError || error instanceof MongoNetworkError;
  const failingOver = error instanceof MongoServerError && typeof error.code === "number" && FAILOVER_CODES.has(error.code);
  if (!unreachable && !failingOver) return error;
  return new StoreUnavailableError(`MongoDB unavailable${doing ? ` (${doing})` : ""}: ${error.message}`, { cause: error });
}

/** Runs one store call, answering an outage as StoreUnavailableError. */
export async function mongoCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mongoErrorOf(error);
  }
}

/** E11000: a unique index (here always `_id`) already holds the value an insert or upsert wanted. */
export const isDuplicateKey = (error: unknown): boolean => error instanceof MongoServerError && error.code === 11000;
