import { describe, expect, it } from "vitest";
import { addDays, basisPointsToPortalRate, compareDocumentNumbers, daysBetween, fromPortalDate, portalAmountToPaise, toPortalAmount, toPortalDate } from "./portal.ts";

describe("toPortalAmount", () => {
  it("writes paise as a rupee number through the exact decimal text", () => {
    expect(toPortalAmount(512900)).toBe(5129); // "5129.00"
    expect(toPortalAmount(5750)).toBe(57.5); // "57.50"
    expect(toPortalAmount(1)).toBe(0.01);
    expect(toPortalAmount(0)).toBe(0);
    expect(toPortalAmount(-5)).toBe(-0.05);
    expect(() => toPortalAmount(1.5)).toThrow(RangeError);
  });
});

describe("portalAmountToPaise", () => {
  it("reads the number's shortest decimal text, rounding half-up at the paisa", () => {
    expect(portalAmountToPaise(5129)).toBe(512900);
    expect(portalAmountToPaise(10000.5)).toBe(1000050);
    expect(portalAmountToPaise("57.50")).toBe(5750);
    // IC's 2B test has CGST 900.045: the double is 900.04499…, its text "900.045" → 90004.5 paise → 90005.
    expect(portalAmountToPaise(900.045)).toBe(90005);
    // (2.675).toFixed(2) is "2.67" (GST.md §2.3); the text 2.675 rounds half-up to 268 paise.
    expect(portalAmountToPaise(2.675)).toBe(268);
    expect(portalAmountToPaise(-2.675)).toBe(-268);
    expect(portalAmountToPaise(0.005)).toBe(1);
    expect(portalAmountToPaise(0.0049)).toBe(0);
    expect(portalAmountToPaise(1e-7)).toBe(0); // String(1e-7) is "1e-7"
    expect(portalAmountToPaise(".5")).toBe(50);
  });

  it("refuses what is not an amount", () => {
    expect(() => portalAmountToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => portalAmountToPaise(1e21)).toThrow(/too large/);
    expect(() => portalAmountToPaise("12,000")).toThrow(RangeError);
    expect(() => portalAmountToPaise("")).toThrow(RangeError);
  });
});

describe("dates", () => {
  it("writes dd-mm-yyyy (returns) and dd/mm/yyyy (e-invoice) from the India date", () => {
    expect(toPortalDate("2025-10-15")).toBe("15-10-2025");
    // 19:00 UTC on 14 Oct is 00:30 on 15 Oct in India.
    expect(toPortalDate("2025-10-14T19:00:00Z")).toBe("15-10-2025");
    expect(toPortalDate("2025-10-15", "/")).toBe("15/10/2025");
  });

  it("reads dd-mm-yyyy back, rejecting impossible dates", () => {
    expect(fromPortalDate("24-11-2016")).toBe("2016-11-24");
    expect(fromPortalDate("24/11/2016")).toBe("2016-11-24");
    expect(() => fromPortalDate("31-02-2025")).toThrow(RangeError);
    expect(() => fromPortalDate("2025-02-01")).toThrow(RangeError);
  });

  it("counts and adds calendar days", () => {
    expect(daysBetween("2025-10-15", "2025-11-14")).toBe(30);
    expect(daysBetween("2025-03-01", "2025-02-28")).toBe(-1);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });
});

describe("basisPointsToPortalRate", () => {
  it("gives the percent as a number", () => {
    expect(basisPointsToPortalRate(1800)).toBe(18);
    expect(basisPointsToPortalRate(25)).toBe(0.25);
    expect(basisPointsToPortalRate(150)).toBe(1.5);
    expect(basisPointsToPortalRate(0)).toBe(0);
  });
});

describe("compareDocumentNumbers", () => {
  it("orders digit runs by value, independent of locale", () => {
    const sorted = ["INV-10", "INV-9", "INV-009", "A", "INV-1", "INV/25-26/0002", "INV/25-26/0001"].sort(compareDocumentNumbers);
    expect(sorted).toEqual(["A", "INV-1", "INV-9", "INV-009", "INV-10", "INV/25-26/0001", "INV/25-26/0002"]);
  });
});
