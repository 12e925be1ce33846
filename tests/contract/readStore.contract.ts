import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectionConflictError } from "@bahi/shared/server";
import type { ReadDocument, ReadStore } from "@bahi/shared/server";

export interface OpenedReadStore {
  store: ReadStore;
  close(): Promise<void>;
}

interface Customer {
  name: string;
  n?: number;
}

function doc(collection: string, id: string, ownerId: string | null, data: (Customer & Record<string, unknown>) | null, position = "p1"): ReadDocument {
  return { collection, id, ownerId, data, position };
}

/** The promises every ReadStore adapter keeps (DESIGN.md "Ports and adapters", "Read models"). */
export function readStoreContract(name: string, open: () => Promise<OpenedReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let opened: OpenedReadStore;
    let store: ReadStore;
    // Each test names its own collection and projector, so tests share one store.
    let collection: string;
    let projector: string;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    function fresh(): void {
      collection = `customers-${randomUUID()}`;
      projector = `projector-${randomUUID()}`;
    }

    /** One projector commit of this test's projector. */
    function commitDocs(generation: number, expectedCheckpoint: string | null, checkpoint: string, documents: ReadDocument[]): Promise<void> {
      return store.commit({ generation, projector, expectedCheckpoint, checkpoint, documents });
    }

    describe("commits", () => {
      it("writes documents and the checkpoint together", async () => {
        fresh();
        const generation = await store.activeGeneration();
        expect(await store.checkpoint(projector)).toBeNull();
        expect(await store.checkpointAt(generation, projector)).toBeNull();

        await commitDocs(generation, null, "c1", [doc(collection, "a", "owner-1", { name: "Asha" }), doc(collection, "b", "owner-1", { name: "Bala" })]);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha" });
        expect(await store.get<Customer>(collection, "b")).toEqual({ name: "Bala" });
        expect(await store.checkpoint(projector)).toBe("c1");
        expect(await store.checkpointAt(generation, projector)).toBe("c1");

        // The next batch upserts and moves the checkpoint on.
        await commitDocs(generation, "c1", "c2", [doc(collection, "a", "owner-1", { name: "Asha K", n: 2 }, "p2")]);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha K", n: 2 });
        expect(await store.get<Customer>(collection, "b")).toEqual({ name: "Bala" });
        expect(await store.checkpoint(projector)).toBe("c2");

        // A batch with no documents still moves the checkpoint.
        await store.commit({ generation, projector, expectedCheckpoint: "c2", checkpoint: "c3", documents: [] });
        expect(await store.checkpoint(projector)).toBe("c3");
      });

      it("refuses a commit whose checkpoint moved, and writes nothing of it", async () => {
        fresh();
        const generation = await store.activeGeneration();
        await commitDocs(generation, null, "c1", [doc(collection, "a", "owner-1", { name: "Asha" })]);
        for (const expectedCheckpoint of [null, "c0", "c2"]) {
          await expect(
            store.commit({
              generation,
              projector,
              expectedCheckpoint,
              checkpoint: "c9",
              documents: [doc(collection, "a", "owner-1", { name: "Overwritten" }), doc(collection, "z", "owner-1", { name: "New" })],
            }),
          ).rejects.toBeInstanceOf(ProjectionConflictError);
        }
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Asha" });
        expect(await store.get(collection, "z")).toBeNull();
        expect(await store.list(collection, "owner-1")).toEqual([{ name: "Asha" }]);
        expect(await store.checkpoint(projector)).toBe("c1");
      });

      it("refuses a first commit that expects a checkpoint the projector never had", async () => {
        fresh();
        const generation = await store.activeGeneration();
        await expect(
          store.commit({ generation, projector, expectedCheckpoint: "c1", checkpoint: "c2", documents: [doc(collection, "a", null, { name: "x" })] }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(collection, "a")).toBeNull();
        expect(await store.checkpoint(projector)).toBeNull();
      });

      it("lets exactly one of two concurrent commits from the same checkpoint through", async () => {
        fresh();
        const generation = await store.activeGeneration();
        await store.commit({ generation, projector, expectedCheckpoint: null, checkpoint: "c1", documents: [] });
        const outcomes = await Promise.allSettled(
          ["left", "right"].map((side) =>
            store.commit({
              generation,
              projector,
              expectedCheckpoint: "c1",
              checkpoint: `c2-${side}`,
              documents: [doc(collection, "a", "owner-1", { name: side }), doc(collection, side, "owner-1", { name: side })],
            }),
          ),
        );
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        const [lost] = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(lost!.reason).toBeInstanceOf(ProjectionConflictError);
        const winner = outcomes[0]!.status === "fulfilled" ? "left" : "right";
        const loser = winner === "left" ? "right" : "left";
        expect(await store.checkpoint(projector)).toBe(`c2-${winner}`);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: winner });
        expect(await store.get(collection, loser)).toBeNull();
      });

      it("keeps checkpoints of different projectors apart", async () => {
        fresh();
        const other = `projector-${randomUUID()}`;
        const generation = await store.activeGeneration();
        await store.commit({ generation, projector, expectedCheckpoint: null, checkpoint: "c1", documents: [] });
        await store.commit({ generation, projector: other, expectedCheckpoint: null, checkpoint: "x7", documents: [] });
        expect(await store.checkpoint(projector)).toBe("c1");
        expect(await store.checkpoint(other)).toBe("x7");
      });
    });

    describe("queries", () => {
      it("get and list show live documents only, and list filters by owner", async () => {
        fresh();
        const otherCollection = `suppliers-${randomUUID()}`;
        const generation = await store.activeGeneration();
        await commitDocs(generation, null, "c1", [
            doc(collection, "a", "owner-1", { name: "Asha" }),
            doc(collection, "b", "owner-1", { name: "Bala" }),
            doc(collection, "c", "owner-2", { name: "Chitra" }),
            doc(collection, "d", "owner-1", { name: "Deleted soon" }),
            doc(otherCollection, "e", "owner-1", { name: "Elsewhere" }),
          ]);
        await commitDocs(generation, "c1", "c2", [doc(collection, "d", "owner-1", null, "p2")]);
        expect(await store.get(collection, "d")).toBeNull();
        expect(await store.get(collection, "missing")).toBeNull();
        expect(await store.get(collection, "e")).toBeNull();
        const owned = await store.list<Customer>(collection, "owner-1");
        expect(owned.map((c) => c.name).sort()).toEqual(["Asha", "Bala"]);
        expect(await store.list<Customer>(collection, "owner-2")).toEqual([{ name: "Chitra" }]);
        expect(await store.list(collection, "nobody")).toEqual([]);
        expect(await store.list<Customer>(otherCollection, "owner-1")).toEqual([{ name: "Elsewhere" }]);

        // A tombstone can come back to life.
        await commitDocs(generation, "c2", "c3", [doc(collection, "d", "owner-1", { name: "Revived" }, "p3")]);
        expect(await store.get<Customer>(collection, "d")).toEqual({ name: "Revived" });
        expect((await store.list<Customer>(collection, "owner-1")).map((c) => c.name).sort()).toEqual(["Asha", "Bala", "Revived"]);
      });

      it("find matches top-level fields across owners, live documents only", async () => {
        fresh();
        const generation = await store.activeGeneration();
        await commitDocs(generation, null, "c1", [
            doc(collection, "a", "owner-1", { name: "Asha", status: "pending" }),
            doc(collection, "b", "owner-2", { name: "Bala", status: "pending" }),
            doc(collection, "c", "owner-1", { name: "Chitra", status: "paid" }),
            doc(collection, "d", "owner-1", null),
          ]);
        expect((await store.find<{ name: string }>(collection, { status: "pending" })).map((d) => d.name).sort()).toEqual(["Asha", "Bala"]);
        expect(await store.find(collection, { status: "pending", name: "Bala" })).toEqual([{ name: "Bala", status: "pending" }]);
        expect(await store.find(collection, { status: "overdue" })).toEqual([]);
      });

      it("getDocuments returns tombstones with their positions and owners", async () => {
        fresh();
        const generation = await store.activeGeneration();
        await commitDocs(generation, null, "c1", [doc(collection, "a", "owner-1", { name: "Asha" }, "5:10"), doc(collection, "b", null, { name: "Bala" }, "5:11")]);
        await commitDocs(generation, "c1", "c2", [doc(collection, "b", null, null, "6:12")]);
        const found = await store.getDocuments(generation, [
          { collection, id: "a" },
          { collection, id: "b" },
          { collection, id: "missing" },
          { collection: `other-${randomUUID()}`, id: "a" },
        ]);
        expect([...found].sort((x, y) => x.id.localeCompare(y.id))).toEqual([
          { collection, id: "a", ownerId: "owner-1", data: { name: "Asha" }, position: "5:10" },
          { collection, id: "b", ownerId: null, data: null, position: "6:12" },
        ]);
        expect(await store.getDocuments(generation, [])).toEqual([]);
      });
    });

    describe("generations", () => {
      it("keeps a new generation invisible until it is activated, then drops the old one", async () => {
        fresh();
        const old = await store.activeGeneration();
        await commitDocs(old, null, "old-c", [doc(collection, "kept", "owner-1", { name: "Old kept" }), doc(collection, "gone", "owner-1", { name: "Old only" })]);

        const next = await store.createGeneration();
        expect(next).not.toBe(old);
        expect(await store.activeGeneration()).toBe(old);
        expect(await store.checkpointAt(next, projector)).toBeNull();
        expect(await store.getDocuments(next, [{ collection, id: "kept" }])).toEqual([]);

        await commitDocs(next, null, "new-c", [doc(collection, "kept", "owner-1", { name: "New kept" }), doc(collection, "fresh", "owner-1", { name: "New only" })]);
        expect(await store.checkpointAt(next, projector)).toBe("new-c");
        // Readers still see the old generation.
        expect(await store.get<Customer>(collection, "kept")).toEqual({ name: "Old kept" });
        expect(await store.get(collection, "fresh")).toBeNull();
        expect((await store.list<Customer>(collection, "owner-1")).map((c) => c.name).sort()).toEqual(["Old kept", "Old only"]);
        expect(await store.checkpoint(projector)).toBe("old-c");
        // The old generation's projector keeps working until the switch.
        await store.commit({ generation: old, projector, expectedCheckpoint: "old-c", checkpoint: "old-c2", documents: [] });

        await store.activateGeneration(next);
        expect(await store.activeGeneration()).toBe(next);
        expect(await store.get<Customer>(collection, "kept")).toEqual({ name: "New kept" });
        expect(await store.get<Customer>(collection, "fresh")).toEqual({ name: "New only" });
        expect(await store.get(collection, "gone")).toBeNull();
        expect((await store.list<Customer>(collection, "owner-1")).map((c) => c.name).sort()).toEqual(["New kept", "New only"]);
        expect(await store.checkpoint(projector)).toBe("new-c");
        expect(await store.getDocuments(old, [{ collection, id: "gone" }])).toEqual([]);
        expect(await store.checkpointAt(old, projector)).toBeNull();

        // A projector still writing to the old generation must reload.
        await expect(
          store.commit({
            generation: old,
            projector,
            expectedCheckpoint: "old-c2",
            checkpoint: "old-c3",
            documents: [doc(collection, "gone", "owner-1", { name: "Zombie" })],
          }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.get(collection, "gone")).toBeNull();
        expect(await store.getDocuments(old, [{ collection, id: "gone" }])).toEqual([]);
      });

      it("dropGeneration discards a building generation and refuses later commits to it", async () => {
        fresh();
        const active = await store.activeGeneration();
        await commitDocs(active, null, "c1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        const building = await store.createGeneration();
        await commitDocs(building, null, "b1", [doc(collection, "a", "owner-1", { name: "Building" }), doc(collection, "b", "owner-1", { name: "Building only" })]);

        await store.dropGeneration(building);
        expect(await store.activeGeneration()).toBe(active);
        expect(await store.getDocuments(building, [{ collection, id: "a" }, { collection, id: "b" }])).toEqual([]);
        expect(await store.checkpointAt(building, projector)).toBeNull();
        await expect(
          store.commit({
            generation: building,
            projector,
            expectedCheckpoint: "b1",
            checkpoint: "b2",
            documents: [doc(collection, "c", "owner-1", { name: "Late" })],
          }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        await expect(
          store.commit({ generation: building, projector, expectedCheckpoint: null, checkpoint: "b2", documents: [] }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.getDocuments(building, [{ collection, id: "c" }])).toEqual([]);

        // The active generation is untouched.
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await store.list<Customer>(collection, "owner-1")).toEqual([{ name: "Active" }]);
        expect(await store.checkpoint(projector)).toBe("c1");

        // A later rebuild gets a generation of its own, starting empty.
        const again = await store.createGeneration();
        expect(await store.checkpointAt(again, projector)).toBeNull();
        expect(await store.getDocuments(again, [{ collection, id: "b" }])).toEqual([]);
        await store.dropGeneration(again);
      });

      it("refuses to activate a generation that was dropped, and keeps the active one", async () => {
        fresh();
        const active = await store.activeGeneration();
        await commitDocs(active, null, "c1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        const building = await store.createGeneration();
        await store.dropGeneration(building);
        await expect(store.activateGeneration(building)).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.activeGeneration()).toBe(active);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await store.checkpoint(projector)).toBe("c1");
      });

      it("activating a generation also drops an older one still being built", async () => {
        fresh();
        const stale = await store.createGeneration();
        await commitDocs(stale, null, "s1", [doc(collection, "a", "owner-1", { name: "Stale" })]);
        const winner = await store.createGeneration();
        await commitDocs(winner, null, "w1", [doc(collection, "a", "owner-1", { name: "Winner" })]);
        await store.activateGeneration(winner);
        expect(await store.activeGeneration()).toBe(winner);
        expect(await store.getDocuments(stale, [{ collection, id: "a" }])).toEqual([]);
        // The superseded rebuild learns it lost, whatever it tries next.
        await expect(
          store.commit({
            generation: stale,
            projector,
            expectedCheckpoint: "s1",
            checkpoint: "s2",
            documents: [doc(collection, "b", "owner-1", { name: "Stale too" })],
          }),
        ).rejects.toBeInstanceOf(ProjectionConflictError);
        await expect(store.activateGeneration(stale)).rejects.toBeInstanceOf(ProjectionConflictError);
        expect(await store.activeGeneration()).toBe(winner);
        expect(await store.list<Customer>(collection, "owner-1")).toEqual([{ name: "Winner" }]);
        expect(await store.checkpoint(projector)).toBe("w1");
      });

      it("dropGeneration leaves the active generation alone", async () => {
        fresh();
        const active = await store.activeGeneration();
        await commitDocs(active, null, "c1", [doc(collection, "a", "owner-1", { name: "Active" })]);
        // Refusing is as good as ignoring it; destroying what readers see is not.
        await store.dropGeneration(active).catch(() => {});
        expect(await store.activeGeneration()).toBe(active);
        expect(await store.get<Customer>(collection, "a")).toEqual({ name: "Active" });
        expect(await store.checkpoint(projector)).toBe("c1");
      });
    });
  });
}
