import { AsyncLocalStorage } from "node:async_hooks";
import type { RecordedEvent } from "./ports/eventStore.ts";

/**
 * Issue 13: the streams one request has read. Creating an invoice asks for the business's own
 * stream five times (access, the draft, the stock check, the numbering, the filed-period
 * check) and its customer's twice; on PostgreSQL, where other processes append too and no
 * stream stays cached between requests, each ask was a round trip. Within a request the first
 * read answers the later ones: the command decides on one view of each stream, as if it had
 * read it once, and its append still names the revision it decided on, so another request's
 * or process's append in between is a conflict as before. The request's own append drops its
 * stream (a retry after a conflict reads it again), and a read that overlapped one of the
 * request's own appends is not kept; when the response has gone, nothing more is kept or
 * answered (a job the request started reads the database).
 */
export class RequestStreams {
  private readonly streams = new Map<string, readonly RecordedEvent[]>();
  /** Issue 38: the revision a command process's kept state of a stream was read at in this request (command-api handling/streamStates.ts). */
  private readonly foldedRevisions = new Map<string, number | null>();
  private open = true;
  private appendsSeen = 0;

  /** This request's appends begun plus ended: a read across one of them is not kept. */
  get appends(): number {
    return this.appendsSeen;
  }

  get(streamId: string): readonly RecordedEvent[] | undefined {
    return this.open ? this.streams.get(streamId) : undefined;
  }

  set(streamId: string, events: readonly RecordedEvent[]): void {
    if (this.open) this.streams.set(streamId, events);
  }

  /** Where this request last saw the stream, through a kept state; undefined when it has not. */
  foldedAt(streamId: string): number | null | undefined {
    return this.open ? this.foldedRevisions.get(streamId) : undefined;
  }

  folded(streamId: string, revision: number | null): void {
    if (this.open) this.foldedRevisions.set(streamId, revision);
  }

  /** The request appends to `streamId` (called as the append begins and as it ends). */
  appending(streamId: string): void {
    this.appendsSeen += 1;
    this.streams.delete(streamId);
    this.foldedRevisions.delete(streamId);
  }

  close(): void {
    this.open = false;
    this.streams.clear();
    this.foldedRevisions.clear();
  }
}

const current = new AsyncLocalStorage<RequestStreams>();
const byRequest = new WeakMap<object, RequestStreams>();

/** The streams of the request this code runs for, if any. */
export function requestStreams(): RequestStreams | undefined {
  return current.getStore();
}

/** Runs `work` (and everything it starts) as one request's, with its own streams kept until `close`. */
export function withRequestStreams<T>(work: (streams: RequestStreams) => T): T {
  const streams = new RequestStreams();
  return current.run(streams, () => work(streams));
}

/**
 * Middleware: what follows runs with the request's streams, kept until its response has gone.
 * Use it before the first handler that reads a stream and again after a body parser, whose
 * callback runs in the context its connection was opened in: the second use re-enters the
 * request's own streams.
 */
export function keepRequestStreams(req: object, res: { once(event: "close", listener: () => void): unknown }, next: () => void): void {
  let streams = byRequest.get(req);
  if (!streams) {
    const created = new RequestStreams();
    byRequest.set(req, created);
    res.once("close", () => created.close());
    streams = created;
  }
  current.run(streams, next);
}
