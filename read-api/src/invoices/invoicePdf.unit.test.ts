import { describe, expect, it } from "vitest";
import type { Invoice } from "@bahi/shared/contract";
import { invoicePdf } from "./invoicePdf.ts";
import { upiPayUrl } from "./pdfParts.ts";
import { pdfText } from "./pdfText.testing.ts";

const intraInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: "0b0c5f6e-6a4c-4a53-9d0e-2c3f4b5a6d7e",
  userId: "u-1",
  invoiceNumber: "INV/26-27/0007",
  customerId: "c-1",
  customer: { id: "c-1", name: "Reddy Retail", address: "12 MG Road, Pune", gstNumber: "27AANFA2641L1ZF", email: null, phone: null, stateCode: "27", isSez: false },
  supplier: { name: "Rao Stores", gstin: "27AAPFU0939F1ZV", address: "4 Market Yard, Mumbai", stateCode: "27" },
  issueDate: "2026-05-14T00:00:00.000Z",
  dueDate: "2026-06-13T00:00:00.000Z",
  placeOfSupply: "27",
  taxKind: "intra",
  stateTaxLabel: "SGST",
  invoiceType: "regular",
  reverseCharge: false,
  underLut: false,
  lutNumber: null,
  exportDetails: null,
  subtotal: "4500.00",
  gstAmount: "810.00",
  cgstAmount: "405.00",
  sgstAmount: "405.00",
  igstAmount: "0.00",
  cessAmount: "0.00",
  roundOff: "0.00",
  total: "5310.00",
  status: "pending",
  paidAt: null,
  amountPaid: "0.00",
  balanceDue: "5310.00",
  notes: null,
  items: [
    {
      id: "i-1",
      productId: "p-1",
      product: { name: "Hair oil 200 ml" },
      hsnCode: "3305",
      quantity: 5,
      unit: "NOS",
      price: "1000.00",
      gstRate: "18",
      discount: "10",
      discountType: "percentage",
      taxableValue: "4500.00",
      cgstAmount: "405.00",
      sgstAmount: "405.00",
      igstAmount: "0.00",
      cessAmount: "0.00",
      amount: "5310.00",
    },
  ],
  createdAt: "2026-05-14T10:00:00.000Z",
  reportingPeriod: "052026",
  ...overrides,
});

const interInvoice = (): Invoice =>
  intraInvoice({
    customer: {
      id: "c-2",
      name: "Bengaluru Traders",
      address: "5 Residency Road, Bengaluru",
      gstNumber: "29AABCR1718E1ZL",
      email: null,
      phone: null,
      stateCode: "29",
      isSez: false,
    },
    placeOfSupply: "29",
    taxKind: "inter",
    cgstAmount: "0.00",
    sgstAmount: "0.00",
    igstAmount: "810.00",
    items: [{ ...intraInvoice().items[0]!, cgstAmount: "0.00", sgstAmount: "0.00", igstAmount: "810.00" }],
  });

const bank = { bankName: "State Bank of India", bankAccountNumber: "30123456789", bankIfsc: "SBIN0001234", upiId: "raostores@oksbi" };
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the Rule 46 tax invoice (A4)", () => {
  it("Rule 46(a)-(q): prints every particular with the ₹ sign in an embedded font", async () => {
    const { text, pages } = pdfText(await invoicePdf(intraInvoice(), { ...bank, shippingAddress: "Godown 3, Bhosari MIDC, Pune" }));
    const all = flat(text);
    expect(pages[0]).toEqual({ width: 595.28, height: 841.89 });
    for (const particular of [
      "TAX INVOICE",
      // (a) supplier, with the state's name and code
      "Rao Stores",
      "4 Market Yard, Mumbai",
      "State: Maharashtra (27)",
      "GSTIN: 27AAPFU0939F1ZV",
      // (b), (c) number and date
      "Invoice No: INV/26-27/0007",
      "Invoice Date: 14 May 2026",
      // (d) recipient
      "Reddy Retail",
      "12 MG Road, Pune",
      "GSTIN: 27AANFA2641L1ZF",
      // (o) delivery address where different
      "Ship To (delivery address)",
      "Godown 3, Bhosari MIDC, Pune",
      // (g)-(m) HSN, description, quantity, rate, discount, taxable value, each head's rate and amount
      "HSN/SAC",
      "3305",
      "Hair oil 200 ml",
      "1,000.00",
      "10%",
      "4,500.00",
      "CGST rate",
      "9%",
      "405.00",
      "SGST rate",
      // (n), (p) place of supply with the state's name; reverse charge
      "Place of Supply: Maharashtra (27)",
      "Tax payable on reverse charge: No",
      // (j) total in figures and words
      "₹5,310.00",
      "Five Thousand Three Hundred Ten Rupees",
      // (q) signature block
      "For Rao Stores",
      "Authorised signatory",
      // bank details
      "Bank: State Bank of India",
      "A/c No: 30123456789",
      "IFSC: SBIN0001234",
      "UPI: raostores@oksbi",
      "Scan to pay ₹5,310.00 by UPI",
    ])
      expect(all, particular).toContain(particular);
  });

  it("Rule 46(l),(m): an inter-state supply shows IGST at the full rate and no CGST/SGST", async () => {
    const all = flat(pdfText(await invoicePdf(interInvoice(), bank)).text);
    expect(all).toContain("IGST rate");
    expect(all).toContain("18%");
    expect(all).toContain("Place of Supply: Karnataka (29)");
    expect(all).not.toContain("CGST");
  });

  it("Rule 46(o): no delivery address when it is the billing address", async () => {
    const all = flat(pdfText(await invoicePdf(intraInvoice(), { shippingAddress: " 12 MG Road,  Pune " })).text);
    expect(all).not.toContain("Ship To");
  });

  it("puts a UPI QR linked to upi://pay for the amount due, and none once paid", async () => {
    const url = "upi://pay?pa=raostores@oksbi&pn=Rao%20Stores&am=5310.00&cu=INR&tn=Invoice%20INV%2F26-27%2F0007";
    expect(upiPayUrl("raostores@oksbi", "Rao Stores", "5310.00", "INV/26-27/0007")).toBe(url);
    expect(pdfText(await invoicePdf(intraInvoice(), bank)).links).toEqual([url]);
    const paid = pdfText(await invoicePdf(intraInvoice({ status: "paid", paidAt: "2026-05-20T00:00:00.000Z" }), bank));
    expect(paid.links).toEqual([]);
    expect(flat(paid.text)).not.toContain("Scan to pay");
    // Without a UPI id there is nothing to scan, but the bank details still print.
    const noUpi = pdfText(await invoicePdf(intraInvoice(), { ...bank, upiId: null }));
    expect(noUpi.links).toEqual([]);
    expect(flat(noUpi.text)).toContain("IFSC: SBIN0001234");
  });

  it("says when it was revised, and marks a cancelled invoice with its reason and no QR", async () => {
    expect(flat(pdfText(await invoicePdf(intraInvoice({ revisedAt: "2026-05-16T06:00:00.000Z", revisions: 1 }), bank)).text)).toContain("Revised on 16 May 2026");
    const cancelled = pdfText(
      await invoicePdf(intraInvoice({ status: "cancelled" as Invoice["status"], cancelledAt: "2026-05-17T06:00:00.000Z", cancelReason: "Ordered twice" }), bank),
    );
    expect(flat(cancelled.text)).toContain("CANCELLED on 17 May 2026");
    expect(flat(cancelled.text)).toContain("Reason: Ordered twice");
    expect(cancelled.links).toEqual([]);
  });

  it("s.170 rounding: prints the round-off line when the total was rounded", async () => {
    const rounded = intraInvoice({ subtotal: "99.58", cgstAmount: "8.96", sgstAmount: "8.96", gstAmount: "17.92", roundOff: "-0.46", total: "117.00" });
    const all = flat(pdfText(await invoicePdf(rounded, {})).text);
    expect(all).toContain("Round off");
    expect(all).toContain("-₹0.46");
  });

  it("carries a long invoice over to more pages", async () => {
    const many = intraInvoice({ items: Array.from({ length: 60 }, (_, i) => ({ ...intraInvoice().items[0]!, id: `i-${i}`, product: { name: `Item number ${i + 1}` } })) });
    const { pages, text } = pdfText(await invoicePdf(many, bank));
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain("Item number 60");
    expect(text).toContain("Authorised signatory");
  });
});

describe("the thermal receipt (80 mm)", () => {
  it("Rule 46: the same particulars on one 226 pt wide page as long as the receipt", async () => {
    const { text, pages, links } = pdfText(await invoicePdf(intraInvoice(), bank, "thermal"));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBe(226);
    expect(pages[0]!.height).toBeGreaterThan(400);
    expect(pages[0]!.height).toBeLessThan(900);
    const all = flat(text);
    for (const particular of [
      "Rao Stores",
      "GSTIN: 27AAPFU0939F1ZV",
      "State: Maharashtra (27)",
      "TAX INVOICE",
      "INV/26-27/0007",
      "14 May 2026",
      "Place of Supply: Maharashtra (27)",
      "Tax payable on reverse charge: No",
      "Bill To: Reddy Retail",
      "GSTIN: 27AANFA2641L1ZF",
      "Hair oil 200 ml",
      "5 NOS × ₹1,000.00, less 10%",
      "HSN/SAC 3305",
      "CGST 9%",
      "SGST 9%",
      "₹5,310.00",
      "Five Thousand Three Hundred Ten Rupees",
      "Scan to pay ₹5,310.00 by UPI",
      "For Rao Stores",
      "Authorised signatory",
    ])
      expect(all, particular).toContain(particular);
    expect(links).toEqual(["upi://pay?pa=raostores@oksbi&pn=Rao%20Stores&am=5310.00&cu=INR&tn=Invoice%20INV%2F26-27%2F0007"]);
  });

  it("grows with the number of lines", async () => {
    const short = pdfText(await invoicePdf(intraInvoice(), bank, "thermal")).pages[0]!.height;
    const long = intraInvoice({ items: Array.from({ length: 20 }, (_, i) => ({ ...intraInvoice().items[0]!, id: `i-${i}` })) });
    expect(pdfText(await invoicePdf(long, bank, "thermal")).pages[0]!.height).toBeGreaterThan(short + 300);
  });
});
