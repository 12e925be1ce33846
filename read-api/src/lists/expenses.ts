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
  type Expense,
  type ExpenseListQuery,
  type ExpenseListSummary,
  type Page,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";
import { checkRange, dayRange, listAnswer, searchOf, type ListFilters } from "./page.ts";

type ExpenseSort = NonNullable<ExpenseListQuery["sort"]>;
type Tally = Readonly<Record<string, TallyBucket>>;

/**
 * Base amounts, their GST, this Indian month's base amounts and each category's, over every
 * expense, from the expenses' tallies by category and by month (a supplier's credit note counts
 * negative, s.34).
 */
export function expenseSummary(byCategory: Tally, byMonth: Tally, now: Date): ExpenseListSummary {
  const thisMonth = indianDateOf(now).slice(0, 7);
  const sum = (tally: Tally, name: string) => Object.values(tally).reduce((total, bucket) => total + (bucket.sums[name] ?? 0), 0);
  const order = (category: string) => {
    const index = (EXPENSE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? EXPENSE_CATEGORIES.length : index;
  };
  const categories = Object.entries(byCategory)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([category, bucket]) => ({ category, count: bucket.count, amount: formatPaise(bucket.sums.amount ?? 0) }));
  return {
    count: Object.values(byCategory).reduce((total, bucket) => total + bucket.count, 0),
    totalAmount: formatPaise(sum(byCategory, "amount")),
    totalGst: formatPaise(sum(byMonth, "gst")),
    thisMonthAmount: formatPaise(byMonth[thisMonth]?.sums.amount ?? 0),
    byCategory: categories,
  };
}

export async function expenseList(readStore: ReadStore, userId: string, rawQuery: unknown, now: Date): Promise<Expense[] | Page<Expense, ExpenseListSummary>> {
  const query = expenseListQuerySchema.parse(rawQuery);
  checkRange(query);
  const filters: ListFilters = {
    where: {
      ...(query.category ? { category: query.category } : {}),
      ...(query.vendorId ? { vendorId: query.vendorId.toLowerCase() } : {}),
    },
    range: dayRange("day", query),
    search: searchOf(query.q),
  };
  return listAnswer<Expense, ExpenseListSummary>(readStore, {
    collection: collections.expenses,
    ownerId: userId,
    order: query.sort ?? ("date-desc" satisfies ExpenseSort),
    filters,
    request: query,
    defaultLimit: LIST_LIMIT_DEFAULT,
    summary: async () => {
      const [byCategory, byMonth] = await Promise.all([readStore.tally(collections.expenses, userId, "byCategory"), readStore.tally(collections.expenses, userId, "byMonth")]);
      return expenseSummary(byCategory, byMonth, now);
    },
    countAll: (summary) => summary.count,
  });
}
