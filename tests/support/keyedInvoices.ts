import { expect } from "vitest";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";

/**
 * The invoices the "keys worked out again" tests store (migrate.test.ts on SQL, servers.test.ts
 * on MongoDB): three of one owner, two pending, committed to the active generation. Answers that
 * generation and the status tally as keyed today, for comparing after an earlier release's state.
 */
export async function storeKeyedInvoices(store: ReadStore): Promise<{ generation: number; tallied: Record<string, TallyBucket> }> {
  const [state] = await store.activeProjections(["invoices"]);
  const generation = state!.generation;
  const documents = ["pending", "paid", "pending"].map((status, i) => ({
    collection: "invoices",
    id: `inv-${i}`,
    ownerId: "owner",
    position: `${i + 1}:${i + 1}`,
    data: {
      id: `inv-${i}`,
      status,
      total: "118.00",
      subtotal: "100.00",
      gstAmount: "18.00",
      issueDate: "2026-06-10",
      createdAt: `2026-06-10T0${i}:00:00.000Z`,
      customer: { name: "A" },
    },
  }));
  await store.commit([{ projection: "invoices", generation, expectedCheckpoint: null, checkpoint: "3:3", documents }]);
  const tallied = await store.tally("invoices", "owner", "byStatus");
  expect(tallied.pending).toEqual({ count: 2, sums: { balance: 23600 } });
  return { generation, tallied };
}

/** What a store keyed again answers: the same tally, and the newest-first order on the keys. */
export async function expectKeyedAgain(store: ReadStore, tallied: Record<string, TallyBucket>): Promise<void> {
  expect(await store.tally("invoices", "owner", "byStatus")).toEqual(tallied);
  expect((await store.page("invoices", "owner", { order: "newest" })).map((row) => row.id)).toEqual(["inv-2", "inv-1", "inv-0"]);
}
