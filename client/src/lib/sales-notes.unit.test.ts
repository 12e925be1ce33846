import { describe, expect, it } from "vitest";
import { netTotalOf, notesOfInvoice } from "./sales-notes.ts";

const invoice = { id: "inv-1", total: "10500.00" };
const credit = { kind: "credit" as const, invoiceIds: ["inv-1"], total: "4200.00" };
const debit = { kind: "debit" as const, invoiceIds: ["inv-1"], total: "105.50" };
const other = { kind: "credit" as const, invoiceIds: ["inv-2"], total: "999.00" };

describe("an invoice's net total after its notes", () => {
  it("s.34(1): a credit note lowers what the customer owes on the invoice", () => {
    expect(netTotalOf(invoice, [credit])).toBe("6300.00");
  });

  it("s.34(3): a debit note adds to it, in exact paise", () => {
    expect(netTotalOf(invoice, [credit, debit])).toBe("6405.50");
  });

  it("notes against other invoices do not count", () => {
    expect(notesOfInvoice([credit, other], "inv-1")).toEqual([credit]);
    expect(netTotalOf(invoice, [other])).toBe("10500.00");
  });

  it("the server's netTotal wins (a note across several invoices is split there)", () => {
    expect(netTotalOf({ ...invoice, netTotal: "7000.00" } as typeof invoice, [credit])).toBe("7000.00");
  });
});
