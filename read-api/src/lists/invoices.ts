/**
 * Issue 10: GET /api/invoices with search, filters, sort and keyset paging. The counters come
 * from the whole book; outstanding is outstandingPaiseOf, as on the dashboard and in aging.
 */
import {
  formatPaise,
  indianDateOf,
  invoiceListQuerySchema,
  LIST_LIMIT_DEFAULT,
  outstandingPaiseOf,
  toPaise,
  withBalance,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceListSummary,
  type Page,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore } from "@bahi/shared/server";
import { checkRange, listAnswer, matcher, type SortSpecs } from "./page.ts";

type InvoiceSort = NonNullable<InvoiceListQuery["sort"]>;

const dayOf = (date: string): string => {
  try {
    return indianDateOf(date);
  } catch {
    return date;
  }
};
const paiseOf = (amount: string): number => {
  try {
    return toPaise(amount);
  } catch {
    return 0;
  }
};

const created = (dir: "asc" | "desc") => ({ of: (i: Invoice) => i.createdAt, type: "string", dir }) as const;
const issued = (dir: "asc" | "desc") => ({ of: (i: Invoice) => dayOf(i.issueDate), type: "string", dir }) as const;
const amount = (dir: "asc" | "desc") => ({ of: (i: Invoice) => paiseOf(i.total), type: "number", dir }) as const;

export const INVOICE_SORT_SPECS: SortSpecs<Invoice, InvoiceSort> = {
  newest: [created("desc")],
  oldest: [created("asc")],
  "date-desc": [issued("desc"), created("desc")],
  "date-asc": [issued("asc"), created("asc")],
  // No due date (due on receipt): after every dated one.
  "due-asc": [{ of: (i) => (i.dueDate ? dayOf(i.dueDate) : null), type: "string", dir: "asc" }, issued("asc"), created("asc")],
  "amount-desc": [amount("desc"), created("desc")],
  "amount-asc": [amount("asc"), created("desc")],
  "customer-asc": [{ of: (i) => i.customer.name, type: "text", dir: "asc" }, issued("desc"), created("desc")],
};

const UNPAID = new Set(["pending", "partially_paid", "overdue"]);

/** The counters above the table: every invoice of the business, whatever the filters. */
export function invoiceSummary(invoices: readonly Invoice[]): InvoiceListSummary {
  const count = (...statuses: string[]) => invoices.filter((i) => statuses.includes(i.status)).length;
  return {
    count: invoices.length,
    paid: count("paid"),
    pending: count("pending", "partially_paid"),
    overdue: count("overdue"),
    cancelled: count("cancelled"),
    outstanding: formatPaise(outstandingPaiseOf(invoices)),
  };
}

export async function invoiceList(readStore: ReadStore, userId: string, rawQuery: unknown): Promise<Invoice[] | Page<Invoice, InvoiceListSummary>> {
  const query = invoiceListQuerySchema.parse(rawQuery);
  checkRange(query);
  const all = (await readStore.list<Invoice>(collections.invoices, userId)).map(withBalance);
  const has = matcher(query.q);
  const customerId = query.customerId?.toLowerCase();
  const rows = all.filter((invoice) => {
    if (query.status === "unpaid" ? !UNPAID.has(invoice.status) : query.status && invoice.status !== query.status) return false;
    if (customerId && invoice.customerId.toLowerCase() !== customerId) return false;
    const day = dayOf(invoice.issueDate);
    if (query.from && day < query.from) return false;
    if (query.to && day > query.to) return false;
    return has(invoice.invoiceNumber, invoice.customer.name, invoice.customer.gstNumber);
  });
  return listAnswer(rows, INVOICE_SORT_SPECS, query.sort ?? "newest", query, () => invoiceSummary(all), LIST_LIMIT_DEFAULT);
}
