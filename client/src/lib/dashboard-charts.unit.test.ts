import { describe, expect, it } from "vitest";
import { expenseChartData, formatThousands, salesAxisTicks, salesChartData } from "./dashboard-charts.ts";

const twelveMonths = ["2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07"].map((month, index) => ({
  month,
  amount: (index + 1) * 1000,
}));

describe("Sales Overview data", () => {
  it("'Last 6 Months' is the final six months, labelled by short month name", () => {
    const bars = salesChartData(twelveMonths, "last6", new Date("2026-07-15T06:00:00Z"));
    expect(bars.map((bar) => bar.label)).toEqual(["Feb", "Mar", "Apr", "May", "Jun", "Jul"]);
    expect(bars[0]).toEqual({ month: "2026-02", label: "Feb", fullLabel: "Feb 2026", amount: 7000 });
  });

  it("'This Year' is the months of the current financial year (April–March) in India", () => {
    const bars = salesChartData(twelveMonths, "thisYear", new Date("2026-07-15T06:00:00Z"));
    expect(bars.map((bar) => bar.month)).toEqual(["2026-04", "2026-05", "2026-06", "2026-07"]);
    // 31 Mar 2026 20:00 UTC is already 1 Apr 2026 in India: a new financial year, one bar.
    const newYear = salesChartData(twelveMonths, "thisYear", new Date("2026-03-31T20:00:00Z"));
    expect(newYear.map((bar) => bar.month)).toEqual(["2026-04"]);
    // January to March belong to the year that began the April before.
    const march = salesChartData(twelveMonths, "thisYear", new Date("2026-03-15T06:00:00Z"));
    expect(march.map((bar) => bar.month)).toEqual(["2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
  });

  it("labels amounts in thousands of rupees", () => {
    expect(formatThousands(12000)).toBe("₹12k");
    expect(formatThousands(2500)).toBe("₹2.5k");
    expect(formatThousands(2950)).toBe("₹3k");
    expect(formatThousands(125000)).toBe("₹125k");
    expect(formatThousands(0)).toBe("₹0");
  });
});

describe("Sales Overview axis", () => {
  it("ticks at round thousands, at most five intervals, covering the highest month", () => {
    expect(salesAxisTicks(2950)).toEqual([0, 1000, 2000, 3000]);
    expect(salesAxisTicks(1200)).toEqual([0, 500, 1000, 1500]);
    expect(salesAxisTicks(12000)).toEqual([0, 5000, 10000, 15000]);
    expect(salesAxisTicks(48000)).toEqual([0, 10000, 20000, 30000, 40000, 50000]);
    expect(salesAxisTicks(240000)).toEqual([0, 50000, 100000, 150000, 200000, 250000]);
    expect(salesAxisTicks(0)).toEqual([0, 1000]);
  });
});

describe("Expense Breakdown data", () => {
  it("keeps categories with spending, largest first, with their share", () => {
    expect(
      expenseChartData([
        { category: "Utilities", amount: 2000 },
        { category: "Office Rent", amount: 3500 },
        { category: "Travel", amount: 0 },
        { category: "Marketing", amount: 2500 },
        { category: "Supplies", amount: 1500 },
        { category: "Other", amount: 500 },
      ]),
    ).toEqual([
      { category: "Office Rent", amount: 3500, share: 35 },
      { category: "Marketing", amount: 2500, share: 25 },
      { category: "Utilities", amount: 2000, share: 20 },
      { category: "Supplies", amount: 1500, share: 15 },
      { category: "Other", amount: 500, share: 5 },
    ]);
  });

  it("is empty when nothing was spent", () => {
    expect(expenseChartData([])).toEqual([]);
    expect(expenseChartData([{ category: "Travel", amount: 0 }])).toEqual([]);
  });
});
