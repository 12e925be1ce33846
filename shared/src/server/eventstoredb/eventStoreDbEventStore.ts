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
  FORWARDS,
  START,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type Position,
} from "@eventstore/db-client";
import { compareWirePositions } from "../../contract/http.ts";
import { businessKeyOf, partitionOf } from "../partition.ts";
import type { LogFilter, LogPage, EventLog } from "../ports/eventLog.ts";
import {
  assertEventsFit,
  isRepeatableEventId,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from "../ports/eventStore.ts";
import { ChainBesideLog } from "../audit/chainBesideLog.ts";
import { isBookkeepingStream, RECORD_STREAMS_REGEX } from "../audit/chainLinks.ts";
import { eventStoreDbChainStreams } from "./chainStreams.ts";
import { readStreamEvents } from "./streamReads.ts";
import { appendErrorOf, eventDataOf, expectedRevisionOf, positionOf, recordedEventOf, repeatsElsewhere, storeErrorOf, wirePositionOf } from "./mapping.ts";

/** How long to wait before following `$all` again after the subscription ended or failed. */
const RESUBSCRIBE_MS = { first: 250, most: 10_000 };

/**
 * Records in `$all` that are not Bahi's events: EventStoreDB's own ($statistics, $metadata,
 * projections' links) and the audit chain's links and checkpoints (chainLinks.ts).
 */
const isSystemRecord = (resolved: AllStreamResolvedEvent): boolean =>
  !resolved.event || resolved.event.type.startsWith("$") || resolved.event.streamId.startsWith("$") || isBookkeepingStream(resolved.event.streamId);

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

  /** The AuditLog over this store's log: the chains built beside it (audit/chainBesideLog.ts). */
  auditLog(): ChainBesideLog {
    return new ChainBesideLog(this, this, eventStoreDbChainStreams(this.client));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    const page = options.maxCount === undefined ? {} : { maxCount: options.maxCount };
    return (await readStreamEvents(this.client, streamId, { direction: FORWARDS, fromRevision: from > 0 ? BigInt(from) : START, ...page })).map((event) => recordedEventOf(event));
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    assertEventsFit(streamId, events);
    try {
      await this.refuseRepeatedIds(streamId, events, expected);
      const result = await this.client.appendToStream(streamId, events.map(eventDataOf), { expectedRevision: expectedRevisionOf(expected) });
      // A repeat EventStoreDB acknowledged without writing comes back without a position: the
      // first append's last event has it.
      const position = result.position ?? (await this.positionAt(streamId, result.nextExpectedRevision));
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: wirePositionOf(position) };
    } catch (error) {
      throw appendErrorOf(streamId, expected, error);
    }
  }

  /**
   * Ids a retried request may repeat (isRepeatableEventId) are looked for in the stream first:
   * EventStoreDB would store them again at the stream's head (mapping.ts repeatsElsewhere). Random
   * ids never repeat, so an append of only those costs no read.
   *
   * Issue 38: only the events after the expected revision are read, so the look costs the same at
   * any stream length. A rerun decides on the stream as it stood before its own first event
   * (command-api idempotency/ids.ts, ClaimOutcome.rerun), so its ids can stand only there, never
   * at or before the revision it expects.
   */
  private async refuseRepeatedIds(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<void> {
    if (!events.some((event) => isRepeatableEventId(event.id))) return;
    const from = typeof expected === "number" ? expected + 1 : 0;
    const stored = await this.readStream(streamId, { fromRevision: from });
    if (!repeatsElsewhere(stored, events, expected)) return;
    const head = stored.at(-1)?.revision ?? (from > 0 ? from - 1 : null);
    throw new WrongExpectedRevisionError(streamId, expected, head ?? "no_stream");
  }

  private async positionAt(streamId: string, revision: bigint): Promise<Position> {
    const [event] = await readStreamEvents(this.client, streamId, { direction: FORWARDS, fromRevision: revision, maxCount: 1 });
    if (event?.position) return event.position;
    throw new Error(`EventStoreDB gave no log position for ${streamId}@${revision}: Bahi needs a server of version 22.6 or later`);
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
    // Only Bahi's records wake the listeners: not EventStoreDB's own, nor the audit chain's links.
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: streamNameFilter({ regex: RECORD_STREAMS_REGEX }) });
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
