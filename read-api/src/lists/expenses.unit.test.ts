import type { Expense } from "@bahi/shared/contract";
import { describe, expect, it } from "vitest";
import { expense as expenseFixture } from "../../../shared/src/returns/fixtures.ts";
import { MemoryReadStore } from "@bahi/shared/server";
import { expenseSummary as summaryOfTallies } from "./expenses.ts";

/** The summary over these expenses, through the tallies a read store keeps of them. */
async function expenseSummary(expenses: Expense[], now: Date) {
  const store = new MemoryReadStore(expenses.map((data, i) => ({ collection: "expenses", id: `${data.id}-${i}`, ownerId: "u", data, position: "1:1" })));
  return summaryOfTallies(await store.tally("expenses", "u", "byCategory"), await store.tally("expenses", "u", "byMonth"), now);
}

/** A ₹100 + 18% supplies bill of 10 July 2026, with what the case changes. */
const expense = (overrides: Partial<Expense>): Expense => ({
  ...expenseFixture({ id: "exp", date: "2026-07-10T00:00:00.000Z", amount: "100.00", cgst: "9.00", sgst: "9.00" }),
  category: "Supplies",
  ...overrides,
});

describe("the expense list's summary (issue 10: the counters and category cards above the table)", async () => {
  const today = new Date("2026-07-15T06:00:00Z");

  it("sums base amounts and GST exactly, and counts", async () => {
    expect(await expenseSummary([expense({ amount: "0.10", gstAmount: "0.02" }), expense({ amount: "0.20", gstAmount: "0.04" })], today)).toMatchObject({
      count: 2,
      totalAmount: "0.30",
      totalGst: "0.06",
      thisMonthAmount: "0.30",
    });
  });

  it("takes this month by the month and year of the expense date in India", async () => {
    const summary = await expenseSummary(
      [
        // 30 Jun 19:00 UTC is already 1 July in India.
        expense({ amount: "100.00", date: "2026-06-30T19:00:00.000Z" }),
        expense({ amount: "200.00", date: "2026-06-30T18:00:00.000Z" }),
        // Same month a year earlier.
        expense({ amount: "400.00", date: "2025-07-10T06:00:00.000Z" }),
        expense({ amount: "800.00", date: "2026-07-31" }),
      ],
      today,
    );
    expect(summary).toMatchObject({ thisMonthAmount: "900.00", totalAmount: "1500.00" });
  });

  it("is zero with no expenses", async () => {
    expect(await expenseSummary([], today)).toEqual({ count: 0, totalAmount: "0.00", totalGst: "0.00", thisMonthAmount: "0.00", byCategory: [] });
  });

  it("lists categories with expenses in the form's order, with count and sum", async () => {
    const { byCategory } = await expenseSummary(
      [expense({ category: "Travel", amount: "500.00" }), expense({ category: "Office Rent", amount: "20000.00" }), expense({ category: "Travel", amount: "250.50" })],
      today,
    );
    expect(byCategory).toEqual([
      { category: "Office Rent", count: 1, amount: "20000.00" },
      { category: "Travel", count: 2, amount: "750.50" },
    ]);
  });

  it("s.34(1): a supplier's credit note takes its amount and GST back off the counters and its category", async () => {
    const summary = await expenseSummary(
      [
        expense({ id: "bill", amount: "1000.00", gstAmount: "180.00" }),
        expense({ id: "note", documentType: "credit_note", againstExpenseId: "bill", amount: "200.00", gstAmount: "36.00" }),
      ],
      today,
    );
    expect(summary).toEqual({ count: 2, totalAmount: "800.00", totalGst: "144.00", thisMonthAmount: "800.00", byCategory: [{ category: "Supplies", count: 2, amount: "800.00" }] });
  });
});
