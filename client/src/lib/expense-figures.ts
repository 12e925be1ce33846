import { EXPENSE_CATEGORIES, indianDateOf, toPaise } from "@bahi/shared/contract";
import type { Expense, Paise } from "@bahi/shared/contract";

function paiseOf(amount: string | null | undefined): Paise {
  try {
    return toPaise(amount ?? "");
  } catch {
    return 0;
  }
}

/** A supplier's credit note takes its amount back off; a bill or debit note adds (s.34). */
function signedPaise(expense: Pick<Expense, "documentType">, amount: string | null | undefined): Paise {
  const paise = paiseOf(amount);
  return expense.documentType === "credit_note" ? -paise : paise;
}

function monthOf(date: string): string | null {
  try {
    return indianDateOf(date).slice(0, 7);
  } catch {
    return null;
  }
}

export interface ExpenseCounters {
  /** Sum of the base amounts (SPEC §2: total expenses is the sum of expense amounts). */
  totalPaise: Paise;
  count: number;
  gstPaise: Paise;
  /** Base amounts of the expenses dated in this Indian calendar month and year. */
  thisMonthPaise: Paise;
}

/** The Expenses page's four counters, in exact paise. */
export function expenseCounters(expenses: readonly Expense[], today: Date): ExpenseCounters {
  const thisMonth = indianDateOf(today).slice(0, 7);
  let totalPaise = 0;
  let gstPaise = 0;
  let thisMonthPaise = 0;
  for (const expense of expenses) {
    const amount = signedPaise(expense, expense.amount);
    totalPaise += amount;
    gstPaise += signedPaise(expense, expense.gstAmount);
    if (monthOf(expense.date) === thisMonth) thisMonthPaise += amount;
  }
  return { totalPaise, count: expenses.length, gstPaise, thisMonthPaise };
}

export interface CategoryTotal {
  category: string;
  count: number;
  totalPaise: Paise;
}

/** Categories that have expenses, in the form's order (any unknown category last), with count and sum. */
export function expenseCategoryTotals(expenses: readonly Expense[]): CategoryTotal[] {
  const totals = new Map<string, CategoryTotal>();
  for (const expense of expenses) {
    const entry = totals.get(expense.category) ?? { category: expense.category, count: 0, totalPaise: 0 };
    entry.count += 1;
    entry.totalPaise += signedPaise(expense, expense.amount);
    totals.set(expense.category, entry);
  }
  const order = (category: string) => {
    const index = (EXPENSE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? EXPENSE_CATEGORIES.length : index;
  };
  return [...totals.values()].sort((a, b) => order(a.category) - order(b.category) || a.category.localeCompare(b.category));
}

/** "IGST", "CGST + SGST", or null when the expense carries no GST. */
export function expenseTaxHeads(expense: Pick<Expense, "igstAmount" | "cgstAmount" | "sgstAmount">): string | null {
  if (paiseOf(expense.igstAmount) > 0) return "IGST";
  if (paiseOf(expense.cgstAmount) > 0 || paiseOf(expense.sgstAmount) > 0) return "CGST + SGST";
  return null;
}
