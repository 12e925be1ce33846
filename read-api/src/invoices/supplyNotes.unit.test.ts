/** Issue 9: what the A4 and thermal documents say about LUT, reverse-charge and export supplies. */
import { describe, expect, it } from "vitest";
import { invoice } from "../../../shared/src/returns/fixtures.ts";
import type { Invoice } from "@bahi/shared/contract";
import { invoicePdf } from "./invoicePdf.ts";
import { pdfText } from "./pdfText.testing.ts";

const flat = (text: string) => text.replace(/\s+/g, " ");
const exportUnderLut: Invoice = invoice({
  number: "E-1",
  issueDate: "2025-10-04",
  placeOfSupply: "96",
  underLut: true,
  exportDetails: { shippingBillNumber: "7896542", shippingBillDate: "2025-10-20", portCode: "INMUN1" },
  lines: [{ taxable: "50000.00", rate: "18", hsn: "847130" }],
});
/** ₹10,000 at 5% from Gujarat to a Maharashtra recipient on reverse charge: IGST ₹500 is the recipient's. */
const reverseCharge: Invoice = invoice({
  number: "R-1",
  issueDate: "2025-10-05",
  placeOfSupply: "27",
  customerGstin: "27AAPFU0939F1ZV",
  reverseCharge: true,
  lines: [{ taxable: "10000.00", rate: "5", igst: "0.00" }],
});

describe("supply notes on the invoice document", () => {
  it.each(["a4", "thermal"] as const)("Rule 96A: an export under LUT carries the declaration with the LUT number and the shipping bill (%s)", async (layout) => {
    const text = flat(pdfText(await invoicePdf(exportUnderLut, {}, layout)).text);
    expect(text).toContain(
      "Supply meant for export / supply to SEZ unit or SEZ developer for authorised operations under LUT without payment of integrated tax (LUT ARN AD2403260001234)",
    );
    expect(text).toContain("Shipping bill: No. 7896542, dated 20 Oct 2025, port INMUN1");
    expect(text).toContain("Tax payable on reverse charge: No");
  });

  it.each(["a4", "thermal"] as const)("Rule 46(p): a reverse-charge invoice says Yes and the tax the recipient pays (%s)", async (layout) => {
    const text = flat(pdfText(await invoicePdf(reverseCharge, {}, layout)).text);
    expect(text).toContain("Tax payable on reverse charge: Yes");
    expect(text).toContain("GST of ₹500.00 on this supply is payable by the recipient under reverse charge");
    expect(text).not.toContain("without payment of integrated tax");
  });
});
