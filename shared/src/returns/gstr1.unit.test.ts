import { describe, expect, it } from "vitest";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1, documentRanges } from "./gstr1.ts";
import type { Invoice } from "../contract/index.ts";

/**
 * October 2025, supplier in Gujarat (24). Figures by hand (rates are total GST; intra-state
 * CGST = SGST = taxable × rate / 2):
 *
 *  #  number            India date  customer         pos  lines                                   tax                     total
 *  1  INV/25-26/0001    15-10       24AANFA2641L1ZF  24   5%: 1500 (qty 5) + 800 (qty 3), 3305    C/S 37.50+20.00 each     5129.00
 *                                                         18%: 2300 (qty 1), 8471                 C/S 207.00 each
 *  2  INV/25-26/0002    20-10       29AABCR1718E1ZL  29   18%: 10000, SAC 998314                  IGST 1800.00            11800.00
 *  3  INV/25-26/0003    05-10       —                27   18%: 100000 (qty 2), 8415               IGST 18000.00          118000.00 → B2CL (> ₹1,00,000, inter-state)
 *  4  INV/25-26/0004    06-10 (*)   —                27   18%: 50000, 8415                        IGST 9000.00            59000.00 → B2CS INTER
 *  5  INV/25-26/0005    07-10       —                24   18%: 1000, 8517; 0%: 200 (qty 4), 0401  C/S 90.00 each           1380.00 → B2CS INTRA + nil 200
 *  6  INV/25-26/0006    08-10       —                24   18%: 200000 (qty 400), 2523             C/S 18000.00 each      236000.00 → B2CS INTRA (intra: never B2CL)
 *  7  CASH-12           09-10       —                24   5%: 100, 3305                           C/S 2.50 each             105.00 → B2CS INTRA
 *  8  INV/25-26/0007    01-11 (**)  —                24   excluded
 *
 *  (*)  issued 2025-10-05T19:00:00Z = 00:30 on 6 Oct in India.
 *  (**) issued 2025-10-31T19:00:00Z = 00:30 on 1 Nov in India: outside October.
 */
const OCTOBER: Invoice[] = [
  invoice({
    number: "INV/25-26/0001",
    issueDate: "2025-10-15",
    customerGstin: "24AANFA2641L1ZF",
    placeOfSupply: "24",
    lines: [
      { taxable: "1500.00", rate: "5", hsn: "3305", quantity: 5 },
      { taxable: "2300.00", rate: "18", hsn: "8471", quantity: 1 },
      { taxable: "800.00", rate: "5", hsn: "3305", quantity: 3 },
    ],
  }),
  invoice({
    number: "INV/25-26/0002",
    issueDate: "2025-10-20",
    customerGstin: "29aabcr1718e1zl",
    placeOfSupply: "29",
    lines: [{ taxable: "10000.00", rate: "18", hsn: "998314" }],
  }),
  invoice({ number: "INV/25-26/0003", issueDate: "2025-10-05", placeOfSupply: "27", lines: [{ taxable: "100000.00", rate: "18", hsn: "8415", quantity: 2 }] }),
  invoice({ number: "INV/25-26/0004", issueDate: "2025-10-05T19:00:00Z", placeOfSupply: "27", lines: [{ taxable: "50000.00", rate: "18", hsn: "8415" }] }),
  invoice({
    number: "INV/25-26/0005",
    issueDate: "2025-10-07",
    placeOfSupply: "24",
    lines: [
      { taxable: "1000.00", rate: "18", hsn: "8517" },
      { taxable: "200.00", rate: "0", hsn: "0401", quantity: 4 },
    ],
  }),
  invoice({ number: "INV/25-26/0006", issueDate: "2025-10-08", placeOfSupply: "24", lines: [{ taxable: "200000.00", rate: "18", hsn: "2523", quantity: 400 }] }),
  invoice({ number: "CASH-12", issueDate: "2025-10-09", placeOfSupply: "24", lines: [{ taxable: "100.00", rate: "5", hsn: "3305" }] }),
  invoice({ number: "INV/25-26/0007", issueDate: "2025-10-31T19:00:00Z", placeOfSupply: "24", lines: [{ taxable: "999.00", rate: "18" }] }),
];

describe("buildGstr1", () => {
  const result = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: OCTOBER });

  it("reports B2B invoices grouped by recipient GSTIN, one item row per rate", () => {
    expect(result.json.b2b).toEqual([
      {
        ctin: "24AANFA2641L1ZF",
        inv: [
          {
            inum: "INV/25-26/0001",
            idt: "15-10-2025",
            val: 5129, // 1500 + 800 + 2300 + 2 × (37.50 + 20.00) + 2 × 207.00
            pos: "24",
            rchrg: "N",
            inv_typ: "R",
            itms: [
              // the two 5% lines merged: 1500 + 800 = 2300; CGST 37.50 + 20.00 = 57.50
              { num: 1, itm_det: { rt: 5, txval: 2300, iamt: 0, camt: 57.5, samt: 57.5, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 2300, iamt: 0, camt: 207, samt: 207, csamt: 0 } },
            ],
          },
        ],
      },
      {
        ctin: "29AABCR1718E1ZL", // upper-cased
        inv: [
          {
            inum: "INV/25-26/0002",
            idt: "20-10-2025",
            val: 11800,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  it("reports inter-state B2C invoices above ₹1,00,000 as B2CL, by place of supply", () => {
    expect(result.json.b2cl).toEqual([
      {
        pos: "27",
        inv: [{ inum: "INV/25-26/0003", idt: "05-10-2025", val: 118000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }] }],
      },
    ]);
  });

  it("aggregates the other B2C sales by place of supply, rate and supply type", () => {
    expect(result.json.b2cs).toEqual([
      // CASH-12
      { sply_ty: "INTRA", rt: 5, typ: "OE", pos: "24", txval: 100, iamt: 0, camt: 2.5, samt: 2.5, csamt: 0 },
      // #5's 18% line + #6: 1000 + 200000 = 201000; CGST 90 + 18000 = 18090
      { sply_ty: "INTRA", rt: 18, typ: "OE", pos: "24", txval: 201000, iamt: 0, camt: 18090, samt: 18090, csamt: 0 },
      // #4, val 59000 ≤ 1,00,000
      { sply_ty: "INTER", rt: 18, typ: "OE", pos: "27", txval: 50000, iamt: 9000, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it("puts 0% lines in the nil table", () => {
    expect(result.json.nil).toEqual({ inv: [{ sply_ty: "INTRAB2C", nil_amt: 200, expt_amt: 0, ngsup_amt: 0 }] });
    expect(result.json.exp).toBeUndefined();
  });

  it("splits the HSN summary into B2B and B2C from May 2025, keyed by HSN + UQC + rate", () => {
    expect(result.json.hsn).toEqual({
      hsn_b2b: [
        { num: 1, hsn_sc: "3305", desc: "Preparations for use on the ha", uqc: "NOS", qty: 8, rt: 5, txval: 2300, iamt: 0, camt: 57.5, samt: 57.5, csamt: 0 },
        { num: 2, hsn_sc: "8471", desc: "Automatic data processing mach", uqc: "NOS", qty: 1, rt: 18, txval: 2300, iamt: 0, camt: 207, samt: 207, csamt: 0 },
        // services: UQC NA, quantity 0
        { num: 3, hsn_sc: "998314", desc: "Information technology (IT) de", uqc: "NA", qty: 0, rt: 18, txval: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 },
      ],
      hsn_b2c: [
        { num: 1, hsn_sc: "0401", desc: "UHT milk", uqc: "NOS", qty: 4, rt: 0, txval: 200, iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { num: 2, hsn_sc: "2523", desc: "Portland and other hydraulic c", uqc: "NOS", qty: 400, rt: 18, txval: 200000, iamt: 0, camt: 18000, samt: 18000, csamt: 0 },
        { num: 3, hsn_sc: "3305", desc: "Preparations for use on the ha", uqc: "NOS", qty: 1, rt: 5, txval: 100, iamt: 0, camt: 2.5, samt: 2.5, csamt: 0 },
        // #3 (qty 2) + #4 (qty 1): 100000 + 50000; IGST 18000 + 9000
        { num: 4, hsn_sc: "8415", desc: "Air-conditioning machines", uqc: "NOS", qty: 3, rt: 18, txval: 150000, iamt: 27000, camt: 0, samt: 0, csamt: 0 },
        { num: 5, hsn_sc: "8517", desc: "Telephones incl. mobile phones", uqc: "NOS", qty: 1, rt: 18, txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
      ],
    });
  });

  it("lists documents issued per numbering series", () => {
    expect(result.json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          docs: [
            { num: 1, from: "CASH-12", to: "CASH-12", totnum: 1, cancel: 0, net_issue: 1 },
            { num: 2, from: "INV/25-26/0001", to: "INV/25-26/0006", totnum: 6, cancel: 0, net_issue: 6 },
          ],
        },
      ],
    });
  });

  it("returns totals in paise and counts", () => {
    // taxable 4600 + 10000 + 100000 + 50000 + 1200 + 200000 + 100 = 365900.00
    // tax 529 + 1800 + 18000 + 9000 + 180 + 36000 + 5 = 65514.00; value 365900 + 65514 = 431414.00
    expect(result.totals).toEqual({
      totalTaxableValue: 36_590_000,
      totalTax: 6_551_400,
      totalInvoiceValue: 43_141_400,
      igst: 2_880_000, // 1800 + 18000 + 9000
      cgst: 1_835_700, // 57.50 + 207 + 90 + 18000 + 2.50 = 18357.00
      sgst: 1_835_700,
      cess: 0,
      invoiceCount: 7,
    });
    expect(result.counts).toEqual({ b2b: 2, b2cl: 1, b2cs: 4, exp: 0, nil: 1 });
    expect(result.warnings).toEqual([]);
    expect(result.json.gstin).toBe(SUPPLIER_GSTIN);
    expect(result.json.fp).toBe("102025");
  });
});

describe("buildGstr1: limits, periods and edge cases", () => {
  const interState = (number: string, issueDate: string, taxable: string) => invoice({ number, issueDate, placeOfSupply: "27", lines: [{ taxable, rate: "18" }] });

  it("uses the ₹2,50,000 B2CL limit up to 31 Jul 2024 and ₹1,00,000 from 1 Aug 2024", () => {
    // 150000.00 + IGST 27000.00 = 177000.00: above ₹1,00,000, below ₹2,50,000.
    const july = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "072024", invoices: [interState("A-1", "2024-07-31", "150000.00")] });
    expect(july.json.b2cl).toBeUndefined();
    expect(july.json.b2cs).toHaveLength(1);
    const august = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "082024", invoices: [interState("A-2", "2024-08-01", "150000.00")] });
    expect(august.json.b2cl?.[0]?.inv[0]?.val).toBe(177000);
    expect(august.json.b2cs).toBeUndefined();
  });

  it("requires the value to be more than the limit, not equal to it", () => {
    // 84745.76 × 18% = 15254.2368 → 15254.24; total 84745.76 + 15254.24 = 100000.00 exactly.
    const exactly = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [interState("A-3", "2025-10-01", "84745.76")] });
    expect(exactly.totals.totalInvoiceValue).toBe(10_000_000);
    expect(exactly.json.b2cl).toBeUndefined();
    // One paisa more of taxable value: 84745.77 × 18% = 15254.2386 → 15254.24; total 100000.01.
    const above = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [interState("A-4", "2025-10-01", "84745.77")] });
    expect(above.json.b2cl?.[0]?.inv[0]?.val).toBe(100000.01);
  });

  it("writes a single HSN data array before May 2025", () => {
    const april = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "042025", invoices: [interState("A-5", "2025-04-30", "1000.00")] });
    expect(april.json.hsn).toEqual({
      data: [{ num: 1, hsn_sc: "8471", desc: "Automatic data processing mach", uqc: "NOS", qty: 1, rt: 18, txval: 1000, iamt: 180, camt: 0, samt: 0, csamt: 0 }],
    });
  });

  it("leaves empty sections out: a month without sales is just gstin and fp", () => {
    expect(buildGstr1({ gstin: SUPPLIER_GSTIN, period: "112025", invoices: [] }).json).toEqual({ gstin: SUPPLIER_GSTIN, fp: "112025" });
  });

  it("reports exports with and without payment of IGST, and reverse charge on B2B", () => {
    const result = buildGstr1({
      gstin: SUPPLIER_GSTIN,
      period: "102025",
      invoices: [
        invoice({ number: "E-1", issueDate: "2025-10-02", placeOfSupply: "96", lines: [{ taxable: "1000.00", rate: "18", hsn: "8471" }] }),
        invoice({ number: "E-2", issueDate: "2025-10-03", placeOfSupply: "96", lines: [{ taxable: "500.00", rate: "0", hsn: "8471" }] }),
        invoice({ number: "R-1", issueDate: "2025-10-04", placeOfSupply: "24", customerGstin: "24AANFA2641L1ZF", reverseCharge: true, lines: [{ taxable: "100.00", rate: "18" }] }),
      ],
    });
    expect(result.json.exp).toEqual([
      { exp_typ: "WPAY", inv: [{ inum: "E-1", idt: "02-10-2025", val: 1180, itms: [{ txval: 1000, rt: 18, iamt: 180, csamt: 0 }] }] },
      // a 0% export is zero-rated, not nil: it stays in exp
      { exp_typ: "WOPAY", inv: [{ inum: "E-2", idt: "03-10-2025", val: 500, itms: [{ txval: 500, rt: 0, iamt: 0, csamt: 0 }] }] },
    ]);
    expect(result.json.nil).toBeUndefined();
    expect(result.json.b2b?.[0]?.inv[0]?.rchrg).toBe("Y");
    // exports go to the B2C tab of the HSN summary (IC: Unregistered or Overseas)
    expect(result.json.hsn).toMatchObject({
      hsn_b2c: [
        { hsn_sc: "8471", rt: 0 },
        { hsn_sc: "8471", rt: 18 },
      ],
    });
  });

  it("s.16 IGST Act: supplies to an SEZ go to b2b with inv_typ SEWP (SEWOP without IGST), even within the state", () => {
    // Gujarat supplier, SEZ unit in Gujarat (24AANFA2641L1ZF): IGST 18% on 10000 = 1800, no CGST/SGST.
    const paid = sez(
      invoice({
        number: "Z-1",
        issueDate: "2025-10-02",
        placeOfSupply: "24",
        customerGstin: "24AANFA2641L1ZF",
        lines: [{ taxable: "10000.00", rate: "18", cgst: "0.00", sgst: "0.00", igst: "1800.00" }],
      }),
    );
    const unpaid = sez(
      invoice({ number: "Z-2", issueDate: "2025-10-03", placeOfSupply: "24", customerGstin: "24AANFA2641L1ZF", lines: [{ taxable: "500.00", rate: "0", hsn: "0401" }] }),
    );
    const result = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [paid, unpaid] });
    expect(result.json.b2b).toEqual([
      {
        ctin: "24AANFA2641L1ZF",
        inv: [
          {
            inum: "Z-1",
            idt: "02-10-2025",
            val: 11800,
            pos: "24",
            rchrg: "N",
            inv_typ: "SEWP",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 } }],
          },
          // a 0% supply to an SEZ is zero-rated, not nil: it stays in b2b
          {
            inum: "Z-2",
            idt: "03-10-2025",
            val: 500,
            pos: "24",
            rchrg: "N",
            inv_typ: "SEWOP",
            itms: [{ num: 1, itm_det: { rt: 0, txval: 500, iamt: 0, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(result.json.nil).toBeUndefined();
    expect(result.warnings).toEqual([]);
  });

  it("s.16 IGST Act: an SEZ invoice charging CGST/SGST is flagged", () => {
    const wrong = sez(invoice({ number: "Z-3", issueDate: "2025-10-02", placeOfSupply: "24", customerGstin: "24AANFA2641L1ZF", lines: [{ taxable: "100.00", rate: "18" }] }));
    const result = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: [wrong] });
    expect(result.warnings).toEqual(["Invoice Z-3 line 1: a supply to an SEZ is inter-state (s.16 IGST Act), but the line charges CGST/SGST instead of IGST"]);
  });

  it("warns about data the portal would reject", () => {
    const result = buildGstr1({
      gstin: SUPPLIER_GSTIN,
      period: "102025",
      invoices: [
        invoice({
          number: "W-1",
          issueDate: "2025-10-02",
          placeOfSupply: "24",
          customerGstin: "24AANFA2641L1ZX",
          lines: [{ taxable: "100.00", rate: "18", hsn: null, name: "Widget" }],
        }),
        invoice({ number: "W-2", issueDate: "2025-10-03", placeOfSupply: "27", lines: [{ taxable: "100.00", rate: "18", cgst: "9.00", sgst: "9.00", igst: "0.00" }] }),
      ],
    });
    expect(result.warnings).toEqual([
      "Invoice W-1: customer GSTIN 24AANFA2641L1ZX is invalid (GSTIN check character is wrong: the 15th character should be F, not X)",
      "Invoice W-1 line 1 (Widget): no HSN/SAC code; GSTR-1 Table 12 needs one",
      "Invoice W-2 line 1: place of supply 27 is outside the supplier's state 24, but the line charges CGST/SGST instead of IGST",
    ]);
    expect(result.json.hsn).toMatchObject({ hsn_b2b: [{ hsn_sc: "", desc: "" }] });
  });

  it("refuses a bad GSTIN or period", () => {
    expect(() => buildGstr1({ gstin: "27AAPFU0939F1ZO", period: "102025", invoices: [] })).toThrow(
      "Supplier GSTIN: GSTIN check character is wrong: the 15th character should be V, not O",
    );
    expect(() => buildGstr1({ gstin: SUPPLIER_GSTIN, period: "2025-10", invoices: [] })).toThrow("Period must be MMYYYY, e.g. 102025");
  });
});

describe("documentRanges", () => {
  it("finds series by the number without its last digit run", () => {
    expect(documentRanges(["INV-202510-123", "INV-202510-007", "INV-202510-045", "ADHOC", "INV-202511-001"])).toEqual([
      { num: 1, from: "ADHOC", to: "ADHOC", totnum: 1, cancel: 0, net_issue: 1 },
      { num: 2, from: "INV-202510-007", to: "INV-202510-123", totnum: 3, cancel: 0, net_issue: 3 },
      { num: 3, from: "INV-202511-001", to: "INV-202511-001", totnum: 1, cancel: 0, net_issue: 1 },
    ]);
  });
});

/** The invoice as made for a customer marked SEZ (issue 9: InvoiceCreated.customer.isSez). */
function sez(base: Invoice): Invoice {
  return { ...base, taxKind: "inter", customer: { ...base.customer, isSez: true } };
}
