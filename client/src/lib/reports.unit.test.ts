import { describe, expect, it } from "vitest";
import { reportFileName } from "../api/reports.ts";
import { formatGrowth, formatPaymentDays, profitOrLoss, revenueVsExpensesBars } from "./reports.ts";

describe("report figures", () => {
  it("show 'Loss' for a net profit at or below 0 (SPEC §2)", () => {
    expect(profitOrLoss(1)).toBe("Profit");
    expect(profitOrLoss(0)).toBe("Loss");
    expect(profitOrLoss(-250.5)).toBe("Loss");
  });

  it("sign revenue growth with one decimal, and show '—' when there is nothing to compare", () => {
    expect(formatGrowth(12.5)).toBe("+12.5%");
    expect(formatGrowth(-3)).toBe("-3.0%");
    expect(formatGrowth(0)).toBe("0.0%");
    expect(formatGrowth(-0.01)).toBe("0.0%");
    expect(formatGrowth(null)).toBe("—");
    expect(formatGrowth(Number.NaN)).toBe("—");
  });

  it("give the average payment time in whole days", () => {
    expect(formatPaymentDays(23)).toBe("23 days");
    expect(formatPaymentDays(1)).toBe("1 day");
    expect(formatPaymentDays(4.6)).toBe("5 days");
    expect(formatPaymentDays(0)).toBe("0 days");
    expect(formatPaymentDays(null)).toBe("—");
  });

  it("chart months oldest first with short and long labels", () => {
    const bars = revenueVsExpensesBars([
      { month: "2026-06", revenue: 2950, expenses: 1500 },
      { month: "2026-05", revenue: 0, expenses: 200 },
    ]);
    expect(bars).toEqual([
      { month: "2026-05", label: "May", fullLabel: "May 2026", revenue: 0, expenses: 200 },
      { month: "2026-06", label: "Jun", fullLabel: "Jun 2026", revenue: 2950, expenses: 1500 },
    ]);
  });
});

describe("the exported PDF's name", () => {
  it("is the server's, else one naming the period", () => {
    expect(reportFileName('attachment; filename="Bahi-Report-June-2026.pdf"', "this-month")).toBe("Bahi-Report-June-2026.pdf");
    expect(reportFileName("attachment; filename*=UTF-8''report%20Q1.pdf", "this-quarter")).toBe("report Q1.pdf");
    expect(reportFileName(null, "this-year")).toBe("bahi-report-this-year.pdf");
    expect(reportFileName('attachment; filename="a/b.pdf"', "this-year")).toBe("a-b.pdf");
  });
});
