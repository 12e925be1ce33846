/**
 * Issue 10: the aging of receivables (GET /api/reports/aging?asOf=YYYY-MM-DD).
 *
 * Every invoice with a balance due (cancelled and paid ones owe nothing) is bucketed by the days
 * its due date lies before `asOf` (an invoice without a due date is due on its issue date):
 * - "notDue": asOf on or before the due date (0 days past due);
 * - "d0_30": 1 to 30 days past due. The issue names it "0–30" and so does the label; day 0 is
 *   the due date itself, which is not yet overdue, so it stays in "Not due";
 * - "d31_60", "d61_90": 31–60 and 61–90 days past due; "d90plus": 91 days and more.
 */
import { z } from "zod";

export const AGING_BUCKETS = [
  { key: "notDue", label: "Not due" },
  { key: "d0_30", label: "0–30 days" },
  { key: "d31_60", label: "31–60 days" },
  { key: "d61_90", label: "61–90 days" },
  { key: "d90plus", label: "90+ days" },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]["key"];

/** The bucket of an invoice `daysPastDue` days past its due date (0 or less: not due). */
export function agingBucketOf(daysPastDue: number): AgingBucketKey {
  if (daysPastDue <= 0) return "notDue";
  if (daysPastDue <= 30) return "d0_30";
  if (daysPastDue <= 60) return "d31_60";
  if (daysPastDue <= 90) return "d61_90";
  return "d90plus";
}

/** ?asOf=: a calendar date; absent: today in India. */
export const agingQuerySchema = z.object({
  asOf: z
    .string({ error: "asOf must be a date like 2026-03-31" })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), "asOf must be a date like 2026-03-31")
    .optional(),
});

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2099 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export interface AgingBucket {
  key: AgingBucketKey;
  label: string;
  /** Balance due in the bucket, "1234.50". */
  amount: string;
  count: number;
}

export interface AgingCustomerRow {
  customerId: string;
  name: string;
  notDue: string;
  d0_30: string;
  d31_60: string;
  d61_90: string;
  d90plus: string;
  total: string;
}

export interface AgingInvoiceRow {
  id: string;
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  /** The due date, or the issue date for an invoice without one. */
  dueDate: string;
  /** Days from the due date to asOf; 0 or less: not due yet. */
  daysPastDue: number;
  balanceDue: string;
  total: string;
  bucket: AgingBucketKey;
}

export interface AgingReport {
  asOf: string;
  buckets: AgingBucket[];
  total: string;
  /** Customers owing something, largest total first. */
  customers: AgingCustomerRow[];
  /** Invoices with a balance due, most overdue first. */
  invoices: AgingInvoiceRow[];
}
