import { describe, expect, it } from "vitest";
import { indianDateOf } from "./indiaDate.ts";
import { gstRatesOn, isRateValidOn, ratesValidOn } from "./rates.ts";

describe("indianDateOf", () => {
  it("turns instants into Indian calendar dates (UTC+05:30)", () => {
    expect(indianDateOf("2025-09-21T18:29:59Z")).toBe("2025-09-21"); // 23:59:59 IST
    expect(indianDateOf("2025-09-21T18:30:00Z")).toBe("2025-09-22"); // 00:00 IST
    expect(indianDateOf("2025-09-21T20:00:00.000Z")).toBe("2025-09-22");
    expect(indianDateOf(new Date("2025-09-21T20:00:00Z"))).toBe("2025-09-22");
    expect(indianDateOf("2025-09-22T00:10:00+05:30")).toBe("2025-09-22");
    expect(indianDateOf("2025-09-21T23:50:00-01:00")).toBe("2025-09-22"); // 00:50Z → 06:20 IST
  });
  it("takes dates, and date-times without a zone, as Indian calendar dates", () => {
    expect(indianDateOf("2025-09-22")).toBe("2025-09-22");
    expect(indianDateOf("2025-09-21T23:59")).toBe("2025-09-21");
    expect(() => indianDateOf("2025-02-30")).toThrow(RangeError);
    expect(() => indianDateOf("22/09/2025")).toThrow(RangeError);
    expect(() => indianDateOf(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("GST rates by date (GST.md §2.4)", () => {
  it("offers the old slabs up to 21 Sep 2025 and the GST 2.0 slabs from 22 Sep 2025", () => {
    expect(ratesValidOn("2025-09-21")).toEqual([0, 5, 12, 18, 28]);
    expect(ratesValidOn("2025-09-22")).toEqual([0, 5, 18, 40]);
    expect(ratesValidOn("2017-07-01")).toEqual([0, 5, 12, 18, 28]);
    expect(ratesValidOn("2026-06-01")).toEqual([0, 5, 18, 40]);
  });
  it("compares in India time at the boundary", () => {
    expect(ratesValidOn("2025-09-21T18:29:59Z")).toEqual([0, 5, 12, 18, 28]);
    expect(ratesValidOn("2025-09-21T20:00:00Z")).toEqual([0, 5, 18, 40]); // already 22 Sep, 01:30 IST
    expect(ratesValidOn(new Date("2025-09-21T18:30:00Z"))).toEqual([0, 5, 18, 40]);
  });
  it("adds the special-goods rates on request", () => {
    expect(ratesValidOn("2025-09-21", { includeSpecial: true })).toEqual([0, 0.25, 1.5, 3, 5, 12, 18, 28]);
    expect(ratesValidOn("2025-10-01", { includeSpecial: true })).toEqual([0, 0.25, 1.5, 3, 5, 18, 28, 40]);
    expect(ratesValidOn("2026-02-01", { includeSpecial: true })).toEqual([0, 0.25, 1.5, 3, 5, 18, 40]);
    expect(gstRatesOn("2025-10-01").every((entry) => entry.cessRate === "0" && entry.category === "slab")).toBe(true);
  });
  it("validates a line's rate against the invoice date", () => {
    expect(isRateValidOn(12, "2025-09-21")).toBe(true);
    expect(isRateValidOn("12", "2025-09-22")).toBe(false);
    expect(isRateValidOn(12, "2025-09-21T20:00:00Z")).toBe(false);
    expect(isRateValidOn(40, "2025-09-21")).toBe(false);
    expect(isRateValidOn("40.00", "2025-09-22")).toBe(true);
    expect(isRateValidOn("18", "2025-09-22")).toBe(true);
    expect(isRateValidOn("0.25", "2025-09-22")).toBe(true); // special: valid, not offered
    expect(isRateValidOn(3, "2024-01-01")).toBe(true);
    expect(isRateValidOn(28, "2025-10-01")).toBe(true); // Sch. VII tobacco until 31 Jan 2026
    expect(isRateValidOn(28, "2026-02-01")).toBe(false);
    expect(isRateValidOn(7, "2025-10-01")).toBe(false);
    expect(isRateValidOn("eighteen", "2025-10-01")).toBe(false);
    expect(isRateValidOn(18, "2017-06-30")).toBe(false); // before GST
  });
});
