/**
 * Issue 14: the EventStore and EventLog ports on EventStoreDB (or KurrentDB), through
 * `@eventstore/db-client` 6.2. Streams map one to one, revisions are the stream's own, and the
 * global log is `$all`. Written against the client's documented behaviour: its contract suite runs
 * wherever a server is reachable (EVENTSTORE_URL), and every translation is unit-tested in
 * mapping.unit.test.ts. What it reads of the client's types:
 *
 * - `readAll` takes no server-side filter in 6.2 (only subscriptions do), so a page of `$all`
 *   drops EventStoreDB's own `$`-typed records and applies the port's LogFilter here; `covered`
 *   and the checkpoint go past every record read, system records included, so a page of nothing
 *   wanted still moves the checkpoint.
 * - `fromPosition` is inclusive: the record at the checkpoint itself is skipped.
 * - Appends are refused over MAX_EVENT_BYTES before anything is sent.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  START,
  StreamNotFoundError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
} from "@eventstore/db-client";
import { compareWirePositions } from "../../contract/http.ts";
import { businessKeyOf, partitionOf } from "../partition.ts";
import type { LogFilter, LogPage, EventLog } from "../ports/eventLog.ts";
import { assertEventsFit, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent } from "../ports/eventStore.ts";
import { appendErrorOf, eventDataOf, expectedRevisionOf, positionOf, recordedEventOf, storeErrorOf, wirePositionOf } from "./mapping.ts";

/** How long to wait before following `$all` again after the subscription ended or failed. */
const RESUBSCRIBE_MS = { first: 250, most: 10_000 };

/** EventStoreDB's own records ($statistics, $metadata, projections' links): never Bahi's. */
const isSystemRecord = (resolved: AllStreamResolvedEvent): boolean => !resolved.event || resolved.event.type.startsWith("$") || resolved.event.streamId.startsWith("$");

/** The port's LogFilter: the held businesses' events, and every event of the asked types. */
function wantedBy(filter: LogFilter | undefined): (event: RecordedEvent) => boolean {
  if (!filter) return () => true;
  const held = new Set(filter.held);
  const types = new Set(filter.types);
  return (event) => types.has(event.type) || held.has(partitionOf(businessKeyOf(event), filter.parts));
}

export class EventStoreDbEventStore implements EventStore, EventLog {
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | null = null;
  private resubscribe: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  /** `connectionString`: "esdb://host:2113?tls=false" and the like (EventStoreDB's own format). */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  constructor(private readonly client: EventStoreDBClient) {}

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision: START })) {
        if (resolved.event) events.push(recordedEventOf(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw storeErrorOf(error);
    }
    return events;
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertEventsFit(streamId, events);
    try {
      const result = await this.client.appendToStream(streamId, events.map(eventDataOf), { expectedRevision: expectedRevisionOf(expected) });
      if (!result.position) throw new Error("EventStoreDB answered an append without its position: Bahi needs a server of version 22.6 or later");
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: wirePositionOf(result.position) };
    } catch (error) {
      throw appendErrorOf(streamId, expected, error);
    }
  }

  async readAll(checkpoint: string | null, limit: number, filter?: LogFilter): Promise<LogPage> {
    const wanted = wantedBy(filter);
    const events: RecordedEvent[] = [];
    let last = checkpoint;
    let covered = 0;
    // One more than asked: the record at the checkpoint itself comes first and is skipped.
    const reading = this.client.readAll({ direction: FORWARDS, fromPosition: checkpoint === null ? START : positionOf(checkpoint), maxCount: limit + 1 });
    try {
      for await (const resolved of reading) {
        if (!resolved.event) continue;
        const position = wirePositionOf(resolved.event.position);
        if (compareWirePositions(position, checkpoint) <= 0) continue;
        // EventStoreDB's own records count as gone past too: a page of nothing else still moves
        // the projector's checkpoint (covered 0 would read as "caught up" and hold it there).
        last = position;
        covered += 1;
        if (!isSystemRecord(resolved)) {
          const event = recordedEventOf(resolved.event);
          if (wanted(event)) events.push(event);
        }
        if (covered === limit) break;
      }
    } catch (error) {
      throw storeErrorOf(error);
    }
    return { events, checkpoint: last, covered };
  }

  async head(): Promise<string | null> {
    try {
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {
        return resolved.event ? wirePositionOf(resolved.event.position) : null;
      }
    } catch (error) {
      throw storeErrorOf(error);
    }
    return null;
  }

  comparePositions(a: string | null, b: string | null): number {
    return compareWirePositions(a, b);
  }

  /** Follows `$all` from its end while anyone listens; every event of another writer is a hint. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.follow(RESUBSCRIBE_MS.first);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unfollow();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unfollow();
    await this.client.dispose();
  }

  private follow(backoffMs: number): void {
    if (this.closed || this.subscription) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on("data", () => {
      for (const listener of this.listeners) listener();
    });
    // Ended or failed (the server restarted, a leader changed): follow again, waiting longer each time.
    const again = () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      if (this.closed || this.listeners.size === 0) return;
      // A hint now: whatever was appended while nobody followed is read by the listeners' next step.
      for (const listener of this.listeners) listener();
      this.resubscribe = setTimeout(() => this.follow(Math.min(backoffMs * 2, RESUBSCRIBE_MS.most)), backoffMs);
    };
    subscription.on("error", again);
    subscription.on("end", again);
  }

  private unfollow(): void {
    if (this.resubscribe) clearTimeout(this.resubscribe);
    this.resubscribe = null;
    const subscription = this.subscription;
    this.subscription = null;
    void subscription?.unsubscribe().catch(() => undefined);
  }
}
