import { indianDateOf, type RecentInvoice } from "@bahi/shared/contract";
import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";

export const DASHBOARDS = "dashboards";
const RECENT = 5;

/**
 * One document per business with every figure the dashboard shows, kept up to date event
 * by event, so reading the dashboard costs one document fetch however long the history.
 * Months are Indian calendar months ("2026-06"); money is paise.
 */
export interface DashboardDocument {
  userId: string;
  salesByMonth: Record<string, number>;
  /** Unpaid invoice totals: created minus paid. */
  outstandingPaise: number;
  expensesByMonth: Record<string, number>;
  expensesByMonthAndCategory: Record<string, Record<string, number>>;
  recentInvoices: RecentInvoice[];
}

const monthOf = (date: string) => indianDateOf(date).slice(0, 7);

function empty(userId: string): DashboardDocument {
  return { userId, salesByMonth: {}, outstandingPaise: 0, expensesByMonth: {}, expensesByMonthAndCategory: {}, recentInvoices: [] };
}

export const dashboardProjection: Projection<DashboardDocument> = {
  collection: DASHBOARDS,
  handles: ["InvoiceCreated", "InvoiceMarkedPaid", "InvoiceStatusChanged"],
  documentIds(event) {
    switch (event.type) {
      case "InvoiceCreated":
      case "InvoiceMarkedPaid":
      case "InvoiceStatusChanged":
        return [event.data.ownerId];
      default:
        return [];
    }
  },
  evolve(current, event) {
    switch (event.type) {
      case "InvoiceCreated": {
        const d = event.data;
        const doc = current ?? empty(d.ownerId);
        const month = monthOf(d.issueDate);
        const recent: RecentInvoice = {
          id: d.invoiceId,
          invoiceNumber: d.invoiceNumber,
          customer: { name: d.customer.name },
          total: formatPaise(d.totalPaise),
          status: "pending",
          issueDate: d.issueDate,
        };
        return {
          ...doc,
          salesByMonth: { ...doc.salesByMonth, [month]: (doc.salesByMonth[month] ?? 0) + d.totalPaise },
          outstandingPaise: doc.outstandingPaise + d.totalPaise,
          recentInvoices: [recent, ...doc.recentInvoices].slice(0, RECENT),
        };
      }
      case "InvoiceMarkedPaid": {
        const doc = current ?? empty(event.data.ownerId);
        return {
          ...doc,
          outstandingPaise: doc.outstandingPaise - event.data.amountPaise,
          recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: "paid" } : r)),
        };
      }
      case "InvoiceStatusChanged": {
        const doc = current ?? empty(event.data.ownerId);
        return { ...doc, recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: event.data.to } : r)) };
      }
      default:
        return current;
    }
  },
  ownerOf: (doc) => doc.userId,
};
