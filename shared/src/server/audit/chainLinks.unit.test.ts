import { describe, expect, it } from "vitest";
import { GENESIS_HASH, linkHash, verifyChain } from "./chain.ts";
import { isRepeatableEventId, type RecordedEvent } from "../ports/eventStore.ts";
import {
  CHAINER_STREAM,
  CHAINS_STREAM,
  RECORD_STREAMS_REGEX,
  chainedEventOf,
  chainStreamOf,
  eventsToVerify,
  isBookkeepingStream,
  linkIdOf,
  replayEventOf,
  type LinkData,
} from "./chainLinks.ts";

const recorded = (n: number, streamId = `invoice-${n % 2}`): RecordedEvent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  type: n === 1 ? "BusinessCreated" : "InvoiceIssued",
  data: { n, totalPaise: 1_000 * n },
  metadata: { userId: "u1", businessId: "b1", actor: "user:u1", causationId: null, correlationId: `r${n}`, occurredAt: "2026-12-02T05:00:00.000Z", schemaVersion: 1 },
  streamId,
  revision: Math.floor(n / 2),
  position: `${String(n * 10).padStart(20, "0")}:${String(n * 10).padStart(20, "0")}`,
  recordedAt: `2026-12-02T05:00:0${n}.000Z`,
});

/** Links as the chainer builds them: each after the last, hashed as the SQL adapters hash. */
function chainOf(events: readonly RecordedEvent[]): LinkData[] {
  const links: LinkData[] = [];
  for (const event of events) {
    const prevHash = links[links.length - 1]?.hash ?? GENESIS_HASH;
    links.push({ seq: links.length + 1, prevHash, hash: linkHash(prevHash, event), event });
  }
  return links;
}

const verify = (links: LinkData[], current: (streamId: string, revision: number) => RecordedEvent | undefined) =>
  verifyChain(eventsToVerify("b1", links, current), { seq: links[links.length - 1]!.seq, hash: links[links.length - 1]!.hash });

describe("the audit chain on EventStoreDB (issue 14, issue 11's chain)", () => {
  const events = [1, 2, 3, 4].map((n) => recorded(n));
  const links = chainOf(events);
  const asStored = (streamId: string, revision: number) => events.find((event) => event.streamId === streamId && event.revision === revision);

  it("keeps its streams apart from Bahi's records, and derives each link's id from its event's", () => {
    for (const stream of [chainStreamOf("b1"), chainStreamOf(""), CHAINER_STREAM, CHAINS_STREAM]) expect(isBookkeepingStream(stream)).toBe(true);
    for (const stream of ["invoice-1", "business-b1", "customer-bahi-chain"]) expect(isBookkeepingStream(stream)).toBe(false);
    // What a server filters by: Bahi's records only, neither its own ($) streams nor the chain's.
    const records = new RegExp(RECORD_STREAMS_REGEX);
    for (const stream of ["invoice-1", "business-b1", "customer-bahi-chain"]) expect(records.test(stream), stream).toBe(true);
    for (const stream of ["$stats-127.0.0.1:2113", "$$invoice-1", chainStreamOf("b1"), CHAINER_STREAM, CHAINS_STREAM]) expect(records.test(stream), stream).toBe(false);
    expect(chainStreamOf("b1")).not.toBe(chainStreamOf("b2"));
    expect(linkIdOf(events[0]!.id)).toBe(linkIdOf(events[0]!.id));
    expect(linkIdOf(events[0]!.id)).not.toBe(linkIdOf(events[1]!.id));
    // A link written twice is one link: the id is one a repeated append may carry.
    expect(isRepeatableEventId(linkIdOf(events[0]!.id))).toBe(true);
  });

  it("gives the port's rows from links: the event as it was linked, with its seq and hashes", () => {
    expect(chainedEventOf("b1", links[1]!)).toEqual({ ...events[1], chainKey: "b1", chainSeq: 2, prevHash: links[0]!.hash, hash: links[1]!.hash });
    expect(replayEventOf(links[2]!)).toEqual({
      chainSeq: 3,
      type: "InvoiceIssued",
      data: events[2]!.data,
      position: events[2]!.position,
      recordedAt: events[2]!.recordedAt,
      streamId: events[2]!.streamId,
      revision: events[2]!.revision,
      metadata: { schemaVersion: 1 },
    });
  });

  it("verifies a chain whose events are as they were linked", () => {
    expect(verify(links, asStored)).toEqual({ ok: true, checked: 4, head: { seq: 4, hash: links[3]!.hash } });
  });

  it("names an event changed in its own stream after it was linked as edited", () => {
    const changed = (streamId: string, revision: number) => {
      const event = asStored(streamId, revision);
      return event?.id === events[2]!.id ? { ...event, data: { n: 3, totalPaise: 1 } } : event;
    };
    expect(verify(links, changed)).toMatchObject({ ok: false, checked: 2, firstProblem: { kind: "edited", seq: 3, position: events[2]!.position } });
  });

  it("names an event gone from its stream (truncated, tombstoned, or another event in its place) as deleted", () => {
    const gone = (streamId: string, revision: number) => (streamId === events[1]!.streamId && revision === events[1]!.revision ? undefined : asStored(streamId, revision));
    expect(verify(links, gone)).toMatchObject({ ok: false, checked: 1, firstProblem: { kind: "deleted", seq: 2 } });
    const replaced = (streamId: string, revision: number) =>
      streamId === events[3]!.streamId && revision === events[3]!.revision ? recorded(9, streamId) : asStored(streamId, revision);
    expect(verify(links, replaced)).toMatchObject({ ok: false, checked: 3, firstProblem: { kind: "deleted", seq: 4 } });
  });
});
