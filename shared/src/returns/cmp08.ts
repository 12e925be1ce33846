/**
 * Issue 9: CMP-08, the quarterly statement-cum-challan a composition taxpayer files instead of
 * GSTR-1 and GSTR-3B (CGST Rule 62(1)(i), due the 18th of the month after the quarter).
 *
 * Table 3 of the form, as Bahi can fill it from its books:
 * - row 1, outward supplies (including exempt supplies): the value of the quarter's bills of
 *   supply issued as a composition taxpayer, net of credit notes and plus debit notes against
 *   them; the tax is Rule 7's rate on that turnover, half CGST and half SGST/UTGST
 *   (COMPOSITION_RATES). A trader pays on taxable supplies only (exempt and nil-rated left out);
 *   non-GST supplies are outside GST for every kind;
 * - row 2, inward supplies attracting reverse charge: the tax the business itself owes on its
 *   reverse-charge purchases of the quarter (s.9(3)/(4)), head by head;
 * - row 4, the tax payable: rows 1 and 2 together. Composition taxpayers claim no ITC (s.10(4)),
 *   so all of it is paid in cash.
 *
 * Amounts are paise inside and two-decimal strings in `cmp08Wire`. Pure: the caller loads the books.
 */
import {
  COMPOSITION_RATES,
  formatPaise,
  indianDateOf,
  roundHalfUp,
  toPaise,
  type CompositionCategory,
  type Expense,
  type Invoice,
  type ProductTaxability,
} from "../contract/index.ts";
import { noteReportingPeriod, type SalesNoteForReturn } from "./notes.ts";

export interface Cmp08Quarter {
  /** "2026-27" */
  readonly financialYear: string;
  /** 1: April–June, 2: July–September, 3: October–December, 4: January–March. */
  readonly quarter: 1 | 2 | 3 | 4;
}

export interface Cmp08Heads {
  readonly valuePaise: number;
  readonly igstPaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly cessPaise: number;
}

export interface Cmp08 extends Cmp08Quarter {
  /** The three "MMYYYY" periods of the quarter, in order. */
  readonly periods: readonly string[];
  /** "April–June 2026" */
  readonly label: string;
  /** "YYYY-MM-DD": the 18th of the month after the quarter (Rule 62(1)(i)). */
  readonly dueDate: string;
  readonly category: CompositionCategory;
  /** The whole Rule 7 rate in basis points (100 = 1%) and where it comes from. */
  readonly rateBasisPoints: number;
  readonly rateSource: string;
  /** Bills of supply counted (cancelled ones are not). */
  readonly bills: number;
  /** The turnover the rate applies to (a trader's taxable supplies; everyone else's whole turnover in the State). */
  readonly taxableTurnoverPaise: number;
  /** Table 3 row 1: outward supplies including exempt ones, and the composition tax on them. */
  readonly outward: Cmp08Heads;
  /** Table 3 row 2: inward supplies attracting reverse charge, and the tax owed on them. */
  readonly reverseCharge: Cmp08Heads;
  /** Table 3 row 4: the tax payable (rows 1 + 2), all in cash: a composition taxpayer has no ITC. */
  readonly payable: Omit<Cmp08Heads, "valuePaise">;
}

const QUARTER_NAMES = ["April–June", "July–September", "October–December", "January–March"] as const;
const FY_PATTERN = /^(\d{4})-(\d{2})$/;

/** The quarter's "MMYYYY" periods; throws on a malformed financial year or quarter. */
export function cmp08Periods({ financialYear, quarter }: Cmp08Quarter): string[] {
  const match = FY_PATTERN.exec(financialYear);
  const start = match ? Number(match[1]) : NaN;
  if (!match || (start + 1) % 100 !== Number(match[2])) throw new RangeError(`Financial year must look like 2026-27: ${financialYear}`);
  if (![1, 2, 3, 4].includes(quarter)) throw new RangeError(`Quarter must be 1, 2, 3 or 4: ${quarter}`);
  const firstMonth = 4 + (quarter - 1) * 3; // 4, 7, 10, 13 (= January of the next year)
  return [0, 1, 2].map((offset) => {
    const month = firstMonth + offset;
    const year = month > 12 ? start + 1 : start;
    return `${String(((month - 1) % 12) + 1).padStart(2, "0")}${year}`;
  });
}

/** The quarter a date (India) falls in. */
export function cmp08QuarterOf(date: string | Date): Cmp08Quarter {
  const day = indianDateOf(date);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return { financialYear: `${start}-${String((start + 1) % 100).padStart(2, "0")}`, quarter };
}

/** Whether a line counts towards the turnover the rate applies to. */
function taxedAtCompositionRate(category: CompositionCategory, taxability: ProductTaxability | undefined): boolean {
  if (taxability === "nonGst") return false;
  return COMPOSITION_RATES[category].base === "turnover" || taxability === undefined || taxability === "taxable";
}

/** The period a document is reported in: its own, else its date's. */
function periodOf(document: { reportingPeriod?: string; issueDate: string }): string {
  if (document.reportingPeriod) return document.reportingPeriod;
  const day = indianDateOf(document.issueDate);
  return `${day.slice(5, 7)}${day.slice(0, 4)}`;
}

export interface Cmp08Books {
  readonly invoices: readonly Invoice[];
  readonly notes?: readonly Pick<SalesNoteForReturn, "kind" | "issueDate" | "items" | "reportingPeriod">[];
  readonly expenses: readonly Expense[];
}

export function computeCmp08(books: Cmp08Books, quarter: Cmp08Quarter, category: CompositionCategory): Cmp08 {
  const periods = cmp08Periods(quarter);
  const inQuarter = new Set(periods);
  const rate = COMPOSITION_RATES[category];

  // Bills of supply issued as a composition taxpayer; cancelled ones never happened (Table 13 lists them).
  const bills = books.invoices.filter((invoice) => invoice.supplierRegistration === "Composition" && invoice.status !== "cancelled" && inQuarter.has(periodOf(invoice)));
  const compositionBills = new Map(books.invoices.filter((invoice) => invoice.supplierRegistration === "Composition").map((invoice) => [invoice.id, invoice]));
  let valuePaise = 0;
  let basePaise = 0;
  for (const bill of bills) {
    for (const item of bill.items) {
      const taxable = toPaise(item.taxableValue);
      valuePaise += taxable;
      if (taxedAtCompositionRate(category, item.taxability)) basePaise += taxable;
    }
  }
  // Credit notes lower and debit notes raise the quarter they are issued in (s.34), line by line.
  for (const note of books.notes ?? []) {
    if (!inQuarter.has(noteReportingPeriod(note))) continue;
    const sign = note.kind === "credit" ? -1 : 1;
    for (const line of note.items) {
      const bill = compositionBills.get(line.invoiceId);
      if (!bill) continue;
      const taxable = sign * toPaise(line.taxableValue);
      valuePaise += taxable;
      const taxability = bill.items.find((item) => item.productId === line.productId)?.taxability;
      if (taxedAtCompositionRate(category, taxability)) basePaise += taxable;
    }
  }
  const half = rate.rateBasisPoints / 2;
  const outwardTax = roundHalfUp(basePaise * half, 10_000);
  const outward: Cmp08Heads = { valuePaise, igstPaise: 0, cgstPaise: outwardTax, sgstPaise: outwardTax, cessPaise: 0 };

  // Reverse-charge purchases: the business pays the supplier's tax itself (a note against one adjusts it).
  const rcm = books.expenses.filter((expense) => expense.reverseCharge && inQuarter.has(expense.reportingPeriod));
  const sum = (pick: (expense: Expense) => string) => rcm.reduce((total, expense) => total + (expense.documentType === "credit_note" ? -1 : 1) * toPaise(pick(expense)), 0);
  const reverseCharge: Cmp08Heads = {
    valuePaise: sum((e) => e.amount),
    igstPaise: sum((e) => e.igstAmount),
    cgstPaise: sum((e) => e.cgstAmount),
    sgstPaise: sum((e) => e.sgstAmount),
    cessPaise: 0,
  };

  const [first] = periods;
  const last = periods[2]!;
  const dueMonth = Number(last.slice(0, 2)) === 12 ? 1 : Number(last.slice(0, 2)) + 1;
  const dueYear = Number(last.slice(0, 2)) === 12 ? Number(last.slice(2)) + 1 : Number(last.slice(2));
  return {
    ...quarter,
    periods,
    label: `${QUARTER_NAMES[quarter.quarter - 1]} ${first!.slice(2)}`,
    dueDate: `${dueYear}-${String(dueMonth).padStart(2, "0")}-18`,
    category,
    rateBasisPoints: rate.rateBasisPoints,
    rateSource: rate.source,
    bills: bills.length,
    taxableTurnoverPaise: basePaise,
    outward,
    reverseCharge,
    payable: {
      igstPaise: outward.igstPaise + reverseCharge.igstPaise,
      cgstPaise: outward.cgstPaise + reverseCharge.cgstPaise,
      sgstPaise: outward.sgstPaise + reverseCharge.sgstPaise,
      cessPaise: outward.cessPaise + reverseCharge.cessPaise,
    },
  };
}

const headsWire = (heads: Omit<Cmp08Heads, "valuePaise"> & { valuePaise?: number }) => ({
  ...(heads.valuePaise === undefined ? {} : { value: formatPaise(heads.valuePaise) }),
  igst: formatPaise(heads.igstPaise),
  cgst: formatPaise(heads.cgstPaise),
  sgst: formatPaise(heads.sgstPaise),
  cess: formatPaise(heads.cessPaise),
});

/** The statement as the API answers it: money as two-decimal strings, the rate in percent. */
export function cmp08Wire(statement: Cmp08) {
  return {
    financialYear: statement.financialYear,
    quarter: statement.quarter,
    periods: statement.periods,
    label: statement.label,
    dueDate: statement.dueDate,
    category: statement.category,
    rate: String(statement.rateBasisPoints / 100),
    rateSource: statement.rateSource,
    bills: statement.bills,
    taxableTurnover: formatPaise(statement.taxableTurnoverPaise),
    outward: headsWire(statement.outward),
    reverseCharge: headsWire(statement.reverseCharge),
    payable: headsWire(statement.payable),
    totalPayable: formatPaise(statement.payable.igstPaise + statement.payable.cgstPaise + statement.payable.sgstPaise + statement.payable.cessPaise),
  };
}
export type Cmp08Wire = ReturnType<typeof cmp08Wire>;

const RETURN_NAMES = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" } as const;

/**
 * Why a business does not file GSTR-1 or GSTR-3B, or null when it does: a composition
 * taxpayer files CMP-08 each quarter instead (Rule 62), an unregistered business files nothing.
 */
export function monthlyReturnNotApplicable(gstCategory: string | null | undefined, returnType: keyof typeof RETURN_NAMES): string | null {
  const name = RETURN_NAMES[returnType];
  if (gstCategory === "Composition") return `A composition business does not file ${name}: it files CMP-08 every quarter instead (GST page)`;
  if (gstCategory === "Unregistered") return `Your business is not registered for GST, so it files no ${name}. Add your GSTIN and GST category in Settings once you register`;
  return null;
}
