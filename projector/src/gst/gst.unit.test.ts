import { describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { gstReturnId, reconciliationId } from "@bahi/shared/read-models";
import { projectInMemory } from "../projection.ts";
import { gstReturnsProjection } from "./gstReturnsProjection.ts";
import { reconciliationsProjection } from "./reconciliationsProjection.ts";

const blob = (digit: string) => ({ hash: digit.repeat(64), size: 1234 });
const totals = { taxableValuePaise: 100_00, taxPaise: 18_00, invoiceValuePaise: 118_00, itcPaise: 0, netPayablePaise: 18_00 };
const summary = { matched: 1, mismatch: 0, missing_in_books: 0, missing_in_2b: 0, total: 1 };

describe("GST projections keep large documents by hash, and read older inline events too", () => {
  it("returns: a filed return's JSON stays in the BlobStore, the document names it", () => {
    const filed = projectInMemory(gstReturnsProjection, [
      { type: "GstReturnFilingRequested", data: { userId: "u-1", returnType: "GSTR1", period: "102026", requestedAt: "t0" } },
      {
        type: "GstReturnFiled",
        data: { userId: "u-1", returnType: "GSTR1", period: "102026", arn: "AA27", filedVia: "sandbox", filedAt: "t1", totals, returnJsonBlob: blob("a") },
      },
    ]).get(gstReturnId("u-1", "GSTR1", "102026"));
    expect(filed).toMatchObject({ status: "filed", returnJsonBlob: blob("a"), returnJson: null });

    const legacy = projectInMemory(gstReturnsProjection, [
      { type: "GstReturnFilingRequested", data: { userId: "u-1", returnType: "GSTR3B", period: "102026", requestedAt: "t0" } },
      {
        type: "GstReturnFiled",
        data: {
          userId: "u-1",
          returnType: "GSTR3B",
          period: "102026",
          arn: "AA27",
          filedVia: "sandbox",
          filedAt: "t1",
          totals,
          returnJson: { gstin: "27X", ret_period: "102026" },
        },
      },
    ]).get(gstReturnId("u-1", "GSTR3B", "102026"));
    expect(legacy).toMatchObject({ status: "filed", returnJsonBlob: null, returnJson: { gstin: "27X", ret_period: "102026" } });
  });

  it("reconciliations: rows by hash; older events' inline rows kept; a new upload starts over", () => {
    const id = reconciliationId("u-1", "102026");
    const uploaded: BahiEvent = { type: "Gstr2bUploaded", data: { userId: "u-1", period: "102026", gstr2bBlob: blob("b"), invoiceCount: 1, uploadedAt: "t0" } };
    const completed = projectInMemory(reconciliationsProjection, [
      uploaded,
      { type: "ReconciliationCompleted", data: { userId: "u-1", period: "102026", summary, rowsBlob: blob("c"), completedAt: "t1" } },
    ]).get(id);
    expect(completed).toMatchObject({ invoicesIn2b: 1, summary, rowsBlob: blob("c"), rows: [] });
    // The 2B is named by hash (the read API recomputes the rows from it), never copied in.
    expect(completed).toMatchObject({ gstr2bBlob: blob("b"), gstr2bInline: null });

    const legacyRows = [{ status: "matched", invoiceNumber: "1" }];
    const legacy = projectInMemory(reconciliationsProjection, [
      { type: "Gstr2bUploaded", data: { userId: "u-1", period: "102026", gstr2b: { data: { docdata: { b2b: [] } } }, invoiceCount: 1, uploadedAt: "t0" } },
      { type: "ReconciliationCompleted", data: { userId: "u-1", period: "102026", summary, rows: legacyRows, completedAt: "t1" } },
    ]).get(id);
    expect(legacy).toMatchObject({ rowsBlob: null, rows: legacyRows });

    const again = projectInMemory(reconciliationsProjection, [
      uploaded,
      { type: "ReconciliationCompleted", data: { userId: "u-1", period: "102026", summary, rowsBlob: blob("c"), completedAt: "t1" } },
      uploaded,
    ]).get(id);
    expect(again).toMatchObject({ completedAt: null, summary: null, rowsBlob: null, rows: [] });
  });

  it("reconciliations: decisions are kept in order, and survive a new upload of the period", () => {
    const id = reconciliationId("u-1", "102026");
    const uploaded: BahiEvent = {
      type: "Gstr2bUploaded",
      data: { userId: "u-1", period: "102026", gstr2bBlob: blob("b"), invoiceCount: 1, uploadedAt: "t0", gstin: "27AAPFU0939F1ZV", reportIn: "102026" },
    };
    const decided = (decision: "accepted" | "rejected", at: string): BahiEvent => ({
      type: "ReconciliationMatchDecided",
      data: { userId: "u-1", period: "102026", expenseId: "e-1", portalKey: "b2b:X", decision, decidedAt: at },
    });
    const reuploaded: BahiEvent = { type: "Gstr2bUploaded", data: { ...uploaded.data, reportIn: undefined } as Extract<BahiEvent, { type: "Gstr2bUploaded" }>["data"] };
    const doc = projectInMemory(reconciliationsProjection, [uploaded, decided("accepted", "t1"), decided("rejected", "t2"), reuploaded]).get(id);
    expect(doc).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      reportIn: "102026",
      decisions: [
        { decision: "accepted", decidedAt: "t1" },
        { decision: "rejected", decidedAt: "t2" },
      ],
    });
  });
});
