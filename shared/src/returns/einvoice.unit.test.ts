import { describe, expect, it } from "vitest";
import {
  buildEInvoicePayload,
  canCancelEInvoice,
  decodeSignedQrCode,
  eInvoiceThresholdOn,
  eInvoiceTimeLimit,
  EInvoiceError,
  irnFor,
  irnForPayload,
  isEInvoiceApplicable,
  SIGNED_QR_FIELDS,
  signedQrFields,
} from "./einvoice.ts";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { financialYearOf } from "./period.ts";

describe("irnFor (GST.md §6.3, NIC sandbox IRNs from IC's test data)", () => {
  it.each([
    ["01AMBPG7773M002", "2022-23", "INV", "SINV-CFY-00067", "706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7"],
    ["01AMBPG7773M002", "2022-23", "INV", "g2qxhY", "68fb4fab44aee99fb23292478c4bd838e664837c9f1b04e3d9134ffed0b40b60"],
    ["01AMBPG7773M002", "2022-23", "CRN", "g2qxhY", "1c96258af085e45da556494ea5e5a7b401a598ab80af4136309c2dac7b54d795"],
    ["01AMBPG7773M002", "2022-23", "DBN", "g2qxhY", "24f37c80532583c6894d8153e2b12494daa80ddbb197f0fc2c1bac07db67f933"],
    ["02AMBPG7773M002", "2023-24", "INV", "9sQ5E2", "2ecc42a8e81dcbbb56923e4bd046c861ce7374060bd31875ce35447e922c9399"],
  ] as const)("%s %s %s %s", (supplierGstin, financialYear, documentType, documentNumber, irn) => {
    expect(irnFor({ supplierGstin, financialYear, documentType, documentNumber })).toBe(irn);
  });

  it("keeps the document number's case and wants the short financial year", () => {
    const base = { supplierGstin: "01AMBPG7773M002", financialYear: "2022-23", documentType: "INV" } as const;
    expect(irnFor({ ...base, documentNumber: "G2QXHY" })).not.toBe(irnFor({ ...base, documentNumber: "g2qxhY" }));
    expect(() => irnFor({ ...base, financialYear: "2022-2023", documentNumber: "1" })).toThrow("Financial year must be written YYYY-YY");
    expect(financialYearOf("2022-09-16")).toBe("2022-23");
  });
});

/**
 * Intra-state B2B invoice, Gujarat, 15 Oct 2025, due 14 Nov (30 days):
 *   1 Hair oil   33059011  qty 3  taxable 1000.00  5%  CGST 25.00  SGST 25.00  → UnitPrice 1000 ÷ 3 = 333.333
 *   2 UHT milk   04012000  qty 2  taxable  120.00  0%  (nil: not an item, goes to OthChrg)
 *   3 Consulting 998311    qty 1  taxable 5000.00 18%  CGST 450.00 SGST 450.00 (service: IsServc Y)
 * AssVal 6000; CGST = SGST = 475; OthChrg 120; total 1050 + 120 + 5900 = 7070; RndOffAmt 0.
 */
const B2B = invoice({
  number: "INV/25-26/0042",
  issueDate: "2025-10-15",
  dueDate: "2025-11-14",
  customerGstin: "24AANFA2641L1ZF",
  customerName: "Nakoda Fabrics",
  placeOfSupply: "24",
  lines: [
    { name: "Hair oil", hsn: "33059011", quantity: 3, taxable: "1000.00", rate: "5" },
    { name: "UHT milk", hsn: "04012000", quantity: 2, taxable: "120.00", rate: "0" },
    { name: "Consulting", hsn: "998311", quantity: 1, taxable: "5000.00", rate: "18" },
  ],
});

const SELLER = {
  gstin: SUPPLIER_GSTIN,
  legalName: "Asha Traders Private Limited",
  tradeName: "Asha Traders",
  address1: "1 Relief Road",
  location: "Ahmedabad",
  pincode: "380001",
};
const BUYER = { location: "Surat", pincode: 395003 };

describe("buildEInvoicePayload", () => {
  it("issue 9: ad valorem cess goes in CesAmt at CesRt, the specific rest in CesNonAdvlAmt, and the rupee round-off in RndOffAmt", () => {
    // 10 × 15.80 = 158.00 at 18%, cess 5% + ₹1.591 a unit: CGST = SGST = 14.22, cess 7.90 + 15.91 = 23.81;
    // 210.25 issued as 210.00 (round-off −0.25).
    const base = invoice({
      number: "INV/25-26/0043",
      issueDate: "2026-01-20",
      customerGstin: "24AANFA2641L1ZF",
      customerName: "Nakoda Fabrics",
      placeOfSupply: "24",
      lines: [{ name: "Pan masala", hsn: "21069020", quantity: 10, taxable: "158.00", rate: "18", cess: "23.81" }],
    });
    const withCess = { ...base, roundOff: "-0.25", total: "210.00", items: [{ ...base.items[0]!, cessRate: "5", cessPerUnit: "1.591" }] };
    const payload = buildEInvoicePayload(withCess, SELLER, BUYER);
    expect(payload.ItemList[0]).toMatchObject({ CesRt: 5, CesAmt: 7.9, CesNonAdvlAmt: 15.91, TotItemVal: 210.25 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 158, CgstVal: 14.22, SgstVal: 14.22, CesVal: 23.81, RndOffAmt: -0.25, TotInvVal: 210 });
  });

  it("builds the schema 1.1 payload", () => {
    expect(buildEInvoicePayload(B2B, SELLER, BUYER)).toEqual({
      Version: "1.1",
      TranDtls: { TaxSch: "GST", SupTyp: "B2B", RegRev: "N" },
      DocDtls: { Typ: "INV", No: "INV/25-26/0042", Dt: "15/10/2025" },
      SellerDtls: {
        Gstin: "24AAQCA8719H1ZC",
        LglNm: "Asha Traders Private Limited",
        TrdNm: "Asha Traders",
        Addr1: "1 Relief Road",
        Loc: "Ahmedabad",
        Pin: 380001,
        Stcd: "24",
      },
      BuyerDtls: {
        Gstin: "24AANFA2641L1ZF",
        LglNm: "Nakoda Fabrics",
        Addr1: "12 MG Road, Ahmedabad",
        Loc: "Surat",
        Pin: 395003,
        Stcd: "24",
        Pos: "24",
      },
      ItemList: [
        {
          SlNo: "1",
          PrdDesc: "Hair oil",
          IsServc: "N",
          HsnCd: "33059011",
          Unit: "NOS",
          Qty: 3,
          UnitPrice: 333.333,
          TotAmt: 1000,
          Discount: 0,
          AssAmt: 1000,
          GstRt: 5,
          IgstAmt: 0,
          CgstAmt: 25,
          SgstAmt: 25,
          CesRt: 0,
          CesAmt: 0,
          CesNonAdvlAmt: 0,
          TotItemVal: 1050,
        },
        {
          SlNo: "3",
          PrdDesc: "Consulting",
          IsServc: "Y",
          HsnCd: "998311",
          Unit: "NOS",
          Qty: 1,
          UnitPrice: 5000,
          TotAmt: 5000,
          Discount: 0,
          AssAmt: 5000,
          GstRt: 18,
          IgstAmt: 0,
          CgstAmt: 450,
          SgstAmt: 450,
          CesRt: 0,
          CesAmt: 0,
          CesNonAdvlAmt: 0,
          TotItemVal: 5900,
        },
      ],
      ValDtls: { AssVal: 6000, CgstVal: 475, SgstVal: 475, IgstVal: 0, CesVal: 0, Discount: 0, OthChrg: 120, RndOffAmt: 0, TotInvVal: 7070 },
      PayDtls: { CrDay: 30, PaidAmt: 0, PaymtDue: 7070 },
    });
  });

  it("derives the IRN and the signed-QR fields the IRP will return", () => {
    const payload = buildEInvoicePayload({ ...B2B, status: "paid" }, SELLER, BUYER);
    expect(payload.PayDtls).toEqual({ CrDay: 30, PaidAmt: 7070, PaymtDue: 0 });
    const irn = irnForPayload(payload);
    expect(irn).toBe(irnFor({ supplierGstin: SUPPLIER_GSTIN, financialYear: "2025-26", documentType: "INV", documentNumber: "INV/25-26/0042" }));
    const qr = signedQrFields(payload, { irn, ackDate: "2025-10-15 11:20:00" });
    expect(Object.keys(qr)).toEqual([...SIGNED_QR_FIELDS]);
    expect(qr).toEqual({
      SellerGstin: SUPPLIER_GSTIN,
      BuyerGstin: "24AANFA2641L1ZF",
      DocNo: "INV/25-26/0042",
      DocTyp: "INV",
      DocDt: "15/10/2025",
      TotInvVal: 7070,
      ItemCnt: 2,
      MainHsnCode: "998311", // the item with the highest assessable value (5000 > 1000)
      Irn: irn,
      IrnDt: "2025-10-15 11:20:00",
    });
    // Round trip through a JWT shaped like the IRP's SignedQRCode.
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const token = `${part({ alg: "RS256", typ: "JWT" })}.${part({ data: JSON.stringify(qr), iss: "NIC" })}.c2lnbmF0dXJl`;
    expect(decodeSignedQrCode(token)).toEqual(qr);
    expect(() => decodeSignedQrCode("not-a-jwt")).toThrow(RangeError);
  });

  it("reports every problem at once", () => {
    const b2c = invoice({ number: "C/1", issueDate: "2025-10-15", placeOfSupply: "24", lines: [{ taxable: "100.00", rate: "18", hsn: "8471" }] });
    let error: unknown;
    try {
      buildEInvoicePayload(b2c, { ...SELLER, pincode: "080001" }, { location: "", pincode: "39500" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EInvoiceError);
    expect((error as EInvoiceError).code).toBe("E_INVOICE_NOT_BUILDABLE");
    expect((error as EInvoiceError).problems).toEqual([
      "E-invoicing applies to B2B invoices: the customer has no GSTIN",
      "Seller PIN code must be 6 digits, not starting with 0",
      "Buyer location (city) is required",
      "Buyer PIN code must be 6 digits, not starting with 0",
      'Line 1 (Product 1): HSN/SAC code must be 6 or 8 digits for an e-invoice, got "8471"',
    ]);
  });

  it("derives the cess rate from the line's cess and taxable value", () => {
    // cess 120.00 on 1000.00 → 120 × 10000 / 1000 = 1200 basis points → CesRt 12
    const withCess = invoice({
      number: "CS/1",
      issueDate: "2025-10-15",
      customerGstin: "24AANFA2641L1ZF",
      placeOfSupply: "24",
      lines: [{ taxable: "1000.00", rate: "28", hsn: "24022010", cess: "120.00" }],
    });
    const payload = buildEInvoicePayload(withCess, SELLER, BUYER);
    expect(payload.ItemList[0]).toMatchObject({ CesRt: 12, CesAmt: 120, TotItemVal: 1400 }); // 1000 + 140 + 140 + 120
    expect(payload.ValDtls).toMatchObject({ CesVal: 120, TotInvVal: 1400 });
  });

  it("refuses nil-only invoices (exports are built since issue 9: supplyTypes.unit.test.ts)", () => {
    const nilOnly = invoice({
      number: "N/1",
      issueDate: "2025-10-15",
      customerGstin: "24AANFA2641L1ZF",
      placeOfSupply: "24",
      lines: [{ taxable: "100.00", rate: "0", hsn: "04012000" }],
    });
    expect(() => buildEInvoicePayload(nilOnly, SELLER, BUYER)).toThrow(/no taxable line/);
  });
});

describe("applicability and time limits", () => {
  const crore = 1_00_00_000_00; // paise

  it("applies above ₹5 crore now, and by phase on a date", () => {
    expect(isEInvoiceApplicable(5 * crore)).toBe(false); // "exceeds"
    expect(isEInvoiceApplicable(5 * crore + 1)).toBe(true);
    expect(isEInvoiceApplicable(6 * crore, "2023-07-31")).toBe(false); // the ₹10 crore phase
    expect(isEInvoiceApplicable(6 * crore, "2023-08-01")).toBe(true);
    expect(isEInvoiceApplicable(1000 * crore, "2020-09-30")).toBe(false);
    expect(eInvoiceThresholdOn("2021-01-01")).toBe(100 * crore);
  });

  it("limits reporting to 30 days for AATO ≥ ₹10 crore from 1 Apr 2025 (≥ ₹100 crore from 1 Nov 2023)", () => {
    // 1 Apr 2025 + 30 days = 1 May 2025
    expect(eInvoiceTimeLimit({ documentDate: "2025-04-01", reportingDate: "2025-05-01", aggregateTurnoverPaise: 12 * crore })).toEqual({
      applies: true,
      lastDay: "2025-05-01",
      withinLimit: true,
    });
    expect(eInvoiceTimeLimit({ documentDate: "2025-04-01", reportingDate: "2025-05-02", aggregateTurnoverPaise: 12 * crore }).withinLimit).toBe(false);
    expect(eInvoiceTimeLimit({ documentDate: "2025-04-01", reportingDate: "2025-06-01", aggregateTurnoverPaise: 9 * crore })).toEqual({
      applies: false,
      lastDay: null,
      withinLimit: true,
    });
    expect(eInvoiceTimeLimit({ documentDate: "2024-01-01", reportingDate: "2024-02-15", aggregateTurnoverPaise: 150 * crore })).toEqual({
      applies: true,
      lastDay: "2024-01-31",
      withinLimit: false,
    });
    expect(eInvoiceTimeLimit({ documentDate: "2024-01-01", reportingDate: "2024-06-01", aggregateTurnoverPaise: 50 * crore }).applies).toBe(false);
  });

  it("allows cancellation within 24 hours of the IRP's acknowledgement (IST)", () => {
    // 19:29 IST = 13:59 UTC
    expect(canCancelEInvoice("2022-09-16 19:29:00", new Date("2022-09-17T13:59:00Z"))).toBe(true);
    expect(canCancelEInvoice("2022-09-16 19:29:00", new Date("2022-09-17T14:00:00Z"))).toBe(false);
  });
});
