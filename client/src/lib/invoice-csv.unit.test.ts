import { describe, expect, it } from "vitest";
import { sampleInvoice } from "./invoice-fixture.ts";
import { csvField, INVOICE_CSV_COLUMNS, invoicesToCsv } from "./invoice-csv.ts";

describe("invoices as CSV", () => {
  it("has the header and one CRLF-terminated row per invoice, amounts exact, dates as India's calendar", () => {
    const csv = invoicesToCsv([sampleInvoice()]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.join(","));
    expect(lines[0]).toBe("Invoice Number,Customer,Customer GSTIN,Issue Date,Due Date,Place of Supply,Taxable Value,CGST,SGST/UTGST,IGST,Total,Status");
    // 2026-07-10T20:00Z is already 11 July in India.
    expect(lines[1]).toBe("INV-202607-042,Rao Textiles,29AABCR1718E1ZL,2026-07-11,2026-08-10,29-Karnataka,2500.00,0.00,0.00,450.00,2950.00,pending");
    expect(lines[2]).toBe("");
    expect(lines).toHaveLength(3);
  });

  it("leaves a missing due date and GSTIN empty, and splits an intra-state invoice into CGST and SGST", () => {
    const invoice = sampleInvoice({
      dueDate: null,
      customer: { ...sampleInvoice().customer, gstNumber: null },
      placeOfSupply: "27",
      taxKind: "intra",
      cgstAmount: "225.00",
      sgstAmount: "225.00",
      igstAmount: "0.00",
      status: "paid",
    });
    expect(invoicesToCsv([invoice]).split("\r\n")[1]).toBe("INV-202607-042,Rao Textiles,,2026-07-11,,27-Maharashtra,2500.00,225.00,225.00,0.00,2950.00,paid");
  });

  it("quotes commas, quotes and line breaks, and keeps formula-like text from running in a spreadsheet", () => {
    expect(csvField("Rao, Sons & Co")).toBe('"Rao, Sons & Co"');
    expect(csvField('The "Best" Shop')).toBe('"The ""Best"" Shop"');
    expect(csvField("Line one\nLine two")).toBe('"Line one\nLine two"');
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+91 98765")).toBe("'+91 98765");
    expect(csvField("Plain")).toBe("Plain");
  });

  it("is just the header when there are no invoices", () => {
    expect(invoicesToCsv([])).toBe(`${INVOICE_CSV_COLUMNS.join(",")}\r\n`);
  });
});
