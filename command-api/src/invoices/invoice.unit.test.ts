import { describe, expect, it } from "vitest";
import { invoiceDecider, invoiceNumberDecider, type InvoiceDraft, type InvoiceEvent, type InvoiceState } from "./invoice.ts";
import { invoiceQuotaDecider, type QuotaEvent, type QuotaState } from "./quota.ts";
import { documentRanges } from "@bahi/shared/returns";
import { seriesNumber } from "@bahi/shared/contract";
import { isFutureSeriesNumber, seriesDecider, type SeriesEvent, type SeriesState } from "./series.ts";

const draft = {
  dueDate: null,
  invoiceId: "i-1",
  ownerId: "u-1",
  invoiceNumber: "INV-202611-001",
  totalPaise: 118000,
} as InvoiceDraft;

const given = (...events: InvoiceEvent[]): InvoiceState => events.reduce(invoiceDecider.evolve, invoiceDecider.initialState);
const intent = { invoiceId: "i-1", ownerId: "u-1", invoiceNumber: "INV-202611-001", quotaMonth: "202611", startedAt: "2026-11-30T10:00:00.000Z" };
const started: InvoiceEvent = { type: "InvoiceCreationStarted", data: intent };
const created: InvoiceEvent = { type: "InvoiceCreated", data: draft };
const change = (to: "paid" | "overdue" | "pending", ownerId = "u-1") => ({ kind: "changeStatus" as const, ownerId, to, at: "2026-11-30" });

describe("the invoice decider", () => {
  it("creates an invoice once, and only after its creation was started", () => {
    expect(() => invoiceDecider.decide({ kind: "create", draft }, given())).toThrow("was not started");
    expect(invoiceDecider.decide({ kind: "create", draft }, given(started))).toEqual([created]);
    expect(() => invoiceDecider.decide({ kind: "create", draft }, given(started, created))).toThrow("already exists");
  });

  it("allows pending → paid, pending → overdue and overdue → paid", () => {
    expect(invoiceDecider.decide(change("paid"), given(created))).toEqual([
      { type: "InvoiceMarkedPaid", data: { invoiceId: "i-1", ownerId: "u-1", paidAt: "2026-11-30", amountPaise: 118000 } },
    ]);
    const [overdue] = invoiceDecider.decide(change("overdue"), given(created));
    expect(overdue).toEqual({ type: "InvoiceStatusChanged", data: { invoiceId: "i-1", ownerId: "u-1", from: "pending", to: "overdue", changedAt: "2026-11-30" } });
    expect(invoiceDecider.decide(change("paid"), given(created, overdue!))[0]!.type).toBe("InvoiceMarkedPaid");
  });

  it("refuses every other transition with a clear conflict", () => {
    const paid = given(created, invoiceDecider.decide(change("paid"), given(created))[0]!);
    expect(() => invoiceDecider.decide(change("paid"), paid)).toThrow("Invoice INV-202611-001 is already paid");
    expect(() => invoiceDecider.decide(change("pending"), paid)).toThrow("A paid invoice cannot become pending");
    expect(() => invoiceDecider.decide(change("overdue"), paid)).toThrow("A paid invoice cannot become overdue");
    expect(() => invoiceDecider.decide(change("pending"), given(created))).toThrow("already pending");
  });

  it("hides another business's invoice and a missing one", () => {
    expect(() => invoiceDecider.decide(change("paid", "intruder"), given(created))).toThrow("Invoice not found");
    expect(() => invoiceDecider.decide(change("paid"), given())).toThrow("Invoice not found");
  });
});

describe("correcting an invoice (issue 9)", () => {
  const full = { ...draft, issueDate: "2026-11-10", createdAt: "2026-11-10T05:00:00.000Z", subtotalPaise: 100000, lines: [{ productId: "p-1", quantity: 2 }] } as InvoiceDraft;
  const issued: InvoiceEvent = { type: "InvoiceCreated", data: full };
  const { invoiceNumber: _n, createdAt: _c, ...facts } = { ...full, totalPaise: 236000, subtotalPaise: 200000, lines: [{ productId: "p-1", quantity: 4 }] } as InvoiceDraft;
  const revise = (ownerId = "u-1") => ({ kind: "revise" as const, ownerId, facts, at: "2026-11-12T00:00:00.000Z" });
  const cancel = (ownerId = "u-1") => ({ kind: "cancel" as const, ownerId, reason: "Raised twice", at: "2026-11-12T00:00:00.000Z" });
  const previous = { issueDate: "2026-11-10", lines: [{ productId: "p-1", quantity: 2 }], subtotalPaise: 100000, totalPaise: 118000 };

  it("s.31: a revision keeps the number and creation time and carries what it replaces", () => {
    const [revised] = invoiceDecider.decide(revise(), given(issued));
    expect(revised).toEqual({ type: "InvoiceRevised", data: { ...facts, previous, revisedAt: "2026-11-12T00:00:00.000Z" } });
    const after = given(issued, revised!);
    expect(after).toMatchObject({ status: "pending", invoice: { invoiceNumber: "INV-202611-001", createdAt: "2026-11-10T05:00:00.000Z", totalPaise: 236000 } });
    // The next revision takes back the revised figures, not the first ones.
    expect((invoiceDecider.decide(revise(), after)[0]!.data as { previous: unknown }).previous).toMatchObject({ totalPaise: 236000, lines: [{ productId: "p-1", quantity: 4 }] });
  });

  it("a cancellation carries what it withdraws and ends every later change", () => {
    const [cancelled] = invoiceDecider.decide(cancel(), given(issued));
    expect(cancelled).toEqual({ type: "InvoiceCancelled", data: { invoiceId: "i-1", ownerId: "u-1", reason: "Raised twice", previous, cancelledAt: "2026-11-12T00:00:00.000Z" } });
    const after = given(issued, cancelled!);
    expect(after.status).toBe("cancelled");
    expect(() => invoiceDecider.decide(cancel(), after)).toThrow("A cancelled invoice cannot be changed");
    expect(() => invoiceDecider.decide(revise(), after)).toThrow("A cancelled invoice cannot be changed");
    expect(() => invoiceDecider.decide(change("paid"), after)).toThrow("A cancelled invoice cannot become paid");
    expect(
      invoiceDecider.decide({ kind: "markOverdue", today: "2030-01-01", at: "x" }, given({ type: "InvoiceCreated", data: { ...full, dueDate: "2026-11-20" } }, cancelled!)),
    ).toEqual([]);
  });

  it("s.34: a paid invoice is corrected by a credit or debit note, not changed; a foreign one is not found", () => {
    const paid = given(issued, invoiceDecider.decide(change("paid"), given(issued))[0]!);
    expect(() => invoiceDecider.decide(revise(), paid)).toThrow("A paid invoice cannot be changed");
    expect(() => invoiceDecider.decide(cancel(), paid)).toThrow("A paid invoice cannot be changed");
    expect(() => invoiceDecider.decide(revise("intruder"), given(issued))).toThrow("Invoice not found");
    expect(() => invoiceDecider.decide(cancel(), given())).toThrow("Invoice not found");
  });
});

describe("the overdue sweep", () => {
  const due = given({ type: "InvoiceCreated", data: { ...draft, dueDate: "2026-11-20T18:29:00.000Z" } });
  it("marks a pending invoice overdue once its Indian due date has passed", () => {
    expect(invoiceDecider.decide({ kind: "markOverdue", today: "2026-11-20", at: "x" }, due)).toEqual([]);
    expect(invoiceDecider.decide({ kind: "markOverdue", today: "2026-11-21", at: "2026-11-21T01:00:00Z" }, due)).toEqual([
      { type: "InvoiceBecameOverdue", data: { invoiceId: "i-1", ownerId: "u-1", dueDate: "2026-11-20", markedAt: "2026-11-21T01:00:00Z" } },
    ]);
  });
  it("leaves paid invoices and invoices without a due date alone", () => {
    expect(invoiceDecider.decide({ kind: "markOverdue", today: "2030-01-01", at: "x" }, given(created))).toEqual([]);
    const paid = given(
      { type: "InvoiceCreated", data: { ...draft, dueDate: "2026-01-01" } },
      { type: "InvoiceMarkedPaid", data: { invoiceId: "i-1", ownerId: "u-1", paidAt: "x", amountPaise: 1 } },
    );
    expect(invoiceDecider.decide({ kind: "markOverdue", today: "2030-01-01", at: "x" }, paid)).toEqual([]);
  });
});

describe("invoice number reservations", () => {
  const reserve = { kind: "reserve" as const, userId: "u-1", value: "INV-1", holder: "i-1" };
  it("reserve a free number, ignore a retry by the same invoice, refuse another invoice, free on release", () => {
    const [reserved] = invoiceNumberDecider.decide(reserve, invoiceNumberDecider.initialState);
    expect(reserved).toEqual({ type: "InvoiceNumberReserved", data: { userId: "u-1", invoiceNumber: "INV-1", invoiceId: "i-1" } });
    const held = invoiceNumberDecider.evolve(invoiceNumberDecider.initialState, reserved!);
    expect(invoiceNumberDecider.decide(reserve, held)).toEqual([]);
    expect(() => invoiceNumberDecider.decide({ ...reserve, holder: "i-2" }, held)).toThrow("Invoice number already exists");
    const [released] = invoiceNumberDecider.decide({ ...reserve, kind: "release" }, held);
    expect(invoiceNumberDecider.decide({ ...reserve, holder: "i-2" }, invoiceNumberDecider.evolve(held, released!))).toHaveLength(1);
  });
});

describe("the free plan's monthly quota", () => {
  const use = (invoiceId: string) => ({ kind: "use" as const, userId: "u-1", month: "202611", invoiceId, limit: 2 });
  const fold = (events: QuotaEvent[]): QuotaState => events.reduce(invoiceQuotaDecider.evolve, invoiceQuotaDecider.initialState);
  it("counts invoices up to the limit, then refuses; a returned invoice frees its place", () => {
    const first = invoiceQuotaDecider.decide(use("a"), fold([]));
    const second = invoiceQuotaDecider.decide(use("b"), fold(first));
    const full = fold([...first, ...second]);
    expect(invoiceQuotaDecider.decide(use("a"), full)).toEqual([]);
    expect(() => invoiceQuotaDecider.decide(use("c"), full)).toThrow("You have used all 2 invoices of the free plan this month");
    const returned = invoiceQuotaDecider.decide({ kind: "return", userId: "u-1", month: "202611", invoiceId: "b" }, full);
    expect(invoiceQuotaDecider.decide(use("c"), fold([...first, ...second, ...returned]))).toHaveLength(1);
  });
});

describe("the invoice creation process on the invoice's own stream", () => {
  const abandon = { kind: "abandonCreation" as const, reason: "number taken", code: "CONFLICT", at: "2026-11-30T10:00:05.000Z" };
  const abandoned: InvoiceEvent = {
    type: "InvoiceCreationAbandoned",
    data: { invoiceId: "i-1", ownerId: "u-1", reason: "number taken", code: "CONFLICT", abandonedAt: "2026-11-30T10:00:05.000Z" },
  };
  const compensated: InvoiceEvent = { type: "InvoiceCreationCompensated", data: { invoiceId: "i-1", ownerId: "u-1", compensatedAt: "x" } };

  it("records the intent first, once", () => {
    expect(invoiceDecider.decide({ kind: "startCreation", intent }, given())).toEqual([started]);
    expect(() => invoiceDecider.decide({ kind: "startCreation", intent }, given(started))).toThrow("already exists");
  });

  it("fence first: a commit arriving after the fence is refused, so compensation is never overtaken", () => {
    expect(invoiceDecider.decide(abandon, given(started))).toEqual([abandoned]);
    expect(() => invoiceDecider.decide({ kind: "create", draft }, given(started, abandoned))).toThrow("was not created");
    expect(() => invoiceDecider.decide({ kind: "create", draft }, given(started, abandoned, compensated))).toThrow("was not created");
  });

  it("commit first: a fence arriving after the commit appends nothing and the invoice stands", () => {
    expect(invoiceDecider.decide(abandon, given(started, created))).toEqual([]);
    expect(given(started, created).status).toBe("pending");
  });

  it("a second fence or a second compensation appends nothing (whoever loses follows the winner)", () => {
    expect(invoiceDecider.decide(abandon, given(started, abandoned))).toEqual([]);
    expect(invoiceDecider.decide({ kind: "finishCompensation", at: "x" }, given(started))).toEqual([]);
    expect(invoiceDecider.decide({ kind: "finishCompensation", at: "x" }, given(started, abandoned))).toEqual([compensated]);
    expect(invoiceDecider.decide({ kind: "finishCompensation", at: "x" }, given(started, abandoned, compensated))).toEqual([]);
  });

  it("a half-created or abandoned invoice is not found by every other command", () => {
    for (const state of [given(started), given(started, abandoned), given(started, abandoned, compensated)]) {
      expect(() => invoiceDecider.decide(change("paid"), state)).toThrow("Invoice not found");
      expect(invoiceDecider.decide({ kind: "markOverdue", today: "2030-01-01", at: "x" }, state)).toEqual([]);
      expect(state.status).toBe("none");
    }
  });

  it("releases and returns say why and which process gave them back", () => {
    const held = invoiceNumberDecider.evolve(invoiceNumberDecider.initialState, {
      type: "InvoiceNumberReserved",
      data: { userId: "u-1", invoiceNumber: "INV-1", invoiceId: "i-1" },
    });
    expect(invoiceNumberDecider.decide({ kind: "release", userId: "u-1", value: "INV-1", holder: "i-1", reason: "abandoned", process: "createInvoice" }, held)).toEqual([
      { type: "InvoiceNumberReleased", data: { userId: "u-1", invoiceNumber: "INV-1", invoiceId: "i-1", reason: "abandoned", process: "createInvoice" } },
    ]);
    const used = invoiceQuotaDecider.evolve(invoiceQuotaDecider.initialState, { type: "InvoiceQuotaUsed", data: { userId: "u-1", month: "202611", invoiceId: "i-1", limit: 10 } });
    expect(invoiceQuotaDecider.decide({ kind: "return", userId: "u-1", month: "202611", invoiceId: "i-1", reason: "abandoned", process: "createInvoice" }, used)).toEqual([
      { type: "InvoiceQuotaReturned", data: { userId: "u-1", month: "202611", invoiceId: "i-1", reason: "abandoned", process: "createInvoice" } },
    ]);
  });
});

describe("invoice number series (issue 9)", () => {
  const key = { userId: "u-1", series: "invoice", gstin: "27AAPFU0939F1ZV", financialYear: "2026-27" };
  const issue = (documentId: string) => ({ kind: "issue" as const, ...key, prefix: "INV", documentId, documentDate: "2026-11-02", at: "2026-11-02T10:00:00.000Z" });
  const fold = (events: SeriesEvent[]): SeriesState => events.reduce(seriesDecider.evolve, seriesDecider.initialState);

  it("Rule 46(b): prefix, financial year and a four-digit serial, at most 16 characters", () => {
    expect(seriesNumber("INV", "2026-27", 1)).toBe("INV/26-27/0001");
    expect(seriesNumber("RS-AB", "2026-27", 9999)).toBe("RS-AB/26-27/9999");
    // Past 9999 the serial grows and the prefix gives way, so the number still fits the e-invoice schema.
    expect(seriesNumber("RS-AB", "2026-27", 10000)).toBe("RS-A/26-27/10000");
    expect(seriesNumber("RS-AB", "2026-27", 123456).length).toBeLessThanOrEqual(16);
  });

  it("Rule 46(b): consecutive sequences; a retried issue keeps its number; a voided sequence is never issued again", () => {
    const first = seriesDecider.decide(issue("i-1"), seriesDecider.initialState);
    expect(first).toEqual([{ type: "DocumentNumberIssued", data: expect.objectContaining({ sequence: 1, number: "INV/26-27/0001", documentId: "i-1" }) }]);
    const one = fold(first);
    expect(seriesDecider.decide(issue("i-1"), one)).toEqual([]);
    const voided = seriesDecider.decide({ kind: "void", ...key, documentId: "i-1", reason: "failed", at: "2026-11-02T10:00:01.000Z" }, one);
    expect(voided).toEqual([{ type: "DocumentNumberVoided", data: expect.objectContaining({ sequence: 1, number: "INV/26-27/0001", documentDate: "2026-11-02" }) }]);
    const afterVoid = fold([...first, ...voided]);
    expect(seriesDecider.decide({ kind: "void", ...key, documentId: "i-1", reason: "again", at: "x" }, afterVoid)).toEqual([]);
    expect(seriesDecider.decide(issue("i-2"), afterVoid)[0]!.data).toMatchObject({ sequence: 2, number: "INV/26-27/0002" });
    expect(() => seriesDecider.decide(issue("i-1"), afterVoid)).toThrow(/voided/);
  });

  it("Rule 46(b): a typed number the series gives later is recognised, a past or foreign one is not", () => {
    expect(isFutureSeriesNumber("inv/26-27/0004", "INV", "2026-27", 3)).toBe(true);
    expect(isFutureSeriesNumber("INV/26-27/0003", "INV", "2026-27", 3)).toBe(false);
    expect(isFutureSeriesNumber("INV/25-26/0009", "INV", "2026-27", 3)).toBe(false);
    expect(isFutureSeriesNumber("OWN-9", "INV", "2026-27", 3)).toBe(false);
  });

  it("GSTR-1 Table 13: voided numbers widen the range and count as cancelled", () => {
    expect(documentRanges(["INV/26-27/0001", "INV/26-27/0003"], ["INV/26-27/0002", "INV/26-27/0004"])).toEqual([
      { num: 1, from: "INV/26-27/0001", to: "INV/26-27/0004", totnum: 4, cancel: 2, net_issue: 2 },
    ]);
  });
});
