/**
 * Issue 14: the AuditLog port and chain verification (issue 11) on EventStoreDB. chainLinks.ts
 * says how the chain is held: one chain stream per business, built from `$all` in log order.
 *
 * Building (`catchUp`) reads `$all` from the chainer's checkpoint and links each of Bahi's events
 * into its business's chain: a link is appended at the chain's expected revision, so two
 * processes building at once cannot fork a chain; the one that loses the race reads the chain's
 * head again and goes past what the other linked. Every read of the port builds first, so a
 * ledger, a replay or a verification sees the chain up to the log's head as of the read; the
 * worker role also builds every few seconds (Stores.chainAudit), so a chain is extended soon
 * after an append even when nobody reads it, as the SQL adapters extend it in the append itself.
 *
 * Verification walks a chain's links over the events as their own streams hold them now: an
 * event changed, deleted (a stream truncated or tombstoned) or moved after it was linked is
 * named by audit/chain.ts verifyChain, with the newest link as the recorded head.
 */
import { BACKWARDS, END, EventStoreDBClient, FORWARDS, jsonEvent, NO_STREAM, ANY, START, StreamNotFoundError, WrongExpectedVersionError } from "@eventstore/db-client";
import { chainKeyOf, GENESIS_HASH, linkHash, verifyChain, type ChainVerification, type ChainVerifier } from "../audit/chain.ts";
import type { AuditLog, BusinessEventsQuery, ChainedEvent, ChainHead, ReplayEvent } from "../ports/auditLog.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import {
  CHAIN_STARTED_TYPE,
  CHAINER_CHECKPOINT_TYPE,
  CHAINER_STREAM,
  CHAINS_STREAM,
  chainedEventOf,
  chainStartIdOf,
  chainStreamOf,
  eventsToVerify,
  LINK_TYPE,
  linkIdOf,
  replayEventOf,
  type LinkData,
} from "./chainLinks.ts";
import type { EventStoreDbEventStore } from "./eventStoreDbEventStore.ts";
import { storeErrorOf } from "./mapping.ts";

/** Events of `$all` read per page while building. */
const PAGE = 500;

/** A chain's newest link: its seq and hash, and the position of the event it links. */
interface Head {
  seq: number;
  hash: string;
  position: string;
}

export class EventStoreDbAuditLog implements AuditLog, ChainVerifier {
  /** Heads as this process last wrote or read them; dropped for a chain whose append lost a race. */
  private readonly heads = new Map<string, Head | null>();
  /** One build at a time in this process; a read that arrives during one waits for the next. */
  private building: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly log: EventStoreDbEventStore,
  ) {}

  /** Links every event of `$all` not yet linked into its business's chain. */
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
    await this.catchUp();
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
    await this.catchUp();
    return (await this.links(businessId, afterSeq)).map(replayEventOf);
  }

  async chainHead(businessId: string): Promise<ChainHead | null> {
    await this.catchUp();
    const head = await this.readHead(businessId);
    return head && { seq: head.seq, hash: head.hash };
  }

  async verifyBusiness(businessId: string): Promise<ChainVerification> {
    await this.catchUp();
    const links = await this.links(businessId, 0);
    const streams = new Map<string, RecordedEvent[]>();
    for (const streamId of new Set(links.map((link) => link.event.streamId))) streams.set(streamId, await this.log.readStream(streamId));
    const rows = eventsToVerify(businessId, links, (streamId, revision) => streams.get(streamId)?.find((event) => event.revision === revision));
    const last = links[links.length - 1];
    return verifyChain(rows, last ? { seq: last.seq, hash: last.hash } : null);
  }

  async chainKeys(): Promise<string[]> {
    await this.catchUp();
    const keys = new Set<string>();
    for (const data of await this.readData<{ chainKey: string }>(CHAINS_STREAM, START)) keys.add(data.chainKey);
    return [...keys].sort();
  }

  private async buildFromCheckpoint(): Promise<void> {
    const [last] = await this.readData<{ position: string }>(CHAINER_STREAM, END, 1);
    let checkpoint = last?.position ?? null;
    for (;;) {
      const page = await this.log.readAll(checkpoint, PAGE);
      if (page.covered === 0) return;
      for (const event of page.events) await this.link(event);
      checkpoint = page.checkpoint;
      // Any process may write it; one that is behind writes an older one, which only repeats work.
      await this.append(CHAINER_STREAM, [{ type: CHAINER_CHECKPOINT_TYPE, data: { position: checkpoint } }], ANY);
    }
  }

  /** Links one event after its chain's head, unless the chain already goes past it. */
  private async link(event: RecordedEvent): Promise<void> {
    const chainKey = chainKeyOf(event.metadata);
    for (;;) {
      const head = this.heads.has(chainKey) ? this.heads.get(chainKey)! : await this.readHead(chainKey);
      if (head && this.log.comparePositions(event.position, head.position) <= 0) return;
      if (!head) await this.append(CHAINS_STREAM, [{ id: chainStartIdOf(chainKey), type: CHAIN_STARTED_TYPE, data: { chainKey } }], ANY);
      const prevHash = head?.hash ?? GENESIS_HASH;
      const link: LinkData = { seq: (head?.seq ?? 0) + 1, prevHash, hash: linkHash(prevHash, event), event };
      try {
        await this.append(chainStreamOf(chainKey), [{ id: linkIdOf(event.id), type: LINK_TYPE, data: link }], head ? BigInt(head.seq - 1) : NO_STREAM);
        this.heads.set(chainKey, { seq: link.seq, hash: link.hash, position: event.position });
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // Another process extended the chain meanwhile: read its head and look again.
        this.heads.delete(chainKey);
      }
    }
  }

  private async readHead(chainKey: string): Promise<Head | null> {
    const [link] = await this.readData<LinkData>(chainStreamOf(chainKey), END, 1);
    const head = link ? { seq: link.seq, hash: link.hash, position: link.event.position } : null;
    this.heads.set(chainKey, head);
    return head;
  }

  /** The chain's links after `afterSeq`: link n is the chain stream's revision n - 1. */
  private links(chainKey: string, afterSeq: number): Promise<LinkData[]> {
    return this.readData<LinkData>(chainStreamOf(chainKey), BigInt(afterSeq));
  }

  /** The data of a stream's events from `from` (END: the last `count`, newest first); [] for a missing stream. */
  private async readData<T>(streamId: string, from: bigint | typeof START | typeof END, count?: number): Promise<T[]> {
    const found: T[] = [];
    try {
      const reading = this.client.readStream(streamId, { direction: from === END ? BACKWARDS : FORWARDS, fromRevision: from, ...(count === undefined ? {} : { maxCount: count }) });
      for await (const resolved of reading) if (resolved.event) found.push(resolved.event.data as T);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw storeErrorOf(error);
    }
    return found;
  }

  private async append(streamId: string, events: { id?: string; type: string; data: object }[], expectedRevision: bigint | typeof NO_STREAM | typeof ANY): Promise<void> {
    try {
      await this.client.appendToStream(
        streamId,
        events.map((event) => jsonEvent({ ...event, data: event.data as Record<string, unknown> })),
        { expectedRevision },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw error;
      throw storeErrorOf(error);
    }
  }
}
