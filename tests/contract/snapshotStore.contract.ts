import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Snapshot, SnapshotStore } from "@bahi/shared/server";

export interface OpenedSnapshotStore {
  store: SnapshotStore;
  close(): Promise<void>;
}

const snapshot = (streamId: string, revision: number, extra: Partial<Snapshot> = {}): Snapshot => ({
  streamId,
  kind: "document-series",
  version: 1,
  revision,
  position: `${revision}:${revision}`,
  // What a series keeps: numbers, nulls, text with ₹ and quotes, nested arrays.
  state: { issued: revision + 1, numbers: [[1, "INV/26-27/0001", randomUUID(), null, false]], note: 'Rao "₹" Stores' },
  ...extra,
});

/**
 * Issue 38: the promises every SnapshotStore adapter keeps (ports/snapshotStore.ts), the ones a
 * command process's kept states rely on (command-api handling/streamStates.ts): a snapshot comes
 * back as saved, per stream and fold; a later revision replaces an earlier one and never the
 * reverse; another version replaces it whatever its revision.
 */
export function snapshotStoreContract(name: string, open: () => Promise<OpenedSnapshotStore>): void {
  describe(`SnapshotStore contract: ${name}`, () => {
    let opened: OpenedSnapshotStore;
    let store: SnapshotStore;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });

    it("gives back what was saved, per stream and fold, and null for what never was", async () => {
      const streamId = `series-${randomUUID()}`;
      const saved = snapshot(streamId, 499);
      await store.save(saved);
      expect(await store.load(streamId, "document-series")).toEqual(saved);
      expect(await store.load(streamId, "product")).toBeNull();
      expect(await store.load(`series-${randomUUID()}`, "document-series")).toBeNull();
      const other = snapshot(streamId, 10, { kind: "product", position: null, state: { status: "active" } });
      await store.save(other);
      expect(await store.load(streamId, "product")).toEqual(other);
      expect(await store.load(streamId, "document-series")).toEqual(saved);
    });

    it("keeps the latest revision: an older one saved late (a slower process) changes nothing", async () => {
      const streamId = `series-${randomUUID()}`;
      await store.save(snapshot(streamId, 999));
      await store.save(snapshot(streamId, 499));
      expect((await store.load(streamId, "document-series"))?.revision).toBe(999);
      const newer = snapshot(streamId, 1499);
      await store.save(newer);
      expect(await store.load(streamId, "document-series")).toEqual(newer);
      await Promise.all([store.save(snapshot(streamId, 1999)), store.save(snapshot(streamId, 2499)), store.save(snapshot(streamId, 1999))]);
      expect((await store.load(streamId, "document-series"))?.revision).toBe(2499);
    });

    it("replaces a snapshot of another version whatever its revision (a release that changed the state)", async () => {
      const streamId = `series-${randomUUID()}`;
      await store.save(snapshot(streamId, 999));
      const upgraded = snapshot(streamId, 500, { version: 2, state: { shape: "new" } });
      await store.save(upgraded);
      expect(await store.load(streamId, "document-series")).toEqual(upgraded);
    });
  });
}
