import { describe, expect, it } from "vitest";
import type { SalesNoteCreateInput } from "@bahi/shared/contract";
import type { InvoiceDraft } from "../invoices/invoice.ts";
import { creditNoteDeadline, decideSalesNote, invoiceNotesDecider, type NoteInvoice } from "./salesNote.ts";

/** Two hair oils at ₹1,000 + 18%, sold from Maharashtra to Karnataka (IGST). */
const invoice = (over: Partial<InvoiceDraft> = {}): InvoiceDraft =>
  ({
    invoiceId: "i-1",
    ownerId: "u-1",
    invoiceNumber: "INV/26-27/0001",
    issueDate: "2026-06-10",
    placeOfSupply: "29",
    taxKind: "inter",
    stateTaxLabel: "SGST",
    supplier: { name: "Rao Stores", gstin: "27AAPFU0939F1ZV", address: null, stateCode: "27" },
    customer: { id: "c-1", name: "Reddy Retail", gstin: "29AABCR1718E1ZL", address: null, email: null, phone: null, stateCode: "29" },
    lines: [
      {
        lineId: "l-1",
        productId: "p-1",
        productName: "Hair oil",
        hsnCode: "3305",
        quantity: 2,
        pricePaise: 100000,
        rateBasisPoints: 1800,
        discount: null,
        discountPaise: 0,
        taxablePaise: 200000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 36000,
        cessPaise: 0,
        amountPaise: 236000,
      },
    ],
    subtotalPaise: 200000,
    totalPaise: 236000,
    ...over,
  }) as InvoiceDraft;
const input = (quantity: number, price = "1000.00", over: Partial<SalesNoteCreateInput> = {}): SalesNoteCreateInput => ({
  invoiceIds: ["i-1"],
  reason: "sales_return",
  issueDate: undefined,
  items: [{ productId: "p-1", quantity, price }],
  notes: null,
  ...over,
});
const ids = (issueDate = "2026-07-01") => ({ noteId: "n-1", number: "CN/26-27/0001", issueDate, now: new Date("2026-07-01T05:00:00Z"), roundOff: false });
const on = (inv: InvoiceDraft, creditedPaise = 0): NoteInvoice[] => [{ invoice: inv, creditedPaise }];

describe("credit and debit notes (s.34)", () => {
  it("s.34(1): a credit note takes the invoice line's rate and the invoice's heads (IGST for an inter-state supply)", () => {
    const note = decideSalesNote("credit", input(1), on(invoice()), ids());
    expect(note).toMatchObject({
      kind: "credit",
      placeOfSupply: "29",
      taxKind: "inter",
      subtotalPaise: 100000,
      igstPaise: 18000,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: 118000,
      reportingPeriod: "072026",
      invoiceNumbers: ["INV/26-27/0001"],
    });
    expect(note.lines[0]).toMatchObject({ invoiceId: "i-1", productId: "p-1", rateBasisPoints: 1800, taxablePaise: 100000 });
  });

  it("s.34(1): a credit note may not take more than the invoice's taxable value less earlier credit notes", () => {
    expect(() => decideSalesNote("credit", input(1), on(invoice(), 150000), ids())).toThrow("INV/26-27/0001 has 500.00 of taxable value left to credit; this note credits 1000.00");
    expect(decideSalesNote("credit", input(1, "500"), on(invoice(), 150000), ids()).subtotalPaise).toBe(50000);
  });

  it("s.34(3): a debit note is not bounded by the invoice's value", () => {
    expect(decideSalesNote("debit", input(5), on(invoice(), 200000), ids()).subtotalPaise).toBe(500000);
  });

  it("s.34(2): a credit note for an invoice of FY 2025-26 is due by 2026-11-30; one day later it is refused", () => {
    expect(creditNoteDeadline("2026-03-31")).toBe("2026-11-30");
    expect(creditNoteDeadline("2026-04-01")).toBe("2027-11-30");
    const old = invoice({ issueDate: "2025-05-01" });
    expect(decideSalesNote("credit", input(1), on(old), ids("2026-11-30")).issueDate).toBe("2026-11-30");
    expect(() => decideSalesNote("credit", input(1), on(old), ids("2026-12-01"))).toThrow("s.34(2)");
    expect(decideSalesNote("debit", input(1), on(old), ids("2026-12-01")).kind).toBe("debit");
  });

  it("refuses a product not on the invoice, a date before the invoice and invoices to different customers", () => {
    expect(() => decideSalesNote("credit", input(1, "1000", { items: [{ productId: "p-9", quantity: 1, price: "1.00" }] }), on(invoice()), ids())).toThrow("not on the invoice");
    expect(() => decideSalesNote("credit", input(1), on(invoice()), ids("2026-06-09"))).toThrow("cannot be dated before");
    const other = invoice({ invoiceId: "i-2", invoiceNumber: "INV/26-27/0002", customer: { ...invoice().customer, id: "c-2" } });
    expect(() => decideSalesNote("credit", input(1), [...on(invoice()), ...on(other)], ids())).toThrow("different customers");
  });

  it("s.34: each invoice's ledger counts a note once, credit and debit apart", () => {
    const entry = (noteId: string, kind: "credit" | "debit", taxablePaise: number) => ({
      invoiceId: "i-1",
      ownerId: "u-1",
      noteId,
      kind,
      number: "X",
      taxablePaise,
      appliedAt: "t",
    });
    const events = [entry("n-1", "credit", 100), entry("n-2", "debit", 30)].map((data) => ({ type: "SalesNoteApplied" as const, data }));
    const state = events.reduce(invoiceNotesDecider.evolve, invoiceNotesDecider.initialState);
    expect(state).toMatchObject({ creditedPaise: 100, debitedPaise: 30 });
    expect(invoiceNotesDecider.decide({ kind: "apply", entry: entry("n-1", "credit", 100) }, state)).toEqual([]);
  });
});
