import { describe, expect, it } from "vitest";
import { hsnDigitsProblem, kindOfHsn, minimumHsnDigits } from "./hsnDigits.ts";

describe("Notification 78/2020-CT: HSN digits by turnover", () => {
  it("4 digits up to ₹5 crore, 6 above", () => {
    expect(minimumHsnDigits(false)).toBe(4);
    expect(minimumHsnDigits(true)).toBe(6);
    expect(hsnDigitsProblem("3305", "goods", false)).toBeNull();
    expect(hsnDigitsProblem("3305", "goods", true)).toMatch(/at least 6 digits/);
    expect(hsnDigitsProblem("330510", "goods", true)).toBeNull();
    expect(hsnDigitsProblem("33051010", "goods", true)).toBeNull();
  });

  it("up to ₹5 crore the code may be left out (B2C invoices need none); above it is required", () => {
    expect(hsnDigitsProblem(null, "goods", false)).toBeNull();
    expect(hsnDigitsProblem(null, "goods", true)).toMatch(/required/);
    expect(hsnDigitsProblem(null, "services", true)).toMatch(/SAC code is required/);
  });

  it("services take a SAC (99…), goods an HSN", () => {
    expect(kindOfHsn("998314")).toBe("services");
    expect(kindOfHsn("3305")).toBe("goods");
    expect(kindOfHsn(null)).toBe("goods");
    expect(hsnDigitsProblem("3305", "services", false)).toMatch(/starts with 99/);
    expect(hsnDigitsProblem("998314", "goods", false)).toMatch(/SAC code for services/);
    expect(hsnDigitsProblem("998314", "services", true)).toBeNull();
  });
});
