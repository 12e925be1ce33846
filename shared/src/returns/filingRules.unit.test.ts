import { describe, expect, it } from "vitest";
import { filingRefusal, lastFilingDate, registrationPeriodOf, type FilingRefusalInput } from "./filingRules.ts";
import type { GstReturnType } from "./period.ts";

/** A filed-returns lookup from a list like ["GSTR1:082026", "GSTR3B:082026"]. */
function filedOf(list: string[]): (type: GstReturnType, period: string) => boolean {
  const set = new Set(list);
  return (type, period) => set.has(`${type}:${period}`);
}

function refusal(overrides: Partial<FilingRefusalInput> & Pick<FilingRefusalInput, "returnType" | "period">) {
  return filingRefusal({ today: "2026-11-24", registrationPeriod: "082026", filed: filedOf([]), ...overrides });
}

describe("filingRefusal", () => {
  it("period ended: a monthly return is refused until the 1st of the next month", () => {
    expect(refusal({ returnType: "GSTR1", period: "112026" })).toEqual({
      code: "PERIOD_NOT_ENDED",
      message: "November 2026 has not ended yet: GSTR-1 for it can be filed from 2026-12-01",
    });
    expect(refusal({ returnType: "GSTR3B", period: "112026", today: "2026-11-30" })?.code).toBe("PERIOD_NOT_ENDED");
    expect(refusal({ returnType: "GSTR1", period: "112026", today: "2026-12-01", filed: filedOf(["GSTR1:082026", "GSTR1:092026", "GSTR1:102026", "GSTR3B:102026"]) })).toBeNull();
  });

  it("no return is due for a month before registration", () => {
    expect(refusal({ returnType: "GSTR3B", period: "072026" })?.code).toBe("BEFORE_REGISTRATION");
    expect(refusal({ returnType: "GSTR1", period: "082026" })).toBeNull();
  });

  it("s.37(4): GSTR-1 is refused while an earlier GSTR-1 since registration is not filed", () => {
    expect(refusal({ returnType: "GSTR1", period: "102026", filed: filedOf(["GSTR1:082026", "GSTR3B:082026", "GSTR3B:092026"]) })).toEqual({
      code: "OUT_OF_SEQUENCE",
      message: "File GSTR-1 for September 2026 first (s.37(4))",
    });
  });

  it("Rule 59(6)(a): GSTR-1 is refused while the previous period's GSTR-3B is not filed", () => {
    expect(refusal({ returnType: "GSTR1", period: "092026", filed: filedOf(["GSTR1:082026"]) })).toEqual({
      code: "OUT_OF_SEQUENCE",
      message: "File GSTR-3B for August 2026 first (Rule 59(6)(a))",
    });
    expect(refusal({ returnType: "GSTR1", period: "092026", filed: filedOf(["GSTR1:082026", "GSTR3B:082026"]) })).toBeNull();
  });

  it("s.39(10): GSTR-3B is refused while an earlier GSTR-3B is not filed", () => {
    expect(refusal({ returnType: "GSTR3B", period: "092026", filed: filedOf(["GSTR1:082026", "GSTR1:092026"]) })).toEqual({
      code: "OUT_OF_SEQUENCE",
      message: "File GSTR-3B for August 2026 first (s.39(10))",
    });
  });

  it("s.39(10) as amended by the Finance Act 2022: GSTR-3B is refused before the same period's GSTR-1", () => {
    expect(refusal({ returnType: "GSTR3B", period: "082026" })).toEqual({
      code: "OUT_OF_SEQUENCE",
      message: "File GSTR-1 for August 2026 first (s.39(10))",
    });
    expect(refusal({ returnType: "GSTR3B", period: "082026", filed: filedOf(["GSTR1:082026"]) })).toBeNull();
  });

  it("s.37(5): GSTR-1 is time-barred three years after its due date", () => {
    expect(lastFilingDate("102023", "GSTR1")).toBe("2026-11-11");
    const registered2020 = { registrationPeriod: "012020", filed: () => true };
    expect(refusal({ returnType: "GSTR1", period: "102023", today: "2026-11-11", ...registered2020 })).toBeNull();
    expect(refusal({ returnType: "GSTR1", period: "102023", today: "2026-11-12", ...registered2020 })).toEqual({
      code: "TIME_BARRED",
      message: "GSTR-1 for October 2023 can no longer be filed: the last day was 2026-11-11, three years after its due date (s.37(5))",
    });
  });

  it("s.39(11): GSTR-3B is time-barred three years after its due date", () => {
    const registered2020 = { registrationPeriod: "012020", filed: () => true };
    expect(refusal({ returnType: "GSTR3B", period: "102023", today: "2026-11-20", ...registered2020 })).toBeNull();
    expect(refusal({ returnType: "GSTR3B", period: "102023", today: "2026-11-21", ...registered2020 })?.code).toBe("TIME_BARRED");
  });

  it("s.37(5)/s.39(11): a time-barred earlier return is not required first", () => {
    // Registered in 2020, nothing filed up to October 2023: those can never be filed, so they hold nothing up.
    const filed = (_type: GstReturnType, period: string) => period !== "102026" && Number(period.slice(2) + period.slice(0, 2)) >= 202311;
    expect(refusal({ returnType: "GSTR1", period: "102026", registrationPeriod: "012020", filed })).toBeNull();
    expect(refusal({ returnType: "GSTR3B", period: "102026", registrationPeriod: "012020", filed })?.message).toBe("File GSTR-1 for October 2026 first (s.39(10))");
  });
});

describe("registrationPeriodOf", () => {
  it("takes the GSTIN's registration date, else the account's creation month (India date)", () => {
    expect(registrationPeriodOf("2026-08-14", "2026-10-01T00:00:00Z")).toBe("082026");
    expect(registrationPeriodOf(null, "2026-09-30T20:00:00Z")).toBe("102026");
    expect(registrationPeriodOf("2017-07-01", "2026-10-01T00:00:00Z")).toBe("072017");
  });
});
