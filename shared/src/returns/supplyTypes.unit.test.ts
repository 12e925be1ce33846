/**
 * Issue 9: exports and SEZ supplies under LUT, shipping bills and outward reverse charge in
 * GSTR-1, GSTR-3B and the e-invoice. A Gujarat (24) supplier, October 2025.
 */
import { describe, expect, it } from "vitest";
import type { Invoice } from "../contract/index.ts";
import { buildEInvoicePayload } from "./einvoice.ts";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1 } from "./gstr1.ts";
import { buildGstr3b } from "./gstr3b.ts";
import type { SalesNoteForReturn } from "./notes.ts";

const SEZ_GSTIN = "24AANFA2641L1ZF";
const SELLER = { gstin: SUPPLIER_GSTIN, legalName: "Asha Traders Private Limited", address1: "1 Relief Road", location: "Ahmedabad", pincode: "380001" };

const asSez = (base: Invoice): Invoice => ({ ...base, taxKind: "inter", customer: { ...base.customer, isSez: true } });

/** 10,000.00 at 18% to an SEZ unit in Gujarat, under LUT: no IGST charged. */
const sezUnderLut = asSez(
  invoice({ number: "Z-1", issueDate: "2025-10-02", placeOfSupply: "24", customerGstin: SEZ_GSTIN, underLut: true, lines: [{ taxable: "10000.00", rate: "18", hsn: "847130" }] }),
);
/** The same with IGST paid (1,800.00). */
const sezWithIgst = asSez(
  invoice({
    number: "Z-2",
    issueDate: "2025-10-03",
    placeOfSupply: "24",
    customerGstin: SEZ_GSTIN,
    lines: [{ taxable: "10000.00", rate: "18", hsn: "847130", cgst: "0.00", sgst: "0.00", igst: "1800.00" }],
  }),
);
/** 50,000.00 at 18% exported under LUT, shipping bill 1234567 of 20 Oct 2025 from Mundra (INMUN1). */
const exportUnderLut = invoice({
  number: "E-1",
  issueDate: "2025-10-04",
  placeOfSupply: "96",
  underLut: true,
  exportDetails: { shippingBillNumber: "1234567", shippingBillDate: "2025-10-20", portCode: "INMUN1" },
  lines: [{ taxable: "50000.00", rate: "18", hsn: "847130" }],
});
/**
 * GTA service of 10,000.00 at 5% to a registered recipient in Gujarat on reverse charge: the
 * invoice charges no tax (total 10,000.00); the recipient owes CGST 250 + SGST 250.
 */
const rcmBase = invoice({
  number: "R-1",
  issueDate: "2025-10-05",
  placeOfSupply: "24",
  customerGstin: SEZ_GSTIN,
  reverseCharge: true,
  lines: [{ taxable: "10000.00", rate: "5", hsn: "996511", cgst: "0.00", sgst: "0.00" }],
});
const reverseCharge: Invoice = rcmBase;

describe("GSTR-1 for LUT, export and reverse-charge supplies", () => {
  const result = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [sezUnderLut, sezWithIgst, exportUnderLut, reverseCharge] });

  it("s.16(1)(b) IGST Act, Rule 96A: an SEZ supply under LUT is b2b SEWOP with no tax; with IGST it is SEWP", () => {
    const invoices = result.json.b2b?.find((row) => row.ctin === SEZ_GSTIN)?.inv ?? [];
    expect(invoices.find((inv) => inv.inum === "Z-1")).toEqual({
      inum: "Z-1",
      idt: "02-10-2025",
      val: 10000,
      pos: "24",
      rchrg: "N",
      inv_typ: "SEWOP",
      itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 0, camt: 0, samt: 0, csamt: 0 } }],
    });
    expect(invoices.find((inv) => inv.inum === "Z-2")).toMatchObject({ inv_typ: "SEWP", val: 11800, itms: [{ itm_det: { iamt: 1800 } }] });
  });

  it("s.16(1)(a) IGST Act: an export under LUT is exp WOPAY with its shipping bill (Table 6A sbpcode, sbnum, sbdt)", () => {
    expect(result.json.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [{ inum: "E-1", idt: "04-10-2025", val: 50000, sbpcode: "INMUN1", sbnum: "1234567", sbdt: "20-10-2025", itms: [{ txval: 50000, rt: 18, iamt: 0, csamt: 0 }] }],
      },
    ]);
  });

  it("s.9(3) CGST Act: an outward reverse-charge invoice is b2b rchrg Y with the tax the recipient pays, its value without tax", () => {
    const invoices = result.json.b2b?.find((row) => row.ctin === SEZ_GSTIN)?.inv ?? [];
    expect(invoices.find((inv) => inv.inum === "R-1")).toEqual({
      inum: "R-1",
      idt: "05-10-2025",
      val: 10000,
      pos: "24",
      rchrg: "Y",
      inv_typ: "R",
      itms: [{ num: 1, itm_det: { rt: 5, txval: 10000, iamt: 0, camt: 250, samt: 250, csamt: 0 } }],
    });
  });
});

describe("GSTR-3B for LUT, export and reverse-charge supplies", () => {
  it("3.1(b): zero-rated supplies under LUT with 0 tax; 3.1(a): the reverse-charge supply's value without tax", () => {
    const result = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [sezUnderLut, exportUnderLut, reverseCharge], expenses: [], reconciliations: [] });
    expect(result.json.sup_details.osup_zero).toEqual({ txval: 60000, iamt: 0, csamt: 0 });
    expect(result.json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(result.payment.cash).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });
});

describe("e-invoice SupTyp, RegRev and ExpDtls (NIC schema 1.1)", () => {
  it("SEZ under LUT is SEZWOP, with IGST SEZWP", () => {
    expect(buildEInvoicePayload(sezUnderLut, SELLER, { location: "Gandhinagar", pincode: 382010 }).TranDtls).toEqual({ TaxSch: "GST", SupTyp: "SEZWOP", RegRev: "N" });
    expect(buildEInvoicePayload(sezWithIgst, SELLER, { location: "Gandhinagar", pincode: 382010 }).TranDtls.SupTyp).toBe("SEZWP");
  });

  it("an export under LUT is EXPWOP to buyer URP in 96 (PIN 999999) with the shipping bill in ExpDtls", () => {
    const payload = buildEInvoicePayload(exportUnderLut, SELLER, { location: "Dubai", pincode: "" });
    expect(payload.TranDtls.SupTyp).toBe("EXPWOP");
    expect(payload.BuyerDtls).toMatchObject({ Gstin: "URP", Stcd: "96", Pin: 999999, Pos: "96", Loc: "Dubai" });
    expect(payload.ExpDtls).toEqual({ ShipBNo: "1234567", ShipBDt: "20/10/2025", Port: "INMUN1" });
    expect(payload.ValDtls).toMatchObject({ AssVal: 50000, IgstVal: 0, TotInvVal: 50000, RndOffAmt: 0 });
  });

  it("an export with IGST is EXPWP", () => {
    const paid = invoice({ number: "E-2", issueDate: "2025-10-04", placeOfSupply: "96", lines: [{ taxable: "1000.00", rate: "18", hsn: "847130" }] });
    expect(buildEInvoicePayload(paid, SELLER, { location: "Dubai", pincode: "" }).TranDtls.SupTyp).toBe("EXPWP");
  });

  it("Rule 46(p): reverse charge is RegRev Y with the recipient's tax in the items; TotInvVal adds it to the invoice total", () => {
    const payload = buildEInvoicePayload(reverseCharge, SELLER, { location: "Surat", pincode: 395003 });
    expect(payload.TranDtls).toEqual({ TaxSch: "GST", SupTyp: "B2B", RegRev: "Y" });
    expect(payload.ItemList[0]).toMatchObject({ IsServc: "Y", AssAmt: 10000, GstRt: 5, CgstAmt: 250, SgstAmt: 250, IgstAmt: 0, TotItemVal: 10500 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 10000, CgstVal: 250, SgstVal: 250, RndOffAmt: 0, TotInvVal: 10500 });
    expect(payload.PayDtls).toMatchObject({ PaymtDue: 10000 });
  });
});

describe("credit notes on a reverse-charge invoice", () => {
  it("s.34, s.9(3) CGST Act: GSTR-1 cdnr rchrg Y reports the recipient's tax given back; GSTR-3B 3.1(a) lowers only the value", () => {
    // ₹2,000 of the ₹10,000 GTA service credited: the recipient's CGST/SGST 50 + 50 comes off its liability.
    const note: SalesNoteForReturn = {
      id: "note-1",
      kind: "credit",
      number: "CN-1",
      issueDate: "2025-10-20",
      invoiceIds: [reverseCharge.id],
      placeOfSupply: "24",
      items: [
        {
          invoiceId: reverseCharge.id,
          productId: "product-1",
          productName: "Product 1",
          hsnCode: "996511",
          quantity: 1,
          unit: "NOS",
          price: "2000.00",
          gstRate: "5",
          taxableValue: "2000.00",
          cgstAmount: "0.00",
          sgstAmount: "0.00",
          igstAmount: "0.00",
          cessAmount: "0.00",
          amount: "2000.00",
        },
      ],
      total: "2000.00",
      reportingPeriod: "102025",
    };
    const gstr1 = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [reverseCharge], notes: [note] });
    expect(gstr1.json.cdnr?.[0]?.nt[0]).toMatchObject({
      ntty: "C",
      rchrg: "Y",
      val: 2000,
      itms: [{ num: 1, itm_det: { rt: 5, txval: 2000, iamt: 0, camt: 50, samt: 50, csamt: 0 } }],
    });
    const gstr3b = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [reverseCharge], notes: [note], expenses: [], reconciliations: [] });
    expect(gstr3b.json.sup_details.osup_det).toEqual({ txval: 8000, iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });
});
