import type { Expense } from "@bahi/shared/contract";
import { MemoryReadStore } from "@bahi/shared/server";
import { describe, expect, it } from "vitest";
import { expense } from "../../../shared/src/returns/fixtures.ts";
import { COUNT_CAP, listAnswer, type ListFilters } from "./page.ts";

/** Issue 13: a filtered list counts its matches up to COUNT_CAP; the whole book's count stays exact. */
describe("a list page's total", () => {
  const count = COUNT_CAP + 5;
  const store = new MemoryReadStore(
    Array.from({ length: count }, (_, i) => {
      const data: Expense = { ...expense({ id: `exp-${i}`, date: "2026-07-10T00:00:00.000Z", amount: "100.00" }), description: `Paper ream ${i}` };
      return { collection: "expenses", id: data.id, ownerId: "u", data, position: "1:1" };
    }),
  );
  const page = (filters: ListFilters) =>
    listAnswer(store, {
      collection: "expenses",
      ownerId: "u",
      order: "newest",
      filters,
      request: { limit: 10 },
      defaultLimit: 10,
      summary: async () => null,
      countAll: () => count,
    });

  it("says a search matching more than the cap matched at least the cap (totalCapped), not how many", async () => {
    const answer = await page({ search: "paper ream" });
    expect(answer).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect((answer as { items: unknown[] }).items).toHaveLength(10);
  });

  it("counts a search under the cap exactly, and the whole book exactly at any size", async () => {
    expect(await page({ search: "paper ream 100" })).toMatchObject({ total: 6 }); // 100 and 1000–1004
    expect(await page({ search: "paper ream 100" })).not.toHaveProperty("totalCapped");
    expect(await page({})).toMatchObject({ total: count });
    expect(await page({})).not.toHaveProperty("totalCapped");
  });
});
