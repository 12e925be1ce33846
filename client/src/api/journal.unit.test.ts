import { describe, expect, it } from "vitest";
import { actorsOf, eventTypeInWords, indiaTime, journalQuery, NO_FILTERS } from "./journal.ts";

describe("the ledger's words", () => {
  it("says an event's type in words, keeping abbreviations", () => {
    expect(eventTypeInWords("CustomerAdded")).toBe("Customer added");
    expect(eventTypeInWords("GstReturnFiled")).toBe("Gst return filed");
    expect(eventTypeInWords("Gstr2bUploaded")).toBe("Gstr2b uploaded");
    expect(eventTypeInWords("EInvoiceIRNGenerated")).toBe("E invoice IRN generated");
  });

  it("tells the time in India", () => {
    expect(indiaTime("2026-10-31T18:29:59.000Z")).toMatch(/^31 Oct 2026, 11:59:59\s?pm$/i);
  });

  it("asks only for the filters that are set, and the cursor", () => {
    expect(journalQuery(NO_FILTERS)).toBe("");
    expect(journalQuery({ ...NO_FILTERS, from: "2026-10-01", kind: "invoice" }, { cursor: "50" })).toBe("?from=2026-10-01&kind=invoice&cursor=50");
  });

  it("offers each member once for the actor filter, not the system jobs", () => {
    const entry = (actor: object) => ({ actor }) as never;
    expect(
      actorsOf([
        entry({ kind: "member", id: "a", name: "Asha" }),
        entry({ kind: "system", id: "overdue-sweep", name: "Overdue check" }),
        entry({ kind: "member", id: "a", name: "Asha" }),
      ]),
    ).toEqual([{ value: "a", label: "Asha" }]);
  });
});
