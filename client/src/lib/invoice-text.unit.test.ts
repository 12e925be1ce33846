import { describe, expect, it } from "vitest";
import { sampleInvoice } from "./invoice-fixture.ts";
import { invoiceAsText } from "./invoice-text.ts";

describe("an invoice as a plain-text file", () => {
  it("carries the supplier, number, dates, bill-to, place of supply, IGST lines, totals and amount in words", () => {
    const text = invoiceAsText(sampleInvoice({ notes: "Payment within 30 days" }));
    const lines = text.split("\n");
    expect(lines[0]).toBe("TAX INVOICE");
    expect(text).toContain("Supplier: Verma Traders");
    expect(text).toContain("GSTIN:    27AAPFU0939F1ZV");
    expect(text).toContain("State:    27-Maharashtra");
    expect(text).toContain("Invoice Number:  INV-202607-042");
    expect(text).toContain("Invoice Date:    11 Jul 2026");
    expect(text).toContain("Due Date:        10 Aug 2026");
    expect(text).toContain("Place of Supply: 29-Karnataka");
    expect(text).toContain("  Name:    Rao Textiles");
    expect(text).toContain("  GSTIN:   29AABCR1718E1ZL");
    // Inter-state: one IGST column, no CGST/SGST.
    const header = lines.find((line) => line.startsWith("#"));
    expect(header).toMatch(/^#\s+Item\s+HSN\s+Qty\s+Price\s+Taxable\s+GST %\s+IGST\s+Amount$/);
    expect(text).not.toContain("CGST");
    expect(lines.find((line) => line.startsWith("1 "))).toMatch(/Cotton Shirt\s+6205\s+2\s+₹1,000\.00\s+₹2,000\.00\s+18%\s+₹360\.00\s+₹2,360\.00$/);
    expect(text).toContain("Taxable Value: ₹2,500.00");
    expect(text).toContain("IGST:          ₹450.00");
    expect(text).toContain("Total:         ₹2,950.00");
    expect(text).toContain("Amount in words: Two Thousand Nine Hundred Fifty Rupees Only");
    expect(text).toContain("Notes:\nPayment within 30 days\n");
    expect(text.endsWith("\n")).toBe(true);
  });

  it("shows CGST and UTGST for an intra-state supply in a union territory, and leaves out what is absent", () => {
    const base = sampleInvoice();
    const text = invoiceAsText(
      sampleInvoice({
        supplier: { ...base.supplier, stateCode: "04", gstin: null, address: null },
        placeOfSupply: "04",
        taxKind: "intra",
        stateTaxLabel: "UTGST",
        cgstAmount: "225.00",
        sgstAmount: "225.00",
        igstAmount: "0.00",
        dueDate: null,
        items: base.items.map((item) => ({ ...item, igstAmount: "0.00", cgstAmount: "90.00", sgstAmount: "90.00" })),
      }),
    );
    expect(text).toMatch(/CGST\s+UTGST\s+Amount/);
    expect(text).toContain("UTGST:         ₹225.00");
    expect(text).toContain("Place of Supply: 04-Chandigarh");
    expect(text).not.toContain("Due Date");
    expect(text).not.toContain("IGST");
    expect(text).not.toContain("Notes:");
  });
});
