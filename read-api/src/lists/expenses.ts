/**
 * Issue 10: GET /api/expenses with search, filters, sort and keyset paging. The counters are the
 * Expenses page's four, over every expense: a supplier's credit note counts negative (s.34).
 */
import {
  EXPENSE_CATEGORIES,
  expenseListQuerySchema,
  formatPaise,
  indianDateOf,
  LIST_LIMIT_DEFAULT,
  toPaise,
  type Expense,
  type ExpenseListQuery,
  type ExpenseListSummary,
  type Page,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore } from "@bahi/shared/server";
import { checkRange, listAnswer, matcher, type SortSpecs } from "./page.ts";

type ExpenseSort = NonNullable<ExpenseListQuery["sort"]>;

const dayOf = (date: string): string => {
  try {
    return indianDateOf(date);
  } catch {
    return date;
  }
};

/** A credit note takes its amount back off; a bill or debit note adds. */
function signedPaise(expense: Pick<Expense, "documentType">, amount: string | null | undefined): number {
  let paise: number;
  try {
    paise = toPaise(amount ?? "");
  } catch {
    paise = 0;
  }
  return expense.documentType === "credit_note" ? -paise : paise;
}

const dated = (dir: "asc" | "desc") => ({ of: (e: Expense) => dayOf(e.date), type: "string", dir }) as const;
const created = (dir: "asc" | "desc") => ({ of: (e: Expense) => e.createdAt, type: "string", dir }) as const;
const amount = (dir: "asc" | "desc") => ({ of: (e: Expense) => signedPaise(e, e.amount), type: "number", dir }) as const;

export const EXPENSE_SORT_SPECS: SortSpecs<Expense, ExpenseSort> = {
  "date-desc": [dated("desc"), created("desc")],
  "date-asc": [dated("asc"), created("asc")],
  "amount-desc": [amount("desc"), dated("desc"), created("desc")],
  "amount-asc": [amount("asc"), dated("desc"), created("desc")],
  newest: [created("desc")],
};

/** Base amounts, their GST, this Indian month's base amounts and each category's, over every expense. */
export function expenseSummary(expenses: readonly Expense[], now: Date): ExpenseListSummary {
  const thisMonth = indianDateOf(now).slice(0, 7);
  let total = 0;
  let gst = 0;
  let month = 0;
  const categories = new Map<string, { count: number; paise: number }>();
  for (const expense of expenses) {
    const paise = signedPaise(expense, expense.amount);
    total += paise;
    gst += signedPaise(expense, expense.gstAmount);
    if (dayOf(expense.date).slice(0, 7) === thisMonth) month += paise;
    const category = categories.get(expense.category) ?? { count: 0, paise: 0 };
    categories.set(expense.category, { count: category.count + 1, paise: category.paise + paise });
  }
  const order = (category: string) => {
    const index = (EXPENSE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? EXPENSE_CATEGORIES.length : index;
  };
  const byCategory = [...categories]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([category, { count, paise }]) => ({ category, count, amount: formatPaise(paise) }));
  return { count: expenses.length, totalAmount: formatPaise(total), totalGst: formatPaise(gst), thisMonthAmount: formatPaise(month), byCategory };
}

export async function expenseList(readStore: ReadStore, userId: string, rawQuery: unknown, now: Date): Promise<Expense[] | Page<Expense, ExpenseListSummary>> {
  const query = expenseListQuerySchema.parse(rawQuery);
  checkRange(query);
  const all = await readStore.list<Expense>(collections.expenses, userId);
  const has = matcher(query.q);
  const vendorId = query.vendorId?.toLowerCase();
  const rows = all.filter((expense) => {
    if (query.category && expense.category !== query.category) return false;
    if (vendorId && expense.vendorId?.toLowerCase() !== vendorId) return false;
    const day = dayOf(expense.date);
    if (query.from && day < query.from) return false;
    if (query.to && day > query.to) return false;
    return has(expense.description, expense.vendor?.name, expense.category, expense.vendorInvoiceNumber, expense.selfInvoiceNumber);
  });
  return listAnswer(rows, EXPENSE_SORT_SPECS, query.sort ?? "date-desc", query, () => expenseSummary(all, now), LIST_LIMIT_DEFAULT);
}
