import { describe, expect, it } from "vitest";
import { formatInr } from "./format.ts";

describe("formatInr (GST.md §8.5)", () => {
  it("groups en-IN and appends the paise digits", () => {
    expect(formatInr(1_23_456_00)).toBe("₹1,23,456.00");
    expect(formatInr(1_23_45_678_90)).toBe("₹1,23,45,678.90");
    expect(formatInr(1_00_000_00, { symbol: false })).toBe("1,00,000.00");
    expect(formatInr(7)).toBe("₹0.07");
    expect(formatInr(0)).toBe("₹0.00");
    expect(formatInr(9_999_999_999_999_99)).toBe("₹99,99,99,99,99,999.99");
    expect(formatInr(-98_765_43)).toBe("-₹98,765.43");
    expect(formatInr(-7)).toBe("-₹0.07");
  });
  it("rounds half-up to whole rupees when asked for no decimals", () => {
    expect(formatInr(10_50, { decimals: 0 })).toBe("₹11");
    expect(formatInr(10_49, { decimals: 0 })).toBe("₹10");
    expect(formatInr(1_00_00_000_00, { decimals: 0 })).toBe("₹1,00,00,000");
    expect(formatInr(-10_50, { decimals: 0 })).toBe("-₹11");
    expect(formatInr(-49, { decimals: 0 })).toBe("₹0");
  });
  it("refuses fractional paise", () => {
    expect(() => formatInr(1.5)).toThrow(RangeError);
  });
});
