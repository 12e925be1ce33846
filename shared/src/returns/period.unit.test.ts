import { describe, expect, it } from "vitest";
import {
  financialYearLongOf,
  financialYearOf,
  isOverdue,
  nextPeriod,
  parseReturnPeriod,
  periodContains,
  periodLabel,
  previousPeriod,
  returnDueDate,
  returnPeriod,
  returnPeriodOf,
} from "./period.ts";

describe("parseReturnPeriod", () => {
  it("parses MMYYYY into the month's India dates", () => {
    expect(parseReturnPeriod("102025")).toEqual({
      ok: true,
      period: { fp: "102025", month: 10, year: 2025, from: "2025-10-01", to: "2025-10-31" },
    });
    expect(returnPeriod(" 022024 ").to).toBe("2024-02-29"); // leap year
    expect(returnPeriod("022025").to).toBe("2025-02-28");
    expect(returnPeriod("072017").from).toBe("2017-07-01"); // the first GST month
  });

  it("explains what is wrong", () => {
    expect(parseReturnPeriod("10-2025")).toEqual({ ok: false, error: "Period must be MMYYYY, e.g. 102025" });
    expect(parseReturnPeriod("2025-10")).toEqual({ ok: false, error: "Period must be MMYYYY, e.g. 102025" });
    expect(parseReturnPeriod(undefined)).toEqual({ ok: false, error: "Period must be MMYYYY, e.g. 102025" });
    expect(parseReturnPeriod("132025")).toEqual({ ok: false, error: "Period month must be 01–12, got 13 (Period must be MMYYYY, e.g. 102025)" });
    expect(parseReturnPeriod("002025")).toMatchObject({ ok: false, error: expect.stringContaining("got 00") });
    expect(parseReturnPeriod("062017")).toEqual({ ok: false, error: "GST returns start from July 2017 (072017); got 062017" });
    expect(() => returnPeriod("1025")).toThrow("Period must be MMYYYY, e.g. 102025");
  });
});

describe("period arithmetic", () => {
  it("finds the period of an instant by its India date", () => {
    expect(returnPeriodOf("2025-10-15")).toBe("102025");
    expect(returnPeriodOf("2025-10-31T19:00:00Z")).toBe("112025"); // 00:30 on 1 Nov in India
    expect(periodContains("102025", "2025-09-30T18:30:00Z")).toBe(true); // 00:00 on 1 Oct IST
    expect(periodContains("102025", "2025-09-30T18:29:59Z")).toBe(false);
  });

  it("steps between months and names them", () => {
    expect(nextPeriod("122025").fp).toBe("012026");
    expect(previousPeriod("012026").fp).toBe("122025");
    expect(() => previousPeriod("072017")).toThrow(RangeError);
    expect(periodLabel("102025")).toBe("October 2025");
  });
});

describe("due dates", () => {
  it("GSTR-1 is due on the 11th and GSTR-3B on the 20th of the next month", () => {
    expect(returnDueDate("102025", "GSTR1")).toBe("2025-11-11");
    expect(returnDueDate("102025", "GSTR3B")).toBe("2025-11-20");
    expect(returnDueDate("122025", "GSTR1")).toBe("2026-01-11");
  });

  it("is overdue only after the due date, by India date", () => {
    expect(isOverdue("102025", "GSTR1", "2025-11-11")).toBe(false);
    expect(isOverdue("102025", "GSTR1", "2025-11-12")).toBe(true);
    expect(isOverdue("102025", "GSTR1", "2025-11-11T18:29:59Z")).toBe(false); // 23:59:59 IST on the 11th
    expect(isOverdue("102025", "GSTR1", "2025-11-11T18:30:00Z")).toBe(true); // midnight IST
    expect(isOverdue("102025", "GSTR3B", new Date("2025-11-15T12:00:00Z"))).toBe(false);
  });
});

describe("financial years", () => {
  it("runs April to March", () => {
    expect(financialYearOf("2025-10-15")).toBe("2025-26");
    expect(financialYearOf("2026-03-31")).toBe("2025-26");
    expect(financialYearOf("2026-04-01")).toBe("2026-27");
    expect(financialYearOf("2022-09-16")).toBe("2022-23");
    expect(financialYearOf("2026-03-31T19:00:00Z")).toBe("2026-27"); // already 1 Apr in India
    expect(financialYearOf("2099-04-01")).toBe("2099-00");
    expect(financialYearLongOf("2023-12-11")).toBe("2023-2024"); // IC get_fy example (GST.md §5.2)
  });
});
