import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectionConflictError } from "@bahi/shared/server";
import type { ParkedEventInput, ProjectionBatch, ReadDocument, ReadStore, RecordedEvent } from "@bahi/shared/server";
import { turnsDuring } from "../support/eventLoopTurns.ts";

export interface OpenedReadStore {
  store: ReadStore;
  close(): Promise<void>;
}

interface Customer {
  name: string;
  n?: number;
}

function doc(collection: string, id: string, ownerId: string | null, data: (Customer & Record<string, unknown>) | null, position = "1:1"): ReadDocument {
  return { collection, id, ownerId, data, position };
}

function recorded(position: string, data: unknown = { n: 1 }): RecordedEvent {
  return {
    id: randomUUID(),
    type: "CustomerAdded",
    data,
    metadata: { schemaVersion: 1 },
    streamId: `customer-${randomUUID()}`,
    revision: 0,
    position,
    recordedAt: "2026-01-01T00:00:00.000Z",
  } as RecordedEvent;
}

function parking(position: string, documentId: string | null, error = "boom", attempts = 1): ParkedEventInput {
  return { position, documentId, event: recorded(position), error, attempts };
}

/**
 * The promises every ReadStore adapter keeps (DESIGN.md "Ports and adapters", "Read models"):
 * per projection (named by its collection) a generation, a checkpoint and parked events, all
 * committed together.
 */
export function readStoreContract(name: string, open: () => Promise<OpenedReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let opened: OpenedReadStore;
    let store: ReadStore;
    // Each test names its own projections (collections), so tests share one store.
    let collection: string;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    function fresh(prefix = "customers"): string {
      collection = `${prefix}-${randomUUID()}`;
      return collection;
    }

    async function active(projection = collection): Promise<{ generation: number; checkpoint: string | null }> {
      const [state] = await store.activeProjections([projection]);
      expect(state?.projection).toBe(projection);
      return { generation: state!.generation, checkpoint: state!.checkpoint };
    }

    async function checkpointOf(projection = collection): Promise<string | null | undefined> {
      return (await store.checkpoints())[projection];
    }

    function batch(
      generation: number,
      expectedCheckpoint: string | null,
      checkpoint: string | null,
      documents: ReadDocument[],
      extra: Partial<ProjectionBatch> = {},
    ): ProjectionBatch {
      return { projection: collection, generation, expectedCheckpoint, checkpoint, documents, ...extra };
    }

    /** One projector commit of this test's projection. */
    function commitDocs(generation: number, expectedCheckpoint: string | null, checkpoint: string, documents: ReadDocument[], extra: Partial<ProjectionBatch> = {}): Promise<void> {
      return store.commit([batch(generation, expectedCheckpoint, checkpoint, documents, extra)]);
    }

    describe("commits", () => {
      it("writes documents and the checkpoint together", async () => {
        fresh();
        expect(await checkpointOf()).toBeUndefined();
        const { generation, checkpoint } = await active();
        expect(checkpoint).toBeNull();
        expect(await checkpointOf()).toBeNull();
        // Asking again finds the same generation instead of making another.
        expect((await active()).generation).toBe(generation);

        await commitDocs(generation, null, "1:1", [doc(collection, "a", "owner-1", { name: "Asha" }), doc(collection, "b", "owner-1", { name: "Bala" })]);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha" });
        expect(await store.get<Customer>(collection, "b")).toEqual({ name: "Bala" });
        expect(await checkpointOf()).toBe("1:1");
        expect(await store.checkpointAt(generation)).toBe("1:1");
        expect((await active()).checkpoint).toBe("1:1");

        // The next batch upserts and moves the checkpoint on.
        await commitDocs(generation, "1:1", "1:2", [doc(collection, "a", "owner-1", { name: "Asha K", n: 2 }, "1:2")]);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha K", n: 2 });
        expect(await store.get<Customer>(collection, "b")).toEqual({ name: "Bala" });
        expect(await checkpointOf()).toBe("1:2");

        // A batch with no documents still moves the checkpoint.
        await commitDocs(generation, "1:2", "1:3", []);
        expect(await checkpointOf()).toBe("1:3");
      });

      it("refuses a commit whose checkpoint moved, and writes nothing of it", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "1:1", [doc(collection, "a", "owner-1", { name: "Asha" })]);
        for (const expectedCheckpoint of [null, "1:0", "1:2"]) {
          await expect(
            commitDocs(generation, expectedCheckpoint, "1:9", [doc(collection, "a", "owner-1", { name: "Overwritten" }), doc(collection, "z", "owner-1", { name: "New" })], {
              park: [parking("1:5", "a")],
            }),
          ).rejects.toBeInstanceOf(ProjectionConflictError);
        }
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha" });
        expect(await store.get(collection, "z")).toBeNull();
        expect(await store.list(collection, "owner-1")).toEqual([{ name: "Asha" }]);
        expect(await checkpointOf()).toBe("1:1");
        expect(await store.parked({ projection: collection })).toEqual([]);
      });

      it("refuses a first commit that expects a checkpoint the projection never had", async () => {
        fresh();
        const { generation } = await active();
        await expect(commitDocs(generation, "1:1", "1:2", [doc(collection, "a", null, { name: "x" })])).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(collection, "a")).toBeNull();
        expect(await checkpointOf()).toBeNull();
      });

      it("lets exactly one of two concurrent commits from the same checkpoint through", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "1:1", []);
        const outcomes = await Promise.allSettled(
          ["left", "right"].map((side, i) =>
            commitDocs(generation, "1:1", `2:${i}`, [doc(collection, "a", "owner-1", { name: side }), doc(collection, side, "owner-1", { name: side })]),
          ),
        );
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        const [lost] = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(lost!.reason).toBeInstanceOf(ProjectionConflictError);
        const winner = outcomes[0]!.status === "fulfilled" ? 0 : 1;
        const [winnerName, loserName] = winner === 0 ? ["left", "right"] : ["right", "left"];
        expect(await checkpointOf()).toBe(`2:${winner}`);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: winnerName });
        expect(await store.get(collection, loserName!)).toBeNull();
      });

      it("keeps each projection's generation and checkpoint apart, and commits several atomically", async () => {
        const first = fresh("customers");
        const second = `vendors-${randomUUID()}`;
        const states = await store.activeProjections([first, second]);
        expect(states.map((s) => s.projection).sort()).toEqual([first, second].sort());
        const g1 = states.find((s) => s.projection === first)!.generation;
        const g2 = states.find((s) => s.projection === second)!.generation;
        expect(g1).not.toBe(g2);

        await store.commit([
          { projection: first, generation: g1, expectedCheckpoint: null, checkpoint: "1:4", documents: [doc(first, "a", "o", { name: "First" })] },
          { projection: second, generation: g2, expectedCheckpoint: null, checkpoint: "1:7", documents: [doc(second, "a", "o", { name: "Second" })] },
        ]);
        const checkpoints = await store.checkpoints();
        expect(checkpoints[first]).toBe("1:4");
        expect(checkpoints[second]).toBe("1:7");
        expect(await store.get(first, "a")).toEqual({ name: "First" });
        expect(await store.get(second, "a")).toEqual({ name: "Second" });

        // One stale batch refuses the whole commit: the other projection's part is not written either.
        await expect(
          store.commit([
            { projection: first, generation: g1, expectedCheckpoint: "1:4", checkpoint: "1:9", documents: [doc(first, "b", "o", { name: "Written?" })] },
            { projection: second, generation: g2, expectedCheckpoint: "1:6", checkpoint: "1:9", documents: [] },
          ]),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(first, "b")).toBeNull();
        expect((await store.checkpoints())[first]).toBe("1:4");
      });

      it("refuses documents of another collection, and a batch naming another projection's generation", async () => {
        fresh();
        const other = `other-${randomUUID()}`;
        const [{ generation }, otherState] = [await active(), (await store.activeProjections([other]))[0]!];
        await expect(commitDocs(generation, null, "1:1", [doc(other, "a", "o", { name: "Stray" })])).rejects.toThrow();
        await expect(store.commit([batch(otherState.generation, null, "1:1", [])])).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(other, "a")).toBeNull();
        expect(await checkpointOf()).toBeNull();
      });

      it("announces commits to local listeners", async () => {
        fresh();
        const { generation } = await active();
        let heard = 0;
        const unsubscribe = store.onCommit(() => heard++);
        await commitDocs(generation, null, "1:1", []);
        expect(heard).toBeGreaterThanOrEqual(1);
        unsubscribe();
        const before = heard;
        await commitDocs(generation, "1:1", "1:2", []);
        expect(heard).toBe(before);
      });
    });

    describe("parked events", () => {
      it("are committed with the documents and the checkpoint, and listed per projection in log order", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "9:3", [doc(collection, "ok", "owner-1", { name: "Fine" }, "9:1")], {
          park: [parking("10:2", "bad", "waiting behind", 1), parking("9:2", "bad", "TypeError: boom"), parking("9:3", null, "no documents")],
        });
        expect(await store.get(collection, "ok")).toEqual({ name: "Fine" });
        expect(await checkpointOf()).toBe("9:3");
        const parked = await store.parked({ projection: collection });
        expect(parked.map((p) => [p.position, p.documentId, p.error, p.attempts])).toEqual([
          ["9:2", "bad", "TypeError: boom", 1],
          ["9:3", null, "no documents", 1],
          ["10:2", "bad", "waiting behind", 1],
        ]);
        expect(parked[0]!.projection).toBe(collection);
        expect(parked[0]!.generation).toBe(generation);
        expect(parked[0]!.event.position).toBe("9:2");
        expect(parked[0]!.event.data).toEqual({ n: 1 });
        expect(Number.isNaN(Date.parse(parked[0]!.parkedAt))).toBe(false);
        const keys = ["bad", "ok", "missing"].map((id) => ({ collection, id }));
        expect((await store.documentsToProject([{ generation, keys }])).get(generation)!.blocked).toEqual(new Map([["bad", "9:2"]]));
        expect(await store.parked({ generation })).toHaveLength(3);
        const summary = (await store.parkedSummary()).find((s) => s.projection === collection);
        expect(summary).toEqual({ projection: collection, count: 3, firstPosition: "9:2", firstError: "TypeError: boom" });
      });

      it("a retry resolves parked events with their documents, and a failing one is parked again", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "1:5", [], { park: [parking("1:2", "a"), parking("1:3", "b"), parking("1:4", "b", "waiting")] });
        // The retry: a's event applies; b's fails again. The checkpoint stays where it is.
        await commitDocs(generation, "1:5", "1:5", [doc(collection, "a", "owner-1", { name: "Applied" }, "1:2")], {
          resolve: [{ position: "1:2", documentId: "a" }],
          park: [parking("1:3", "b", "still broken", 2)],
        });
        expect(await store.get(collection, "a")).toEqual({ name: "Applied" });
        expect(await checkpointOf()).toBe("1:5");
        expect((await store.parked({ projection: collection })).map((p) => [p.position, p.documentId, p.error, p.attempts])).toEqual([
          ["1:3", "b", "still broken", 2],
          ["1:4", "b", "waiting", 1],
        ]);

        // Resolving what is no longer parked (a concurrent retry got there first) writes nothing.
        await expect(
          commitDocs(generation, "1:5", "1:5", [doc(collection, "a", "owner-1", { name: "Twice" }, "1:2")], { resolve: [{ position: "1:2", documentId: "a" }] }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(collection, "a")).toEqual({ name: "Applied" });

        await commitDocs(generation, "1:5", "1:5", [doc(collection, "b", "owner-1", { name: "Fixed" }, "1:4")], {
          resolve: [
            { position: "1:3", documentId: "b" },
            { position: "1:4", documentId: "b" },
          ],
        });
        expect(await store.parked({ projection: collection })).toEqual([]);
        expect((await store.parkedSummary()).find((s) => s.projection === collection)).toBeUndefined();
        expect(await store.get(collection, "b")).toEqual({ name: "Fixed" });
      });
    });

    describe("queries", () => {
      it("get and list show live documents only, and list filters by owner", async () => {
        fresh();
        const otherCollection = `suppliers-${randomUUID()}`;
        const { generation } = await active();
        const other = await active(otherCollection);
        await commitDocs(generation, null, "1:1", [
          doc(collection, "a", "owner-1", { name: "Asha" }),
          doc(collection, "b", "owner-1", { name: "Bala" }),
          doc(collection, "c", "owner-2", { name: "Chitra" }),
          doc(collection, "d", "owner-1", { name: "Deleted soon" }),
        ]);
        await store.commit([
          {
            projection: otherCollection,
            generation: other.generation,
            expectedCheckpoint: null,
            checkpoint: "1:1",
            documents: [doc(otherCollection, "e", "owner-1", { name: "Elsewhere" })],
          },
        ]);
        await commitDocs(generation, "1:1", "1:2", [doc(collection, "d", "owner-1", null, "1:2")]);
        expect(await store.get(collection, "d")).toBeNull();
        expect(await store.get(collection, "missing")).toBeNull();
        expect(await store.get(collection, "e")).toBeNull();
        const owned = await store.list<Customer>(collection, "owner-1");
        expect(owned.map((c) => c.name).sort()).toEqual(["Asha", "Bala"]);
        expect(await store.list<Customer>(collection, "owner-2")).toEqual([{ name: "Chitra" }]);
        expect(await store.list(collection, "nobody")).toEqual([]);
        expect(await store.list<Customer>(otherCollection, "owner-1")).toEqual([{ name: "Elsewhere" }]);
        // A collection no projector ever made is simply empty.
        expect(await store.list(`never-${randomUUID()}`, "owner-1")).toEqual([]);

        // A tombstone can come back to life.
        await commitDocs(generation, "1:2", "1:3", [doc(collection, "d", "owner-1", { name: "Revived" }, "1:3")]);
        expect(await store.get<Customer>(collection, "d")).toEqual({ name: "Revived" });
        expect((await store.list<Customer>(collection, "owner-1")).map((c) => c.name).sort()).toEqual(["Asha", "Bala", "Revived"]);
      });

      it("find matches top-level fields across owners, live documents only", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "1:1", [
          doc(collection, "a", "owner-1", { name: "Asha", status: "pending" }),
          doc(collection, "b", "owner-2", { name: "Bala", status: "pending" }),
          doc(collection, "c", "owner-1", { name: "Chitra", status: "paid" }),
          doc(collection, "d", "owner-1", null),
        ]);
        expect((await store.find<{ name: string }>(collection, { status: "pending" })).map((d) => d.name).sort()).toEqual(["Asha", "Bala"]);
        expect(await store.find(collection, { status: "pending", name: "Bala" })).toEqual([{ name: "Bala", status: "pending" }]);
        expect(await store.find(collection, { status: "overdue" })).toEqual([]);
      });

      it("getDocuments returns tombstones with their positions, owners and own-stream revisions", async () => {
        fresh();
        const { generation } = await active();
        await commitDocs(generation, null, "6:11", [
          { ...doc(collection, "a", "owner-1", { name: "Asha" }, "5:10"), revision: 3 },
          doc(collection, "b", null, { name: "Bala" }, "5:11"),
        ]);
        await commitDocs(generation, "6:11", "6:12", [doc(collection, "b", null, null, "6:12")]);
        const found = await store.getDocuments(generation, [
          { collection, id: "a" },
          { collection, id: "b" },
          { collection, id: "missing" },
          { collection: `other-${randomUUID()}`, id: "a" },
        ]);
        expect([...found].sort((x, y) => x.id.localeCompare(y.id))).toEqual([
          { collection, id: "a", ownerId: "owner-1", data: { name: "Asha" }, position: "5:10", revision: 3 },
          { collection, id: "b", ownerId: null, data: null, position: "6:12", revision: null },
        ]);
        expect(await store.getDocuments(generation, [])).toEqual([]);
      });
    });

    describe("generations", () => {
      it("keeps a projection's new generation invisible until it is activated, then drops its old one alone", async () => {
        fresh();
        const bystander = `bystander-${randomUUID()}`;
        const bystanderState = await active(bystander);
        await store.commit([
          {
            projection: bystander,
            generation: bystanderState.generation,
            expectedCheckpoint: null,
            checkpoint: "1:1",
            documents: [doc(bystander, "x", "owner-1", { name: "Untouched" })],
          },
        ]);
        const { generation: old } = await active();
        await commitDocs(old, null, "1:1", [doc(collection, "kept", "owner-1", { name: "Old kept" }), doc(collection, "gone", "owner-1", { name: "Old only" })], {
          park: [parking("1:1", "gone")],
        });

        const next = await store.createGeneration(collection);
        expect(next).not.toBe(old);
        expect((await active()).generation).toBe(old);
        expect(await store.checkpointAt(next)).toBeNull();
        expect(await store.getDocuments(next, [{ collection, id: "kept" }])).toEqual([]);
        // A rebuild starts with no parked events of its own.
        expect(await store.parked({ generation: next })).toEqual([]);

        await commitDocs(next, null, "2:1", [doc(collection, "kept", "owner-1", { name: "New kept" }), doc(collection, "fresh", "owner-1", { name: "New only" })]);
        expect(await store.checkpointAt(next)).toBe("2:1");
        // Readers still see the old generation.
        expect(await store.get<Customer>(collection, "kept")).toEqual({ name: "Old kept" });
        expect(await store.get(collection, "fresh")).toBeNull();
        expect(await checkpointOf()).toBe("1:1");
        // The old generation's projector keeps working until the switch.
        await commitDocs(old, "1:1", "1:2", []);

        await store.activateGeneration(next);
        expect((await active()).generation).toBe(next);
        expect(await store.get<Customer>(collection, "kept")).toEqual({ name: "New kept" });
        expect(await store.get<Customer>(collection, "fresh")).toEqual({ name: "New only" });
        expect(await store.get(collection, "gone")).toBeNull();
        expect(await checkpointOf()).toBe("2:1");
        // Issue 12: the swap is a pointer change; the old rows wait, invisible, for dropRetired,
        // which deletes them in transactions of at most batchSize documents.
        expect(await store.getDocuments(old, [{ collection, id: "gone" }])).toHaveLength(1);
        expect(await store.parked({ projection: collection })).toEqual([]);
        const { result: dropped, turns } = await turnsDuring(() => store.dropRetired({ batchSize: 1 }));
        expect(dropped).toBeGreaterThanOrEqual(2);
        // Issue 13: the event loop turns between the deletes (PGlite answers within the microtask queue).
        expect(turns).toBeGreaterThanOrEqual(2);
        expect(await store.getDocuments(old, [{ collection, id: "gone" }])).toEqual([]);
        expect(await store.checkpointAt(old)).toBeNull();
        expect(await store.parked({ projection: collection })).toEqual([]);
        expect(await store.parked({ generation: old })).toEqual([]);
        // Other projections keep their generation and documents.
        expect((await active(bystander)).generation).toBe(bystanderState.generation);
        expect(await store.get(bystander, "x")).toEqual({ name: "Untouched" });

        // A projector still writing to the old generation must reload.
        await expect(commitDocs(old, "1:2", "1:3", [doc(collection, "gone", "owner-1", { name: "Zombie" })])).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(collection, "gone")).toBeNull();
        expect(await store.getDocuments(old, [{ collection, id: "gone" }])).toEqual([]);
      });

      it("dropGeneration discards a building generation and refuses later commits to it", async () => {
        fresh();
        const { generation: activeGeneration } = await active();
        await commitDocs(activeGeneration, null, "1:1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        const building = await store.createGeneration(collection);
        await commitDocs(building, null, "1:1", [doc(collection, "a", "owner-1", { name: "Building" }), doc(collection, "b", "owner-1", { name: "Building only" })], {
          park: [parking("1:1", "b")],
        });

        await store.dropGeneration(building);
        expect((await active()).generation).toBe(activeGeneration);
        await store.dropRetired();
        expect(
          await store.getDocuments(building, [
            { collection, id: "a" },
            { collection, id: "b" },
          ]),
        ).toEqual([]);
        expect(await store.checkpointAt(building)).toBeNull();
        expect(await store.parked({ generation: building })).toEqual([]);
        await expect(commitDocs(building, "1:1", "1:2", [doc(collection, "c", "owner-1", { name: "Late" })])).rejects.toBeInstanceOf(ProjectionConflictError);
        await expect(commitDocs(building, null, "1:2", [])).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.getDocuments(building, [{ collection, id: "c" }])).toEqual([]);

        // The active generation is untouched.
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await store.list<Customer>(collection, "owner-1")).toEqual([{ name: "Active" }]);
        expect(await checkpointOf()).toBe("1:1");

        // A later rebuild gets a generation of its own, starting empty.
        const again = await store.createGeneration(collection);
        expect(await store.checkpointAt(again)).toBeNull();
        expect(await store.getDocuments(again, [{ collection, id: "b" }])).toEqual([]);
        await store.dropGeneration(again);
      });

      it("refuses to activate a generation that was dropped, and keeps the active one", async () => {
        fresh();
        const { generation: activeGeneration } = await active();
        await commitDocs(activeGeneration, null, "1:1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        const building = await store.createGeneration(collection);
        await store.dropGeneration(building);
        await expect(store.activateGeneration(building)).rejects.toBeInstanceOf(ProjectionConflictError);
        expect((await active()).generation).toBe(activeGeneration);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await checkpointOf()).toBe("1:1");
      });

      it("activating a generation also drops an older one of the same projection still being built", async () => {
        fresh();
        const stale = await store.createGeneration(collection);
        await commitDocs(stale, null, "1:1", [doc(collection, "a", "owner-1", { name: "Stale" })]);
        const winner = await store.createGeneration(collection);
        await commitDocs(winner, null, "1:2", [doc(collection, "a", "owner-1", { name: "Winner" })]);
        await store.activateGeneration(winner);
        expect((await active()).generation).toBe(winner);
        await store.dropRetired();
        expect(await store.getDocuments(stale, [{ collection, id: "a" }])).toEqual([]);
        // The superseded rebuild learns it lost, whatever it tries next.
        await expect(commitDocs(stale, "1:1", "1:3", [doc(collection, "b", "owner-1", { name: "Stale too" })])).rejects.toBeInstanceOf(ProjectionConflictError);
        await expect(store.activateGeneration(stale)).rejects.toBeInstanceOf(ProjectionConflictError);
        expect((await active()).generation).toBe(winner);
        expect(await store.list<Customer>(collection, "owner-1")).toEqual([{ name: "Winner" }]);
        expect(await checkpointOf()).toBe("1:2");
      });

      it("dropGeneration leaves the active generation alone", async () => {
        fresh();
        const { generation: activeGeneration } = await active();
        await commitDocs(activeGeneration, null, "1:1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        // Refusing is as good as ignoring it; destroying what readers see is not.
        await store.dropGeneration(activeGeneration).catch(() => {});
        expect((await active()).generation).toBe(activeGeneration);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await checkpointOf()).toBe("1:1");
      });
    });
  });
}
