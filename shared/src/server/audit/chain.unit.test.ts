import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import type { ChainedEvent } from "../ports/auditLog.ts";
import { PGLITE_EXTENSIONS, pgliteClient } from "../sql/client.ts";
import { migrate } from "../sql/schema.ts";
import { SqlEventStore } from "../sql/sqlEventStore.ts";
import { canonicalEvent, GENESIS_HASH, linkHash, verifyChain } from "./chain.ts";

const BUSINESS = "0b6f7a52-1d3c-4f0e-9a51-5f1b8e3c2d10";

function metadata() {
  return { userId: BUSINESS, actor: `user:${BUSINESS}`, causationId: null, correlationId: "c", occurredAt: "2026-11-24T10:00:00.000Z", schemaVersion: 1 };
}

/** A clean chain of `count` events, linked as the store links them. */
function chain(count: number): ChainedEvent[] {
  const events: ChainedEvent[] = [];
  let prev = GENESIS_HASH;
  for (let i = 0; i < count; i++) {
    const base = {
      id: randomUUID(),
      type: i % 2 ? "CustomerUpdated" : "CustomerAdded",
      data: { n: i, name: `Party ${i}` },
      metadata: metadata(),
      streamId: `customer-${i}`,
      revision: 0,
      recordedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      position: `${100 + i}:${i + 1}`,
    };
    const hash = linkHash(prev, base);
    events.push({ ...base, chainKey: BUSINESS, chainSeq: i + 1, prevHash: prev, hash });
    prev = hash;
  }
  return events;
}

const headOf = (events: ChainedEvent[]) => ({ seq: events[events.length - 1]!.chainSeq, hash: events[events.length - 1]!.hash });

describe("the hash chain's encoding", () => {
  it("ignores key order at every depth and what JSON drops", () => {
    const a = {
      id: "e",
      type: "T",
      data: { b: 1, a: { y: [1, { d: 2, c: 3 }], x: undefined } },
      metadata: metadata(),
      streamId: "s",
      revision: 0,
      recordedAt: "2026-11-24T10:00:00.000Z",
    };
    const b = { ...a, data: { a: { y: [1, { c: 3, d: 2 }] }, b: 1 } };
    expect(canonicalEvent(a)).toBe(canonicalEvent(b));
    expect(linkHash(GENESIS_HASH, a)).toBe(linkHash(GENESIS_HASH, b));
    expect(linkHash(GENESIS_HASH, a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with any field of the event and with the previous link", () => {
    const event = { id: "e", type: "T", data: { a: 1 }, metadata: metadata(), streamId: "s", revision: 0, recordedAt: "2026-11-24T10:00:00.000Z" };
    const hash = linkHash(GENESIS_HASH, event);
    expect(linkHash("1".repeat(64), event)).not.toBe(hash);
    for (const changed of [
      { ...event, id: "f" },
      { ...event, type: "U" },
      { ...event, data: { a: 2 } },
      { ...event, metadata: { ...metadata(), actor: "system:x" } },
      { ...event, streamId: "t" },
      { ...event, revision: 1 },
      { ...event, recordedAt: "2026-11-24T10:00:00.001Z" },
    ]) {
      expect(linkHash(GENESIS_HASH, changed)).not.toBe(hash);
    }
  });

  it("hashes a value read back from PGlite's jsonb as it hashed at append (numbers, unicode, nested keys)", async () => {
    const sql = pgliteClient(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      await migrate(sql);
      const store = new SqlEventStore(sql, { clock: () => new Date("2026-10-31T18:29:59.123Z") });
      const data = {
        z: { b: [3, 2, { y: 1, x: "₹1,18,000.00 — नमस्ते 👋" }], a: null },
        big: 1e21,
        small: 0.1,
        sum: 0.1 + 0.2,
        tiny: 5e-7,
        negative: -0,
        integer: 1.0,
        quote: 'a "quoted" \\ line\nbreak',
        empty: {},
      };
      await store.appendToStream("customer-x", [{ id: randomUUID(), type: "CustomerAdded", data, metadata: metadata() }], "no_stream");
      const [read] = await store.businessEvents(BUSINESS);
      expect(read!.recordedAt).toBe("2026-10-31T18:29:59.123Z");
      expect(read!.chainSeq).toBe(1);
      expect(read!.prevHash).toBe(GENESIS_HASH);
      expect(linkHash(read!.prevHash, read!)).toBe(read!.hash);
      expect((await store.verifyBusiness(BUSINESS)).ok).toBe(true);
    } finally {
      await sql.close();
    }
  });
});

describe("verifyChain names the first problem (Companies (Accounts) Rules 2014, Rule 3(1))", () => {
  it("passes a clean chain and reports its head", () => {
    const events = chain(5);
    expect(verifyChain(events, headOf(events))).toEqual({ ok: true, checked: 5, head: headOf(events) });
    expect(verifyChain([], null)).toEqual({ ok: true, checked: 0, head: null });
  });

  it("edited: an event's data changed after it was hashed", () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { n: 2, name: "Someone else" } };
    expect(verifyChain(events, headOf(events))).toMatchObject({ ok: false, checked: 2, firstProblem: { kind: "edited", seq: 3, position: events[2]!.position } });
  });

  it("deleted: a gap in the sequence, named at the event after it; a deleted last event against the head", () => {
    const events = chain(5);
    const head = headOf(events);
    const gap = events.filter((_, i) => i !== 1);
    expect(verifyChain(gap, head)).toMatchObject({ ok: false, checked: 1, firstProblem: { kind: "deleted", seq: 2, position: events[2]!.position } });
    expect(verifyChain(events.slice(0, 4), head)).toMatchObject({ ok: false, checked: 4, firstProblem: { kind: "deleted", seq: 5, position: null } });
  });

  it("deleted: a missing event whose successors were renumbered to close the gap", () => {
    const events = chain(5);
    const renumbered = [events[0]!, ...events.slice(2).map((e) => ({ ...e, chainSeq: e.chainSeq - 1 }))];
    expect(verifyChain(renumbered, headOf(events))).toMatchObject({ ok: false, firstProblem: { kind: "deleted", seq: 2, position: events[2]!.position } });
  });

  it("inserted: a forged row with a self-consistent hash on a made-up previous hash, past the head", () => {
    const events = chain(4);
    const head = headOf(events);
    const forged = { ...chain(1)[0]!, chainSeq: 5, prevHash: "f".repeat(64), position: "999:999" };
    forged.hash = linkHash(forged.prevHash, forged);
    expect(verifyChain([...events, forged], head)).toMatchObject({ ok: false, checked: 4, firstProblem: { kind: "inserted", seq: 5, position: "999:999" } });
  });

  it("inserted: a forged row correctly linked to the last event is caught by the recorded head", () => {
    const events = chain(4);
    const head = headOf(events);
    const forged = { ...chain(1)[0]!, chainSeq: 5, prevHash: head.hash, position: "999:999" };
    forged.hash = linkHash(forged.prevHash, forged);
    expect(verifyChain([...events, forged], head)).toMatchObject({ ok: false, checked: 4, firstProblem: { kind: "inserted", seq: 5 } });
  });

  it("inserted: a forged row in the middle, later rows renumbered, the next one still links around it", () => {
    const events = chain(4);
    const forged = { ...chain(1)[0]!, chainSeq: 3, prevHash: "e".repeat(64), position: "999:999" };
    forged.hash = linkHash(forged.prevHash, forged);
    const tampered = [events[0]!, events[1]!, forged, ...events.slice(2).map((e) => ({ ...e, chainSeq: e.chainSeq + 1 }))];
    expect(verifyChain(tampered, { seq: 5, hash: events[3]!.hash })).toMatchObject({ ok: false, checked: 2, firstProblem: { kind: "inserted", seq: 3, position: "999:999" } });
  });

  it("reordered: two events' places in the chain swapped", () => {
    const events = chain(5);
    const swapped = events.map((e) => (e === events[1] ? { ...e, chainSeq: 4 } : e === events[3] ? { ...e, chainSeq: 2 } : e));
    expect(verifyChain(swapped, headOf(events))).toMatchObject({ ok: false, checked: 1, firstProblem: { kind: "reordered", seq: 2, position: events[3]!.position } });
  });

  it("reordered: two events' type and data swapped, their chain columns left in place", () => {
    const events = chain(5);
    const [a, b] = [events[1]!, events[2]!];
    events[1] = { ...a, type: b.type, data: b.data };
    events[2] = { ...b, type: a.type, data: a.data };
    expect(verifyChain(events, headOf(events))).toMatchObject({ ok: false, checked: 1, firstProblem: { kind: "reordered", seq: 2, position: a.position } });
  });

  it("edited: the last event replaced by a self-consistent one, caught by the recorded head", () => {
    const events = chain(3);
    const head = headOf(events);
    const last = { ...events[2]!, data: { n: 99 } };
    last.hash = linkHash(last.prevHash, last);
    expect(verifyChain([events[0]!, events[1]!, last], head)).toMatchObject({ ok: false, checked: 2, firstProblem: { kind: "edited", seq: 3 } });
  });
});
