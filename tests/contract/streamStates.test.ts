import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storesOnClient, WrongExpectedRevisionError, type EventStore, type NewEvent, type Stores } from "@bahi/shared/server";
import { seriesNumber } from "@bahi/shared/contract";
import { handle, type CommandContext } from "../../command-api/src/handling/decider.ts";
import { StreamStates, useStreamStates } from "../../command-api/src/handling/streamStates.ts";
import { seriesDecider, type SeriesCommand } from "../../command-api/src/invoices/series.ts";
import { withDerivedIds } from "../../command-api/src/idempotency/ids.ts";
import { freshPglite } from "../support/pglite.ts";

const USER = "owner-1";
const FY = "2026-27";
const key = { userId: USER, series: "invoice", gstin: "27AAPFU0939F1ZV", financialYear: FY };
const context: CommandContext = { userId: USER, actor: `user:${USER}`, correlationId: "c", causationId: null, now: new Date("2026-12-01T10:00:00Z") };
const issue = (documentId: string): SeriesCommand => ({ kind: "issue", ...key, prefix: "INV", documentId, documentDate: "2026-12-01", at: "2026-12-01T10:00:00Z" });

/** Two command processes over one store: each its own view of the store (a wrapper) with its own kept states. */
function processOver(store: EventStore, states: StreamStates): EventStore {
  const view: EventStore = { readStream: (...args) => store.readStream(...args), appendToStream: (...args) => store.appendToStream(...args) };
  useStreamStates(view, states);
  return view;
}

const issued = (documentId: string, sequence: number): NewEvent => ({
  id: randomUUID(),
  type: "DocumentNumberIssued",
  data: { ...key, sequence, number: seriesNumber("INV", FY, sequence), documentId, documentDate: "2026-12-01", issuedAt: "2026-12-01T10:00:00Z" },
  metadata: { userId: USER, actor: "test", causationId: null, correlationId: "c", occurredAt: "2026-12-01T10:00:00Z", schemaVersion: 1 },
});

/** Issue 38: the folded states a command process keeps (command-api handling/streamStates.ts), on the embedded store. */
describe("StreamStates", () => {
  let stores: Stores;
  beforeAll(async () => {
    stores = await storesOnClient(await freshPglite(), "pglite");
  });
  afterAll(async () => {
    await stores.close();
  });

  it("reads only the events after the state it keeps, and folds each once", async () => {
    const stream = `series-${randomUUID()}`;
    const states = new StreamStates();
    const store = processOver(stores.eventStore, states);
    for (let i = 1; i <= 5; i++) await handle(store, stream, seriesDecider, issue(`doc-${i}`), context);
    // Each decision after the first read nothing old: its own append told it where the stream stands.
    expect(states.counters.eventsRead).toBe(0);
    const read = await states.read(store, stream, seriesDecider);
    expect([read.revision, read.state.issued, read.state.byDocument.get("doc-3")?.number]).toEqual([4, 5, seriesNumber("INV", FY, 3)]);
  });

  it("a state another process has moved past costs a conflict and a re-read of the tail, never a number issued twice", async () => {
    const stream = `series-${randomUUID()}`;
    const [statesA, statesB] = [new StreamStates(), new StreamStates()];
    const [a, b] = [processOver(stores.eventStore, statesA), processOver(stores.eventStore, statesB)];
    await handle(a, stream, seriesDecider, issue("doc-a1"), context);
    await handle(b, stream, seriesDecider, issue("doc-b1"), context);
    // A still holds the series at revision 0, where B has appended since: A's append is refused.
    const stale = await statesA.read(a, stream, seriesDecider);
    expect(stale.revision).toBe(1);
    // Its state is right at the revision it stands at, and it read only B's event to get there.
    expect(statesA.counters.eventsRead).toBe(1);
    await handle(a, stream, seriesDecider, issue("doc-a2"), context);
    const { state } = await statesB.read(b, stream, seriesDecider);
    expect([...state.byDocument.values()].map((n) => [n.documentId, n.sequence])).toEqual([
      ["doc-a1", 1],
      ["doc-b1", 2],
      ["doc-a2", 3],
    ]);
  });

  it("never puts an older state back, and refuses a decision on a state the stream has left", async () => {
    const stream = `series-${randomUUID()}`;
    const states = new StreamStates();
    const store = processOver(stores.eventStore, states);
    await handle(store, stream, seriesDecider, issue("doc-1"), context);
    // Another writer appends without this process knowing; its kept state is now one behind.
    await stores.eventStore.appendToStream(stream, [issued("doc-x", 2)], 0);
    // A decision made on the kept state alone would take sequence 2 again: the append refuses it.
    await expect(stores.eventStore.appendToStream(stream, [issued("doc-2", 2)], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const result = await handle(store, stream, seriesDecider, issue("doc-2"), context);
    expect(result.state.byDocument.get("doc-2")?.sequence).toBe(3);
  });

  it("starts a cold process from a snapshot, and folds afresh from one of a version it cannot read", async () => {
    const stream = `series-${randomUUID()}`;
    const first = new StreamStates({ snapshots: stores.snapshots, snapshotEvery: 10 });
    const store = processOver(stores.eventStore, first);
    for (let i = 1; i <= 25; i++) await handle(store, stream, seriesDecider, issue(`doc-${i}`), context);
    await first.flush();
    expect(first.counters.snapshotsSaved).toBe(2);
    const kept = await stores.snapshots.load(stream, "document-series");
    expect([kept?.revision, kept?.version]).toEqual([19, 1]);

    const cold = new StreamStates({ snapshots: stores.snapshots });
    const state = await cold.read(processOver(stores.eventStore, cold), stream, seriesDecider);
    expect([state.revision, state.state.issued, state.state.byDocument.get("doc-25")?.sequence, state.state.byDocument.get("doc-1")?.number]).toEqual([
      24,
      25,
      25,
      seriesNumber("INV", FY, 1),
    ]);
    expect([cold.counters.snapshotsLoaded, cold.counters.eventsRead]).toEqual([1, 5]);

    // A snapshot of another shape (a release that changed the state): read whole, as from none.
    await stores.snapshots.save({ ...kept!, version: 99, revision: 24 });
    const upgraded = new StreamStates({ snapshots: stores.snapshots });
    const refolded = await upgraded.read(processOver(stores.eventStore, upgraded), stream, seriesDecider);
    expect([refolded.state.issued, upgraded.counters.snapshotsLoaded, upgraded.counters.eventsRead]).toEqual([25, 0, 25]);
  });

  it("a rerun under an Idempotency-Key decides on the stream as it stood before its own first event, whatever is kept", async () => {
    const stream = `series-${randomUUID()}`;
    const states = new StreamStates();
    const store = processOver(stores.eventStore, states);
    // The first run issues its number; another document's follows; the first run then failed.
    const firstRun = await withDerivedIds("scope", "key-1", "print", () => handle(store, stream, seriesDecider, issue("doc-keyed"), context));
    await handle(store, stream, seriesDecider, issue("doc-other"), context);
    expect(firstRun.revision).toBe(0);
    // Rerun with the same ids: it appends the same event at the same revision, which the store takes as the first append.
    const rerun = await withDerivedIds("scope", "key-1", "print", () => handle(store, stream, seriesDecider, issue("doc-keyed"), context), true);
    expect([rerun.revision, rerun.state.byDocument.get("doc-keyed")?.sequence]).toEqual([0, 1]);
    expect((await stores.eventStore.readStream(stream)).map((e) => (e.data as { documentId: string }).documentId)).toEqual(["doc-keyed", "doc-other"]);
  });

  it("reads a long tail a page at a time and folds every event of it once", async () => {
    const stream = `series-${randomUUID()}`;
    await stores.eventStore.appendToStream(
      stream,
      Array.from({ length: 4_500 }, (_, i) => issued(`doc-${i + 1}`, i + 1)),
      "no_stream",
    );
    const pages: (number | undefined)[] = [];
    const paged: EventStore = {
      readStream: (id, options) => {
        pages.push(options?.maxCount);
        return stores.eventStore.readStream(id, options);
      },
      appendToStream: (...args) => stores.eventStore.appendToStream(...args),
    };
    const states = new StreamStates();
    const read = await states.read(paged, stream, seriesDecider);
    expect([read.revision, read.state.issued, read.state.byDocument.size]).toEqual([4_499, 4_500, 4_500]);
    expect(pages).toEqual([2_000, 2_000, 2_000]);
    expect([states.counters.eventsRead, states.counters.eventsFolded]).toEqual([4_500, 4_500]);
  });

  it("keeps states within its bound, measured by what they hold", async () => {
    const states = new StreamStates({ maxSize: 30 });
    const store = processOver(stores.eventStore, states);
    const [big, small] = [`series-${randomUUID()}`, `series-${randomUUID()}`];
    for (let i = 1; i <= 20; i++) await handle(store, big, seriesDecider, issue(`doc-${i}`), context);
    await handle(store, small, seriesDecider, issue("doc-1"), context);
    expect(states.kept).toEqual({ streams: 2, size: 21 });
    for (let i = 2; i <= 15; i++) await handle(store, small, seriesDecider, issue(`doc-${i}`), context);
    // 20 + 15 entries pass 30: the least recently used (the big series) goes; read again, it is read whole.
    expect(states.kept).toEqual({ streams: 1, size: 15 });
    const before = states.counters.eventsRead;
    expect((await states.read(store, big, seriesDecider)).state.issued).toBe(20);
    expect(states.counters.eventsRead - before).toBe(20);
  });
});
