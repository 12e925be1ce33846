import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { expense } from "./fixtures.ts";
import { countGstr2bInvoices, documentsOf2b, GSTR2B_MAX_INVOICES, GSTR2B_MAX_SUPPLIERS, gstr2bSchema, gstr2bUploadSchema } from "./gstr2b.ts";
import { returnPeriodOf } from "./period.ts";
import { cleanBillNo, reconcilePurchases, type ReconcilableExpense } from "./reconcile.ts";
import { claimablePairs, decidablePair, matchedPairs, reconciliationRowToWire } from "./reconciledPairs.ts";

describe("cleanBillNo (IC get_cleaner_bill_no)", () => {
  it("removes the financial year, separators and leading zeros", () => {
    expect(cleanBillNo("INV/2023-24/00123", "2023-2024")).toBe("INV 00123");
    expect(cleanBillNo("00045", "2023-2024")).toBe("45");
    expect(cleanBillNo("BILL-23-00040", "2023-2024")).toBe("BILL 23 00040"); // "23" alone is not a FY token
    expect(cleanBillNo("  INV -- 12 ", "2025-2026")).toBe("INV 12");
    expect(cleanBillNo("2025/2026/7", "2025-2026")).toBe("7");
    expect(cleanBillNo("25/26-0007", "2025-2026")).toBe("7");
    expect(cleanBillNo("INV/0007", "2025-2026")).toBe("INV 0007"); // zeros after an inner space stay
  });

  it("strips leading zeros of the whole string only, exactly like the Python (even leaving a space)", () => {
    expect(cleanBillNo("0023-24/7", "2023-2024")).toBe(" 7");
    expect(cleanBillNo("inv/1", "2023-2024")).toBe("inv 1"); // no upper-casing
  });
});

const BUSINESS = "24AAQCA8719H1ZC"; // Gujarat
const OTHER_OWN_GSTIN = "27AAQCA8719H1ZB"; // the same business registered in Maharashtra
const SUPPLIER_A = "24AADCB2230M1ZT";
const SUPPLIER_A_OTHER_STATE = "27AADCB2230M1ZP"; // same PAN as A
const SUPPLIER_B = "24AANFA2641L1ZF";
const ISD = "24AAACI1681G1ZK";

type Extra = Partial<Pick<ReconcilableExpense, "documentType" | "reverseCharge" | "reportingPeriod" | "recipientGstin" | "taxability">>;
function bill(spec: Parameters<typeof expense>[0] & Extra): ReconcilableExpense {
  const { documentType, reverseCharge, reportingPeriod, recipientGstin, taxability, ...base } = spec;
  return {
    ...expense({ placeOfSupply: "24", ...base }),
    documentType: documentType ?? "bill",
    reverseCharge: reverseCharge ?? false,
    reportingPeriod: reportingPeriod ?? returnPeriodOf(base.date),
    recipientGstin: recipientGstin ?? null,
    taxability: taxability ?? "taxable",
  };
}

const inv = (inum: string, dt: string, figures: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  inum,
  typ: "R",
  dt,
  pos: "24",
  rev: "N",
  itcavl: "Y",
  ...figures,
  ...extra,
});
const twoB = (docdata: Record<string, unknown>, gstin = BUSINESS) => ({
  chksum: "X",
  data: { gstin, rtnprd: "102025", version: "1.0", gendt: "14-11-2025", itcsumm: {}, docdata },
});
const statusOf = (result: ReturnType<typeof reconcilePurchases>, expenseId: string) => result.rows.find((row) => row.books?.expenseId === expenseId);

describe("reconcilePurchases: IC's GSTIN rules (GST.md §5.2)", () => {
  it("rule 1: the same bill with equal figures is an exact match, claimable", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, trdnm: "Bright Traders", inv: [inv("BILL-23-00039", "11-10-2025", { txval: 10000, cgst: 900, sgst: 900, igst: 0, cess: 0 })] }] }),
      expenses: [
        bill({
          id: "e1",
          date: "2025-10-12",
          vendorGstin: SUPPLIER_A,
          vendorInvoiceNumber: "BILL-23-00039",
          vendorInvoiceDate: "2025-10-11",
          amount: "10000.00",
          cgst: "900.00",
          sgst: "900.00",
        }),
      ],
    });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ status: "exact_match", decision: null, kind: "b2b", supplierName: "Bright Traders", differences: [] });
    expect(claimablePairs(r.rows)).toEqual([
      expect.objectContaining({
        expenseId: "e1",
        claimable: true,
        portal: expect.objectContaining({ kind: "b2b", taxable: 1_000_000, cgst: 90_000, sgst: 90_000, itcAvailable: true }),
      }),
    ]);
    expect(r.summary).toEqual({ exact_match: 1, suggested_match: 0, mismatch: 0, missing_in_books: 0, missing_in_2b: 0, total: 1, matched: 1 });
  });

  it("rule 3 (IC test vector): 2B 10000.50 / 900.045 / 900.045 against books 10000 / 900 / 900 is a suggested match with rounding differences", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("BILL-23-00041", "11-10-2025", { txval: 10000.5, cgst: 900.045, sgst: 900.045, igst: 0, cess: 0 })] }] }),
      expenses: [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00041", amount: "10000.00", cgst: "900.00", sgst: "900.00" })],
    });
    expect(r.rows[0]).toMatchObject({ status: "suggested_match", decision: null });
    expect(r.rows[0]!.differences).toEqual([
      { field: "taxable", books: "10000.00", portal: "10000.50" },
      { field: "cgst", books: "900.00", portal: "900.05" },
      { field: "sgst", books: "900.00", portal: "900.05" },
    ]);
    expect(r.rows[0]!.notes).toContain("Rounding difference: some amounts differ by ₹1 or less");
    // A suggestion is not claimable until accepted.
    expect(claimablePairs(r.rows)).toEqual([]);
    expect(matchedPairs(r.rows)).toEqual([expect.objectContaining({ expenseId: "e1", claimable: false, status: "suggested_match" })]);
    expect(r.summary.matched).toBe(0);
  });

  it("rule 2 (IC test vector): BILL-23-00040 in the books and BILL-23-00045 in 2B, equal figures, is a fuzzy suggested match", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("BILL-23-00045", "11-10-2025", { txval: 10000, cgst: 900, sgst: 900 })] }] }),
      expenses: [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00040", amount: "10000.00", cgst: "900.00", sgst: "900.00" })],
    });
    expect(r.rows[0]).toMatchObject({ status: "suggested_match", differences: [{ field: "number", books: "BILL-23-00040", portal: "BILL-23-00045" }] });
  });

  it("fuzzy bill numbers need dates at most 10 days apart (IC fuzzy_match)", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("BILL-23-00045", "25-10-2025", { txval: 10000, cgst: 900, sgst: 900 })] }] }),
      expenses: [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00040", amount: "10000.00", cgst: "900.00", sgst: "900.00" })],
    });
    expect(r.rows.map((row) => row.status)).toEqual(["missing_in_books", "missing_in_2b"]);
  });

  it("rule 5 (IC test vector): a bill recorded under another GSTIN of the business is a mismatch on the company GSTIN", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("BILL-23-00042", "11-10-2025", { txval: 10000, cgst: 900, sgst: 900 })] }] }),
      expenses: [
        bill({
          id: "e1",
          date: "2025-10-11",
          vendorGstin: SUPPLIER_A,
          vendorInvoiceNumber: "BILL-23-00042",
          amount: "10000.00",
          cgst: "900.00",
          sgst: "900.00",
          recipientGstin: OTHER_OWN_GSTIN,
        }),
      ],
    });
    expect(r.rows[0]).toMatchObject({ status: "mismatch", differences: [{ field: "companyGstin", books: OTHER_OWN_GSTIN, portal: BUSINESS }] });
  });

  it("rule 5: the same number with figures beyond ₹1 is a mismatch listing each field", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({
        b2b: [
          {
            ctin: SUPPLIER_B,
            inv: [
              inv("S-101", "12-10-2025", {
                items: [
                  { txval: 20000, cgst: 1800, sgst: 1800 },
                  { txval: 1000, cgst: 25, sgst: 25 },
                ],
              }),
            ],
          },
        ],
      }),
      expenses: [bill({ id: "e4", date: "2025-10-12", vendorGstin: SUPPLIER_B.toLowerCase(), vendorInvoiceNumber: "S/101", amount: "21000.00", cgst: "1890.00", sgst: "1890.00" })],
    });
    expect(r.rows[0]).toMatchObject({
      status: "mismatch",
      differences: [
        { field: "cgst", books: "1890.00", portal: "1825.00" },
        { field: "sgst", books: "1890.00", portal: "1825.00" },
      ],
    });
    expect(r.rows[0]!.notes).toContain('Invoice number: books "S/101", 2B "S-101" (same after normalisation)');
  });

  it("rule 7 (residual): another number but equal figures within 10 days is a mismatch; 11 days apart, no pair", () => {
    const gstr2b = twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("ZX-9", "01-10-2025", { txval: 500, igst: 90 })] }] });
    const near = bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "Q-77", amount: "500.00", igst: "90.00" });
    expect(reconcilePurchases({ gstr2b, expenses: [near] }).rows[0]).toMatchObject({ status: "mismatch", books: { expenseId: "e1" } });
    const far = bill({ id: "e2", date: "2025-10-12", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "Q-77", amount: "500.00", igst: "90.00" });
    expect(reconcilePurchases({ gstr2b, expenses: [far] }).rows.map((row) => row.status)).toEqual(["missing_in_books", "missing_in_2b"]);
  });

  it("an earlier rule wins over a later one across the supplier: the exact twin is paired, not the first residual", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("77", "05-10-2025", { txval: 100, igst: 18 })] }] }),
      expenses: [
        bill({ id: "d1", date: "2025-10-04", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "12", amount: "100.00", igst: "18.00" }),
        bill({ id: "d2", date: "2025-10-06", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "0077", amount: "100.00", igst: "18.00" }),
      ],
    });
    expect(r.rows.map((row) => [row.status, row.books?.expenseId])).toEqual([
      ["exact_match", "d2"],
      ["missing_in_2b", "d1"],
    ]);
  });

  it("the same number in another financial year is another document", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("77", "05-10-2025", { txval: 100, igst: 18 })] }] }),
      expenses: [bill({ id: "e3", date: "2025-03-28", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "77", amount: "100.00", igst: "18.00" })],
      period: null,
    });
    expect(r.rows.map((row) => row.status)).toEqual(["missing_in_books", "missing_in_2b"]);
  });
});

describe("reconcilePurchases: IC's PAN rules", () => {
  it("the same bill under another GSTIN of the supplier's PAN is a suggested match naming the supplier GSTIN", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_A_OTHER_STATE, inv: [inv("BILL-23-00043", "11-10-2025", { txval: 10000, igst: 1800 })] }] }),
      expenses: [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00043", amount: "10000.00", cgst: "900.00", sgst: "900.00" })],
    });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.status).toBe("suggested_match");
    expect(r.rows[0]!.differences.map((d) => d.field)).toEqual(["supplierGstin", "igst", "cgst", "sgst"]);
  });

  it("another PAN never pairs", () => {
    const r = reconcilePurchases({
      gstr2b: twoB({ b2b: [{ ctin: SUPPLIER_B, inv: [inv("BILL-23-00043", "11-10-2025", { txval: 10000, igst: 1800 })] }] }),
      expenses: [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00043", amount: "10000.00", igst: "1800.00" })],
    });
    expect(r.rows.map((row) => row.status)).toEqual(["missing_in_books", "missing_in_2b"]);
  });
});

describe("reconcilePurchases: notes, ITC flags, ISD and imports", () => {
  const gstr2b = twoB({
    b2b: [
      { ctin: SUPPLIER_A, inv: [inv("CN-1", "10-10-2025", { txval: 1000, igst: 180 }), inv("S-102", "15-10-2025", { txval: 500, cgst: 45, sgst: 45 }, { itcavl: "N", rsn: "P" })] },
    ],
    cdnr: [
      {
        ctin: SUPPLIER_A,
        nt: [
          { ntnum: "CN-1", typ: "C", suptyp: "R", dt: "10-10-2025", pos: "24", rev: "N", itcavl: "Y", txval: 1000, igst: 180 },
          { ntnum: "DN-4", typ: "D", dt: "20-10-2025", txval: 200, igst: 36 },
        ],
      },
    ],
    isd: [{ ctin: ISD, trdnm: "Head Office", doclist: [{ doctyp: "ISDI", docnum: "ISD-8", docdt: "03-10-2025", igst: 0, cgst: 200, sgst: 200, cess: 0, itcelg: "Y" }] }],
    impg: [{ refdt: "28-10-2025", portcode: "INNSA1", boenum: "2566282", boedt: "18-10-2025", isamd: "N", txval: 1000, igst: 180, cess: 0 }],
  });
  const expenses = [
    bill({ id: "cn", documentType: "credit_note", date: "2025-10-10", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "CN-1", amount: "1000.00", igst: "180.00" }),
    bill({ id: "dn", documentType: "debit_note", date: "2025-10-20", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "DN-4", amount: "200.00", igst: "36.00" }),
    bill({ id: "n", date: "2025-10-15", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "S-102", amount: "500.00", cgst: "45.00", sgst: "45.00" }),
    bill({ id: "ex", date: "2025-10-15", vendorGstin: SUPPLIER_B, vendorInvoiceNumber: "X-1", amount: "500.00", taxability: "exempt" }),
    bill({ id: "nogstin", date: "2025-10-15", vendorGstin: null, vendorInvoiceNumber: "X-2", amount: "500.00" }),
  ];
  const r = reconcilePurchases({ gstr2b, expenses });

  it("s.34: a credit note pairs with 2B's credit note (cdnr typ C), never with an invoice of the same number", () => {
    expect(r.rows.find((row) => row.books?.expenseId === "cn")).toMatchObject({ status: "exact_match", kind: "cdnr", portal: { noteType: "C" } });
    expect(r.rows.find((row) => row.portal?.kind === "b2b" && row.portal.number === "CN-1")).toMatchObject({ status: "missing_in_books", books: null });
  });

  it("s.34: a debit note pairs with 2B's debit note (cdnr typ D)", () => {
    expect(statusOf(r, "dn")).toMatchObject({ status: "exact_match", kind: "cdnr", portal: { noteType: "D" } });
  });

  it("s.16(2)(aa): 2B's itcavl N is kept on the pair (the engine reports it in 4(D)(2)), with the reason", () => {
    const row = statusOf(r, "n")!;
    expect(row.status).toBe("exact_match");
    expect(row.notes).toContain("2B marks this document's ITC as not available: POS and supplier state are same but recipient state is different");
    expect(claimablePairs(r.rows).find((pair) => pair.expenseId === "n")?.portal).toMatchObject({ itcAvailable: false, reason: "P" });
  });

  it("ISD documents and bills of entry are listed as missing in books and never paired or claimed", () => {
    const isd = r.rows.find((row) => row.kind === "isd")!;
    const impg = r.rows.find((row) => row.kind === "impg")!;
    expect(isd).toMatchObject({ status: "missing_in_books", supplierGstin: ISD, portal: { number: "ISD-8", cgst: 20_000, sgst: 20_000, taxable: 0 } });
    expect(impg).toMatchObject({ status: "missing_in_books", portal: { number: "2566282", taxable: 100_000, igst: 18_000 } });
    expect(matchedPairs(r.rows).map((pair) => pair.portal.kind)).not.toContain("isd");
    expect(matchedPairs(r.rows).map((pair) => pair.portal.kind)).not.toContain("impg");
  });

  it("exempt purchases and suppliers without a GSTIN are not looked for in 2B", () => {
    expect(r.rows.some((row) => row.books?.expenseId === "ex" || row.books?.expenseId === "nogstin")).toBe(false);
    expect(r.summary).toEqual({ exact_match: 3, suggested_match: 0, mismatch: 0, missing_in_books: 3, missing_in_2b: 0, total: 6, matched: 3 });
  });

  it("b2ba: an amendment in the same file replaces the invoice it amends", () => {
    const amended = reconcilePurchases({
      gstr2b: twoB({
        b2b: [{ ctin: SUPPLIER_A, inv: [inv("A-1", "05-10-2025", { txval: 100, igst: 18 })] }],
        b2ba: [{ ctin: SUPPLIER_A, inv: [inv("A-1", "05-10-2025", { txval: 120, igst: 21.6 }, { oinum: "A-1", oidt: "05-10-2025" })] }],
      }),
      expenses: [bill({ id: "a", date: "2025-10-05", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "A-1", amount: "120.00", igst: "21.60" })],
    });
    expect(amended.rows).toEqual([expect.objectContaining({ status: "exact_match", kind: "b2ba", notes: ["Amends invoice A-1"] })]);
  });
});

describe("reconcilePurchases: the user's decisions", () => {
  const gstr2b = twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("BILL-23-00045", "11-10-2025", { txval: 10000, cgst: 900, sgst: 900 })] }] });
  const expenses = [bill({ id: "e1", date: "2025-10-11", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "BILL-23-00040", amount: "10000.00", cgst: "900.00", sgst: "900.00" })];
  const before = reconcilePurchases({ gstr2b, expenses });
  const portalKey = before.rows[0]!.portal!.key;

  it("s.16(2)(aa): an accepted suggested match becomes claimable and counts as matched", () => {
    const r = reconcilePurchases({ gstr2b, expenses, decisions: [{ expenseId: "e1", portalKey, decision: "accepted" }] });
    expect(r.rows[0]).toMatchObject({ status: "suggested_match", decision: "accepted" });
    expect(claimablePairs(r.rows)).toEqual([expect.objectContaining({ expenseId: "e1", claimable: true })]);
    expect(r.summary).toMatchObject({ suggested_match: 1, matched: 1 });
  });

  it("a rejected pair is split: the bill missing in 2B, the 2B document missing in books; the latest decision wins", () => {
    const rejected = reconcilePurchases({
      gstr2b,
      expenses,
      decisions: [
        { expenseId: "e1", portalKey, decision: "accepted" },
        { expenseId: "e1", portalKey, decision: "rejected" },
      ],
    });
    expect(rejected.rows.map((row) => [row.status, row.decision])).toEqual([
      ["missing_in_books", "rejected"],
      ["missing_in_2b", "rejected"],
    ]);
    expect(claimablePairs(rejected.rows)).toEqual([]);
    // Only suggested matches and mismatches are decidable, and a rejection may be undone.
    expect(decidablePair(before, [], "e1", portalKey)?.status).toBe("suggested_match");
    expect(decidablePair(before, [], "e1", "b2b:nope")).toBeNull();
    expect(decidablePair(rejected, [{ expenseId: "e1", portalKey, decision: "rejected" }], "e1", portalKey)?.status).toBe("missing_in_books");
  });

  it("an exact match is not decidable", () => {
    const exact = reconcilePurchases({ gstr2b, expenses: [{ ...expenses[0]!, vendorInvoiceNumber: "BILL-23-00045" }] });
    expect(decidablePair(exact, [], "e1", portalKey)).toBeNull();
  });

  it("rows go on the wire with money as rupee strings", () => {
    const wire = reconciliationRowToWire(before.rows[0]!);
    expect(wire).toMatchObject({
      key: portalKey,
      status: "suggested_match",
      portal: { taxable: "10000.00", cgst: "900.00", itcAvailable: true, reverseCharge: false, pos: "24" },
      books: { expenseId: "e1", taxable: "10000.00" },
    });
  });
});

describe("reconcilePurchases: which bills are reported", () => {
  it("unpaired bills only from the reconciliation period (their reporting period) and this GSTIN; any bill may still pair", () => {
    const gstr2b = twoB({ b2b: [{ ctin: SUPPLIER_A, inv: [inv("L-1", "28-09-2025", { txval: 100, igst: 18 })] }] });
    const r = reconcilePurchases({
      gstr2b,
      expenses: [
        bill({ id: "late", date: "2025-09-28", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "L-1", amount: "100.00", igst: "18.00" }),
        bill({ id: "sep", date: "2025-09-20", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "L-2", amount: "100.00", igst: "18.00" }),
        bill({ id: "moved", date: "2025-09-21", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "L-3", amount: "100.00", igst: "18.00", reportingPeriod: "102025" }),
        bill({ id: "other", date: "2025-10-21", vendorGstin: SUPPLIER_A, vendorInvoiceNumber: "L-4", amount: "100.00", igst: "18.00", recipientGstin: OTHER_OWN_GSTIN }),
      ],
    });
    expect(r.booksPeriod).toBe("102025");
    expect(r.rows.map((row) => [row.status, row.books?.expenseId ?? null])).toEqual([
      ["exact_match", "late"],
      ["missing_in_2b", "moved"],
    ]);
  });
});

describe("gstr2bSchema", () => {
  const file = twoB({
    b2b: [{ ctin: SUPPLIER_A, trdnm: "A", supfildt: "11-11-2025", inv: [inv("1", "05-10-2025", { txval: 100, igst: 18 }, { irn: "x".repeat(64), srctyp: "e-Invoice" })] }],
    cdnr: [],
    isd: [],
    impg: [],
  });

  it("an upload must name its GSTIN and period (rtnprd); a stored older upload without them still reads", () => {
    expect(gstr2bUploadSchema.parse(file)).toMatchObject({ gstin: BUSINESS, rtnprd: "102025" });
    expect(gstr2bUploadSchema.safeParse({ data: { docdata: {} } }).error?.issues.map((i) => i.message)).toEqual([
      "GSTIN (gstin) is required",
      "Return period (rtnprd) is required",
    ]);
    expect(gstr2bSchema.parse({ data: { docdata: { b2b: [] } } }).docdata.impg).toEqual([]);
  });

  it("keeps only the fields reconciliation reads, and reads its own output back unchanged", () => {
    const parsed = gstr2bSchema.parse(file);
    const text = JSON.stringify(parsed);
    for (const dropped of ["irn", "srctyp", "supfildt", "gendt", "itcsumm", "chksum", "version"]) expect(text).not.toContain(`"${dropped}"`);
    expect(gstr2bSchema.parse(parsed)).toEqual(parsed);
    expect(documentsOf2b(parsed)).toHaveLength(1);
  });

  it("bounds an upload: suppliers, documents, dates that exist, amounts and text that can be stored", () => {
    const invoice = (n: number) => ({ inum: `I-${n}`, dt: "05-10-2025", txval: 1, igst: 0.18 });
    const supplier = (invoices: number) => ({ ctin: SUPPLIER_A, inv: Array.from({ length: invoices }, (_, n) => invoice(n)) });
    const of = (b2b: unknown[]) => ({ data: { docdata: { b2b } } });

    const atLimit = gstr2bSchema.parse(of([supplier(GSTR2B_MAX_INVOICES / 2), supplier(GSTR2B_MAX_INVOICES / 2)]));
    expect(countGstr2bInvoices(atLimit)).toBe(GSTR2B_MAX_INVOICES);
    const tooMany = gstr2bSchema.safeParse({
      data: {
        docdata: {
          b2b: [supplier(GSTR2B_MAX_INVOICES / 2)],
          cdnr: [{ ctin: SUPPLIER_A, nt: Array.from({ length: GSTR2B_MAX_INVOICES / 2 + 1 }, (_, n) => ({ ntnum: `N${n}`, typ: "C", dt: "05-10-2025" })) }],
        },
      },
    });
    expect(tooMany.error?.issues[0]?.message).toMatch(/at most 10000 documents/);
    const suppliers = gstr2bSchema.safeParse(of(Array.from({ length: GSTR2B_MAX_SUPPLIERS + 1 }, () => supplier(0))));
    expect(suppliers.error?.issues[0]?.message).toMatch(/at most 2000 suppliers/);

    const one = (extra: Record<string, unknown>) => gstr2bSchema.safeParse(of([{ ctin: SUPPLIER_A, inv: [{ ...invoice(1), ...extra }] }]));
    expect(one({ dt: "30-02-2025" }).error?.issues[0]?.message).toMatch(/real date/);
    expect(one({ txval: 1e300 }).error?.issues[0]?.message).toBe("Amount out of range");
    expect(one({ inum: "A\u0000B" }).success).toBe(false);
    expect(one({ inum: "x".repeat(101) }).success).toBe(false);
    expect(gstr2bSchema.safeParse({ data: { docdata: { cdnr: [{ ctin: SUPPLIER_A, nt: [{ ntnum: "1", typ: "X", dt: "05-10-2025" }] }] } } }).error?.issues[0]?.message).toBe(
      "Note type (typ) must be C or D",
    );
  });

  it("rejects a file without the fields it reads", () => {
    const bad = { data: { docdata: { b2b: [{ ctin: SUPPLIER_A, inv: [{ dt: "2025-10-05", val: 1 }] }] } } };
    expect(gstr2bSchema.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(["Invoice number (inum) is required", "Invoice date (dt) must be dd-mm-yyyy"]);
    expect(() => reconcilePurchases({ gstr2b: bad, expenses: [] })).toThrow(ZodError);
  });
});
