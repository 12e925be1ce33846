/**
 * Issue 10: GET /api/invoices with search, filters, sort and keyset paging. The counters come
 * from the whole book; outstanding is outstandingPaiseOf, as on the dashboard and in aging.
 */
import {
  formatPaise,
  invoiceListQuerySchema,
  LIST_LIMIT_DEFAULT,
  withBalance,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceListSummary,
  type Page,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";
import { checkRange, dayRange, listAnswer, searchOf, type ListFilters } from "./page.ts";

type InvoiceSort = NonNullable<InvoiceListQuery["sort"]>;

const UNPAID = ["pending", "partially_paid", "overdue"];

/**
 * The counters above the table, over every invoice of the business whatever the filters, from
 * the invoices' tally by status: outstanding is the sum of the balances due (outstandingPaiseOf's
 * sum, kept as each invoice is written), the dashboard's and aging's figure.
 */
export function invoiceSummary(byStatus: Readonly<Record<string, TallyBucket>>): InvoiceListSummary {
  const count = (...statuses: string[]) => statuses.reduce((sum, status) => sum + (byStatus[status]?.count ?? 0), 0);
  const outstanding = Object.values(byStatus).reduce((sum, bucket) => sum + (bucket.sums.balance ?? 0), 0);
  return {
    count: Object.values(byStatus).reduce((sum, bucket) => sum + bucket.count, 0),
    paid: count("paid"),
    pending: count("pending", "partially_paid"),
    overdue: count("overdue"),
    cancelled: count("cancelled"),
    outstanding: formatPaise(outstanding),
  };
}

/** What customers owe the business: the tally's sum of balances due. */
export async function outstandingPaise(readStore: ReadStore, userId: string): Promise<number> {
  const byStatus = await readStore.tally(collections.invoices, userId, "byStatus");
  return Object.values(byStatus).reduce((sum, bucket) => sum + (bucket.sums.balance ?? 0), 0);
}

export async function invoiceList(readStore: ReadStore, userId: string, rawQuery: unknown): Promise<Invoice[] | Page<Invoice, InvoiceListSummary>> {
  const query = invoiceListQuerySchema.parse(rawQuery);
  checkRange(query);
  const filters: ListFilters = {
    where: {
      ...(query.status === "unpaid" ? { status: UNPAID } : query.status ? { status: query.status } : {}),
      ...(query.customerId ? { customerId: query.customerId.toLowerCase() } : {}),
    },
    range: dayRange("issueDay", query),
    search: searchOf(query.q),
  };
  return listAnswer<Invoice, InvoiceListSummary>(readStore, {
    collection: collections.invoices,
    ownerId: userId,
    order: query.sort ?? ("newest" satisfies InvoiceSort),
    filters,
    request: query,
    defaultLimit: LIST_LIMIT_DEFAULT,
    summary: async () => invoiceSummary(await readStore.tally(collections.invoices, userId, "byStatus")),
    countAll: (summary) => summary.count,
    show: withBalance,
  });
}
