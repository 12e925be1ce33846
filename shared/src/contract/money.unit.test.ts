import { describe, expect, it } from "vitest";
import { compareWirePositions } from "./http.ts";
import { gstinCheckCharacter, gstinProblem } from "./gstin.ts";
import { formatPaise, isMoneyString, toPaise } from "./money.ts";

describe("money", () => {
  it("converts rupee strings to paise without floats", () => {
    expect(toPaise("1180")).toBe(118000);
    expect(toPaise("1180.5")).toBe(118050);
    expect(toPaise("0.07")).toBe(7);
    expect(toPaise(" 9999999999999.99 ")).toBe(999999999999999);
    expect(() => toPaise("1.234")).toThrow();
    expect(() => toPaise("-1")).toThrow();
    expect(isMoneyString("1e3")).toBe(false);
  });
  it("formats paise with two decimals", () => {
    expect(formatPaise(118050)).toBe("1180.50");
    expect(formatPaise(7)).toBe("0.07");
    expect(formatPaise(-250)).toBe("-2.50");
    expect(() => formatPaise(1.5)).toThrow();
  });
});

describe("GSTIN (GST.md §1)", () => {
  it("computes the check character of the worked example", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });
  it("accepts the valid examples and explains the invalid ones", () => {
    for (const valid of ["27AAPFU0939F1ZV", "29AABCR1718E1ZL", "05AAACG2115R1ZN"]) expect(gstinProblem(valid)).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZO")).toBe("GSTIN check character is wrong");
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("GSTIN must be 15 characters");
    expect(gstinProblem("39AAPFU0939F1ZQ")).toMatch(/state code 39/);
  });
});

describe("wire positions", () => {
  it("order by the first number, then the second, with null first", () => {
    expect(compareWirePositions("9:100", "10:1")).toBeLessThan(0);
    expect(compareWirePositions("10:2", "10:1")).toBeGreaterThan(0);
    expect(compareWirePositions("10:2", "10:2")).toBe(0);
    expect(compareWirePositions(null, "0:0")).toBeLessThan(0);
    expect(compareWirePositions("18446744073709551615:1", "18446744073709551614:9")).toBeGreaterThan(0);
  });
});
