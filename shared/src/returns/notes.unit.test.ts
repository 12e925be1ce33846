import { describe, expect, it } from "vitest";
import type { Invoice } from "../contract/index.ts";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr1 } from "./gstr1.ts";
import type { Gstr1HsnRow } from "./gstr1.ts";
import { buildGstr3b } from "./gstr3b.ts";
import { noteReportingPeriod } from "./notes.ts";
import type { SalesNoteForReturn } from "./notes.ts";

/**
 * Supplier in Gujarat (24). Invoices of October 2025, notes by hand:
 *
 *  B2B   INV/25-26/0001  24AANFA2641L1ZF pos 24  18%: 10000 (qty 10), C/S 900 each        11800.00
 *  B2CL  INV/25-26/0002  —               pos 27  18%: 200000 (qty 2), IGST 36000         236000.00
 *  B2CS  INV/25-26/0003  —               pos 24  18%: 5000 (qty 5), C/S 450 each           5900.00
 *  EXP   INV/25-26/0004  —               pos 96  18%: 20000, IGST 3600                    23600.00
 *
 *  CN/25-26/0001  on 0001, 2025-11-05: 2 returned, 2000 + C/S 180 each  = 2360.00
 *  DN/25-26/0001  on 0001, 2025-11-06: price up, 500 + C/S 45 each      =  590.00
 *  CN/25-26/0002  on 0002, 2025-11-07: 1 returned, 100000 + IGST 18000  = 118000.00
 *  CN/25-26/0003  on 0003, 2025-11-08: 1 returned, 1000 + C/S 90 each   = 1180.00
 *  CN/25-26/0004  on 0004, 2025-11-09: discount, 2000 + IGST 360        = 2360.00
 */
const INVOICES: Invoice[] = [
  invoice({ number: "INV/25-26/0001", issueDate: "2025-10-10", customerGstin: "24AANFA2641L1ZF", placeOfSupply: "24", lines: [{ taxable: "10000.00", rate: "18", quantity: 10 }] }),
  invoice({ number: "INV/25-26/0002", issueDate: "2025-10-11", placeOfSupply: "27", lines: [{ taxable: "200000.00", rate: "18", quantity: 2 }] }),
  invoice({ number: "INV/25-26/0003", issueDate: "2025-10-12", placeOfSupply: "24", lines: [{ taxable: "5000.00", rate: "18", quantity: 5 }] }),
  invoice({ number: "INV/25-26/0004", issueDate: "2025-10-13", placeOfSupply: "96", lines: [{ taxable: "20000.00", rate: "18" }] }),
];

function note(
  kind: "credit" | "debit",
  number: string,
  issueDate: string,
  invoiceNumber: string,
  line: { quantity: number; taxable: string; cgst?: string; sgst?: string; igst?: string; total: string },
): SalesNoteForReturn {
  const invoiceId = `invoice-${invoiceNumber}`;
  return {
    id: `note-${number}`,
    kind,
    number,
    issueDate,
    invoiceIds: [invoiceId],
    placeOfSupply: INVOICES.find((i) => i.id === invoiceId)!.placeOfSupply,
    items: [
      {
        invoiceId,
        productId: "product-1",
        productName: "Product 1",
        hsnCode: "8471",
        quantity: line.quantity,
        unit: "NOS",
        price: "0.00",
        gstRate: "18",
        taxableValue: line.taxable,
        cgstAmount: line.cgst ?? "0.00",
        sgstAmount: line.sgst ?? "0.00",
        igstAmount: line.igst ?? "0.00",
        cessAmount: "0.00",
        amount: line.total,
      },
    ],
    total: line.total,
    reportingPeriod: `${issueDate.slice(5, 7)}${issueDate.slice(0, 4)}`,
  };
}

const CN_B2B = note("credit", "CN/25-26/0001", "2025-11-05", "INV/25-26/0001", { quantity: 2, taxable: "2000.00", cgst: "180.00", sgst: "180.00", total: "2360.00" });
const DN_B2B = note("debit", "DN/25-26/0001", "2025-11-06", "INV/25-26/0001", { quantity: 0, taxable: "500.00", cgst: "45.00", sgst: "45.00", total: "590.00" });
const CN_B2CL = note("credit", "CN/25-26/0002", "2025-11-07", "INV/25-26/0002", { quantity: 1, taxable: "100000.00", igst: "18000.00", total: "118000.00" });
const CN_B2CS = note("credit", "CN/25-26/0003", "2025-11-08", "INV/25-26/0003", { quantity: 1, taxable: "1000.00", cgst: "90.00", sgst: "90.00", total: "1180.00" });
const CN_EXP = note("credit", "CN/25-26/0004", "2025-11-09", "INV/25-26/0004", { quantity: 0, taxable: "2000.00", igst: "360.00", total: "2360.00" });
const NOTES = [CN_B2B, DN_B2B, CN_B2CL, CN_B2CS, CN_EXP];

const novemberGstr1 = (notes: readonly SalesNoteForReturn[] = NOTES) => buildGstr1({ gstin: SUPPLIER_GSTIN, period: "112025", invoices: INVOICES, notes });

describe("credit and debit notes in GSTR-1 (s.34, Table 9B)", () => {
  it("GSTR-1 Table 9B cdnr: a note on a registered customer's invoice is reported under its GSTIN with ntty C/D", () => {
    const { json } = novemberGstr1();
    expect(json.cdnr).toEqual([
      {
        ctin: "24AANFA2641L1ZF",
        nt: [
          {
            ntty: "C",
            nt_num: "CN/25-26/0001",
            nt_dt: "05-11-2025",
            val: 2360,
            pos: "24",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 2000, iamt: 0, camt: 180, samt: 180, csamt: 0 } }],
          },
          {
            ntty: "D",
            nt_num: "DN/25-26/0001",
            nt_dt: "06-11-2025",
            val: 590,
            pos: "24",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 500, iamt: 0, camt: 45, samt: 45, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  it("GSTR-1 Table 9B cdnur: a note on a B2C Large invoice is typ B2CL with its place of supply; on an export with IGST, EXPWP", () => {
    const { json } = novemberGstr1();
    expect(json.cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "C",
        nt_num: "CN/25-26/0002",
        nt_dt: "07-11-2025",
        val: 118000,
        pos: "27",
        itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
      },
      { typ: "EXPWP", ntty: "C", nt_num: "CN/25-26/0004", nt_dt: "09-11-2025", val: 2360, itms: [{ num: 1, itm_det: { rt: 18, txval: 2000, iamt: 360, csamt: 0 } }] },
    ]);
  });

  it("s.34: a credit note on a B2C Small sale nets the note period's b2cs row (no note section for B2CS)", () => {
    const { json } = novemberGstr1();
    expect(json.b2cs).toEqual([{ sply_ty: "INTRA", rt: 18, typ: "OE", pos: "24", txval: -1000, iamt: 0, camt: -90, samt: -90, csamt: 0 }]);
    // With the October sales in the same period, the row is the sale less the note.
    const together = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: INVOICES, notes: [{ ...CN_B2CS, reportingPeriod: "102025" }] });
    expect(together.json.b2cs).toEqual([{ sply_ty: "INTRA", rt: 18, typ: "OE", pos: "24", txval: 4000, iamt: 0, camt: 360, samt: 360, csamt: 0 }]);
  });

  it("GSTR-1 Table 13: credit notes are nature 5 and debit notes nature 4, each its own series", () => {
    const { json } = novemberGstr1();
    expect(json.doc_issue).toEqual({
      doc_det: [
        { doc_num: 4, docs: [{ num: 1, from: "DN/25-26/0001", to: "DN/25-26/0001", totnum: 1, cancel: 0, net_issue: 1 }] },
        { doc_num: 5, docs: [{ num: 1, from: "CN/25-26/0001", to: "CN/25-26/0004", totnum: 4, cancel: 0, net_issue: 4 }] },
      ],
    });
  });

  it("GSTR-1 Table 13: a voided credit-note number counts cancelled in nature 5, not in the invoices' nature 1", () => {
    const { json } = buildGstr1({
      gstin: SUPPLIER_GSTIN,
      period: "112025",
      invoices: INVOICES,
      notes: [CN_B2B],
      voidedNumbers: [{ number: "CN/25-26/0002", date: "2025-11-06", series: "credit-note" }],
    });
    expect(json.doc_issue).toEqual({ doc_det: [{ doc_num: 5, docs: [{ num: 1, from: "CN/25-26/0001", to: "CN/25-26/0002", totnum: 2, cancel: 1, net_issue: 1 }] }] });
  });

  it("s.34: a note is reported in its own period, not its invoice's; totals and HSN are net of credit notes", () => {
    const october = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "102025", invoices: INVOICES, notes: NOTES });
    expect(october.json.cdnr).toBeUndefined();
    expect(october.json.doc_issue?.doc_det.map((d) => d.doc_num)).toEqual([1]);
    const { json, totals } = novemberGstr1();
    expect(json.b2b).toBeUndefined();
    // Taxable: −2000 + 500 − 100000 − 1000 − 2000 = −104500.
    expect(totals.totalTaxableValue).toBe(-104_500_00);
    // Tax: −360 + 90 − 18000 − 180 − 360 = −18810.
    expect(totals.totalTax).toBe(-18_810_00);
    expect(totals.invoiceCount).toBe(0);
    const hsn = json.hsn as { hsn_b2b?: readonly Gstr1HsnRow[]; hsn_b2c?: readonly Gstr1HsnRow[] };
    expect(hsn.hsn_b2b).toEqual([expect.objectContaining({ qty: -2, txval: -1500 })]);
    expect(hsn.hsn_b2c).toEqual([expect.objectContaining({ qty: -2, txval: -103000 })]);
  });

  it("a note on an invoice issued under another GSTIN belongs to that registration's return", () => {
    const other = invoice({
      number: "X/1",
      issueDate: "2025-10-01",
      supplierGstin: "27AAQCA8719H1ZY",
      customerGstin: "24AANFA2641L1ZF",
      placeOfSupply: "24",
      lines: [{ taxable: "100.00", rate: "18" }],
    });
    const foreign: SalesNoteForReturn = { ...CN_B2B, id: "n-x", number: "CN/X/1", invoiceIds: [other.id] };
    const { json } = buildGstr1({ gstin: SUPPLIER_GSTIN, period: "112025", invoices: [...INVOICES, other], notes: [foreign] });
    expect(json.cdnr).toBeUndefined();
    expect(json.doc_issue).toBeUndefined();
  });

  it("reads the note's reporting period as MMYYYY or YYYY-MM, else its issue date's", () => {
    expect(noteReportingPeriod({ reportingPeriod: "2025-12", issueDate: "2025-11-05" })).toBe("122025");
    expect(noteReportingPeriod({ reportingPeriod: "122025", issueDate: "2025-11-05" })).toBe("122025");
    expect(noteReportingPeriod({ reportingPeriod: null, issueDate: "2025-11-05" })).toBe("112025");
  });
});

describe("credit and debit notes in GSTR-3B (s.34)", () => {
  const build = (period: string, notes: readonly SalesNoteForReturn[]) => buildGstr3b({ gstin: SUPPLIER_GSTIN, period, invoices: INVOICES, expenses: [], notes });

  it("s.34(1)/(3): 3.1(a) is net of credit notes plus debit notes, in the note's period", () => {
    const sale = invoice({
      number: "INV/25-26/0005",
      issueDate: "2025-11-20",
      customerGstin: "24AANFA2641L1ZF",
      placeOfSupply: "24",
      lines: [{ taxable: "300000.00", rate: "18" }],
    });
    const export_ = invoice({ number: "INV/25-26/0006", issueDate: "2025-11-21", placeOfSupply: "96", lines: [{ taxable: "5000.00", rate: "18" }] });
    const november = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "112025", invoices: [...INVOICES, sale, export_], expenses: [], notes: NOTES });
    // Taxable: 300000 − 2000 + 500 − 100000 − 1000 = 197500; IGST −18000 → 0 below; CGST = SGST 27000 − 180 + 45 − 90 = 26775.
    expect(november.json.sup_details.osup_det).toEqual({ txval: 197500, iamt: 0, camt: 26775, samt: 26775, csamt: 0 });
    // The export's credit note lowers 3.1(b) (zero-rated): 5000 − 2000, IGST 900 − 360.
    expect(november.json.sup_details.osup_zero).toEqual({ txval: 3000, iamt: 540, csamt: 0 });
    expect(november.problems.map((p) => p.code)).toContain("NEGATIVE_OUTWARD_SUPPLIES");
  });

  it("s.34: credit notes beyond the period's supplies show 3.1 as zero, warn, and do not break the set-off", () => {
    const november = build("112025", NOTES);
    expect(november.json.sup_details.osup_det).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(november.json.sup_details.osup_zero).toEqual({ txval: 0, iamt: 0, csamt: 0 });
    const warning = november.problems.find((p) => p.code === "NEGATIVE_OUTWARD_SUPPLIES");
    // Taxable 102500 + 2000; tax 18000 + 225 + 225 + 360.
    expect(warning).toMatchObject({ blocking: false });
    expect(warning?.message).toContain("₹104500.00 taxable and ₹18810.00 tax");
  });

  it("s.34: October's 3.1(a) is the invoices alone; the same period's note nets it", () => {
    const october = build("102025", NOTES);
    // 10000 + 200000 + 5000 = 215000; IGST 36000; CGST = SGST 900 + 450 = 1350.
    expect(october.json.sup_details.osup_det).toEqual({ txval: 215000, iamt: 36000, camt: 1350, samt: 1350, csamt: 0 });
    const netted = build("102025", [
      { ...CN_B2B, reportingPeriod: "102025" },
      { ...DN_B2B, reportingPeriod: "102025" },
    ]);
    // 215000 − 2000 + 500 = 213500; CGST = SGST 1350 − 180 + 45 = 1215.
    expect(netted.json.sup_details.osup_det).toEqual({ txval: 213500, iamt: 36000, camt: 1215, samt: 1215, csamt: 0 });
  });

  it("3.2: a credit note on an inter-state sale to an unregistered person lowers its place-of-supply row", () => {
    const october = build("102025", [{ ...CN_B2CL, reportingPeriod: "102025" }]);
    expect(october.json.inter_sup.unreg_details).toEqual([{ pos: "27", txval: 100000, iamt: 18000 }]);
  });
});
