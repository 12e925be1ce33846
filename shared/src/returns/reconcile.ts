/**
 * Purchase reconciliation: the purchase documents in the books against one GSTR-2B
 * (GST.md §5, after India Compliance's purchase reconciliation tool, `__init__.py`).
 *
 * Groups: bills (and debit notes not found among 2B's notes) pair with b2b/b2ba invoices;
 * credit notes with cdnr/cdnra notes of type C; debit notes with type D. ISD documents and
 * bills of entry (isd, impg) are listed as missing_in_books and never paired: Bahi books no
 * ISD invoices or bills of entry.
 *
 * Within a group IC's rules run in order, each over every supplier (GST.md §5.2): the seven
 * GSTIN rules (supplier GSTIN equal), then the four PAN rules (same PAN, another GSTIN; total
 * GST instead of per-head tax). First rule that fits pairs the two and takes both out of the
 * pool. Residual rules also need bill dates at most 10 days apart; IC saves them as Mismatch.
 *   - bill number "exact": equal after `cleanBillNo`, ignoring case. IC compares the raw text;
 *     Bahi's users type a supplier's number with their own separators, and the cleaned number
 *     is the document's identity everywhere else here, so a re-spelt number is not a "suggestion".
 *   - "fuzzy": both numbers present, dates ≤ 10 days apart, and fuzzball's partial_ratio = 100
 *     or WRatio ≥ 90 on the cleaned numbers (IC: rapidfuzz partial_ratio / extractOne).
 *   - "rounding": |books − 2B| ≤ ₹1 per head (IC's hard-coded tolerance).
 *   - place of supply compared when both sides know it.
 *
 * Decisions (the user's, ReconciliationMatchDecided): an accepted pair is paired before the
 * rules run (IC's manual match) and claimable whatever its status; a rejected pair keeps both
 * sides out of matching, so the bill shows as missing_in_2b and the 2B document as
 * missing_in_books. The latest decision on a pair wins.
 *
 * Books side: every expense passed may pair, but an unpaired one is reported as missing_in_2b
 * only when it is reported in the reconciliation period (`reportingPeriod`, else the period of
 * its date) and recorded under this GSTIN (or before GSTINs were recorded). Expenses without a
 * vendor GSTIN, or not taxable (nil, exempt, non-GST: GSTR-1 table 8, not B2B), cannot appear
 * in 2B and are skipped.
 */
import { WRatio, partial_ratio } from "fuzzball";
import { formatPaise, indianDateOf, toPaise } from "../contract/index.ts";
import type { Expense, IndianDate, Paise } from "../contract/index.ts";
import { documentsOf2b, gstr2bSchema, type PortalDoc, type PortalKind } from "./gstr2b.ts";
import { financialYearLongOf, financialYearOf, returnPeriod, returnPeriodOf } from "./period.ts";
import { daysBetween } from "./portal.ts";

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
// Types

export type ReconciliationStatus = "exact_match" | "suggested_match" | "mismatch" | "missing_in_books" | "missing_in_2b";
export type DecisionValue = "accepted" | "rejected";

/** One ReconciliationMatchDecided, as the engine reads it. */
export interface ReconciliationDecision {
  readonly expenseId: string;
  readonly portalKey: string;
  readonly decision: DecisionValue;
  readonly decidedAt?: string;
}

/** The books' side of a row, paise. */
export interface BooksSide {
  readonly expenseId: string;
  readonly documentType: "bill" | "credit_note" | "debit_note";
  readonly number: string;
  readonly date: IndianDate;
  readonly taxable: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
}

export interface Difference {
  readonly field: "supplierGstin" | "companyGstin" | "number" | "pos" | "reverseCharge" | "taxable" | "igst" | "cgst" | "sgst" | "cess";
  /** Money as "0.00"; other fields as text. */
  readonly books: string | null;
  readonly portal: string | null;
}

export interface ReconciliationRow {
  /** The 2B document's key when the row has one, else `expense:${expenseId}`. */
  readonly key: string;
  readonly status: ReconciliationStatus;
  readonly decision: DecisionValue | null;
  readonly kind: PortalKind | null;
  readonly supplierGstin: string;
  readonly supplierName: string | null;
  readonly portal: PortalDoc | null;
  readonly books: BooksSide | null;
  /** Every field on which the two sides differ (money: any difference, ₹1 or less too). */
  readonly differences: readonly Difference[];
  readonly notes: readonly string[];
}

export interface ReconciliationSummary {
  readonly exact_match: number;
  readonly suggested_match: number;
  readonly mismatch: number;
  readonly missing_in_books: number;
  readonly missing_in_2b: number;
  readonly total: number;
  /** exact_match + accepted (the pairs whose ITC may be claimed). */
  readonly matched: number;
}

export interface ReconciliationResult {
  readonly rows: readonly ReconciliationRow[];
  readonly summary: ReconciliationSummary;
  /** 2B's own period (`rtnprd`), when given. */
  readonly returnPeriod: string | null;
  /** The period unpaired expenses were limited to, or null when all were reported. */
  readonly booksPeriod: string | null;
  /** The GSTIN the 2B is for. */
  readonly gstin: string | null;
}

/** A purchase document as reconciliation reads it: H1's issue-8 fields optional, so older expenses read. */
export type ReconcilableExpense = Expense & {
  readonly documentType?: "bill" | "credit_note" | "debit_note";
  readonly taxability?: "taxable" | "nil" | "exempt" | "non-gst";
  readonly reverseCharge?: boolean;
  readonly reportingPeriod?: string | null;
  readonly recipientGstin?: string | null;
  readonly businessStateCode?: string | null;
};

export interface ReconcileInput {
  /** The GSTR-2B JSON (validated with `gstr2bSchema`; throws ZodError when it does not fit). */
  readonly gstr2b: unknown;
  readonly expenses: readonly ReconcilableExpense[];
  /**
   * "MMYYYY": only unpaired expenses reported in this period are reported as missing_in_2b.
   * Undefined → 2B's `rtnprd` (all expenses when 2B has none); null → all expenses.
   */
  readonly period?: string | null;
  readonly decisions?: readonly ReconciliationDecision[];
  /** The business's GSTIN; default the 2B's `gstin`. */
  readonly businessGstin?: string | null;
}

/** Differences up to ₹1 per head are rounding (IC `abs(a - b) <= 1`). */
export const RECONCILIATION_TOLERANCE_PAISE = 100;
/** IC: fuzzy bill numbers and residual matches need bill dates at most this many days apart. */
export const RECONCILIATION_MAX_DAYS_APART = 10;

// ---------------------------------------------------------------------------------------
// Rules (IC GSTIN_RULES, PAN_RULES)

type Field = "fy" | "supplierGstin" | "pan" | "companyGstin" | "billNo" | "pos" | "reverseCharge" | "taxable" | "igst" | "cgst" | "sgst" | "cess" | "totalGst";
type Test = "exact" | "fuzzy" | "rounding";
interface MatchRule {
  readonly status: "exact_match" | "suggested_match" | "mismatch";
  /** IC's Residual Match: no bill-number test, dates ≤ 10 days apart; saved as Mismatch. */
  readonly residual?: boolean;
  readonly fields: Partial<Record<Field, Test>>;
}

const HEADS_EXACT = { taxable: "exact", cgst: "exact", sgst: "exact", igst: "exact", cess: "exact" } as const;
const HEADS_ROUNDING = { taxable: "rounding", cgst: "rounding", sgst: "rounding", igst: "rounding", cess: "rounding" } as const;
const TOTAL_ROUNDING = { taxable: "rounding", totalGst: "rounding", cess: "rounding" } as const;
const SAME = { fy: "exact", supplierGstin: "exact" } as const;

const GSTIN_RULES: readonly MatchRule[] = [
  { status: "exact_match", fields: { ...SAME, companyGstin: "exact", billNo: "exact", pos: "exact", reverseCharge: "exact", ...HEADS_EXACT } },
  { status: "suggested_match", fields: { ...SAME, companyGstin: "exact", billNo: "fuzzy", pos: "exact", reverseCharge: "exact", ...HEADS_EXACT } },
  { status: "suggested_match", fields: { ...SAME, companyGstin: "exact", billNo: "exact", pos: "exact", reverseCharge: "exact", ...HEADS_ROUNDING } },
  { status: "suggested_match", fields: { ...SAME, companyGstin: "exact", billNo: "fuzzy", pos: "exact", reverseCharge: "exact", ...HEADS_ROUNDING } },
  { status: "mismatch", fields: { ...SAME, billNo: "exact" } },
  { status: "mismatch", fields: { ...SAME, billNo: "fuzzy" } },
  { status: "mismatch", residual: true, fields: { ...SAME, companyGstin: "exact", pos: "exact", reverseCharge: "exact", ...HEADS_ROUNDING } },
];

const PAN = { fy: "exact", pan: "exact" } as const;
const PAN_RULES: readonly MatchRule[] = [
  // The same bill under another GSTIN of the supplier's PAN: a suggestion for the user to accept
  // (issue 8 asks for it; IC rates it a mismatch). The looser PAN rules stay mismatches.
  { status: "suggested_match", fields: { ...PAN, companyGstin: "exact", billNo: "exact", pos: "exact", reverseCharge: "exact", ...TOTAL_ROUNDING } },
  { status: "mismatch", fields: { ...PAN, companyGstin: "exact", billNo: "fuzzy", pos: "exact", reverseCharge: "exact", ...TOTAL_ROUNDING } },
  // IC's third PAN rule has COMPANY_GSTIN: MISMATCH, which its is_field_matching never passes: a dead rule, left out.
  { status: "mismatch", residual: true, fields: { ...PAN, companyGstin: "exact", pos: "exact", reverseCharge: "exact", ...TOTAL_ROUNDING } },
];

type Group = "invoice" | "credit" | "debit";

interface Book {
  readonly side: BooksSide;
  readonly supplierGstin: string;
  readonly supplierName: string | null;
  readonly fy: string;
  readonly cleaned: string;
  readonly companyGstin: string | null;
  readonly pos: string | null;
  readonly reverseCharge: boolean;
  readonly groups: readonly Group[];
  /** Reported as missing_in_2b when unpaired. */
  readonly reportable: boolean;
}

interface Portal {
  readonly doc: PortalDoc;
  readonly fy: string;
  readonly cleaned: string;
  readonly companyGstin: string | null;
  readonly group: Group | null;
}

const panOf = (gstin: string) => gstin.slice(2, -3);
const totalGst = (x: { igst: Paise; cgst: Paise; sgst: Paise }) => x.igst + x.cgst + x.sgst;
const withinDays = (a: IndianDate, b: IndianDate) => Math.abs(daysBetween(a, b)) <= RECONCILIATION_MAX_DAYS_APART;

/** IC `fuzzy_match`: partial_ratio 100 (one contains the other) or WRatio ≥ 90, dates ≤ 10 days apart. */
export function fuzzyBillNumbersMatch(a: { number: string; date: IndianDate }, b: { number: string; date: IndianDate }): boolean {
  if (!a.number.trim() || !b.number.trim()) return false;
  if (!withinDays(a.date, b.date)) return false;
  const x = cleanBillNo(a.number, financialYearLongOf(a.date));
  const y = cleanBillNo(b.number, financialYearLongOf(b.date));
  return partial_ratio(x, y) === 100 || WRatio(x, y) >= 90;
}

function fieldMatches(book: Book, portal: Portal, field: Field, test: Test): boolean {
  const b = book.side;
  const p = portal.doc;
  switch (field) {
    case "fy":
      return book.fy === portal.fy;
    case "supplierGstin":
      return book.supplierGstin === p.supplierGstin;
    case "pan":
      return panOf(book.supplierGstin) === panOf(p.supplierGstin);
    case "companyGstin":
      // Unknown on either side (an upload or a bill from before GSTINs were recorded): not compared.
      return book.companyGstin === null || portal.companyGstin === null || book.companyGstin === portal.companyGstin;
    case "billNo":
      if (test === "fuzzy") return fuzzyBillNumbersMatch(b, p);
      return book.cleaned !== "" && book.cleaned === portal.cleaned;
    case "pos":
      return book.pos === null || p.pos === null || book.pos === p.pos;
    case "reverseCharge":
      return book.reverseCharge === p.reverseCharge;
    case "totalGst":
      return Math.abs(totalGst(b) - totalGst(p)) <= RECONCILIATION_TOLERANCE_PAISE;
    default: {
      const gap = Math.abs(b[field] - p[field]);
      return test === "exact" ? gap === 0 : gap <= RECONCILIATION_TOLERANCE_PAISE;
    }
  }
}

function ruleFits(rule: MatchRule, book: Book, portal: Portal): boolean {
  if (rule.residual && !withinDays(book.side.date, portal.doc.date)) return false;
  for (const [field, test] of Object.entries(rule.fields) as [Field, Test][]) if (!fieldMatches(book, portal, field, test)) return false;
  return true;
}

/** The status IC's rules give a pair the user linked; a pair no rule fits is a mismatch. */
function statusOfPair(book: Book, portal: Portal): MatchRule["status"] {
  const rules = book.supplierGstin === portal.doc.supplierGstin ? GSTIN_RULES : PAN_RULES;
  return rules.find((rule) => ruleFits(rule, book, portal))?.status ?? "mismatch";
}

// ---------------------------------------------------------------------------------------

function byDate<T extends { date: IndianDate; number: string }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

function differencesOf(book: Book, portal: Portal): { differences: Difference[]; notes: string[] } {
  const b = book.side;
  const p = portal.doc;
  const differences: Difference[] = [];
  const notes: string[] = [];
  if (book.supplierGstin !== p.supplierGstin) {
    differences.push({ field: "supplierGstin", books: book.supplierGstin, portal: p.supplierGstin });
    notes.push("Same supplier PAN, another GSTIN: check which registration billed you");
  }
  if (book.companyGstin !== null && portal.companyGstin !== null && book.companyGstin !== portal.companyGstin) {
    differences.push({ field: "companyGstin", books: book.companyGstin, portal: portal.companyGstin });
    notes.push("The bill was recorded under another GSTIN of yours than the one this GSTR-2B is for");
  }
  if (book.cleaned !== portal.cleaned) differences.push({ field: "number", books: b.number, portal: p.number });
  else if (b.number !== p.number) notes.push(`Invoice number: books "${b.number}", 2B "${p.number}" (same after normalisation)`);
  if (b.date !== p.date) notes.push(`Invoice date: books ${b.date}, 2B ${p.date}`);
  if (book.pos !== null && p.pos !== null && book.pos !== p.pos) differences.push({ field: "pos", books: book.pos, portal: p.pos });
  if (book.reverseCharge !== p.reverseCharge) differences.push({ field: "reverseCharge", books: book.reverseCharge ? "Y" : "N", portal: p.reverseCharge ? "Y" : "N" });
  let rounding = false;
  for (const field of ["taxable", "igst", "cgst", "sgst", "cess"] as const) {
    const gap = Math.abs(b[field] - p[field]);
    if (gap === 0) continue;
    differences.push({ field, books: formatPaise(b[field]), portal: formatPaise(p[field]) });
    if (gap <= RECONCILIATION_TOLERANCE_PAISE) rounding = true;
  }
  if (rounding) notes.push("Rounding difference: some amounts differ by ₹1 or less");
  return { differences, notes };
}

const REASONS: Record<string, string> = {
  P: "POS and supplier state are same but recipient state is different",
  C: "Return filed post annual cut-off",
};

function portalNotes(p: PortalDoc): string[] {
  const notes: string[] = [];
  if (!p.itcAvailable) notes.push(`2B marks this document's ITC as not available${p.reason && REASONS[p.reason] ? `: ${REASONS[p.reason]}` : ""}`);
  if (p.reverseCharge) notes.push("2B marks this document as reverse charge: the tax is yours to pay in cash");
  if (p.originalNumber) notes.push(`Amends ${p.kind === "cdnra" ? "note" : "invoice"} ${p.originalNumber}`);
  if (p.kind === "isd") notes.push("ITC distributed by an Input Service Distributor: Bahi does not book ISD documents, so it is not claimed here");
  if (p.kind === "impg") notes.push("IGST paid on import (bill of entry): Bahi does not book bills of entry, so it is not claimed here");
  return notes;
}

function booksFrom(expenses: readonly ReconcilableExpense[], period: string | null, businessGstin: string | null): Book[] {
  const books: Book[] = [];
  const businessState = businessGstin ? businessGstin.slice(0, 2) : null;
  for (const expense of expenses) {
    const supplierGstin = expense.vendor?.gstNumber?.trim().toUpperCase() ?? "";
    if (!supplierGstin) continue;
    if ((expense.taxability ?? "taxable") !== "taxable") continue;
    const documentType = expense.documentType ?? "bill";
    const date = indianDateOf(expense.vendorInvoiceDate ?? expense.date);
    const number = expense.vendorInvoiceNumber?.trim() ?? "";
    const reportedIn = expense.reportingPeriod ?? returnPeriodOf(expense.date);
    const companyGstin = expense.recipientGstin?.toUpperCase() ?? businessGstin;
    books.push({
      side: {
        expenseId: expense.id,
        documentType,
        number,
        date,
        taxable: toPaise(expense.amount),
        igst: toPaise(expense.igstAmount),
        cgst: toPaise(expense.cgstAmount),
        sgst: toPaise(expense.sgstAmount),
        cess: 0,
      },
      supplierGstin,
      supplierName: expense.vendor?.name ?? null,
      fy: financialYearOf(date),
      cleaned: cleanBillNo(number, financialYearLongOf(date)).toUpperCase(),
      companyGstin,
      pos: expense.placeOfSupply ?? expense.businessStateCode ?? businessState,
      reverseCharge: expense.reverseCharge ?? false,
      groups: documentType === "credit_note" ? ["credit"] : documentType === "debit_note" ? ["debit", "invoice"] : ["invoice"],
      reportable: (period === null || reportedIn === period) && (companyGstin === businessGstin || expense.recipientGstin == null),
    });
  }
  return books.sort((a, b) => byDate(a.side, b.side));
}

function groupOf(doc: PortalDoc): Group | null {
  if (doc.kind === "b2b" || doc.kind === "b2ba") return "invoice";
  if (doc.kind === "cdnr" || doc.kind === "cdnra") return doc.noteType === "C" ? "credit" : "debit";
  return null;
}

/** Runs `rules` in order over the unpaired books and 2B documents of `group`, bucketed by `bucket`. */
function runRules(
  rules: readonly MatchRule[],
  group: Group,
  books: readonly Book[],
  portals: readonly Portal[],
  bucket: (gstin: string) => string,
  pairs: Map<Book, { portal: Portal; status: MatchRule["status"] }>,
  used: Set<Portal>,
): void {
  const byBucket = new Map<string, Portal[]>();
  for (const portal of portals) {
    if (portal.group !== group) continue;
    const key = bucket(portal.doc.supplierGstin);
    const list = byBucket.get(key);
    if (list) list.push(portal);
    else byBucket.set(key, [portal]);
  }
  for (const rule of rules) {
    for (const book of books) {
      if (pairs.has(book) || !book.groups.includes(group)) continue;
      const candidates = byBucket.get(bucket(book.supplierGstin));
      const portal = candidates?.find((candidate) => !used.has(candidate) && ruleFits(rule, book, candidate));
      if (!portal) continue;
      pairs.set(book, { portal, status: rule.status });
      used.add(portal);
    }
  }
}

export function reconcilePurchases(input: ReconcileInput): ReconciliationResult {
  const data = gstr2bSchema.parse(input.gstr2b);
  const periodText = input.period === undefined ? (data.rtnprd ?? null) : input.period;
  const period = periodText === null ? null : returnPeriod(periodText).fp;
  const businessGstin = (input.businessGstin ?? data.gstin ?? null)?.trim().toUpperCase() ?? null;
  const portalGstin = data.gstin?.trim().toUpperCase() ?? businessGstin;

  const portals: Portal[] = documentsOf2b(data)
    .sort(byDate)
    .map((doc) => ({
      doc,
      fy: financialYearOf(doc.date),
      cleaned: cleanBillNo(doc.number, financialYearLongOf(doc.date)).toUpperCase(),
      companyGstin: portalGstin,
      group: groupOf(doc),
    }));
  const books = booksFrom(input.expenses, period, businessGstin);

  const latest = new Map<string, ReconciliationDecision>();
  for (const decision of input.decisions ?? []) latest.set(`${decision.expenseId}\u0000${decision.portalKey}`, decision);
  const bookById = new Map(books.map((book) => [book.side.expenseId, book]));
  const portalByKey = new Map(portals.map((portal) => [portal.doc.key, portal]));

  const pairs = new Map<Book, { portal: Portal; status: MatchRule["status"] }>();
  const used = new Set<Portal>();
  const accepted = new Set<Book>();
  const rejected = new Map<Book | Portal, string>();
  // Accepted pairs first (the user's link stands), then rejections take their two sides out of the pool.
  for (const decision of latest.values()) {
    if (decision.decision !== "accepted") continue;
    const book = bookById.get(decision.expenseId);
    const portal = portalByKey.get(decision.portalKey);
    if (!book || !portal || pairs.has(book) || used.has(portal)) continue;
    if (portal.group === null || !book.groups.includes(portal.group) || panOf(book.supplierGstin) !== panOf(portal.doc.supplierGstin)) continue;
    pairs.set(book, { portal, status: statusOfPair(book, portal) });
    used.add(portal);
    accepted.add(book);
  }
  for (const decision of latest.values()) {
    if (decision.decision !== "rejected") continue;
    const book = bookById.get(decision.expenseId);
    const portal = portalByKey.get(decision.portalKey);
    if (!book || !portal || pairs.has(book) || used.has(portal)) continue;
    rejected.set(book, `You rejected pairing this bill with 2B document ${portal.doc.number}`);
    rejected.set(portal, `You rejected pairing this document with the bill ${book.side.number || "(no number)"}`);
  }
  const pool = books.filter((book) => !rejected.has(book));
  const portalPool = portals.filter((portal) => !rejected.has(portal));
  // Notes first: a debit note is looked for among 2B's notes before its invoices.
  for (const group of ["credit", "debit", "invoice"] as const) {
    runRules(GSTIN_RULES, group, pool, portalPool, (gstin) => gstin, pairs, used);
    runRules(PAN_RULES, group, pool, portalPool, panOf, pairs, used);
  }

  const pairOfPortal = new Map<Portal, Book>();
  for (const [book, pair] of pairs) pairOfPortal.set(pair.portal, book);
  const rows: ReconciliationRow[] = [];
  for (const portal of portals) {
    const p = portal.doc;
    const book = pairOfPortal.get(portal);
    if (!book) {
      const note = rejected.get(portal);
      rows.push({
        key: p.key,
        status: "missing_in_books",
        decision: note ? "rejected" : null,
        kind: p.kind,
        supplierGstin: p.supplierGstin,
        supplierName: p.supplierName,
        portal: p,
        books: null,
        differences: [],
        notes: [...(note ? [note] : []), ...portalNotes(p)],
      });
      continue;
    }
    const { differences, notes } = differencesOf(book, portal);
    rows.push({
      key: p.key,
      status: pairs.get(book)!.status,
      decision: accepted.has(book) ? "accepted" : null,
      kind: p.kind,
      supplierGstin: p.supplierGstin,
      supplierName: p.supplierName ?? book.supplierName,
      portal: p,
      books: book.side,
      differences,
      notes: [...notes, ...portalNotes(p)],
    });
  }
  for (const book of books) {
    if (pairs.has(book) || !book.reportable) continue;
    const note = rejected.get(book);
    const notes = note ? [note] : [];
    if (!book.side.number) notes.push("The bill has no supplier invoice number, so it can be matched only on its amounts");
    rows.push({
      key: `expense:${book.side.expenseId}`,
      status: "missing_in_2b",
      decision: note ? "rejected" : null,
      kind: null,
      supplierGstin: book.supplierGstin,
      supplierName: book.supplierName,
      portal: null,
      books: book.side,
      differences: [],
      notes,
    });
  }

  const counts = { exact_match: 0, suggested_match: 0, mismatch: 0, missing_in_books: 0, missing_in_2b: 0 };
  for (const row of rows) counts[row.status] += 1;
  const matched = rows.filter((row) => row.status === "exact_match" || (row.decision === "accepted" && row.books && row.portal)).length;
  return { rows, summary: { ...counts, total: rows.length, matched }, returnPeriod: data.rtnprd ?? null, booksPeriod: period, gstin: portalGstin };
}
