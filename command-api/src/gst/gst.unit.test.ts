import { describe, expect, it } from "vitest";
import type { EventData } from "@bahi/shared/events";
import { ewayBillDecider, type EwayBillEvent } from "./ewayBill.ts";
import { gstReturnDecider, type GstReturnEvent, type GstReturnState } from "./gstReturn.ts";
import { reconciliationDecider } from "./reconciliation.ts";

const request = { kind: "request" as const, userId: "u-1", returnType: "GSTR1" as const, period: "102026", at: "2026-11-05" };
const fold = (events: GstReturnEvent[]): GstReturnState => events.reduce(gstReturnDecider.evolve, gstReturnDecider.initialState);
const filing: EventData<"GstReturnFiled"> = {
  userId: "u-1",
  returnType: "GSTR1",
  period: "102026",
  arn: "AA271026ABCDEF0",
  filedVia: "sandbox",
  filedAt: "2026-11-05",
  totals: { taxableValuePaise: 1, taxPaise: 1, invoiceValuePaise: 2, itcPaise: 0, netPayablePaise: 1 },
  returnJson: {},
};

describe("a GST return's stream", () => {
  it("records a request once, the filing once, and refuses to file again", () => {
    const [requested] = gstReturnDecider.decide(request, fold([]));
    expect(requested).toMatchObject({ type: "GstReturnFilingRequested", data: { returnType: "GSTR1", period: "102026" } });
    expect(gstReturnDecider.decide(request, fold([requested!]))).toEqual([]);
    const [filed] = gstReturnDecider.decide({ kind: "recordFiled", filing }, fold([requested!]));
    expect(filed).toEqual({ type: "GstReturnFiled", data: filing });
    expect(gstReturnDecider.decide({ kind: "recordFiled", filing }, fold([requested!, filed!]))).toEqual([]);
    expect(() => gstReturnDecider.decide(request, fold([requested!, filed!]))).toThrow("GSTR-1 for 102026 was already filed (ARN AA271026ABCDEF0)");
  });

  it("may be requested again after a failure", () => {
    const [requested] = gstReturnDecider.decide(request, fold([]));
    const [failed] = gstReturnDecider.decide({ kind: "recordFailure", userId: "u-1", returnType: "GSTR1", period: "102026", reason: "GSP said no", at: "x" }, fold([requested!]));
    expect(failed!.type).toBe("GstReturnFilingFailed");
    expect(gstReturnDecider.decide(request, fold([requested!, failed!]))[0]!.type).toBe("GstReturnFilingRequested");
  });
});

describe("e-way bills", () => {
  const generated = {
    type: "EwayBillGenerated",
    data: { ewayBillId: "e-1", ownerId: "u-1", generatedAt: "2026-11-22T10:00:00.000Z", ewayBillNo: "123456789012" },
  } as EwayBillEvent;
  const state = ewayBillDecider.evolve(ewayBillDecider.initialState, generated);

  it("cancels within 24 hours of generation only, once, and only for the owner", () => {
    const cancel = (at: string, ownerId = "u-1") => ({ kind: "cancel" as const, ownerId, reason: "Order cancelled", at: new Date(at) });
    expect(ewayBillDecider.decide(cancel("2026-11-23T09:59:00.000Z"), state)[0]!.type).toBe("EwayBillCancelled");
    expect(() => ewayBillDecider.decide(cancel("2026-11-23T10:01:00.000Z"), state)).toThrow("within 24 hours");
    expect(() => ewayBillDecider.decide(cancel("2026-11-22T11:00:00.000Z", "intruder"), state)).toThrow("E-way bill not found");
    const cancelled = ewayBillDecider.evolve(state, ewayBillDecider.decide(cancel("2026-11-22T11:00:00.000Z"), state)[0]!);
    expect(() => ewayBillDecider.decide(cancel("2026-11-22T12:00:00.000Z"), cancelled)).toThrow("already cancelled");
  });
});

describe("reconciliation", () => {
  it("needs a GSTR-2B before it can complete", () => {
    const result = {
      userId: "u-1",
      period: "102026",
      summary: { matched: 0, mismatch: 0, missing_in_books: 0, missing_in_2b: 0, total: 0 },
      rowsBlob: { hash: "0".repeat(64), size: 2 },
      completedAt: "x",
    };
    expect(() => reconciliationDecider.decide({ kind: "complete", result }, reconciliationDecider.initialState)).toThrow("Upload the GSTR-2B JSON for 102026 first");
    const [uploaded] = reconciliationDecider.decide(
      { kind: "upload", userId: "u-1", period: "102026", gstr2bBlob: { hash: "1".repeat(64), size: 2 }, invoiceCount: 0, gstin: "27AAPFU0939F1ZV", reportIn: "102026", at: "x" },
      reconciliationDecider.initialState,
    );
    expect(reconciliationDecider.decide({ kind: "complete", result }, reconciliationDecider.evolve(reconciliationDecider.initialState, uploaded!))[0]!.type).toBe(
      "ReconciliationCompleted",
    );
  });

  it("records the upload by hash, and still reads an upload recorded inline before blobs", () => {
    const gstr2bBlob = { hash: "1".repeat(64), size: 2 };
    const [uploaded] = reconciliationDecider.decide(
      { kind: "upload", userId: "u-1", period: "102026", gstr2bBlob, invoiceCount: 0, gstin: "27AAPFU0939F1ZV", reportIn: "102026", at: "x" },
      reconciliationDecider.initialState,
    );
    expect(uploaded!.data).toEqual({ userId: "u-1", period: "102026", gstr2bBlob, invoiceCount: 0, uploadedAt: "x", gstin: "27AAPFU0939F1ZV", reportIn: "102026" });
    const state = reconciliationDecider.evolve(reconciliationDecider.initialState, uploaded!);
    expect(state).toEqual({ gstr2b: { blob: gstr2bBlob }, gstin: "27AAPFU0939F1ZV", reportIn: "102026", decisions: [] });
    // A later upload keeps the first upload's reportIn (design §2).
    const [again] = reconciliationDecider.decide(
      { kind: "upload", userId: "u-1", period: "102026", gstr2bBlob, invoiceCount: 0, gstin: "27AAPFU0939F1ZV", reportIn: "112026", at: "y" },
      state,
    );
    expect(again!.data).toMatchObject({ reportIn: "102026" });
    const inline = { data: { docdata: { b2b: [] } } };
    const legacy = { type: "Gstr2bUploaded" as const, data: { userId: "u-1", period: "102026", gstr2b: inline, invoiceCount: 0, uploadedAt: "x" } };
    expect(reconciliationDecider.evolve(reconciliationDecider.initialState, legacy)).toEqual({ gstr2b: { inline }, gstin: null, reportIn: null, decisions: [] });
  });
});
