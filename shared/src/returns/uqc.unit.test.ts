/** Issue 9: the unit of measure (UQC) and decimal quantities in GSTR-1 Table 12 and the e-invoice. */
import { describe, expect, it } from "vitest";
import { buildEInvoicePayload } from "./einvoice.ts";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1 } from "./gstr1.ts";

const RICE = invoice({
  number: "INV/25-26/0050",
  issueDate: "2025-10-15",
  customerGstin: "24AANFA2641L1ZF",
  customerName: "Nakoda Fabrics",
  placeOfSupply: "24",
  lines: [
    { name: "Basmati rice", hsn: "10063020", quantity: 2.5, unit: "KGS", taxable: "200.00", rate: "5" },
    { name: "Basmati rice", hsn: "10063020", quantity: 0.3, unit: "KGS", taxable: "24.00", rate: "5" },
    { name: "Gunny bag", hsn: "63051000", quantity: 2, taxable: "100.00", rate: "5" },
  ],
});

describe("units of measure in the returns (issue 9)", () => {
  it("e-invoice ItemList: Unit is the line's UQC, Qty keeps its decimals, UnitPrice = taxable ÷ quantity (200.00 ÷ 2.5 = 80)", () => {
    const payload = buildEInvoicePayload(
      RICE,
      { gstin: SUPPLIER_GSTIN, legalName: "Asha Traders", address1: "1 Relief Road", location: "Ahmedabad", pincode: "380001" },
      { location: "Surat", pincode: 395003 },
    );
    expect(payload.ItemList.map((item) => [item.Unit, item.Qty, item.UnitPrice])).toEqual([
      ["KGS", 2.5, 80],
      ["KGS", 0.3, 80],
      ["NOS", 2, 50],
    ]);
  });

  it("GSTR-1 Table 12: one row per HSN and UQC, quantities summed without drift (2.5 + 0.3 = 2.8 KGS)", () => {
    const result = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [RICE] });
    const hsn = (result.json as { hsn: { hsn_b2b?: { hsn_sc: string; uqc: string; qty: number }[] } }).hsn.hsn_b2b ?? [];
    expect(hsn.map((row) => [row.hsn_sc, row.uqc, row.qty])).toEqual([
      ["10063020", "KGS", 2.8],
      ["63051000", "NOS", 2],
    ]);
  });
});
