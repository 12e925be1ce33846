/**
 * Issue 14: the AuditLog port and chain verification (issue 11) for an event store with no
 * transaction across streams (EventStoreDB). chainLinks.ts says how the chain is held: one chain
 * stream per business, built from the global log in log order.
 *
 * Building (`catchUp`) reads the log from the chainer's checkpoint and links each of Bahi's
 * events into its business's chain: a link is appended at the chain's expected revision, so two
 * processes building at once cannot fork a chain; the one that loses the race reads the chain's
 * head again and goes past what the other linked. Only the worker role builds, every second
 * (Stores.chainAudit), and `bahi ledger verify` before it verifies: the port's reads (the read
 * API's ledger, replays, verification) never write, and see the chain as last built, a second or
 * so behind the log where the SQL adapters extend it in the append itself.
 *
 * Verification walks a chain's links over the events as their own streams hold them now: an
 * event changed, deleted (a stream truncated or tombstoned) or moved after it was linked is
 * named by chain.ts verifyChain, with the newest link as the recorded head.
 *
 * The streams it writes are reached through ChainStreams, so the same building runs on any
 * EventStore (tests/contract/auditLog.contract.ts runs it on PGlite and PostgreSQL too).
 */
import { randomUUID } from "node:crypto";
import type { AuditLog, BusinessEventsQuery, ChainedEvent, ChainHead, ReplayEvent } from "../ports/auditLog.ts";
import type { EventLog } from "../ports/eventLog.ts";
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from "../ports/eventStore.ts";
import { chainKeyOf, GENESIS_HASH, linkHash, verifyChain, type ChainVerification, type ChainVerifier } from "./chain.ts";
import {
  CHAIN_STARTED_TYPE,
  CHAINER_CHECKPOINT_TYPE,
  CHAINER_STREAM,
  CHAINS_STREAM,
  chainedEventOf,
  chainStartIdOf,
  chainStreamOf,
  eventsToVerify,
  isBookkeepingStream,
  LINK_TYPE,
  linkIdOf,
  replayEventOf,
  type LinkData,
} from "./chainLinks.ts";

/** One event of the chain's bookkeeping: its id is given where writing it twice must write it once. */
export interface BookkeepingEvent {
  id?: string;
  type: string;
  data: object;
}

/** The chain's own streams, as the store keeps them. */
export interface ChainStreams {
  /** The data of the stream's last event, null for a missing or empty stream. */
  last<T>(streamId: string): Promise<T | null>;
  /** The data of the stream's events from `revision` on, in order. */
  from<T>(streamId: string, revision: number): Promise<T[]>;
  /**
   * Appends at the expected revision (the last event's, or "no_stream") and returns false when
   * the stream has moved on: another process wrote first. "any" appends wherever the stream ends
   * and is always true: events whose ids the stream holds already are written once.
   */
  append(streamId: string, events: readonly BookkeepingEvent[], expected: number | "no_stream" | "any"): Promise<boolean>;
}

/** Events of the log read per page while building. */
const PAGE = 500;

/** A chain's newest link: its seq and hash, and the position of the event it links. */
interface Head {
  seq: number;
  hash: string;
  position: string;
}

export class ChainBesideLog implements AuditLog, ChainVerifier {
  /** Heads as this process last wrote or read them; dropped for a chain whose append lost a race. */
  private readonly heads = new Map<string, Head | null>();
  /** How far this process has built: the stored checkpoint may be behind it. */
  private checkpoint: string | null = null;
  /** One build at a time in this process; a caller that arrives during one also waits for one more, which starts after its call. */
  private building: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly log: EventLog,
    private readonly events: Pick<EventStore, "readStream">,
    private readonly streams: ChainStreams,
  ) {}

  /** Links every event of the log not yet linked into its business's chain. */
  catchUp(): Promise<void> {
    if (this.building) {
      this.again = true;
      return this.building;
    }
    this.building = (async () => {
      try {
        do {
          this.again = false;
          await this.buildFromCheckpoint();
        } while (this.again);
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }

  async businessEvents(businessId: string, query: BusinessEventsQuery = {}): Promise<ChainedEvent[]> {
    const rows: ChainedEvent[] = [];
    for (const link of await this.links(businessId, query.afterSeq ?? 0)) {
      const recordedAt = Date.parse(link.event.recordedAt);
      if (query.recordedFrom && recordedAt < query.recordedFrom.getTime()) continue;
      if (query.recordedUntil && recordedAt > query.recordedUntil.getTime()) continue;
      rows.push(chainedEventOf(businessId, link));
      if (query.limit !== undefined && rows.length >= query.limit) break;
    }
    return rows;
  }

  async replayEvents(businessId: string, afterSeq = 0): Promise<ReplayEvent[]> {
    return (await this.links(businessId, afterSeq)).map(replayEventOf);
  }

  async chainHead(businessId: string): Promise<ChainHead | null> {
    const head = await this.readHead(businessId);
    return head && { seq: head.seq, hash: head.hash };
  }

  async verifyBusiness(businessId: string): Promise<ChainVerification> {
    const links = await this.links(businessId, 0);
    const streams = new Map<string, RecordedEvent[]>();
    for (const streamId of new Set(links.map((link) => link.event.streamId))) streams.set(streamId, await this.events.readStream(streamId));
    const rows = eventsToVerify(businessId, links, (streamId, revision) => streams.get(streamId)?.find((event) => event.revision === revision));
    const last = links[links.length - 1];
    return verifyChain(rows, last ? { seq: last.seq, hash: last.hash } : null);
  }

  async chainKeys(): Promise<string[]> {
    const keys = new Set<string>();
    for (const data of await this.streams.from<{ chainKey: string }>(CHAINS_STREAM, 0)) keys.add(data.chainKey);
    return [...keys].sort();
  }

  private async buildFromCheckpoint(): Promise<void> {
    const stored = (await this.streams.last<{ position: string }>(CHAINER_STREAM))?.position ?? null;
    let checkpoint = this.log.comparePositions(stored, this.checkpoint) >= 0 ? stored : this.checkpoint;
    for (;;) {
      const page = await this.log.readAll(checkpoint, PAGE);
      if (page.covered === 0) return;
      const linked = page.events.filter((event) => !isBookkeepingStream(event.streamId));
      for (const event of linked) await this.link(event);
      checkpoint = page.checkpoint;
      this.checkpoint = checkpoint;
      // Stored only past Bahi's own events: a page of nothing but the chain's bookkeeping (this
      // very checkpoint among it) writes nothing, or every build would write one more to read.
      // Any process may store it; one that is behind stores an older one, which only repeats work.
      if (linked.length > 0) await this.streams.append(CHAINER_STREAM, [{ type: CHAINER_CHECKPOINT_TYPE, data: { position: checkpoint } }], "any");
    }
  }

  /** Links one event after its chain's head, unless the chain already goes past it. */
  private async link(event: RecordedEvent): Promise<void> {
    const chainKey = chainKeyOf(event.metadata);
    for (;;) {
      const head = this.heads.has(chainKey) ? this.heads.get(chainKey)! : await this.readHead(chainKey);
      if (head && this.log.comparePositions(event.position, head.position) <= 0) return;
      if (!head) await this.streams.append(CHAINS_STREAM, [{ id: chainStartIdOf(chainKey), type: CHAIN_STARTED_TYPE, data: { chainKey } }], "any");
      const prevHash = head?.hash ?? GENESIS_HASH;
      const link: LinkData = { seq: (head?.seq ?? 0) + 1, prevHash, hash: linkHash(prevHash, event), event };
      if (await this.streams.append(chainStreamOf(chainKey), [{ id: linkIdOf(event.id), type: LINK_TYPE, data: link }], head ? head.seq - 1 : "no_stream")) {
        this.heads.set(chainKey, { seq: link.seq, hash: link.hash, position: event.position });
        return;
      }
      // Another process extended the chain meanwhile: read its head and look again.
      this.heads.delete(chainKey);
    }
  }

  private async readHead(chainKey: string): Promise<Head | null> {
    const link = await this.streams.last<LinkData>(chainStreamOf(chainKey));
    const head = link ? { seq: link.seq, hash: link.hash, position: link.event.position } : null;
    this.heads.set(chainKey, head);
    return head;
  }

  /** The chain's links after `afterSeq`: link n is the chain stream's revision n - 1. */
  private links(chainKey: string, afterSeq: number): Promise<LinkData[]> {
    return this.streams.from<LinkData>(chainStreamOf(chainKey), afterSeq);
  }
}

/**
 * The chain's streams kept through the EventStore port itself: what lets the chain beside the
 * log run on any store (the contract suites run it on PGlite and PostgreSQL, where the append
 * builds a chain of its own too). Reads whole streams: EventStoreDB's own (chainStreams.ts) reads
 * a stream's last event alone.
 */
export function eventStoreChainStreams(store: EventStore, clock: () => Date = () => new Date()): ChainStreams {
  return {
    async last<T>(streamId: string) {
      const events = await store.readStream(streamId);
      return (events[events.length - 1]?.data as T | undefined) ?? null;
    },
    from: async <T>(streamId: string, revision: number) => (await store.readStream(streamId, { fromRevision: revision })).map((event) => event.data as T),
    async append(streamId, events, expected) {
      const metadata = { userId: null, actor: "system:audit-chain", causationId: null, correlationId: randomUUID(), occurredAt: clock().toISOString(), schemaVersion: 1 };
      const batch = events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata }));
      for (;;) {
        const at = expected === "any" ? (await store.readStream(streamId)).length - 1 : expected;
        try {
          await store.appendToStream(streamId, batch, at === -1 ? "no_stream" : at);
          return true;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (expected !== "any") return false;
        }
        // "any" lost to another append between its read and its write, or its ids are there
        // already (an append is whole: one of them there means this batch was written).
        const held = new Set((await store.readStream(streamId)).map((event) => event.id));
        if (batch.some((event) => held.has(event.id))) return true;
      }
    },
  };
}
