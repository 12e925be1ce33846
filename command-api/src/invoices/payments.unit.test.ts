import { describe, expect, it } from "vitest";
import { withBalance, type Invoice } from "@bahi/shared/contract";
import { changeable, invoiceDecider, type InvoiceDraft, type InvoiceEvent, type InvoiceState } from "./invoice.ts";

const draft = { dueDate: "2026-11-20", issueDate: "2026-11-01", invoiceId: "i-1", ownerId: "u-1", invoiceNumber: "INV-1", totalPaise: 118000 } as InvoiceDraft;
const given = (...events: InvoiceEvent[]): InvoiceState => events.reduce(invoiceDecider.evolve, invoiceDecider.initialState);
const created: InvoiceEvent = { type: "InvoiceCreated", data: draft };
const pay = (amountPaise: number, notesPaise = 0, date = "2026-11-10") => ({
  kind: "recordPayment" as const,
  ownerId: "u-1",
  payment: { paymentId: `p-${amountPaise}`, amountPaise, date, mode: "upi" as const, reference: null },
  notesPaise,
  today: "2026-11-30",
  at: "2026-11-30T10:00:00Z",
});
const apply = (state: InvoiceState, command: Parameters<typeof invoiceDecider.decide>[0]) => invoiceDecider.decide(command, state).reduce(invoiceDecider.evolve, state);

describe("payments on the invoice's own stream (issue 10)", () => {
  it("a part payment makes it partially paid; the rest settles it; a paisa more is PAYMENT_EXCEEDS_BALANCE", () => {
    const part = apply(given(created), pay(50000));
    expect(part).toMatchObject({ status: "partially_paid", paidPaise: 50000, paidAt: null });
    const paid = apply(part, pay(68000));
    expect(paid).toMatchObject({ status: "paid", paidPaise: 118000, paidAt: "2026-11-10" });
    expect(() => invoiceDecider.decide(pay(1), paid)).toThrow(expect.objectContaining({ code: "PAYMENT_EXCEEDS_BALANCE" }));
    expect(() => invoiceDecider.decide(pay(68001), part)).toThrow("has ₹680.00 left to pay; this payment is ₹680.01");
  });

  it("a payment id is recorded once: an advance's application finished by the recovery sweep and by its stalled request pays once", () => {
    const part = apply(given(created), pay(50000));
    expect(invoiceDecider.decide(pay(50000), part)).toEqual([]);
    const settled = apply(part, pay(68000));
    expect(invoiceDecider.decide(pay(68000), settled)).toEqual([]);
  });

  it("an overdue invoice stays overdue until fully paid; a partly paid one past due becomes overdue", () => {
    const overdue = given(created, { type: "InvoiceBecameOverdue", data: { invoiceId: "i-1", ownerId: "u-1", dueDate: "2026-11-20", markedAt: "x" } });
    expect(apply(overdue, pay(1000)).status).toBe("overdue");
    const part = apply(given(created), pay(1000));
    expect(invoiceDecider.decide({ kind: "markOverdue", today: "2026-11-21", at: "x" }, part)[0]!.type).toBe("InvoiceBecameOverdue");
  });

  it("Mark Paid receives exactly the balance net of notes; a fully credited invoice is settled without money", () => {
    const part = apply(given(created), pay(18000));
    const [event] = invoiceDecider.decide({ kind: "markPaid", ownerId: "u-1", paymentId: "m", notesPaise: -10000, today: "2026-11-30", at: "t" }, part);
    expect(event).toMatchObject({ type: "InvoicePaymentRecorded", data: { amountPaise: 90000, mode: null, date: "2026-11-30", settles: true } });
    expect(invoiceDecider.decide({ kind: "markPaid", ownerId: "u-1", paymentId: "m", notesPaise: -118000, today: "2026-11-30", at: "t" }, given(created))).toEqual([
      { type: "InvoiceStatusChanged", data: { invoiceId: "i-1", ownerId: "u-1", from: "pending", to: "paid", changedAt: "t" } },
    ]);
  });

  it("refuses a payment dated before the invoice or in the future, another owner's invoice, a cancelled one", () => {
    expect(() => invoiceDecider.decide(pay(100, 0, "2026-10-31"), given(created))).toThrow("before the invoice date");
    expect(() => invoiceDecider.decide(pay(100, 0, "2026-12-01"), given(created))).toThrow("in the future");
    expect(() => invoiceDecider.decide({ ...pay(100), ownerId: "u-2" }, given(created))).toThrow("not found");
    expect(() => invoiceDecider.decide(pay(100), given())).toThrow("not found");
  });

  it("a partly paid invoice cannot be edited or cancelled (even once overdue)", () => {
    const part = apply(given(created), pay(100));
    expect(() => changeable(part, "u-1")).toThrow("partly paid");
    expect(() => changeable(given(created), "u-1")).not.toThrow();
  });

  it("old streams still fold: an invoice marked paid before payments owes nothing", () => {
    const legacy = given(created, { type: "InvoiceMarkedPaid", data: { invoiceId: "i-1", ownerId: "u-1", paidAt: "x", amountPaise: 118000 } });
    expect(() => invoiceDecider.decide(pay(1), legacy)).toThrow(expect.objectContaining({ code: "PAYMENT_EXCEEDS_BALANCE" }));
    const view = (extra: Partial<Invoice>) => withBalance({ total: "1180.00", status: "pending", ...extra } as Invoice);
    expect(view({ status: "paid" })).toMatchObject({ amountPaid: "1180.00", balanceDue: "0.00" });
    // s.34: a credit larger than what is left leaves a balance of 0, never negative.
    expect(
      view({ netTotal: "500.00", status: "partially_paid", payments: [{ id: "p", amount: "700.00", date: "d", mode: "upi", reference: null, recordedAt: "r" }] }),
    ).toMatchObject({ amountPaid: "700.00", balanceDue: "0.00" });
    expect(view({ netTotal: "1000.00" })).toMatchObject({ amountPaid: "0.00", balanceDue: "1000.00" });
  });
});
