import type { RecordedEvent } from "./eventStore.ts";

export interface LogPage {
  /** The events of the page that the filter asked for (every one without a filter), in log order. */
  events: RecordedEvent[];
  /** Where the next read should start: the last position the page went past, or the same checkpoint when empty. */
  checkpoint: string | null;
  /** How many events of the log the page went past, those the filter left out included: 0 means caught up. */
  covered: number;
}

/**
 * Issue 12: the part of the log a projector shard needs: the events of the businesses whose
 * partitions it holds (partitionOf(businessKeyOf(event), parts) in `held`), and every event of
 * `types` (what its read models split by document handle). A hint: a log may return more.
 */
export interface LogFilter {
  parts: number;
  held: readonly number[];
  types: readonly string[];
}

/**
 * The whole log in global order, for projectors. A reader that follows it from any
 * checkpoint sees every event exactly once, in order, even when writers commit out of
 * order (DESIGN.md "Global order on PostgreSQL").
 */
export interface EventLog {
  /**
   * The next `limit` events strictly after `checkpoint` (null: from the start); with a filter,
   * only those of them it asks for, while the page still goes past all `limit`.
   */
  readAll(checkpoint: string | null, limit: number, filter?: LogFilter): Promise<LogPage>;
  /**
   * The position of the newest committed event (null: the log is empty). It may be ahead of
   * what readAll shows yet (a transaction still running keeps later ones back), never behind.
   */
  head(): Promise<string | null>;
  /** < 0, 0, > 0 like a sort comparator; null sorts before every position. */
  comparePositions(a: string | null, b: string | null): number;
  /** A hint that something was appended (may fire spuriously or late); returns unsubscribe. */
  onAppend(listener: () => void): () => void;
}
