import { describe, expect, it } from "vitest";
import { daysLate, interestPaise, lateFee } from "./interest.ts";

describe("interest (s.50(1), 18% a year)", () => {
  it("s.50(1): ₹10,000 paid 10 days after the due date bears ₹49.32 (49.315… half up)", () => {
    expect(interestPaise(1_000_000, "2026-11-20", "2026-11-30")).toBe(4_932);
  });
  it("s.50(1): nothing on or before the due date, nothing on nothing", () => {
    expect(interestPaise(1_000_000, "2026-11-20", "2026-11-20")).toBe(0);
    expect(interestPaise(1_000_000, "2026-11-20", "2026-11-01")).toBe(0);
    expect(interestPaise(0, "2026-11-20", "2026-12-20")).toBe(0);
  });
  it("counts India dates: 20 Nov 23:00 IST is still the due date", () => {
    expect(daysLate("2026-11-20", new Date("2026-11-20T17:30:00Z"))).toBe(0);
    expect(daysLate("2026-11-20", new Date("2026-11-20T18:30:00Z"))).toBe(1);
  });
});

describe("late fee (s.47)", () => {
  const base = { returnType: "GSTR3B" as const, dueDate: "2026-11-20" };
  it("Notification 19/2021-CT: ₹25 + ₹25 a day", () => {
    expect(lateFee({ ...base, filedOn: "2026-11-30", nilReturn: false })).toMatchObject({ days: 10, cgst: 25_000, sgst: 25_000, igst: 0, total: 50_000 });
  });
  it("Notification 19/2021-CT: capped at ₹1,000 + ₹1,000 up to ₹1.5 crore turnover", () => {
    expect(lateFee({ ...base, filedOn: "2027-03-01", nilReturn: false, previousYearTurnoverPaise: 1_50_00_000_00 }).total).toBe(2_000_00);
  });
  it("Notification 19/2021-CT: ₹2,500 + ₹2,500 up to ₹5 crore, ₹5,000 + ₹5,000 above", () => {
    expect(lateFee({ ...base, filedOn: "2027-11-20", nilReturn: false, previousYearTurnoverPaise: 3_00_00_000_00 }).cgst).toBe(2_500_00);
    expect(lateFee({ ...base, filedOn: "2027-11-20", nilReturn: false, previousYearTurnoverPaise: 6_00_00_000_00 }).cgst).toBe(5_000_00);
  });
  it("Notification 19/2021-CT: a nil return ₹10 + ₹10 a day, capped at ₹250 + ₹250", () => {
    expect(lateFee({ ...base, filedOn: "2026-11-30", nilReturn: true }).total).toBe(20_000);
    expect(lateFee({ ...base, filedOn: "2027-01-30", nilReturn: true }).total).toBe(50_000);
  });
  it("s.47: none when filed on time", () => {
    expect(lateFee({ ...base, filedOn: "2026-11-20", nilReturn: false }).total).toBe(0);
  });
});
