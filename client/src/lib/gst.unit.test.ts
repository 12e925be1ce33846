import { describe, expect, it } from "vitest";
import { HttpError } from "../api/http.ts";
import {
  calculateGst,
  describeGstin,
  dueUrgency,
  GstCallFailed,
  gstFailureText,
  holderTypeLabel,
  periodLabel,
  readGstr2bFile,
  registrationTypeLabel,
  returnPeriodOf,
  returnStatusVariant,
  returnTypeLabel,
} from "./gst.ts";

describe("failed GST calls", () => {
  it("say the server's error, else its message, else the fallback", () => {
    expect(gstFailureText(new GstCallFailed("No invoices in 062026"), "x")).toBe("No invoices in 062026");
    expect(gstFailureText(new HttpError(409, "Conflict", JSON.stringify({ success: false, error: "GSTR-1 for 062026 is already filed" })), "x")).toBe(
      "GSTR-1 for 062026 is already filed",
    );
    expect(gstFailureText(new HttpError(400, "Bad Request", JSON.stringify({ message: "Period must be MMYYYY, e.g. 102025" })), "x")).toBe("Period must be MMYYYY, e.g. 102025");
    expect(gstFailureText(new HttpError(503, "Service Unavailable", "<html>down</html>"), "Try later")).toBe("Try later");
    expect(gstFailureText(new TypeError("Failed to fetch"), "The server could not be reached.")).toBe("The server could not be reached.");
  });

  it("find no reason in an empty or unrelated body", () => {
    expect(GstCallFailed.reasonIn("")).toBeNull();
    expect(GstCallFailed.reasonIn(JSON.stringify({ error: "  ", message: 5 }))).toBeNull();
    expect(GstCallFailed.reasonIn("null")).toBeNull();
  });
});

describe("return periods", () => {
  it("are the Indian calendar month, MMYYYY", () => {
    expect(returnPeriodOf(new Date("2026-06-15T06:00:00Z"))).toBe("062026");
    // 31 Dec 20:00 UTC is already January in India.
    expect(returnPeriodOf(new Date("2025-12-31T20:00:00Z"))).toBe("012026");
  });

  it("read as a month and year, anything else as typed", () => {
    expect(periodLabel("062026")).toBe("June 2026");
    expect(periodLabel("122025")).toBe("December 2025");
    expect(periodLabel("132025")).toBe("132025");
    expect(periodLabel("June")).toBe("June");
  });

  it("name returns as the portal writes them", () => {
    expect(returnTypeLabel("GSTR1")).toBe("GSTR-1");
    expect(returnTypeLabel("GSTR3B")).toBe("GSTR-3B");
  });
});

describe("return status colours (SPEC §4)", () => {
  it("are pending yellow, filed green, overdue red, anything else grey", () => {
    expect(["pending", "filed", "overdue", "failed", "processing"].map(returnStatusVariant)).toEqual(["warning", "success", "danger", "secondary", "secondary"]);
  });
});

describe("due dates", () => {
  const today = new Date("2026-07-08T20:00:00Z"); // 9 July in India

  it("are overdue before today, soon within a week, else upcoming", () => {
    expect(dueUrgency("2026-07-08", today)).toBe("overdue");
    expect(dueUrgency("2026-07-09", today)).toBe("soon");
    expect(dueUrgency("2026-07-16", today)).toBe("soon");
    expect(dueUrgency("2026-07-17", today)).toBe("later");
  });
});

describe("the GSTR-2B file", () => {
  const file = {
    chksum: "abc",
    data: {
      gstin: "27AAPFU0939F1ZV",
      rtnprd: "062026",
      docdata: {
        b2b: [
          {
            ctin: "29AABCR1718E1ZL",
            inv: [
              { inum: "RS/412", dt: "29-06-2026" },
              { inum: "RS/413", dt: "30-06-2026" },
            ],
          },
          { ctin: "07AAACB2230M1ZV", inv: [{ inum: "9", dt: "01-06-2026" }] },
        ],
      },
    },
  };

  it("says how many invoices from how many suppliers, and its period", () => {
    expect(readGstr2bFile(JSON.stringify(file))).toEqual({ ok: true, data: file, invoices: 3, suppliers: 2, returnPeriod: "062026" });
    expect(readGstr2bFile(JSON.stringify(file.data))).toMatchObject({ ok: true, invoices: 3, returnPeriod: "062026" });
    expect(readGstr2bFile(JSON.stringify({ data: { rtnprd: "062026", docdata: {} } }))).toMatchObject({ ok: true, invoices: 0, suppliers: 0 });
  });

  it("explains a file that is not a GSTR-2B", () => {
    expect(readGstr2bFile("not json")).toEqual({ ok: false, error: "The file is not JSON. Choose the GSTR-2B JSON file downloaded from the GST portal." });
    expect(readGstr2bFile("[1,2]")).toMatchObject({ ok: false });
    expect(readGstr2bFile(JSON.stringify({ data: { docdata: { b2b: {} } } }))).toEqual({ ok: false, error: "The file is not a GSTR-2B: docdata.b2b is not a list." });
  });
});

describe("the GST calculator", () => {
  it("splits CGST and SGST within a state, each rounded half up", () => {
    const result = calculateGst("1234.50", "18", "intra");
    expect(result).toMatchObject({ ok: true, line: { taxablePaise: 123450, cgstPaise: 11111, sgstPaise: 11111, igstPaise: 0, taxPaise: 22222, amountPaise: 145672 } });
  });

  it("charges IGST across states", () => {
    expect(calculateGst("1234.50", "18", "inter")).toMatchObject({ ok: true, line: { igstPaise: 22221, cgstPaise: 0, taxPaise: 22221, amountPaise: 145671 } });
    expect(calculateGst("1000", "5", "inter")).toMatchObject({ ok: true, line: { igstPaise: 5000, amountPaise: 105000 } });
  });

  it("waits for an amount, and says what an amount looks like", () => {
    expect(calculateGst("", "18", "intra")).toBeNull();
    expect(calculateGst("12.345", "18", "intra")).toEqual({ ok: false, message: "Enter an amount like 1000 or 999.50" });
    expect(calculateGst("-1", "18", "intra")).toEqual({ ok: false, message: "Enter an amount like 1000 or 999.50" });
  });
});

describe("what a valid GSTIN says without a business name", () => {
  it("is its state, PAN and holder type in words", () => {
    expect(describeGstin({ stateName: "Maharashtra", pan: "AAPFU0939F", holderType: "firm" })).toBe("Maharashtra · PAN AAPFU0939F · Firm or LLP");
    expect(describeGstin({ stateName: "Delhi", pan: null, holderType: null })).toBe("Delhi");
    expect(holderTypeLabel("local_authority")).toBe("Local Authority");
    expect(holderTypeLabel("something-new")).toBe("something-new");
    expect(registrationTypeLabel("regular")).toBe("Regular taxpayer");
    expect(registrationTypeLabel("uin")).toBe("UN body or embassy (UIN)");
  });
});
