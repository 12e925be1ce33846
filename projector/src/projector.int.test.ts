import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { partitionOf, storesOnClient, yieldToEventLoop, type EventLog, type PartitionLeases, type RecordedEvent, type SqlClient, type Stores } from "@bahi/shared/server";
import { turnsDuring } from "../../tests/support/eventLoopTurns.ts";
import { freshPglite } from "../../tests/support/pglite.ts";
import type { AnyProjection } from "./projection.ts";
import { Projector } from "./projector.ts";

interface Notes {
  ownerId: string;
  names: string[];
}

/**
 * A small read model over CustomerAdded: the names each owner's customers got, in order.
 * `broken` throws on a customer named "BAD" and on one without an owner, like a bug would.
 */
function notes(collection: string, options: { broken: boolean; calls?: { n: number } }): AnyProjection {
  return {
    collection,
    handles: ["CustomerAdded"],
    documentIds(event: BahiEvent) {
      const { ownerId } = event.data as { ownerId?: string };
      if (!ownerId) {
        if (options.broken) throw new RangeError("no owner");
        return ["nobody"];
      }
      return [ownerId];
    },
    evolve(doc: Notes | null, event: BahiEvent) {
      if (options.calls) options.calls.n++;
      const { ownerId, name } = event.data as { ownerId?: string; name: string };
      if (options.broken && name === "BAD") throw new TypeError("cannot apply BAD");
      return { ownerId: ownerId ?? "nobody", names: [...(doc?.names ?? []), name] };
    },
    ownerOf: (doc: Notes) => doc.ownerId,
  };
}

describe("the projector engine", () => {
  let sql: SqlClient;
  let stores: Stores;
  beforeEach(async () => {
    sql = await freshPglite();
    stores = await storesOnClient(sql, "pglite");
  });
  afterEach(async () => {
    await stores.close();
  });

  async function customer(ownerId: string | undefined, name: string): Promise<string> {
    const result = await stores.eventStore.appendToStream(
      `customer-${randomUUID()}`,
      [{ id: randomUUID(), type: "CustomerAdded", data: { ownerId, name }, metadata: { schemaVersion: 1, userId: ownerId ?? "nobody" } } as never],
      "no_stream",
    );
    return result.position;
  }

  const projector = (projections: AnyProjection[], log?: (m: string) => void) =>
    new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections, batchSize: 2, log });

  it("parks what a projection cannot apply, keeps each document's order behind it, and lets the rest go on", async () => {
    const logged: string[] = [];
    const x = await customer("a", "x");
    const bad = await customer("a", "BAD");
    await customer("b", "y");
    const z = await customer("a", "z");
    const ownerless = await customer(undefined, "w");
    await projector([notes("notes", { broken: true })], (m) => logged.push(m)).catchUp();

    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x"] });
    expect(await stores.readStore.get("notes", "b")).toEqual({ ownerId: "b", names: ["y"] });
    expect((await stores.readStore.checkpoints()).notes).toBe(ownerless);
    const parked = await stores.readStore.parked({ projection: "notes" });
    expect(parked.map((p) => [p.position, p.documentId, p.error])).toEqual([
      [bad, "a", "TypeError: cannot apply BAD"],
      [z, "a", `waiting behind parked event ${bad} of document a`],
      [ownerless, null, "RangeError: no owner"],
    ]);
    expect(logged.filter((m) => m.includes("parked event"))).toHaveLength(2);
    expect(x).not.toBe(bad);

    // Nothing retries by itself: another pass of the loop leaves them parked.
    await projector([notes("notes", { broken: true })]).catchUp();
    expect(await stores.readStore.parked({ projection: "notes" })).toHaveLength(3);

    const outcome = await projector([notes("notes", { broken: false })]).retryParked({ projection: "notes" });
    expect(outcome.applied.map((p) => p.position)).toEqual([bad, z, ownerless]);
    expect(outcome.stillParked).toEqual([]);
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD", "z"] });
    expect(await stores.readStore.get("notes", "nobody")).toEqual({ ownerId: "nobody", names: ["w"] });
    expect(await stores.readStore.parked()).toEqual([]);

    // The live projector goes on with the document.
    await customer("a", "v");
    await projector([notes("notes", { broken: false })]).catchUp();
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD", "z", "v"] });
  });

  it("applies each event only to the projections behind it, so a new projection catches up alone", async () => {
    for (let i = 0; i < 5; i++) await customer("a", `n${i}`);
    const firstCalls = { n: 0 };
    await projector([notes("first", { broken: false, calls: firstCalls })]).catchUp();
    expect(firstCalls.n).toBe(5);

    const again = { n: 0 };
    const secondCalls = { n: 0 };
    await projector([notes("first", { broken: false, calls: again }), notes("second", { broken: false, calls: secondCalls })]).catchUp();
    expect(again.n).toBe(0);
    expect(secondCalls.n).toBe(5);
    expect(await stores.readStore.get("second", "a")).toEqual({ ownerId: "a", names: ["n0", "n1", "n2", "n3", "n4"] });
    const checkpoints = await stores.readStore.checkpoints();
    expect(checkpoints.first).toBe(checkpoints.second);
  });

  it("rebuilds one projection into a fresh generation without its parked events, parking again what still fails", async () => {
    await customer("a", "x");
    const bad = await customer("a", "BAD");
    await projector([notes("notes", { broken: true }), notes("other", { broken: false })]).catchUp();
    const before = await stores.readStore.activeProjections(["notes", "other"]);

    const { generations } = await projector([notes("notes", { broken: false }), notes("other", { broken: false })]).rebuild({ projection: "notes" });
    expect(await stores.readStore.parked()).toEqual([]);
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD"] });
    const after = await stores.readStore.activeProjections(["notes", "other"]);
    expect(after.find((s) => s.projection === "notes")!.generation).toBe(generations.notes);
    expect(after.find((s) => s.projection === "other")!.generation).toBe(before.find((s) => s.projection === "other")!.generation);

    await projector([notes("notes", { broken: true })]).rebuild();
    expect((await stores.readStore.parked()).map((p) => p.position)).toEqual([bad]);
  });

  it("counts every event a running projector's own rebuild replays: its live loop leaves those generations to the rebuild", async () => {
    for (let i = 0; i < 6; i++) await customer("a", `n${i}`);
    const running = new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections: [notes("notes", { broken: false })], idleMs: 5 });
    await running.catchUp();
    running.start();
    try {
      for (let round = 0; round < 5; round++) {
        const { events } = await running.rebuild();
        expect(events).toBe(6);
      }
    } finally {
      await running.stop();
    }
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["n0", "n1", "n2", "n3", "n4", "n5"] });
  });

  it("lets the event loop turn before every batch of a catch-up and of a rebuild, though PGlite's queries never leave the microtask queue (issue 13)", async () => {
    for (let i = 0; i < 12; i++) await customer("a", `n${i}`);
    const engine = new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections: [notes("notes", { broken: false })], batchSize: 2, buildBatchSize: 2 });
    // Six batches of two events each time: the loop turned at least once a batch.
    expect((await turnsDuring(() => engine.catchUp())).turns).toBeGreaterThanOrEqual(6);
    expect((await turnsDuring(() => engine.rebuild())).turns).toBeGreaterThanOrEqual(6);
    expect(await stores.readStore.get("notes", "a")).toMatchObject({ names: Array.from({ length: 12 }, (_, i) => `n${i}`) });
  });

  it("rebuilds independent projections in lanes side by side, each into its own generation, counting the log once (issue 13)", async () => {
    for (let i = 0; i < 7; i++) await customer(i % 2 === 0 ? "a" : "b", `n${i}`);
    const calls = { n: 0 };
    const projections = ["notes-1", "notes-2", "notes-3"].map((name) => notes(name, { broken: false, calls }));
    // Commits watched for overlap: with two lanes, two batches are in flight at once. Each
    // commit first waits a turn of the event loop, as a server's commit waits on its socket:
    // PGlite answers within the microtask queue, so there one lane's batch would always end
    // before the other's began (which is why `bahi` keeps one lane on PGlite).
    const commits = { now: 0, most: 0 };
    const readStore = Object.create(stores.readStore) as typeof stores.readStore;
    readStore.commit = async (batches) => {
      commits.most = Math.max(commits.most, ++commits.now);
      try {
        await yieldToEventLoop();
        return await stores.readStore.commit(batches);
      } finally {
        commits.now--;
      }
    };
    const laned = new Projector({ eventLog: stores.eventLog, readStore, projections, batchSize: 2, buildBatchSize: 2, rebuildLanes: 2 });
    const { generations, events } = await laned.rebuild();
    expect(commits.most).toBe(2);
    expect(events).toBe(7);
    expect(new Set(Object.values(generations)).size).toBe(3);
    // Each projection applied each of its owner's events once: seven events, three projections.
    expect(calls.n).toBe(21);
    for (const name of ["notes-1", "notes-2", "notes-3"]) {
      expect(await stores.readStore.get(name, "a")).toEqual({ ownerId: "a", names: ["n0", "n2", "n4", "n6"] });
      expect(await stores.readStore.get(name, "b")).toEqual({ ownerId: "b", names: ["n1", "n3", "n5"] });
    }
  });

  it("lets a shard read only its businesses' events and its document-split models' types, and parks a byBusiness event that names another document (issue 12)", async () => {
    const parts = 2;
    const owners: string[] = Array.from({ length: 8 }, () => randomUUID());
    const byPart = (part: number) => owners.filter((owner) => partitionOf(owner, parts) === part);
    expect(byPart(0).length * byPart(1).length).toBeGreaterThan(0);
    for (const owner of owners) {
      await customer(owner, `c-${owner}`);
      await stores.eventStore.appendToStream(
        `vendor-${randomUUID()}`,
        [{ id: randomUUID(), type: "VendorAdded", data: { ownerId: owner, name: "Common" }, metadata: { schemaVersion: 1, userId: owner } } as never],
        "no_stream",
      );
    }
    const stray = await customer(owners[0], "STRAY");
    // Split by document: one document per vendor name, gathering every business's vendors of that name.
    const names: AnyProjection = {
      collection: "names",
      partitionBy: "document",
      handles: ["VendorAdded"],
      documentIds: (event) => [(event.data as { name: string }).name],
      evolve: (doc: { count: number } | null) => ({ count: (doc?.count ?? 0) + 1 }),
      ownerOf: () => null,
    };
    // Split by document, but its customer events name their own business's document.
    const perOwner: AnyProjection = {
      collection: "perowner",
      partitionBy: "document",
      handles: ["CustomerAdded"],
      byBusiness: ["CustomerAdded"],
      documentIds: (event) => {
        const { ownerId, name } = event.data as { ownerId: string; name: string };
        return [name === "STRAY" ? "elsewhere" : ownerId];
      },
      evolve: (doc: { count: number } | null) => ({ count: (doc?.count ?? 0) + 1 }),
      ownerOf: () => null,
    };
    const read = new Map<number, RecordedEvent[]>();
    const shard = (part: number) => {
      const log = stores.eventLog;
      const eventLog: EventLog = {
        readAll: async (checkpoint, limit, filter) => {
          const page = await log.readAll(checkpoint, limit, filter);
          read.set(part, [...(read.get(part) ?? []), ...page.events]);
          return page;
        },
        head: () => log.head(),
        comparePositions: (a, b) => log.comparePositions(a, b),
        onAppend: (listener) => log.onAppend(listener),
      };
      const leases: PartitionLeases = { held: async () => new Set([part]), close: async () => undefined };
      return new Projector({ eventLog, readStore: stores.readStore, projections: [notes("notes", { broken: false }), names, perOwner], partitions: parts, leases, batchSize: 3 });
    };
    await shard(0).catchUp();
    await shard(1).catchUp();

    for (const part of [0, 1]) {
      const mine = new Set(byPart(part));
      // Its businesses' events, and every vendor (the document-split model's type); nothing else.
      expect(read.get(part)!.every((e) => e.type === "VendorAdded" || mine.has(e.metadata.userId!))).toBe(true);
      expect(read.get(part)!.filter((e) => e.type === "VendorAdded")).toHaveLength(owners.length);
    }
    for (const owner of owners) {
      expect(await stores.readStore.get("notes", owner)).toEqual({ ownerId: owner, names: owner === owners[0] ? [`c-${owner}`, "STRAY"] : [`c-${owner}`] });
      expect(await stores.readStore.get("perowner", owner)).toEqual({ count: 1 });
    }
    expect(await stores.readStore.get("names", "Common")).toEqual({ count: owners.length });
    expect(await stores.readStore.get("perowner", "elsewhere")).toBeNull();
    const parked = await stores.readStore.parked({ projection: "perowner" });
    expect(parked.map((p) => p.position)).toEqual([stray]);
    expect(parked[0]!.error).toMatch(/perowner document elsewhere of CustomerAdded is not its business .*: take CustomerAdded out of byBusiness/);
    // Both shards went past the whole log.
    const checkpoints = await stores.readStore.checkpoints();
    expect([checkpoints.notes, checkpoints.names, checkpoints.perowner]).toEqual([stray, stray, stray]);
  });

  it("backs off while steps fail, doubling up to the bound, and logs why", async () => {
    const logged: string[] = [];
    const failing = new Projector({
      eventLog: stores.eventLog,
      readStore: stores.readStore,
      projections: [notes("notes", { broken: false })],
      backoffMs: 20,
      maxBackoffMs: 80,
      log: (m) => logged.push(m),
    });
    // The database goes away under the running loop.
    await sql.close();
    failing.start();
    while (logged.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    await failing.stop();
    expect(logged.slice(0, 5).map((m) => /retrying in (\d+) ms/.exec(m)?.[1])).toEqual(["20", "40", "80", "80", "80"]);
    expect(logged[0]).toMatch(/projector: step over 1 projections failed/);
    // Reopen something for afterEach to close.
    sql = await freshPglite();
    stores = await storesOnClient(sql, "pglite");
  });
});
