import { describe, expect, it } from "vitest";
import { HttpError } from "../api/http.ts";
import { periodFiledOf, reportInLabel, returnTypesText } from "./period-filed.ts";

const conflict = (body: unknown) => new HttpError(409, "Conflict", JSON.stringify(body));

describe("PERIOD_FILED answers", () => {
  it("s.39(9): a record dated in a filed period reads as a move to the next open period", () => {
    const filed = periodFiledOf(
      conflict({
        code: "PERIOD_FILED",
        message: "GSTR-3B for October 2026 is filed",
        period: "102026",
        reportIn: "112026",
        effect: { returnTypes: ["GSTR3B"], tax: "180.00", igst: "180.00", cgst: "0.00", sgst: "0.00", interest: "1.78", interestUntil: "2026-12-20" },
      }),
    );
    expect(filed).toEqual({
      message: "GSTR-3B for October 2026 is filed",
      period: "102026",
      reportIn: "112026",
      effect: { returnTypes: ["GSTR3B"], tax: "180.00", igst: "180.00", cgst: "0.00", sgst: "0.00", interest: "1.78", interestUntil: "2026-12-20" },
    });
    expect(reportInLabel(filed!)).toBe("Report in November 2026");
  });

  it("any other failure is not one", () => {
    expect(periodFiledOf(conflict({ code: "OUT_OF_SEQUENCE", message: "File GSTR-1 first" }))).toBeNull();
    expect(periodFiledOf(new HttpError(400, "Bad Request", JSON.stringify({ code: "PERIOD_FILED", reportIn: "112026" })))).toBeNull();
    expect(periodFiledOf(new HttpError(409, "Conflict", "not json"))).toBeNull();
    expect(periodFiledOf(new Error("offline"))).toBeNull();
  });

  it("names the filed returns as people say them", () => {
    expect(returnTypesText(["GSTR1", "GSTR3B"])).toBe("GSTR-1 and GSTR-3B");
    expect(returnTypesText(["GSTR3B"])).toBe("GSTR-3B");
  });
});
