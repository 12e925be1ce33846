import type { RecordedEvent } from "./eventStore.ts";

export interface LogPage {
  events: RecordedEvent[];
  /** Where the next read should start: the last event's position, or the same checkpoint when empty. */
  checkpoint: string | null;
}

/**
 * The whole log in global order, for projectors. A reader that follows it from any
 * checkpoint sees every event exactly once, in order, even when writers commit out of
 * order (DESIGN.md "Global order on PostgreSQL").
 */
export interface EventLog {
  /** Events strictly after `checkpoint` (null: from the start), at most `limit` of them. */
  readAll(checkpoint: string | null, limit: number): Promise<LogPage>;
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
