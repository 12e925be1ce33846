import { indianDateOf, type RecentInvoice } from "@bahi/shared/contract";
import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, type DashboardDocument } from "@bahi/shared/read-models";

const RECENT = 5;


const monthOf = (date: string) => indianDateOf(date).slice(0, 7);

function empty(userId: string): DashboardDocument {
  return { userId, salesByMonth: {}, outstandingPaise: 0, expensesByMonth: {}, expensesByMonthAndCategory: {}, recentInvoices: [] };
}

/** Adds (or, negative, takes back) an expense's base amount in its month and category. */
function addExpense(doc: DashboardDocument, date: string, category: string, amountPaise: number): DashboardDocument {
  const month = monthOf(date);
  const byCategory = { ...(doc.expensesByMonthAndCategory[month] ?? {}) };
  byCategory[category] = (byCategory[category] ?? 0) + amountPaise;
  if (byCategory[category] === 0) delete byCategory[category];
  return {
    ...doc,
    expensesByMonth: { ...doc.expensesByMonth, [month]: (doc.expensesByMonth[month] ?? 0) + amountPaise },
    expensesByMonthAndCategory: { ...doc.expensesByMonthAndCategory, [month]: byCategory },
  };
}

/** Adds (or, negative, takes back) an invoice's taxable value in its month; a month at zero is dropped. */
function addSale(doc: DashboardDocument, date: string, subtotalPaise: number): DashboardDocument {
  const month = monthOf(date);
  const salesByMonth = { ...doc.salesByMonth, [month]: (doc.salesByMonth[month] ?? 0) + subtotalPaise };
  if (salesByMonth[month] === 0) delete salesByMonth[month];
  return { ...doc, salesByMonth };
}

/** A supplier's credit note takes its amount back off the expenses; a bill or debit note adds (s.34). */
const signed = (amountPaise: number, documentType: string | undefined) => (documentType === "credit_note" ? -amountPaise : amountPaise);

export const dashboardProjection: Projection<DashboardDocument> = {
  collection: collections.dashboards,
  handles: ["InvoiceCreated", "InvoiceMarkedPaid", "InvoiceStatusChanged", "InvoiceBecameOverdue", "InvoiceRevised", "InvoiceCancelled", "ExpenseRecorded", "ExpenseUpdated", "ExpenseDeleted"],
  documentIds(event) {
    switch (event.type) {
      case "InvoiceCreated":
      case "InvoiceMarkedPaid":
      case "InvoiceStatusChanged":
      case "InvoiceBecameOverdue":
      case "InvoiceRevised":
      case "InvoiceCancelled":
      case "ExpenseRecorded":
      case "ExpenseUpdated":
      case "ExpenseDeleted":
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
          // Sales are taxable values: the GST collected is owed to the government, not income (issue 8).
          salesByMonth: { ...doc.salesByMonth, [month]: (doc.salesByMonth[month] ?? 0) + d.subtotalPaise },
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
      case "InvoiceBecameOverdue": {
        const doc = current ?? empty(event.data.ownerId);
        return { ...doc, recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: "overdue" } : r)) };
      }
      // Only unpaid invoices change, so their whole total is outstanding before and after.
      case "InvoiceRevised": {
        const d = event.data;
        const doc = addSale(current ?? empty(d.ownerId), d.previous.issueDate, -d.previous.subtotalPaise);
        return {
          ...addSale(doc, d.issueDate, d.subtotalPaise),
          outstandingPaise: doc.outstandingPaise - d.previous.totalPaise + d.totalPaise,
          recentInvoices: doc.recentInvoices.map((r) => (r.id === d.invoiceId ? { ...r, customer: { name: d.customer.name }, total: formatPaise(d.totalPaise), issueDate: d.issueDate } : r)),
        };
      }
      case "InvoiceCancelled": {
        const d = event.data;
        const doc = addSale(current ?? empty(d.ownerId), d.previous.issueDate, -d.previous.subtotalPaise);
        return {
          ...doc,
          outstandingPaise: doc.outstandingPaise - d.previous.totalPaise,
          recentInvoices: doc.recentInvoices.map((r) => (r.id === d.invoiceId ? { ...r, status: "cancelled" } : r)),
        };
      }
      case "ExpenseRecorded": {
        const d = event.data;
        return addExpense(current ?? empty(d.ownerId), d.date, d.category, signed(d.amountPaise, d.documentType));
      }
      case "ExpenseUpdated": {
        const d = event.data;
        const doc = addExpense(current ?? empty(d.ownerId), d.previous.date, d.previous.category, -signed(d.previous.amountPaise, d.previous.documentType));
        return addExpense(doc, d.date, d.category, signed(d.amountPaise, d.documentType));
      }
      case "ExpenseDeleted": {
        const d = event.data;
        return addExpense(current ?? empty(d.ownerId), d.previous.date, d.previous.category, -signed(d.previous.amountPaise, d.previous.documentType));
      }
      default:
        return current;
    }
  },
  ownerOf: (doc) => doc.userId,
};
