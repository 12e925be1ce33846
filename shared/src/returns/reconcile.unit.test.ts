import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { expense } from "./fixtures.ts";
import { cleanBillNo, countGstr2bInvoices, GSTR2B_MAX_INVOICES, GSTR2B_MAX_SUPPLIERS, gstr2bSchema, reconcilePurchases } from "./reconcile.ts";

describe("cleanBillNo (IC get_cleaner_bill_no)", () => {
  it("removes the financial year, separators and leading zeros", () => {
    // "2023-24" is in the replace list: "INV/ /00123" → "/" → spaces → "INV 00123"
    expect(cleanBillNo("INV/2023-24/00123", "2023-2024")).toBe("INV 00123");
    expect(cleanBillNo("00045", "2023-2024")).toBe("45");
    expect(cleanBillNo("BILL-23-00040", "2023-2024")).toBe("BILL 23 00040"); // "23" alone is not a FY token
    expect(cleanBillNo("  INV -- 12 ", "2025-2026")).toBe("INV 12");
    expect(cleanBillNo("2025/2026/7", "2025-2026")).toBe("7");
    // "25/26" removed → " -0007" → "  0007" → "0007" → leading zeros stripped → "7"
    expect(cleanBillNo("25/26-0007", "2025-2026")).toBe("7");
    expect(cleanBillNo("INV/0007", "2025-2026")).toBe("INV 0007"); // zeros after an inner space stay
  });

  it("strips leading zeros of the whole string only, exactly like the Python (even leaving a space)", () => {
    // "0023-24/7": "23-24" → "00 /7" → "00  7" → "00 7" → lstrip("0") → " 7"
    expect(cleanBillNo("0023-24/7", "2023-2024")).toBe(" 7");
    expect(cleanBillNo("inv/1", "2023-2024")).toBe("inv 1"); // no upper-casing
  });
});

const SUPPLIER_A = "27AADCB2230M1ZT";
const SUPPLIER_B = "24AANFA2641L1ZF";

/** A 2B file as the portal gives it: {chksum, data: {gstin, rtnprd, docdata: {b2b}}}, with extra fields. */
const GSTR2B = {
  chksum: "ADFADRGA4GADFADGERER",
  data: {
    gstin: "24AAQCA8719H1ZC",
    rtnprd: "102025",
    version: "1.0",
    gendt: "14-11-2025",
    itcsumm: { itcavl: {} },
    docdata: {
      b2b: [
        {
          ctin: SUPPLIER_A,
          trdnm: "Bright Traders",
          supfildt: "11-11-2025",
          supprd: "102025",
          inv: [
            // items only: 10000 / IGST 1800
            { inum: "BT/2025-26/0042", typ: "R", dt: "03-10-2025", val: 11800, pos: "24", rev: "N", itcavl: "Y", items: [{ num: 1, rt: 18, txval: 10000, igst: 1800, cgst: 0, sgst: 0, cess: 0 }] },
            // invoice-level totals (as in IC's test file): 5000.50 / IGST 900.09 — within ₹1 of the books
            { inum: "BT/2025-26/0043", typ: "R", dt: "10-10-2025", val: 5900.59, pos: "24", rev: "N", itcavl: "Y", txval: 5000.5, igst: 900.09, cgst: 0, sgst: 0, cess: 0 },
            { inum: "77", dt: "05-10-2025", val: 118, items: [{ txval: 100, igst: 18 }] },
          ],
        },
        {
          ctin: SUPPLIER_B,
          trdnm: "Nakoda Fabrics",
          inv: [
            // two items: 20000 + 1000 = 21000; CGST 1800 + 25 = 1825; SGST the same
            {
              inum: "S-101",
              dt: "12-10-2025",
              val: 24650,
              items: [
                { num: 1, rt: 18, txval: 20000, igst: 0, cgst: 1800, sgst: 1800, cess: 0 },
                { num: 2, rt: 5, txval: 1000, igst: 0, cgst: 25, sgst: 25, cess: 0 },
              ],
            },
            { inum: "S-102", dt: "15-10-2025", val: 590, itcavl: "N", rsn: "P", items: [{ txval: 500, cgst: 45, sgst: 45 }] },
          ],
        },
      ],
      cdnr: [{ ctin: SUPPLIER_B, nt: [] }],
    },
  },
};

const EXPENSES = [
  // "bt-25-26-0042": "25-26" removed, "-" → spaces → "bt 0042"; upper-cased for matching = "BT 0042" = 2B's.
  expense({ id: "e1", date: "2025-10-05", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "bt-25-26-0042", vendorInvoiceDate: "2025-10-04", amount: "10000.00", igst: "1800.00" }),
  expense({ id: "e2", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BT/2025-26/0043", vendorInvoiceDate: "2025-10-10", amount: "5000.00", igst: "900.00" }),
  // same number "77" but dated in FY 2024-25: not the same document
  expense({ id: "e3", date: "2025-03-28", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "77", amount: "100.00", igst: "18.00" }),
  // books at 18% of 21000 = 3780 (1890 + 1890); 2B has 1825 + 1825
  expense({ id: "e4", date: "2025-10-12", vendorGstin: SUPPLIER_B.toLowerCase(), vendorInvoiceNumber: "S-101", vendorInvoiceDate: "2025-10-12", amount: "21000.00", cgst: "1890.00", sgst: "1890.00" }),
  expense({ id: "e5", date: "2025-10-01", vendorGstin: SUPPLIER_B, vendorName: "Nakoda Fabrics", vendorInvoiceNumber: "S-099", amount: "1000.00", cgst: "90.00", sgst: "90.00" }),
  // no vendor GSTIN: cannot be in 2B, skipped
  expense({ id: "e6", date: "2025-10-02", vendorGstin: null, vendorInvoiceNumber: "X-1", amount: "100.00", cgst: "9.00", sgst: "9.00" }),
];

describe("reconcilePurchases", () => {
  // period: null — report every unpaired expense, so e3 (booked in March) shows the FY rule.
  const result = reconcilePurchases({ gstr2b: GSTR2B, expenses: EXPENSES, period: null });

  it("matches on supplier GSTIN, cleaned invoice number and financial year", () => {
    expect(result.rows[0]).toEqual({
      status: "matched",
      supplierGstin: SUPPLIER_A,
      supplierName: "Bright Traders",
      invoiceNumber: "BT/2025-26/0042",
      booksInvoiceNumber: "bt-25-26-0042",
      invoiceDate: "2025-10-03",
      financialYear: "2025-26",
      expenseId: "e1",
      books: { taxable: 1_000_000, igst: 180_000, cgst: 0, sgst: 0 },
      portal: { taxable: 1_000_000, igst: 180_000, cgst: 0, sgst: 0, cess: 0, invoiceValue: 1_180_000, itcAvailable: "Y", reverseCharge: false },
      differences: [],
      notes: [
        "Invoice date: books 2025-10-04, 2B 2025-10-03",
        'Invoice number: books "bt-25-26-0042", 2B "BT/2025-26/0042" (same after normalisation)',
      ],
    });
  });

  it("keeps differences up to ₹1 per head as matched, noting them", () => {
    const row = result.rows.find((r) => r.invoiceNumber === "BT/2025-26/0043")!;
    expect(row.status).toBe("matched");
    expect(row.portal).toMatchObject({ taxable: 500_050, igst: 90_009 });
    expect(row.notes).toEqual([
      "Taxable value: books ₹5,000.00, 2B ₹5,000.50 (rounding difference within ₹1)",
      "IGST: books ₹900.00, 2B ₹900.09 (rounding difference within ₹1)",
    ]);
  });

  it("lists each field outside the tolerance with both values", () => {
    const row = result.rows.find((r) => r.invoiceNumber === "S-101")!;
    expect(row.status).toBe("mismatch");
    expect(row.supplierGstin).toBe(SUPPLIER_B);
    expect(row.differences).toEqual(["CGST: books ₹1,890.00, 2B ₹1,825.00", "SGST: books ₹1,890.00, 2B ₹1,825.00"]);
  });

  it("reports what is only in 2B and only in the books, and does not match across financial years", () => {
    expect(result.rows.map((r) => [r.status, r.invoiceNumber, r.invoiceDate, r.expenseId ?? null])).toEqual([
      ["matched", "BT/2025-26/0042", "2025-10-03", "e1"],
      ["missing_in_books", "77", "2025-10-05", null],
      ["matched", "BT/2025-26/0043", "2025-10-10", "e2"],
      ["mismatch", "S-101", "2025-10-12", "e4"],
      ["missing_in_books", "S-102", "2025-10-15", null],
      ["missing_in_2b", "77", "2025-03-28", "e3"],
      ["missing_in_2b", "S-099", "2025-10-01", "e5"],
    ]);
    expect(result.rows.find((r) => r.invoiceNumber === "S-102")?.notes).toEqual(["2B marks this invoice's ITC as not available (itcavl N)"]);
    expect(result.summary).toEqual({ matched: 2, mismatch: 1, missing_in_books: 2, missing_in_2b: 2, total: 7 });
    expect(result.returnPeriod).toBe("102025");
  });

  it("by default reports unpaired expenses only from 2B's own period, while any expense may still pair", () => {
    const late = expense({ id: "s1", date: "2025-09-28", vendorGstin: SUPPLIER_B, vendorInvoiceNumber: "S-102", amount: "500.00", cgst: "45.00", sgst: "45.00" });
    const r = reconcilePurchases({ gstr2b: GSTR2B, expenses: [...EXPENSES, late] });
    expect(r.booksPeriod).toBe("102025");
    // e3 (booked 28 Mar 2025) is no longer listed; s1 (booked in September) pairs with October's S-102.
    expect(r.rows.filter((row) => row.status === "missing_in_2b").map((row) => row.expenseId)).toEqual(["e5"]);
    expect(r.rows.find((row) => row.invoiceNumber === "S-102")).toMatchObject({ status: "matched", expenseId: "s1" });
    expect(reconcilePurchases({ gstr2b: GSTR2B, expenses: EXPENSES, period: "092025" }).rows.filter((row) => row.status === "missing_in_2b")).toEqual([]);
    expect(() => reconcilePurchases({ gstr2b: GSTR2B, expenses: EXPENSES, period: "2025-10" })).toThrow("Period must be MMYYYY, e.g. 102025");
  });

  it("pairs documents one to one", () => {
    const twice = [
      expense({ id: "d1", date: "2025-10-05", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "77", amount: "100.00", igst: "18.00" }),
      expense({ id: "d2", date: "2025-10-06", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "0077", amount: "100.00", igst: "18.00" }),
    ];
    const r = reconcilePurchases({ gstr2b: { data: { docdata: { b2b: [{ ctin: SUPPLIER_A, inv: [{ inum: "77", dt: "05-10-2025", items: [{ txval: 100, igst: 18 }] }] }] } } }, expenses: twice });
    expect(r.rows.map((row) => [row.status, row.expenseId])).toEqual([
      ["matched", "d1"],
      ["missing_in_2b", "d2"],
    ]);
  });

  it("flags cess in 2B that the books do not carry", () => {
    const r = reconcilePurchases({
      gstr2b: { docdata: { b2b: [{ ctin: SUPPLIER_A, inv: [{ inum: "9", dt: "05-10-2025", items: [{ txval: 100, igst: 18, cess: 12 }] }] }] } },
      expenses: [expense({ id: "c1", date: "2025-10-05", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "9", amount: "100.00", igst: "18.00" })],
    });
    expect(r.rows[0]).toMatchObject({ status: "mismatch", differences: ["Cess: books ₹0.00, 2B ₹12.00"] });
  });
});

describe("gstr2bSchema", () => {
  it("accepts the wrapped file and the bare data object, tolerating extra fields", () => {
    expect(gstr2bSchema.parse(GSTR2B).docdata.b2b).toHaveLength(2);
    expect(gstr2bSchema.parse(GSTR2B.data).rtnprd).toBe("102025");
    expect(gstr2bSchema.parse({ data: { rtnprd: "102025" } }).docdata.b2b).toEqual([]);
  });

  it("keeps only the fields reconciliation reads, and reads its own output back unchanged", () => {
    const parsed = gstr2bSchema.parse(GSTR2B);
    const keys = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
      }
    };
    collect(parsed);
    const read = ["gstin", "rtnprd", "docdata", "b2b", "ctin", "trdnm", "inv", "inum", "dt", "val", "rev", "itcavl", "txval", "igst", "cgst", "sgst", "cess", "items"];
    expect([...keys].filter((key) => !read.includes(key))).toEqual([]);
    expect(keys.has("gendt") || keys.has("itcsumm") || keys.has("version")).toBe(false);
    expect(gstr2bSchema.parse(parsed)).toEqual(parsed);
    // Reconciling the stored parse gives exactly what reconciling the file gives.
    const expenses = [expense({ id: "e1", date: "2025-10-05", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "1", amount: "100.00", igst: "18.00" })];
    expect(reconcilePurchases({ gstr2b: parsed, expenses })).toEqual(reconcilePurchases({ gstr2b: GSTR2B, expenses }));
  });

  it("bounds an upload: suppliers, invoices, dates that exist, amounts and text that can be stored", () => {
    const invoice = (n: number) => ({ inum: `I-${n}`, dt: "05-10-2025", txval: 1, igst: 0.18 });
    const supplier = (invoices: number) => ({ ctin: SUPPLIER_A, inv: Array.from({ length: invoices }, (_, n) => invoice(n)) });
    const of = (b2b: unknown[]) => ({ data: { docdata: { b2b } } });

    const atLimit = gstr2bSchema.parse(of([supplier(GSTR2B_MAX_INVOICES / 2), supplier(GSTR2B_MAX_INVOICES / 2)]));
    expect(countGstr2bInvoices(atLimit)).toBe(GSTR2B_MAX_INVOICES);
    const tooMany = gstr2bSchema.safeParse(of([supplier(GSTR2B_MAX_INVOICES / 2), supplier(GSTR2B_MAX_INVOICES / 2 + 1)]));
    expect(tooMany.error?.issues[0]?.message).toMatch(/at most 10000 invoices/);
    const suppliers = gstr2bSchema.safeParse(of(Array.from({ length: GSTR2B_MAX_SUPPLIERS + 1 }, () => supplier(0))));
    expect(suppliers.error?.issues[0]?.message).toMatch(/at most 2000 suppliers/);

    const one = (inv: Record<string, unknown>) => gstr2bSchema.safeParse(of([{ ctin: SUPPLIER_A, inv: [{ ...invoice(1), ...inv }] }]));
    expect(one({ dt: "30-02-2025" }).error?.issues[0]?.message).toMatch(/real date/);
    expect(one({ dt: "05-10-0000" }).success).toBe(false);
    expect(one({ txval: 1e300 }).error?.issues[0]?.message).toBe("Amount out of range");
    expect(one({ inum: "A\u0000B" }).success).toBe(false);
    expect(one({ inum: "\uD800" }).success).toBe(false);
    expect(one({ inum: "x".repeat(101) }).success).toBe(false);
  });

  it("rejects a file without the fields it reads", () => {
    const bad = { data: { docdata: { b2b: [{ ctin: SUPPLIER_A, inv: [{ dt: "2025-10-05", val: 1 }] }] } } };
    const parsed = gstr2bSchema.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Invoice number (inum) is required", "Invoice date (dt) must be dd-mm-yyyy"]);
    expect(() => reconcilePurchases({ gstr2b: bad, expenses: [] })).toThrow(ZodError);
  });
});
