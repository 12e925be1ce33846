import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessKeyOf, EventTooLargeError, MAX_EVENT_BYTES, partitionOf, repeatableId, WrongExpectedRevisionError } from "@bahi/shared/server";
import type { EventLog, EventStore, NewEvent, RecordedEvent } from "@bahi/shared/server";

export interface OpenedEventStore {
  store: EventStore & EventLog;
  close(): Promise<void>;
}

/**
 * Issue 14: where an adapter's store promises less than the SQL adapters, which promise it keeps.
 * Every other test holds for every adapter unchanged.
 */
export interface EventStorePromises {
  /**
   * "log": an event id is stored once in the whole log (the SQL adapters' unique index).
   * "stream": once per stream (EventStoreDB deduplicates by id within a stream only). Enough for
   * the callers: random ids never meet again, and a request re-run under its Idempotency-Key
   * draws the same ids for the same records, so for the same streams (command-api idempotency/ids.ts).
   */
  uniqueIds: "log" | "stream";
  /**
   * Whether the log holds records of the store's own between Bahi's events (EventStoreDB's
   * `$`-streams, the audit chain's links): a page goes past them, counting them as covered, so a
   * page with no events may still move the checkpoint.
   */
  ownRecords: boolean;
}

const SQL_PROMISES: EventStorePromises = { uniqueIds: "log", ownRecords: false };

/** A stream id no other test uses, so every test can share one store. */
export function freshStreamId(prefix = "contract"): string {
  return `${prefix}-${randomUUID()}`;
}

export function newEvent(type = "ThingHappened", data: unknown = { n: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      userId: "user-1",
      actor: "user:user-1",
      causationId: null,
      correlationId: randomUUID(),
      occurredAt: "2024-04-01T10:00:00.000Z",
      schemaVersion: 1,
    },
  };
}

const VISIBILITY_TIMEOUT_MS = 5_000;

/**
 * Pages through the log from `checkpoint` with small pages until the event at `until` has been
 * read. An append may reach the log a moment late (on PostgreSQL, not before every older
 * transaction in the whole cluster has ended), but never out of order.
 */
export async function readLogUntil(log: EventLog, checkpoint: string | null, until: string, pageSize = 7): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  const deadline = Date.now() + VISIBILITY_TIMEOUT_MS;
  let at = checkpoint;
  while (log.comparePositions(at, until) < 0) {
    const page = await log.readAll(at, pageSize);
    expect(page.events.length).toBeLessThanOrEqual(page.covered);
    if (page.covered === 0) {
      expect(page.events).toEqual([]);
      expect(page.checkpoint).toBe(at);
      if (Date.now() > deadline) throw new Error(`The log did not reach ${until} within ${VISIBILITY_TIMEOUT_MS} ms (stuck at ${at})`);
      await sleep(5);
      continue;
    }
    expect(page.covered).toBeLessThanOrEqual(pageSize);
    // The checkpoint is the last record gone past: the last event unless the store's own records followed it.
    if (page.events.length > 0) expect(log.comparePositions(page.checkpoint, page.events[page.events.length - 1]!.position)).toBeGreaterThanOrEqual(0);
    expect(log.comparePositions(page.checkpoint, at)).toBeGreaterThan(0);
    seen.push(...page.events);
    at = page.checkpoint;
  }
  return seen;
}

/**
 * A checkpoint after which the log holds only what the test appends next: once a fresh
 * marker event is readable, so is every append that finished before it.
 */
async function quietCheckpoint(store: EventStore & EventLog): Promise<string> {
  const marker = await store.appendToStream(freshStreamId("marker"), [newEvent("Marker")], "no_stream");
  await readLogUntil(store, null, marker.position, 1000);
  return marker.position;
}

function expectStrictlyIncreasing(log: EventLog, positions: readonly string[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(log.comparePositions(positions[i - 1]!, positions[i]!), `${positions[i - 1]} < ${positions[i]}`).toBeLessThan(0);
  }
}

/** The promises every EventStore + EventLog adapter keeps (DESIGN.md "Ports and adapters"). */
export function eventStoreContract(name: string, open: () => Promise<OpenedEventStore>, promises: EventStorePromises = SQL_PROMISES): void {
  describe(`EventStore + EventLog contract: ${name}`, () => {
    let opened: OpenedEventStore;
    let store: EventStore & EventLog;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    describe("expected revisions", () => {
      it('appends to a new stream with "no_stream"', async () => {
        const streamId = freshStreamId();
        const events = [newEvent("A"), newEvent("B")];
        const result = await store.appendToStream(streamId, events, "no_stream");
        expect(result.nextExpectedRevision).toBe(1);
        const stored = await store.readStream(streamId);
        expect(stored.map((e) => [e.id, e.revision, e.streamId])).toEqual([
          [events[0]!.id, 0, streamId],
          [events[1]!.id, 1, streamId],
        ]);
      });

      it('refuses "no_stream" on an existing stream', async () => {
        const streamId = freshStreamId();
        await store.appendToStream(streamId, [newEvent()], "no_stream");
        const error = await store.appendToStream(streamId, [newEvent()], "no_stream").catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).code).toBe("WRONG_EXPECTED_REVISION");
        expect((error as WrongExpectedRevisionError).streamId).toBe(streamId);
        expect((error as WrongExpectedRevisionError).actual).toBe(0);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it("appends at the exact revision of the last event and refuses any other", async () => {
        const streamId = freshStreamId();
        await store.appendToStream(streamId, [newEvent(), newEvent()], "no_stream");
        await expect(store.appendToStream(streamId, [newEvent()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.appendToStream(streamId, [newEvent()], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        const result = await store.appendToStream(streamId, [newEvent(), newEvent()], 1);
        expect(result.nextExpectedRevision).toBe(3);
        await expect(store.appendToStream(streamId, [newEvent()], 1)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
      });

      it("reads a stream from a revision on: the tail a command process has not folded yet (issue 38)", async () => {
        const streamId = freshStreamId();
        const written = [newEvent("ThingHappened", { n: 0 }), newEvent("ThingHappened", { n: 1 }), newEvent("ThingHappened", { n: 2 })];
        await store.appendToStream(streamId, written, "no_stream");
        const whole = await store.readStream(streamId);
        expect(await store.readStream(streamId, { fromRevision: 0 })).toEqual(whole);
        const tail = await store.readStream(streamId, { fromRevision: 1 });
        expect(tail.map((e) => [e.revision, e.id])).toEqual([
          [1, written[1]!.id],
          [2, written[2]!.id],
        ]);
        expect(tail).toEqual(whole.slice(1));
        // Past the head, and on a stream that does not exist: nothing, not an error.
        expect(await store.readStream(streamId, { fromRevision: 3 })).toEqual([]);
        expect(await store.readStream(freshStreamId(), { fromRevision: 5 })).toEqual([]);
        // In pages: at most maxCount events from the revision on.
        expect((await store.readStream(streamId, { fromRevision: 0, maxCount: 2 })).map((e) => e.revision)).toEqual([0, 1]);
        expect((await store.readStream(streamId, { fromRevision: 2, maxCount: 2 })).map((e) => e.revision)).toEqual([2]);
        // An append after a tail read shows in the next one.
        await store.appendToStream(streamId, [newEvent("ThingHappened", { n: 3 })], 2);
        expect((await store.readStream(streamId, { fromRevision: 3 })).map((e) => e.data)).toEqual([{ n: 3 }]);
      });

      it("refuses an exact revision on a stream that does not exist", async () => {
        const streamId = freshStreamId();
        const error = await store.appendToStream(streamId, [newEvent()], 0).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).actual).toBe("no_stream");
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('refuses "stream_exists" on a missing stream and accepts it on an existing one', async () => {
        const streamId = freshStreamId();
        await expect(store.appendToStream(streamId, [newEvent()], "stream_exists")).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(streamId)).toEqual([]);
        await store.appendToStream(streamId, [newEvent()], "no_stream");
        const result = await store.appendToStream(streamId, [newEvent(), newEvent()], "stream_exists");
        expect(result.nextExpectedRevision).toBe(2);
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it("keeps streams apart: revisions count per stream", async () => {
        const first = freshStreamId();
        const second = freshStreamId();
        await store.appendToStream(first, [newEvent(), newEvent()], "no_stream");
        const result = await store.appendToStream(second, [newEvent()], "no_stream");
        expect(result.nextExpectedRevision).toBe(0);
        expect(await store.readStream(first)).toHaveLength(2);
        expect(await store.readStream(second)).toHaveLength(1);
      });

      it("lets exactly one of several concurrent appends at the same expected revision win", async () => {
        const streamId = freshStreamId();
        await store.appendToStream(streamId, [newEvent()], "no_stream");
        const contenders = Array.from({ length: 5 }, () => newEvent("Contender"));
        const outcomes = await Promise.allSettled(contenders.map((event) => store.appendToStream(streamId, [event], 0)));
        const won = outcomes.filter((o) => o.status === "fulfilled");
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(won).toHaveLength(1);
        for (const loss of lost) expect(loss.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const stored = await store.readStream(streamId);
        expect(stored).toHaveLength(2);
        expect(contenders[outcomes.indexOf(won[0]!)]!.id).toBe(stored[1]!.id);
      });
    });

    describe("the size of an event", () => {
      const KIB = 1024;
      /** An event whose data alone serialises to `bytes` (a JSON string of `bytes - 2` ASCII characters). */
      const eventOfDataBytes = (bytes: number) => newEvent("Sized", "x".repeat(bytes - 2));

      it("refuses an event over 256 KiB, writing nothing of its append, and accepts one just under", async () => {
        expect(MAX_EVENT_BYTES).toBe(256 * KIB);
        const streamId = freshStreamId();
        await store.appendToStream(streamId, [newEvent("First")], "no_stream");
        const before = await store.readStream(streamId);

        // A small event before the big one in the same append: nothing of it may be stored either.
        const small = newEvent("Small");
        const error = await store.appendToStream(streamId, [small, eventOfDataBytes(257 * KIB)], 0).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(EventTooLargeError);
        expect(error).toMatchObject({ code: "EVENT_TOO_LARGE", streamId, eventType: "Sized" });
        expect(await store.readStream(streamId)).toEqual(before);

        // Data and metadata count together: data of 255 KiB plus a few hundred bytes of metadata fit.
        const fits = eventOfDataBytes(255 * KIB);
        const result = await store.appendToStream(streamId, [fits], 0);
        expect(result.nextExpectedRevision).toBe(1);
        const stored = await store.readStream(streamId);
        expect(stored.map((e) => e.id)).toEqual([before[0]!.id, fits.id]);
        expect((stored[1]!.data as string).length).toBe(255 * KIB - 2);
      });

      it("counts UTF-8 bytes, data and metadata together", async () => {
        const streamId = freshStreamId();
        // 100,000 three-byte characters: under the limit in characters, over it in bytes.
        const wide = newEvent("Wide", "\u20B9".repeat(100_000));
        await expect(store.appendToStream(streamId, [wide], "no_stream")).rejects.toBeInstanceOf(EventTooLargeError);
        // Data just under the limit that only metadata pushes over it.
        const nearly = eventOfDataBytes(MAX_EVENT_BYTES - 10);
        await expect(store.appendToStream(streamId, [nearly], "no_stream")).rejects.toBeInstanceOf(EventTooLargeError);
        expect(await store.readStream(streamId)).toEqual([]);
      });
    });

    describe("reading a stream", () => {
      it("returns events in revision order", async () => {
        const streamId = freshStreamId();
        const events = Array.from({ length: 5 }, (_, n) => newEvent(`E${n}`, { n }));
        await store.appendToStream(streamId, events.slice(0, 2), "no_stream");
        await store.appendToStream(streamId, events.slice(2, 3), 1);
        await store.appendToStream(streamId, events.slice(3), 2);
        const stored = await store.readStream(streamId);
        expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(stored.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expectStrictlyIncreasing(
          store,
          stored.map((e) => e.position),
        );
      });

      it("returns [] for a stream that does not exist", async () => {
        expect(await store.readStream(freshStreamId("missing"))).toEqual([]);
      });

      it("round-trips event data and metadata as JSON", async () => {
        const streamId = freshStreamId();
        const data = {
          invoiceId: randomUUID(),
          customer: { name: "श्री गणेश ट्रेडर्स", gstin: "27AAPFU0939F1ZV", note: 'quotes " and \\ backslash 🧾' },
          lines: [
            { description: "Cement", quantity: 3, ratePaise: 35_000, taxRate: 0.28 },
            { description: "Steel", quantity: 0.5, ratePaise: 7_250_000, taxRate: 0.18 },
          ],
          paid: false,
          discount: null,
          tags: [],
          extra: {},
          big: Number.MAX_SAFE_INTEGER,
          negative: -42,
        };
        const event = newEvent("InvoiceIssued", data);
        event.metadata = {
          userId: null,
          actor: "system:overdue-job",
          causationId: randomUUID(),
          correlationId: randomUUID(),
          occurredAt: "2024-03-31T23:59:59.999Z",
          schemaVersion: 3,
        };
        const before = Date.now();
        const appended = await store.appendToStream(streamId, [event], "no_stream");
        const [stored] = await store.readStream(streamId);
        expect(stored).toMatchObject({ id: event.id, type: "InvoiceIssued", streamId, revision: 0 });
        expect(stored!.data).toEqual(data);
        expect(stored!.metadata).toEqual(event.metadata);
        expect(typeof stored!.position).toBe("string");
        expect(Number.isNaN(Date.parse(stored!.recordedAt))).toBe(false);
        // The clock of the store and of the test may differ a little.
        expect(Math.abs(Date.parse(stored!.recordedAt) - before)).toBeLessThan(60_000);

        const [logged] = (await readLogUntil(store, null, appended.position, 1000)).filter((e) => e.id === event.id);
        expect(logged).toEqual(stored);
      });
    });

    describe("idempotent retries", () => {
      it("accepts the very same events at the same expected revision twice and stores them once", async () => {
        const streamId = freshStreamId();
        const start = await quietCheckpoint(store);
        await store.appendToStream(streamId, [newEvent()], "no_stream");
        const retried = [newEvent("R1"), newEvent("R2")];
        const first = await store.appendToStream(streamId, retried, 0);
        const second = await store.appendToStream(streamId, retried, 0);
        expect(second).toEqual(first);
        expect(first.nextExpectedRevision).toBe(2);
        expect(await store.readStream(streamId)).toHaveLength(3);
        // Read past a later marker, so a duplicate written after the first append would show.
        const end = await quietCheckpoint(store);
        const logged = (await readLogUntil(store, start, end)).filter((e) => e.streamId === streamId);
        expect(logged.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(logged[2]!.position).toBe(first.position);
        // The stream goes on from where the first append left it.
        await store.appendToStream(streamId, [newEvent()], first.nextExpectedRevision);
      });

      it('is idempotent for "no_stream"', async () => {
        const streamId = freshStreamId();
        const events = [newEvent(), newEvent()];
        const first = await store.appendToStream(streamId, events, "no_stream");
        const second = await store.appendToStream(streamId, events, "no_stream");
        expect(second).toEqual(first);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('is idempotent for "stream_exists"', async () => {
        const streamId = freshStreamId();
        await store.appendToStream(streamId, [newEvent()], "no_stream");
        const events = [newEvent(), newEvent()];
        const first = await store.appendToStream(streamId, events, "stream_exists");
        const second = await store.appendToStream(streamId, events, "stream_exists");
        expect(second).toEqual(first);
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it("does not duplicate when concurrent retries race", async () => {
        const start = await quietCheckpoint(store);
        const streamId = freshStreamId();
        const events = [newEvent(), newEvent()];
        const results = await Promise.all(Array.from({ length: 4 }, () => store.appendToStream(streamId, events, "no_stream")));
        for (const result of results) expect(result).toEqual(results[0]);
        expect(await store.readStream(streamId)).toHaveLength(2);
        const end = await quietCheckpoint(store);
        const logged = (await readLogUntil(store, start, end)).filter((e) => e.streamId === streamId);
        expect(logged.map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it("refuses the same ids at a different revision, as a request re-run under its Idempotency-Key would append them", async () => {
        const streamId = freshStreamId();
        // Ids a re-run repeats (derived from the request's key): EventStoreDB looks for exactly these.
        const events = [{ ...newEvent(), id: repeatableId(randomUUID()) }];
        await store.appendToStream(streamId, events, "no_stream");
        await store.appendToStream(streamId, [newEvent()], 0);
        // Expected 0 was the revision of the first append; now the head is 1.
        await expect(store.appendToStream(streamId, events, 1)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        // Same revision, but part of the batch is new: not the same append.
        await expect(store.appendToStream(streamId, [events[0]!, newEvent()], "no_stream")).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.appendToStream(streamId, [newEvent(), events[0]!], "stream_exists")).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(streamId)).map((e) => e.id)).toEqual([events[0]!.id, expect.any(String)]);
      });

      if (promises.uniqueIds === "log") {
        it("refuses the same ids on another stream", async () => {
          const events = [newEvent()];
          await store.appendToStream(freshStreamId(), events, "no_stream");
          const other = freshStreamId();
          await expect(store.appendToStream(other, events, "no_stream")).rejects.toBeInstanceOf(WrongExpectedRevisionError);
          expect(await store.readStream(other)).toEqual([]);
        });
      } else {
        it("keeps ids unique per stream only: the same ids on another stream are that stream's events", async () => {
          const events = [newEvent()];
          await store.appendToStream(freshStreamId(), events, "no_stream");
          const other = freshStreamId();
          await store.appendToStream(other, events, "no_stream");
          expect((await store.readStream(other)).map((e) => e.id)).toEqual([events[0]!.id]);
        });
      }
    });

    describe("the global log", () => {
      it("reads everything from null, in order, once, with every stream's events in revision order", async () => {
        const streamA = freshStreamId();
        const streamB = freshStreamId();
        await store.appendToStream(streamA, [newEvent(), newEvent()], "no_stream");
        await store.appendToStream(streamB, [newEvent()], "no_stream");
        const last = await store.appendToStream(streamA, [newEvent()], 1);

        const all = await readLogUntil(store, null, last.position, 1000);
        expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
        expectStrictlyIncreasing(
          store,
          all.map((e) => e.position),
        );
        // Everything: the log holds exactly the events of the streams it names.
        const streams = [...new Set(all.map((e) => e.streamId))];
        const fromStreams = (await Promise.all(streams.map((s) => store.readStream(s)))).flat();
        expect(new Set(all.map((e) => e.id))).toEqual(new Set(fromStreams.map((e) => e.id)));
        for (const streamId of streams) {
          const revisions = all.filter((e) => e.streamId === streamId).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
        const ours = all.filter((e) => e.streamId === streamA || e.streamId === streamB);
        expect(ours.map((e) => [e.streamId, e.revision])).toEqual([
          [streamA, 0],
          [streamA, 1],
          [streamB, 0],
          [streamA, 2],
        ]);
      });

      it("pages with limit and checkpoint, giving each event exactly once", async () => {
        const start = await quietCheckpoint(store);
        const appended: string[] = [];
        let lastPosition = start;
        for (let i = 0; i < 6; i++) {
          const streamId = freshStreamId();
          const events = Array.from({ length: 1 + (i % 3) }, () => newEvent());
          lastPosition = (await store.appendToStream(streamId, events, "no_stream")).position;
          appended.push(...events.map((e) => e.id));
        }
        for (const pageSize of [1, 2, 5, 100]) {
          const paged = await readLogUntil(store, start, lastPosition, pageSize);
          expect(paged.map((e) => e.id)).toEqual(appended);
        }
        const oneShot = await store.readAll(start, 1000);
        expect(oneShot.events.map((e) => e.id)).toEqual(appended);
        const limited = await store.readAll(start, 4);
        expect(limited.covered).toBe(4);
        if (promises.ownRecords) {
          // The store's own records may take some of the four places.
          expect(appended.slice(0, limited.events.length)).toEqual(limited.events.map((e) => e.id));
        } else {
          expect(limited.events.map((e) => e.id)).toEqual(appended.slice(0, 4));
          expect(limited.checkpoint).toBe(limited.events[3]!.position);
        }
      });

      it("returns an empty page with the same checkpoint at the end of the log", async () => {
        const end = await quietCheckpoint(store);
        const page = await store.readAll(end, 10);
        if (promises.ownRecords && page.covered > 0) {
          // Only the store's own records came after the marker: gone past, none of them given.
          expect(page.events).toEqual([]);
          expect(store.comparePositions(page.checkpoint, end)).toBeGreaterThan(0);
        } else {
          expect(page).toEqual({ events: [], checkpoint: end, covered: 0 });
        }
      });

      it("reads only the held businesses' events and the asked types under a filter, while the page goes past the rest (issue 12)", async () => {
        const parts = 4;
        // Two businesses in different partitions, and a user-less event keyed by its stream.
        const held = randomUUID();
        let other = randomUUID();
        while (partitionOf(other, parts) === partitionOf(held, parts)) other = randomUUID();
        const ofUser = (userId: string | null, type = "ThingHappened"): NewEvent => {
          const event = newEvent(type);
          return { ...event, metadata: { ...event.metadata, userId, actor: "system:test" } };
        };
        const start = await quietCheckpoint(store);
        const appends: { stream: string; event: NewEvent }[] = [
          { stream: freshStreamId(), event: ofUser(held) },
          { stream: freshStreamId(), event: ofUser(other) },
          { stream: freshStreamId(), event: ofUser(other, "Asked") },
          { stream: freshStreamId(), event: { ...ofUser(other), metadata: { ...ofUser(other).metadata, businessId: held } } },
          { stream: freshStreamId(), event: ofUser(null) },
          { stream: freshStreamId(), event: ofUser(other) },
        ];
        let last = start;
        for (const { stream, event } of appends) last = (await store.appendToStream(stream, [event], "no_stream")).position;
        const all = await readLogUntil(store, start, last, 1000);
        const filter = { parts, held: [partitionOf(held, parts)], types: ["Asked"] };
        const wanted = (e: RecordedEvent) => e.type === "Asked" || partitionOf(businessKeyOf(e), parts) === partitionOf(held, parts);
        expect(all.filter(wanted).length).toBeGreaterThanOrEqual(3);

        const page = await store.readAll(start, 1000, filter);
        const upToLast = page.events.filter((e) => store.comparePositions(e.position, last) <= 0);
        expect(upToLast.map((e) => e.id)).toEqual(all.filter(wanted).map((e) => e.id));
        expect(page.events.every((e) => e.data !== null && e.metadata.correlationId)).toBe(true);
        if (promises.ownRecords) {
          // The store's own records between (and after) ours are gone past too.
          expect(page.covered).toBeGreaterThanOrEqual(all.length);
          expect(store.comparePositions(page.checkpoint, last)).toBeGreaterThanOrEqual(0);
        } else {
          expect(page.covered).toBe(all.length);
          expect(page.checkpoint).toBe(last);
        }

        // A short page goes past `limit` records, wanted or not, and resumes after the last of them.
        const short = await store.readAll(start, 2, filter);
        expect(short.covered).toBe(2);
        if (!promises.ownRecords) expect(short.checkpoint).toBe(all[1]!.position);
        expect(short.events.map((e) => e.id)).toEqual(
          all
            .filter((e) => store.comparePositions(e.position, short.checkpoint) <= 0)
            .filter(wanted)
            .map((e) => e.id),
        );
        const rest = await store.readAll(short.checkpoint, 1000, filter);
        expect([...short.events, ...rest.events].map((e) => e.id)).toEqual(page.events.map((e) => e.id));
        const after = await store.readAll(last, 10, filter);
        if (promises.ownRecords) expect(after.events).toEqual([]);
        else expect(after).toEqual({ events: [], checkpoint: last, covered: 0 });
      });

      it("orders positions totally, consistently with readAll, with null first", async () => {
        await store.appendToStream(freshStreamId(), [newEvent(), newEvent()], "no_stream");
        const last = await store.appendToStream(freshStreamId(), [newEvent()], "no_stream");
        const positions = (await readLogUntil(store, null, last.position, 1000)).map((e) => e.position);
        expect(positions.length).toBeGreaterThanOrEqual(3);
        expect(store.comparePositions(null, null)).toBe(0);
        // Every pair among the latest positions (all pairs of a long log would cost seconds).
        const recent = positions.slice(-25);
        for (const [i, a] of recent.entries()) {
          expect(store.comparePositions(null, a)).toBeLessThan(0);
          expect(store.comparePositions(a, null)).toBeGreaterThan(0);
          expect(store.comparePositions(a, a)).toBe(0);
          for (const [j, b] of recent.entries()) {
            const sign = Math.sign(store.comparePositions(a, b));
            expect(sign).toBe(Math.sign(i - j));
            expect(Math.sign(store.comparePositions(b, a))).toBe(Math.sign(j - i));
          }
        }
        // Sorting a shuffled copy with the comparator gives the log's order back.
        const shuffled = [...positions];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        expect(shuffled.sort((a, b) => store.comparePositions(a, b))).toEqual(positions);
      });

      it("reports in AppendResult.position the position readAll gives the last appended event", async () => {
        const start = await quietCheckpoint(store);
        const streamId = freshStreamId();
        const first = await store.appendToStream(streamId, [newEvent(), newEvent(), newEvent()], "no_stream");
        const second = await store.appendToStream(streamId, [newEvent()], first.nextExpectedRevision);
        const logged = await readLogUntil(store, start, second.position);
        expect(logged).toHaveLength(4);
        expect(first.position).toBe(logged[2]!.position);
        expect(second.position).toBe(logged[3]!.position);
        expect(store.comparePositions(first.position, second.position)).toBeLessThan(0);
        // A checkpoint taken from an append result resumes right after that event.
        const after = await store.readAll(first.position, 10);
        expect(after.events.map((e) => e.id)).toEqual([logged[3]!.id]);
        const stream = await store.readStream(streamId);
        expect(stream.map((e) => e.position)).toEqual(logged.map((e) => e.position));
      });

      it("tells onAppend listeners after an append", async () => {
        let calls = 0;
        let notify: () => void = () => {};
        const notified = new Promise<void>((resolve) => {
          notify = resolve;
        });
        const unsubscribe = store.onAppend(() => {
          calls += 1;
          notify();
        });
        try {
          await store.appendToStream(freshStreamId(), [newEvent()], "no_stream");
          await Promise.race([notified, new Promise((_, reject) => setTimeout(() => reject(new Error("onAppend listener not called within 2 s")), 2_000))]);
          expect(calls).toBeGreaterThanOrEqual(1);
        } finally {
          unsubscribe();
        }
      });
    });
  });
}
