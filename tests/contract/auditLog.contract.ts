import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENESIS_HASH, linkHash } from "@bahi/shared/server";
import type { AuditLog, ChainVerifier, EventLog, EventStore, RecordedEvent } from "@bahi/shared/server";
import { freshStreamId, newEvent, readLogUntil } from "./eventStore.contract.ts";

/** An audit log, and what extends its chains up to the log's head (nothing where every append does). */
export interface AuditSide {
  audit: AuditLog & ChainVerifier;
  build(): Promise<void>;
}

export interface OpenedAuditLog extends AuditSide {
  store: EventStore & EventLog;
  /** The audit log as another process over the same store sees it. */
  another(): AuditSide;
  close(): Promise<void>;
}

/**
 * Issue 14: the promises of the AuditLog port (issue 11's hash chain per business) that every
 * adapter keeps, whether it extends the chain in the append's transaction (SQL) or builds it
 * beside the log (EventStoreDB).
 */
export function auditLogContract(name: string, open: () => Promise<OpenedAuditLog>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let opened: OpenedAuditLog;
    let store: EventStore & EventLog;
    let audit: AuditLog & ChainVerifier;

    beforeAll(async () => {
      opened = await open();
      ({ store, audit } = opened);
    });

    afterAll(async () => {
      await opened?.close();
    });

    /** Appends `count` events of `business`, one stream per two events, builds the chains, and returns the events as stored. */
    async function appendOf(business: string, count: number, build = true): Promise<RecordedEvent[]> {
      const streams = Array.from({ length: Math.ceil(count / 2) }, () => freshStreamId("audit"));
      let last = "";
      for (let i = 0; i < count; i++) {
        const event = newEvent(`Audited${i}`, { i, business });
        event.metadata = { ...event.metadata, userId: business, businessId: business };
        last = (await store.appendToStream(streams[Math.floor(i / 2)]!, [event], i % 2 === 0 ? "no_stream" : 0)).position;
      }
      // The chain beside the log is built from the log: on PostgreSQL an append shows there a
      // moment late, once older transactions of the whole server have ended (sqlEventStore.ts).
      await readLogUntil(store, null, last, 1000);
      if (build) await opened.build();
      return (await Promise.all(streams.map((stream) => store.readStream(stream)))).flat().sort((a, b) => store.comparePositions(a.position, b.position));
    }

    it("chains each business's events in log order: seq from 1, each hash over the one before", async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const ofA = await appendOf(a, 3);
      const ofB = await appendOf(b, 2);
      ofA.push(...(await appendOf(a, 2)));

      const chain = await audit.businessEvents(a);
      expect(chain.map((e) => e.id)).toEqual(ofA.map((e) => e.id));
      expect(chain.map((e) => e.chainSeq)).toEqual([1, 2, 3, 4, 5]);
      expect(chain.every((e) => e.chainKey === a)).toBe(true);
      let prev = GENESIS_HASH;
      for (const [i, link] of chain.entries()) {
        const { chainKey: _key, chainSeq: _seq, prevHash, hash, ...event } = link;
        expect(event).toEqual(ofA[i]);
        expect(prevHash).toBe(prev);
        expect(hash).toBe(linkHash(prevHash, ofA[i]!));
        prev = hash;
      }
      expect(await audit.chainHead(a)).toEqual({ seq: 5, hash: prev });
      expect((await audit.businessEvents(b)).map((e) => [e.id, e.chainSeq, e.prevHash === GENESIS_HASH])).toEqual([
        [ofB[0]!.id, 1, true],
        [ofB[1]!.id, 2, false],
      ]);
    });

    it("reads a chain after a seq, within recorded times and up to a limit, and replays it lean", async () => {
      const business = randomUUID();
      const events = await appendOf(business, 4);
      const all = await audit.businessEvents(business);
      expect((await audit.businessEvents(business, { afterSeq: 2 })).map((e) => e.chainSeq)).toEqual([3, 4]);
      expect((await audit.businessEvents(business, { limit: 3 })).map((e) => e.chainSeq)).toEqual([1, 2, 3]);
      const second = new Date(events[1]!.recordedAt);
      const third = new Date(events[2]!.recordedAt);
      expect((await audit.businessEvents(business, { recordedUntil: second })).map((e) => e.id)).toEqual(
        events.filter((e) => Date.parse(e.recordedAt) <= second.getTime()).map((e) => e.id),
      );
      expect((await audit.businessEvents(business, { recordedFrom: third })).map((e) => e.id)).toEqual(
        events.filter((e) => Date.parse(e.recordedAt) >= third.getTime()).map((e) => e.id),
      );

      const replay = await audit.replayEvents(business, 1);
      expect(replay).toEqual(
        all.slice(1).map((e) => ({
          chainSeq: e.chainSeq,
          type: e.type,
          data: e.data,
          position: e.position,
          recordedAt: e.recordedAt,
          streamId: e.streamId,
          revision: e.revision,
          metadata: { schemaVersion: e.metadata.schemaVersion },
        })),
      );
    });

    it("gives two processes building at once one chain, and writes nothing when nothing new was appended", async () => {
      const business = randomUUID();
      const events = await appendOf(business, 6, false);
      const other = opened.another();
      await Promise.all([opened.build(), other.build()]);
      const [here, there] = await Promise.all([audit.businessEvents(business), other.audit.businessEvents(business)]);
      expect(there).toEqual(here);
      expect(here.map((e) => [e.id, e.chainSeq])).toEqual(events.map((e, i) => [e.id, i + 1]));
      expect(await other.audit.verifyBusiness(business)).toMatchObject({ ok: true, checked: 6 });

      const head = await store.head();
      await opened.build();
      await other.build();
      expect(await store.head()).toBe(head);
    });

    it("verifies an untouched chain, lists its business, and knows nothing of a business without events", async () => {
      const business = randomUUID();
      await appendOf(business, 3);
      const head = await audit.chainHead(business);
      expect(await audit.verifyBusiness(business)).toEqual({ ok: true, checked: 3, head });
      expect(await audit.chainKeys()).toContain(business);

      const nobody = randomUUID();
      expect(await audit.businessEvents(nobody)).toEqual([]);
      expect(await audit.replayEvents(nobody)).toEqual([]);
      expect(await audit.chainHead(nobody)).toBeNull();
      expect(await audit.verifyBusiness(nobody)).toEqual({ ok: true, checked: 0, head: null });
      expect(await audit.chainKeys()).not.toContain(nobody);
    });
  });
}
