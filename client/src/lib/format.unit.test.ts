import { describe, expect, it } from "vitest";
import { formatCurrency, formatDate, formatPercent } from "./format.ts";

describe("formatting (SPEC §9)", () => {
  it("shows rupees in the Indian grouping with no decimals, and ₹0 when missing", () => {
    expect(formatCurrency(125000)).toBe("₹1,25,000");
    expect(formatCurrency("5000.00")).toBe("₹5,000");
    expect(formatCurrency(undefined)).toBe("₹0");
    expect(formatCurrency("not money")).toBe("₹0");
  });

  it("shows a percentage with one decimal", () => {
    expect(formatPercent(12.345)).toBe("12.3%");
    expect(formatPercent(undefined)).toBe("0.0%");
  });

  it("shows dates in en-IN with a short month", () => {
    expect(formatDate("2025-01-11T10:00:00.000Z")).toBe("11 Jan 2025");
    expect(formatDate(null)).toBe("");
  });
});
