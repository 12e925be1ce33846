import { describe, expect, it } from "vitest";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1 } from "./gstr1.ts";
import { buildGstr3b } from "./gstr3b.ts";

// Two local (Gujarat) B2C sales in October 2025; the second is cancelled (issue 9).
const kept = invoice({ number: "INV/25-26/0001", issueDate: "2025-10-15", placeOfSupply: "24", lines: [{ taxable: "1000.00", rate: "18", hsn: "3305", quantity: 1 }] });
const cancelled = invoice({
  number: "INV/25-26/0002",
  issueDate: "2025-10-16",
  placeOfSupply: "24",
  status: "cancelled",
  lines: [{ taxable: "5000.00", rate: "18", hsn: "3305", quantity: 5 }],
});

describe("cancelled invoices in the returns (issue 9)", () => {
  it("GSTR-1 Table 7 and 12: a cancelled invoice is no supply, so it leaves b2cs and the HSN summary", () => {
    const { json, totals } = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [kept, cancelled] });
    expect(json.b2cs).toEqual([expect.objectContaining({ txval: 1000, camt: 90, samt: 90 })]);
    expect((json.hsn as { hsn_b2c?: unknown }).hsn_b2c).toEqual([expect.objectContaining({ hsn_sc: "3305", qty: 1, txval: 1000 })]);
    expect(totals).toMatchObject({ totalTaxableValue: 100000 });
  });

  it("GSTR-1 Table 13: its number still counts issued, and cancelled", () => {
    const { json } = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [kept, cancelled], voidedNumbers: [{ number: "INV/25-26/0003", date: "2025-10-17" }] });
    expect(json.doc_issue?.doc_det[0]!.docs).toEqual([{ num: 1, from: "INV/25-26/0001", to: "INV/25-26/0003", totnum: 3, cancel: 2, net_issue: 1 }]);
    // Every invoice of the period cancelled: Table 13 still lists the number.
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [cancelled] }).json.doc_issue?.doc_det[0]!.docs).toEqual([
      { num: 1, from: "INV/25-26/0002", to: "INV/25-26/0002", totnum: 1, cancel: 1, net_issue: 0 },
    ]);
  });

  it("GSTR-3B 3.1(a): a cancelled invoice owes no tax", () => {
    const { json } = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [kept, cancelled], expenses: [] });
    expect(json.sup_details.osup_det).toMatchObject({ txval: 1000, camt: 90, samt: 90 });
  });
});
