/**
 * Issue 10: lists a business with thousands of documents can use. Every list (invoices,
 * expenses, products, customers, vendors) takes `?q&status&from&to&sort&limit&cursor` and its
 * own filters. With `limit` or `cursor` the answer is a {@link Page}; without both, SPEC's plain
 * array, filtered and sorted the same way.
 *
 * Paging is by keyset: the cursor names the last row's sort key and id, so a row created or
 * changed while someone pages never makes another row repeat or go missing.
 */
import { z } from "zod";
import { optionalDateField } from "./fields.ts";
import { EXPENSE_CATEGORIES } from "./expenses.ts";
import { PRODUCT_CATEGORIES } from "./products.ts";

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 25;

/** One page of a list; `total` counts every row the filters match, on all pages. */
export interface Page<T, S = undefined> {
  items: T[];
  /** null on the last page. */
  nextCursor: string | null;
  total: number;
  /** Issue 13: true when a filtered list matched more rows than were counted: `total` is then a floor ("1,000+"). */
  totalCapped?: boolean;
  /** The counters above the table, for the whole book (not the filters): see each summary type. */
  summary: S;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();

const common = {
  q: text("Search", 100),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(LIST_LIMIT_MAX, { error: `limit must be at most ${LIST_LIMIT_MAX}` })
    .optional(),
  cursor: text("cursor", 400),
};

/** Issue 12: ?limit&cursor of the lists with no filters of their own (notes, delivery challans, e-way bills), newest first. */
export const pageQuerySchema = z.object({ limit: common.limit, cursor: common.cursor });

const range = {
  from: optionalDateField("From date"),
  to: optionalDateField("To date"),
};

const sortOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `sort must be one of ${values.join(", ")}` }).optional();

const recordIdText = (label: string) => text(label, 64);

/** "unpaid": pending, partially paid and overdue together. */
export const INVOICE_LIST_STATUSES = ["pending", "partially_paid", "paid", "overdue", "cancelled", "unpaid"] as const;
export const INVOICE_SORTS = ["newest", "oldest", "date-desc", "date-asc", "due-asc", "amount-desc", "amount-asc", "customer-asc"] as const;
export const invoiceListQuerySchema = z.object({
  ...common,
  ...range,
  status: z.enum(INVOICE_LIST_STATUSES, { error: `status must be one of ${INVOICE_LIST_STATUSES.join(", ")}` }).optional(),
  customerId: recordIdText("customerId"),
  sort: sortOf(INVOICE_SORTS),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
/** Counts over every invoice of the business; `outstanding` is the sum of balances due. */
export interface InvoiceListSummary {
  count: number;
  paid: number;
  /** pending and partially paid */
  pending: number;
  overdue: number;
  cancelled: number;
  outstanding: string;
}

export const EXPENSE_SORTS = ["date-desc", "date-asc", "amount-desc", "amount-asc", "newest"] as const;
export const expenseListQuerySchema = z.object({
  ...common,
  ...range,
  category: z.enum(EXPENSE_CATEGORIES, { error: "category must be one of the expense categories" }).optional(),
  vendorId: recordIdText("vendorId"),
  sort: sortOf(EXPENSE_SORTS),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
/** Over every expense: amounts before GST, the GST paid, and this month's (Indian calendar) amount. */
export interface ExpenseListSummary {
  count: number;
  totalAmount: string;
  totalGst: string;
  thisMonthAmount: string;
  /** The categories that have expenses, in the form's order, with their count and base amount. */
  byCategory: { category: string; count: number; amount: string }[];
}

export const PRODUCT_LIST_STATUSES = ["active", "inactive", "low-stock", "out-of-stock"] as const;
export const PRODUCT_SORTS = ["newest", "name-asc", "stock-asc", "price-desc", "price-asc"] as const;
export const productListQuerySchema = z.object({
  ...common,
  status: z.enum(PRODUCT_LIST_STATUSES, { error: `status must be one of ${PRODUCT_LIST_STATUSES.join(", ")}` }).optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: "category must be one of the product categories" }).optional(),
  sort: sortOf(PRODUCT_SORTS),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** Over every product: low stock as GET /products/low-stock counts it, stock value = price × stock. */
export interface ProductListSummary {
  count: number;
  lowStock: number;
  stockValue: string;
}

export const PARTY_SORTS = ["newest", "name-asc"] as const;
export const partyListQuerySchema = z.object({
  ...common,
  archived: z.enum(["true", "false", "all"], { error: "archived must be true, false or all" }).optional(),
  sort: sortOf(PARTY_SORTS),
});
export type PartyListQuery = z.infer<typeof partyListQuerySchema>;
/** Over the live (not archived) customers. */
export interface CustomerListSummary {
  count: number;
  withCreditLimit: number;
  totalCreditLimit: string;
}
/** Over the live (not archived) vendors. */
export interface VendorListSummary {
  count: number;
  gstRegistered: number;
}
