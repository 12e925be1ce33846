/**
 * Issue 10: the aging of receivables, GET /api/reports/aging?asOf=YYYY-MM-DD.
 *
 * Buckets (see shared/src/contract/aging.ts): "Not due" while asOf is on or before the due date;
 * "0–30" holds invoices 1 to 30 days past due (day 0, the due date, is not overdue yet); then
 * 31–60, 61–90 and 90+ (91 days and more). The amount is each invoice's balance due
 * (withBalance: net of credit/debit notes and payments); paid and cancelled invoices owe nothing
 * and are left out. An invoice without a due date is due on its issue date. asOf defaults to
 * today in India by the clock.
 */
import { Router } from "express";
import {
  AGING_BUCKETS,
  agingBucketOf,
  agingQuerySchema,
  formatPaise,
  indianDateOf,
  toPaise,
  withBalance,
  type AgingBucketKey,
  type AgingCustomerRow,
  type AgingInvoiceRow,
  type AgingReport,
  type Invoice,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import { requireUserId, type ReadStore, type SessionCodec } from "@bahi/shared/server";

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

/** Every status but paid and cancelled: what buildAging looks at. */
const OWING = ["pending", "partially_paid", "overdue"];

/** The aging of `invoices` (one business's) on the day `asOf`. */
export function buildAging(invoices: Invoice[], asOf: string): AgingReport {
  const rows: (AgingInvoiceRow & { balancePaise: number })[] = [];
  for (const invoice of invoices) {
    if (invoice.status === "cancelled" || invoice.status === "paid") continue;
    const balancePaise = toPaise(withBalance(invoice).balanceDue);
    if (balancePaise <= 0) continue;
    // Stored as sent (a date or an ISO instant): the day it falls on in India.
    const dueDate = indianDateOf(invoice.dueDate ?? invoice.issueDate);
    const daysPastDue = dayNumber(asOf) - dayNumber(dueDate);
    rows.push({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      customerName: invoice.customer.name,
      dueDate,
      daysPastDue,
      balanceDue: formatPaise(balancePaise),
      total: invoice.netTotal ?? invoice.total,
      bucket: agingBucketOf(daysPastDue),
      balancePaise,
    });
  }
  rows.sort((a, b) => b.daysPastDue - a.daysPastDue || (a.invoiceNumber < b.invoiceNumber ? -1 : a.invoiceNumber > b.invoiceNumber ? 1 : 0));

  const bucketPaise = new Map<AgingBucketKey, { paise: number; count: number }>(AGING_BUCKETS.map((b) => [b.key, { paise: 0, count: 0 }]));
  const byCustomer = new Map<string, { name: string; paise: Record<AgingBucketKey, number> }>();
  for (const row of rows) {
    const bucket = bucketPaise.get(row.bucket)!;
    bucket.paise += row.balancePaise;
    bucket.count += 1;
    const customer = byCustomer.get(row.customerId) ?? { name: row.customerName, paise: { notDue: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 } };
    customer.paise[row.bucket] += row.balancePaise;
    byCustomer.set(row.customerId, customer);
  }
  const customers: (AgingCustomerRow & { totalPaise: number })[] = [...byCustomer].map(([customerId, { name, paise }]) => {
    const totalPaise = paise.notDue + paise.d0_30 + paise.d31_60 + paise.d61_90 + paise.d90plus;
    return {
      customerId,
      name,
      notDue: formatPaise(paise.notDue),
      d0_30: formatPaise(paise.d0_30),
      d31_60: formatPaise(paise.d31_60),
      d61_90: formatPaise(paise.d61_90),
      d90plus: formatPaise(paise.d90plus),
      total: formatPaise(totalPaise),
      totalPaise,
    };
  });
  customers.sort((a, b) => b.totalPaise - a.totalPaise || a.name.localeCompare(b.name));

  return {
    asOf,
    buckets: AGING_BUCKETS.map(({ key, label }) => ({ key, label, amount: formatPaise(bucketPaise.get(key)!.paise), count: bucketPaise.get(key)!.count })),
    total: formatPaise(rows.reduce((sum, row) => sum + row.balancePaise, 0)),
    customers: customers.map(({ totalPaise: _, ...row }) => row),
    invoices: rows.map(({ balancePaise: _, ...row }) => row),
  };
}

/** GET /reports/aging, mounted under /api. */
export function agingRoutes(deps: { readStore: ReadStore; sessions: SessionCodec; clock: () => Date }): Router {
  const router = Router();
  router.get("/aging", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const { asOf = indianDateOf(deps.clock()) } = agingQuerySchema.parse(req.query);
    // Issue 12: only invoices that can still owe anything, through the owner's status index.
    const open = await deps.readStore.page<Invoice>(collections.invoices, userId, { where: { status: OWING } });
    res.json(
      buildAging(
        open.map((row) => row.data),
        asOf,
      ),
    );
  });
  return router;
}
