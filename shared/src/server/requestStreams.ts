import { AsyncLocalStorage } from "node:async_hooks";
import type { RecordedEvent } from "./ports/eventStore.ts";

/**
 * Issue 13: the streams one request has read. Creating an invoice asks for the business's own
 * stream four times (access, the draft, the stock check, the route) and its customer's twice;
 * on PostgreSQL, where other processes append too and no stream stays cached between requests,
 * each ask was a round trip. Within a request the first read answers the later ones: the
 * command decides on one view of each stream, as if it had read it once, and its append still
 * names the revision it decided on, so another process's append in between is a conflict as
 * before. An append through the store drops its stream (a retry after a conflict reads it
 * again); when the response has gone, nothing more is kept or answered (a job the request
 * started reads the database).
 */
export class RequestStreams {
  private readonly streams = new Map<string, readonly RecordedEvent[]>();
  private open = true;

  get(streamId: string): readonly RecordedEvent[] | undefined {
    return this.open ? this.streams.get(streamId) : undefined;
  }

  set(streamId: string, events: readonly RecordedEvent[]): void {
    if (this.open) this.streams.set(streamId, events);
  }

  delete(streamId: string): void {
    this.streams.delete(streamId);
  }

  close(): void {
    this.open = false;
    this.streams.clear();
  }
}

const current = new AsyncLocalStorage<RequestStreams>();

/** The streams of the request this code runs for, if any. */
export function requestStreams(): RequestStreams | undefined {
  return current.getStore();
}

/** Runs `work` (and everything it starts) as one request's, with its own streams kept until `close`. */
export function withRequestStreams<T>(work: (streams: RequestStreams) => T): T {
  const streams = new RequestStreams();
  return current.run(streams, () => work(streams));
}
