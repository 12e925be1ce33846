import { describe, expect, it } from "vitest";
import { customerBalancePaise } from "./creditLimit.ts";
import { buildLedger, customerLedgerLines, financialYearFirstDay, invoiceLedgerLines, invoiceOwedPaise, sumLedgerLines } from "./ledger.ts";
import type { Invoice } from "./invoices.ts";

const base = { id: "a", customerId: "C1", invoiceNumber: "INV/1", issueDate: "2026-05-01", total: "1180.00", createdAt: "2026-05-01T05:00:00.000Z", paidAt: null } as const;
type LedgerInvoice = Parameters<typeof invoiceLedgerLines>[0];
const inv = (extra: Partial<Invoice>): LedgerInvoice => ({ ...base, status: "pending", ...extra }) as LedgerInvoice;
const payment = (amount: string, date: string) => ({ id: `p-${amount}`, amount, date, mode: "upi" as const, reference: null, recordedAt: `${date}T06:00:00.000Z` });

describe("customer ledger lines (issue 10): one computation with the balance", () => {
  const cases: [string, LedgerInvoice][] = [
    ["pending", inv({ balanceDue: "1180.00" })],
    ["part paid", inv({ status: "partially_paid", balanceDue: "680.00", payments: [payment("500.00", "2026-05-03")] })],
    ["paid by payments", inv({ status: "paid", balanceDue: "0.00", payments: [payment("1180.00", "2026-05-03")] })],
    ["marked paid before payments existed (no payments array)", inv({ status: "paid", paidAt: "2026-05-09T10:00:00.000Z" })],
    ["cancelled", inv({ status: "cancelled", balanceDue: "0.00", cancelledAt: "2026-05-10T10:00:00.000Z" })],
    ["debit note on an unpaid invoice", inv({ netTotal: "1298.00", balanceDue: "1298.00", salesNotes: [{ id: "n", kind: "debit", number: "DN/1", total: "118.00" }] })],
  ];
  it.each(cases)("%s: the invoice's lines add up to what it owes", (_name, invoice) => {
    expect(sumLedgerLines(invoiceLedgerLines(invoice))).toBe(invoiceOwedPaise(invoice));
  });

  it("s.34: a credit note larger than what was left after a payment: the invoice owes 0, the customer is owed the excess", () => {
    const over = inv({
      status: "partially_paid",
      netTotal: "0.00",
      balanceDue: "0.00",
      payments: [payment("500.00", "2026-05-03")],
      salesNotes: [{ id: "n", kind: "credit", number: "CN/1", total: "1180.00" }],
    });
    expect(invoiceOwedPaise(over)).toBe(0);
    expect(sumLedgerLines(invoiceLedgerLines(over))).toBe(-50000);
    expect(customerBalancePaise([over, inv({ id: "i2", balanceDue: "1180.00" })], "C1")).toBe(118000 - 50000);
  });

  it("the customer's balance is the sum of their ledger lines, other customers left out", () => {
    const all = cases.map(([, invoice], i) => ({ ...invoice, id: `i${i}` }));
    const other = inv({ id: "x", customerId: "C2", balanceDue: "999.00" });
    const balance = customerBalancePaise([...all, other], "c1");
    expect(balance).toBe(118000 + 68000 + 129800);
    expect(balance).toBe(sumLedgerLines(customerLedgerLines([...all, other], "C1")));
  });

  it("legacy Mark Paid is a payment on the day it was marked (Indian date); a cancellation is dated its cancellation", () => {
    const legacy = invoiceLedgerLines(inv({ status: "paid", paidAt: "2026-05-09T20:00:00.000Z" }));
    expect(legacy.map((l) => [l.kind, l.date, l.amountPaise])).toEqual([
      ["invoice", "2026-05-01", 118000],
      ["payment", "2026-05-10", -118000],
    ]);
    const cancelled = invoiceLedgerLines(inv({ status: "cancelled", cancelledAt: "2026-05-10T10:00:00.000Z" }));
    expect(cancelled.map((l) => [l.kind, l.date, l.amountPaise])).toEqual([
      ["invoice", "2026-05-01", 118000],
      ["cancellation", "2026-05-10", -118000],
    ]);
  });

  it("buildLedger: opening before from, running balance, totals; same date ordered invoice, note, payment; s.34: a credit note beyond what was left leaves the customer in credit", () => {
    const lines = invoiceLedgerLines(
      inv({
        status: "partially_paid",
        netTotal: "0.00",
        balanceDue: "0.00",
        payments: [payment("500.00", "2026-05-01")],
        salesNotes: [{ id: "n", kind: "credit", number: "CN/1", total: "1180.00" }],
      }),
      new Map([["n", { issueDate: "2026-05-01", createdAt: "2026-05-02T00:00:00.000Z" }]]),
    );
    const ledger = buildLedger({ id: "C1", name: "Rao", gstNumber: null }, lines, "2026-05-01", "2026-05-31");
    expect(ledger.entries.map((e) => [e.kind, e.debit, e.credit, e.balance])).toEqual([
      ["invoice", "1180.00", "0.00", "1180.00"],
      ["credit_note", "0.00", "1180.00", "0.00"],
      ["payment", "0.00", "500.00", "-500.00"],
    ]);
    // The ₹500 received is owed back to the customer until refunded: the account shows it.
    expect(ledger).toMatchObject({ openingBalance: "0.00", totalDebit: "1180.00", totalCredit: "1680.00", closingBalance: "-500.00" });
    expect(buildLedger({ id: "C1", name: "Rao", gstNumber: null }, lines, "2026-06-01", "2026-06-30")).toMatchObject({
      openingBalance: "-500.00",
      entries: [],
      closingBalance: "-500.00",
    });
  });

  it("the default period starts on 1 April of the Indian financial year", () => {
    expect(financialYearFirstDay("2026-03-31")).toBe("2025-04-01");
    expect(financialYearFirstDay("2026-04-01")).toBe("2026-04-01");
  });
});
