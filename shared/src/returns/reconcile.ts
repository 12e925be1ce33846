/**
 * Purchase reconciliation: the expenses in the books against GSTR-2B's B2B invoices
 * (GST.md §5, after India Compliance's purchase reconciliation tool).
 *
 * Matching (a simplification of IC's rules 1, 3 and 5, GST.md §5.2): a 2B invoice and an
 * expense are the same document when
 *   - the supplier GSTIN is the same (2B `ctin` = expense.vendor.gstNumber, upper-cased),
 *   - the invoice numbers are the same after `cleanBillNo` (IC's get_cleaner_bill_no, each side
 *     cleaned with the financial year of its own date), compared without regard to case, and
 *   - both dates fall in the same financial year (April–March).
 * Pairs are made one to one, in date order. A pair is "matched" when taxable value, IGST, CGST
 * and SGST each differ by at most ₹1 (IC's hard-coded rounding tolerance) and 2B carries no cess
 * beyond ₹1 (expenses have no cess); otherwise "mismatch", with one line per differing field.
 * Unpaired 2B invoices are "missing_in_books", unpaired expenses "missing_in_2b".
 * IC's fuzzy bill-number rules (rapidfuzz ≥ 90) and its PAN-level rules are not implemented: a
 * typo in the number shows as one missing row on each side.
 *
 * Books side (IC: "purchase invoices posted in the period"): every expense passed may pair with
 * a 2B invoice, but an unpaired one is reported as "missing_in_2b" only when its booking date
 * (`expense.date`, India) falls in the reconciliation period — `period` if given, else 2B's own
 * `rtnprd`; `period: null` reports every unpaired expense. So passing all of a user's expenses
 * is fine: older bills a supplier filed late still pair, and other months stay out of the
 * result. Expenses without a vendor GSTIN cannot appear in 2B and are skipped.
 * Only `docdata.b2b` is read; credit notes (cdnr), amendments (b2ba, cdnra), ISD and imports are
 * ignored.
 */
import { z } from "zod";
import { dateProblem, formatInr, indianDateOf, isSafeText, toPaise, UNSAFE_TEXT_MESSAGE } from "../contract/index.ts";
import type { Expense, IndianDate, Paise } from "../contract/index.ts";
import { financialYearLongOf, financialYearOf, periodContains, returnPeriod } from "./period.ts";
import { fromPortalDate, portalAmountToPaise } from "./portal.ts";

// ---------------------------------------------------------------------------------------
// GSTR-2B JSON (GST.md §5.1): exactly the parts read here. Unknown fields are dropped, so what
// is stored of an upload is what reconciliation uses, and nothing else a file may carry.

/** The most one upload may hold: far above a small business's month, far below what would strain a worker. */
export const GSTR2B_MAX_SUPPLIERS = 2_000;
export const GSTR2B_MAX_INVOICES = 10_000;
/** Items in 2B are one per tax rate, so a handful per invoice. */
export const GSTR2B_MAX_ITEMS_PER_INVOICE = 100;
/** Amounts beyond ₹1 lakh crore are not an invoice of this product's users but a typing slip. */
const MAX_PORTAL_AMOUNT = 1e12;

function portalText(max: number, required?: string) {
  const base = required ? z.string({ error: required }).min(1, required) : z.string();
  return base.max(max, `Must be at most ${max} characters`).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

const portalNumber = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, "Expected a number")], { error: "Expected a number" })
  .refine((value) => Number.isFinite(Number(value)) && Math.abs(Number(value)) <= MAX_PORTAL_AMOUNT, "Amount out of range");
const optionalAmount = portalNumber.optional().nullable();

export const gstr2bItemSchema = z.object({
  txval: optionalAmount,
  igst: optionalAmount,
  cgst: optionalAmount,
  sgst: optionalAmount,
  cess: optionalAmount,
});

export const gstr2bInvoiceSchema = z.object({
  inum: portalText(100, "Invoice number (inum) is required"),
  dt: z
    .string({ error: "Invoice date (dt) is required" })
    .regex(/^\d{2}-\d{2}-\d{4}$/, { message: "Invoice date (dt) must be dd-mm-yyyy", abort: true })
    .refine((dt) => dateProblem(`${dt.slice(6)}-${dt.slice(3, 5)}-${dt.slice(0, 2)}`, "Invoice date (dt)") === null, "Invoice date (dt) must be a real date between 2000 and 2099"),
  val: portalNumber.optional().nullable(),
  rev: portalText(4).optional().nullable(),
  itcavl: portalText(4).optional().nullable(),
  /** Invoice-level totals, present in the portal's file next to `items`. */
  txval: optionalAmount,
  igst: optionalAmount,
  cgst: optionalAmount,
  sgst: optionalAmount,
  cess: optionalAmount,
  items: z.array(gstr2bItemSchema).max(GSTR2B_MAX_ITEMS_PER_INVOICE, `At most ${GSTR2B_MAX_ITEMS_PER_INVOICE} items per invoice`).optional().nullable(),
});

export const gstr2bSupplierSchema = z.object({
  ctin: portalText(20, "Supplier GSTIN (ctin) is required"),
  trdnm: portalText(200).optional().nullable(),
  inv: z.array(gstr2bInvoiceSchema).optional().default([]),
});

const gstr2bData = z.object({
  gstin: portalText(20).optional(),
  rtnprd: portalText(6).optional(),
  docdata: z
    .object({
      b2b: z
        .array(gstr2bSupplierSchema)
        .max(GSTR2B_MAX_SUPPLIERS, `A GSTR-2B upload may list at most ${GSTR2B_MAX_SUPPLIERS} suppliers`)
        .optional()
        .default([]),
    })
    .optional()
    .default({ b2b: [] }),
});

/**
 * The GSTR-2B JSON as downloaded: `{ chksum?, data: { gstin, rtnprd, docdata: { b2b: [...] } } }`.
 * The bare `data` object (without the wrapper) is accepted too, and so is this schema's own
 * output, so a stored parse reads back through it unchanged.
 */
export const gstr2bSchema = z.preprocess(
  (value) => (value !== null && typeof value === "object" && "data" in value ? (value as { data: unknown }).data : value),
  gstr2bData.refine((data) => countGstr2bInvoices(data) <= GSTR2B_MAX_INVOICES, {
    message: `A GSTR-2B upload may hold at most ${GSTR2B_MAX_INVOICES} invoices; upload the period in parts`,
    path: ["docdata", "b2b"],
  }),
);

export type Gstr2bParsed = z.output<typeof gstr2bSchema>;

export function countGstr2bInvoices(data: Pick<z.output<typeof gstr2bData>, "docdata">): number {
  return data.docdata.b2b.reduce((sum, supplier) => sum + supplier.inv.length, 0);
}

// ---------------------------------------------------------------------------------------
// Invoice-number normalisation (GST.md §5.3)

/**
 * India Compliance's `BaseUtil.get_cleaner_bill_no`, line for line: remove the financial-year
 * token (six spellings), turn "/" and "-" into spaces, collapse whitespace, strip leading
 * zeros. `fy` is IC's long form "2023-2024" (see financialYearLongOf). No upper-casing.
 *
 *   cleanBillNo("INV/2023-24/00123", "2023-2024") → "INV 00123"
 *   cleanBillNo("00045", "2023-2024")             → "45"
 */
export function cleanBillNo(billNo: string, fy: string): string {
  const [start = "", end = ""] = fy.split("-");
  const replaceList = [
    `${start}-${end}`,
    `${start}/${end}`,
    `${start}-${end.slice(2)}`,
    `${start}/${end.slice(2)}`,
    `${start.slice(2)}-${end.slice(2)}`,
    `${start.slice(2)}/${end.slice(2)}`,
    "/",
    "-",
  ];
  let inv = billNo;
  for (const token of replaceList) inv = inv.replaceAll(token, " ");
  return inv
    .split(/\s+/)
    .filter((part) => part !== "")
    .join(" ")
    .replace(/^0+/, "");
}

// ---------------------------------------------------------------------------------------

export type ReconciliationStatus = "matched" | "mismatch" | "missing_in_books" | "missing_in_2b";

export interface BookFigures {
  readonly taxable: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
}

export interface PortalFigures extends BookFigures {
  readonly cess: Paise;
  /** Invoice value `val` (taxable + tax), when 2B gives it. */
  readonly invoiceValue: Paise | null;
  /** 2B `itcavl`: "Y", "N", "T" (temporary), or null. */
  readonly itcAvailable: string | null;
  readonly reverseCharge: boolean;
}

export interface ReconciliationRow {
  readonly status: ReconciliationStatus;
  readonly supplierGstin: string;
  readonly supplierName: string | null;
  /** 2B's number when the row has a 2B side, else the books'. */
  readonly invoiceNumber: string;
  /** The books' number as entered, when the row has a books side. */
  readonly booksInvoiceNumber: string | null;
  /** India date "YYYY-MM-DD": 2B's when present, else the books'. */
  readonly invoiceDate: IndianDate;
  readonly financialYear: string;
  readonly expenseId?: string;
  readonly books?: BookFigures;
  readonly portal?: PortalFigures;
  /** Each field outside the ₹1 tolerance, with both values. Empty unless status is "mismatch". */
  readonly differences: readonly string[];
  /** Information that does not change the status: rounding differences within ₹1, dates, 2B's ITC flag. */
  readonly notes: readonly string[];
}

export interface ReconciliationSummary {
  readonly matched: number;
  readonly mismatch: number;
  readonly missing_in_books: number;
  readonly missing_in_2b: number;
  readonly total: number;
}

export interface ReconciliationResult {
  readonly rows: readonly ReconciliationRow[];
  readonly summary: ReconciliationSummary;
  /** 2B's own period (`rtnprd`), when given. */
  readonly returnPeriod: string | null;
  /** The period unpaired expenses were limited to, or null when all were reported. */
  readonly booksPeriod: string | null;
}

/** Differences up to ₹1 per head are rounding (IC `abs(a - b) <= 1`). */
export const RECONCILIATION_TOLERANCE_PAISE = 100;

interface PortalDoc {
  readonly supplierGstin: string;
  readonly supplierName: string | null;
  readonly number: string;
  readonly date: IndianDate;
  readonly fy: string;
  readonly key: string;
  readonly figures: PortalFigures;
}

interface BookDoc {
  readonly expense: Expense;
  readonly supplierGstin: string;
  readonly number: string;
  readonly date: IndianDate;
  readonly fy: string;
  readonly key: string | null;
  readonly figures: BookFigures;
}

function sumItems(items: ReadonlyArray<z.output<typeof gstr2bItemSchema>>, field: "txval" | "igst" | "cgst" | "sgst" | "cess"): Paise {
  return items.reduce((sum, item) => sum + portalAmountToPaise(item[field] ?? 0), 0);
}

function portalFigures(inv: z.output<typeof gstr2bInvoiceSchema>): PortalFigures {
  // Invoice-level totals when 2B gives them (IC reads those), else the sum of the items.
  const items = inv.items ?? [];
  const useInvoiceLevel = inv.txval !== undefined && inv.txval !== null;
  const pick = (field: "txval" | "igst" | "cgst" | "sgst" | "cess") =>
    useInvoiceLevel ? portalAmountToPaise(inv[field] ?? 0) : sumItems(items, field);
  return {
    taxable: pick("txval"),
    igst: pick("igst"),
    cgst: pick("cgst"),
    sgst: pick("sgst"),
    cess: pick("cess"),
    invoiceValue: inv.val === undefined || inv.val === null ? null : portalAmountToPaise(inv.val),
    itcAvailable: inv.itcavl ?? null,
    reverseCharge: inv.rev === "Y",
  };
}

/** Supplier GSTIN + financial year + cleaned number (upper-cased: "inv 12" and "INV 12" are one bill). */
function matchKey(gstin: string, number: string, date: IndianDate): string {
  const fy = financialYearLongOf(date);
  return `${gstin}|${fy}|${cleanBillNo(number, fy).toUpperCase()}`;
}

const FIELD_LABELS: ReadonlyArray<readonly [keyof BookFigures, string]> = [
  ["taxable", "Taxable value"],
  ["igst", "IGST"],
  ["cgst", "CGST"],
  ["sgst", "SGST"],
];

function compare(books: BookFigures, portal: PortalFigures): { differences: string[]; notes: string[] } {
  const differences: string[] = [];
  const notes: string[] = [];
  for (const [field, label] of FIELD_LABELS) {
    const gap = Math.abs(books[field] - portal[field]);
    const text = `${label}: books ${formatInr(books[field])}, 2B ${formatInr(portal[field])}`;
    if (gap > RECONCILIATION_TOLERANCE_PAISE) differences.push(text);
    else if (gap > 0) notes.push(`${text} (rounding difference within ₹1)`);
  }
  if (portal.cess > RECONCILIATION_TOLERANCE_PAISE) differences.push(`Cess: books ${formatInr(0)}, 2B ${formatInr(portal.cess)}`);
  else if (portal.cess > 0) notes.push(`Cess: books ${formatInr(0)}, 2B ${formatInr(portal.cess)} (rounding difference within ₹1)`);
  return { differences, notes };
}

function portalNotes(portal: PortalFigures): string[] {
  const notes: string[] = [];
  if (portal.itcAvailable === "N") notes.push("2B marks this invoice's ITC as not available (itcavl N)");
  if (portal.itcAvailable === "T") notes.push("2B marks this invoice's ITC as temporarily unavailable (itcavl T)");
  if (portal.reverseCharge) notes.push("2B marks this invoice as reverse charge: the tax is yours to pay in cash");
  return notes;
}

function byDate<T extends { date: IndianDate; number: string }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

export interface ReconcileInput {
  /** The downloaded GSTR-2B JSON (validated with `gstr2bSchema`; throws ZodError when it does not fit). */
  readonly gstr2b: unknown;
  readonly expenses: readonly Expense[];
  /**
   * "MMYYYY": only unpaired expenses booked in this period are reported as missing_in_2b.
   * Undefined → 2B's `rtnprd` (all expenses when 2B has none); null → all expenses.
   */
  readonly period?: string | null;
}

export function reconcilePurchases(input: ReconcileInput): ReconciliationResult {
  const data = gstr2bSchema.parse(input.gstr2b);
  const periodText = input.period === undefined ? (data.rtnprd ?? null) : input.period;
  const period = periodText === null ? null : returnPeriod(periodText);

  const portalDocs: PortalDoc[] = [];
  for (const supplier of data.docdata.b2b) {
    const gstin = supplier.ctin.trim().toUpperCase();
    for (const inv of supplier.inv) {
      const date = fromPortalDate(inv.dt);
      const fy = financialYearOf(date);
      portalDocs.push({
        supplierGstin: gstin,
        supplierName: supplier.trdnm ?? null,
        number: inv.inum,
        date,
        fy,
        key: matchKey(gstin, inv.inum, date),
        figures: portalFigures(inv),
      });
    }
  }

  const bookDocs: BookDoc[] = [];
  for (const expense of input.expenses) {
    const gstin = expense.vendor?.gstNumber?.trim().toUpperCase() ?? "";
    if (!gstin) continue;
    const date = indianDateOf(expense.vendorInvoiceDate ?? expense.date);
    const fy = financialYearOf(date);
    const number = expense.vendorInvoiceNumber?.trim() ?? "";
    bookDocs.push({
      expense,
      supplierGstin: gstin,
      number,
      date,
      fy,
      key: number ? matchKey(gstin, number, date) : null,
      figures: {
        taxable: toPaise(expense.amount),
        igst: toPaise(expense.igstAmount),
        cgst: toPaise(expense.cgstAmount),
        sgst: toPaise(expense.sgstAmount),
      },
    });
  }
  portalDocs.sort(byDate);
  bookDocs.sort(byDate);

  const unpairedBooks = new Map<string, BookDoc[]>();
  for (const doc of bookDocs) {
    if (!doc.key) continue;
    const list = unpairedBooks.get(doc.key);
    if (list) list.push(doc);
    else unpairedBooks.set(doc.key, [doc]);
  }
  const paired = new Set<BookDoc>();
  const rows: ReconciliationRow[] = [];

  for (const portal of portalDocs) {
    const book = unpairedBooks.get(portal.key)?.shift();
    const base = {
      supplierGstin: portal.supplierGstin,
      supplierName: portal.supplierName,
      invoiceNumber: portal.number,
      invoiceDate: portal.date,
      financialYear: portal.fy,
      portal: portal.figures,
    };
    if (!book) {
      rows.push({ ...base, status: "missing_in_books", booksInvoiceNumber: null, differences: [], notes: portalNotes(portal.figures) });
      continue;
    }
    paired.add(book);
    const { differences, notes } = compare(book.figures, portal.figures);
    if (book.date !== portal.date) notes.push(`Invoice date: books ${book.date}, 2B ${portal.date}`);
    if (book.number !== portal.number) notes.push(`Invoice number: books "${book.number}", 2B "${portal.number}" (same after normalisation)`);
    rows.push({
      ...base,
      status: differences.length === 0 ? "matched" : "mismatch",
      booksInvoiceNumber: book.number,
      expenseId: book.expense.id,
      books: book.figures,
      differences,
      notes: [...notes, ...portalNotes(portal.figures)],
    });
  }

  for (const book of bookDocs) {
    if (paired.has(book)) continue;
    if (period && !periodContains(period, book.expense.date)) continue;
    rows.push({
      status: "missing_in_2b",
      supplierGstin: book.supplierGstin,
      supplierName: book.expense.vendor?.name ?? null,
      invoiceNumber: book.number,
      booksInvoiceNumber: book.number,
      invoiceDate: book.date,
      financialYear: book.fy,
      expenseId: book.expense.id,
      books: book.figures,
      differences: [],
      notes: book.number ? [] : ["The expense has no vendor invoice number, so it cannot be matched"],
    });
  }

  const summary = { matched: 0, mismatch: 0, missing_in_books: 0, missing_in_2b: 0, total: rows.length };
  for (const row of rows) summary[row.status] += 1;
  return { rows, summary, returnPeriod: data.rtnprd ?? null, booksPeriod: period?.fp ?? null };
}

