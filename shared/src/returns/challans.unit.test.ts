import { describe, expect, it } from "vitest";
import { challansOfPeriod, type ChallanForReturn } from "./challans.ts";
import { documentIssue } from "./documentSummary.ts";

const GSTIN = "27AAPFU0939F1ZV";
const challan = (number: string, issueDate: string, purpose: ChallanForReturn["purpose"], extra: Partial<ChallanForReturn> = {}): ChallanForReturn => ({
  number,
  issueDate,
  purpose,
  supplier: { gstin: GSTIN },
  ...extra,
});

describe("delivery challans in GSTR-1 Table 13 (Rule 55, GST.md natures 9-12)", () => {
  it("Table 13: each purpose is its nature (other with 12), only this GSTIN's challans of the month, cancelled ones counted cancelled", () => {
    const challans = [
      challan("DC/26-27/0001", "2026-11-02", "job_work"),
      challan("DC/26-27/0002", "2026-11-03", "supply_on_approval"),
      challan("DC/26-27/0003", "2026-11-04", "liquid_gas"),
      challan("DC/26-27/0004", "2026-11-05", "not_supply"),
      challan("DC/26-27/0005", "2026-11-06", "other"),
      challan("DC/26-27/0006", "2026-11-07", "job_work", { status: "cancelled" }),
      // Another month, another GSTIN: not this return's.
      challan("DC/26-27/0007", "2026-12-01", "job_work"),
      challan("DC/26-27/0001", "2026-11-02", "job_work", { supplier: { gstin: "29AABCR1718E1ZL" } }),
    ];
    const ofPeriod = challansOfPeriod(challans, GSTIN.toLowerCase(), "112026");
    expect(ofPeriod.map((c) => [c.number, c.nature, c.cancelled])).toEqual([
      ["DC/26-27/0001", 9, false],
      ["DC/26-27/0002", 10, false],
      ["DC/26-27/0003", 11, false],
      ["DC/26-27/0004", 12, false],
      ["DC/26-27/0005", 12, false],
      ["DC/26-27/0006", 9, true],
    ]);
    const issue = documentIssue({ period: "112026", invoiceNumbers: [], cancelledInvoiceNumbers: [], notes: [], voided: [], challans: ofPeriod });
    expect(issue?.doc_det).toEqual([
      { doc_num: 9, docs: [{ num: 1, from: "DC/26-27/0001", to: "DC/26-27/0006", totnum: 2, cancel: 1, net_issue: 1 }] },
      { doc_num: 10, docs: [{ num: 1, from: "DC/26-27/0002", to: "DC/26-27/0002", totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 11, docs: [{ num: 1, from: "DC/26-27/0003", to: "DC/26-27/0003", totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 12, docs: [{ num: 1, from: "DC/26-27/0004", to: "DC/26-27/0005", totnum: 2, cancel: 0, net_issue: 2 }] },
    ]);
  });

  it("Table 13: no challans, no challan natures (and nothing at all when nothing was issued)", () => {
    expect(documentIssue({ period: "112026", invoiceNumbers: [], cancelledInvoiceNumbers: [], notes: [], voided: [], challans: [] })).toBeUndefined();
    expect(documentIssue({ period: "112026", invoiceNumbers: ["INV/26-27/0001"], cancelledInvoiceNumbers: [], notes: [], voided: [] })?.doc_det.map((d) => d.doc_num)).toEqual([1]);
  });
});
