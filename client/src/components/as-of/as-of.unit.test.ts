import { describe, expect, it } from "vitest";
import { asOfFromInputs, asOfInputs, asOfLabel, todayInIndia, withAsOf } from "./as-of.ts";

describe("the As of moment (issue 11)", () => {
  it("labels the moment as India's wall clock reads it", () => {
    expect(asOfLabel("2026-10-31T23:59")).toBe("31 Oct 2026, 11:59 pm");
    expect(asOfLabel("2026-10-31")).toBe("31 Oct 2026, 11:59 pm"); // a date alone: the end of that day
    expect(asOfLabel("2026-11-01T00:05")).toBe("1 Nov 2026, 12:05 am");
    expect(asOfLabel("2026-10-31T18:29:59.000Z")).toBe("31 Oct 2026, 11:59 pm");
    expect(asOfLabel("someday")).toBe("someday");
  });

  it("round-trips the date and time fields through the URL value", () => {
    expect(asOfFromInputs("2026-10-31", "09:30")).toBe("2026-10-31T09:30");
    expect(asOfFromInputs("2026-10-31", "")).toBe("2026-10-31T23:59");
    expect(asOfFromInputs("", "09:30")).toBeNull();
    expect(asOfInputs("2026-10-31T09:30")).toEqual({ date: "2026-10-31", time: "09:30" });
    expect(asOfInputs(null)).toEqual({ date: "", time: "" });
  });

  it("adds asOf to a path's query, or leaves the path alone", () => {
    expect(withAsOf("/api/reports?period=this-month", "2026-10-31T23:59")).toBe("/api/reports?period=this-month&asOf=2026-10-31T23%3A59");
    expect(withAsOf("/api/dashboard/stats", "2026-10-31")).toBe("/api/dashboard/stats?asOf=2026-10-31");
    expect(withAsOf("/api/dashboard/stats", null)).toBe("/api/dashboard/stats");
    expect(todayInIndia(new Date("2026-10-31T19:00:00Z"))).toBe("2026-11-01");
  });
});
