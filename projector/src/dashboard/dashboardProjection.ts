import { indianDateOf, type RecentInvoice } from "@bahi/shared/contract";
import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, type DashboardDocument } from "@bahi/shared/read-models";
import { paymentReceived } from "./payments.ts";

const RECENT = 5;

const monthOf = (date: string) => indianDateOf(date).slice(0, 7);

function empty(userId: string): DashboardDocument {
  return { userId, salesByMonth: {}, expensesByMonth: {}, expensesByMonthAndCategory: {}, recentInvoices: [] };
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
  handles: [
    "InvoiceCreated",
    "InvoiceMarkedPaid",
    "InvoicePaymentRecorded",
    "InvoiceStatusChanged",
    "InvoiceBecameOverdue",
    "InvoiceRevised",
    "InvoiceCancelled",
    "ExpenseRecorded",
    "ExpenseUpdated",
    "ExpenseDeleted",
    "SalesNoteIssued",
  ],
  documentIds(event) {
    switch (event.type) {
      case "InvoiceCreated":
      case "InvoiceMarkedPaid":
      case "InvoicePaymentRecorded":
      case "InvoiceStatusChanged":
      case "InvoiceBecameOverdue":
      case "InvoiceRevised":
      case "InvoiceCancelled":
      case "ExpenseRecorded":
      case "ExpenseUpdated":
      case "ExpenseDeleted":
      case "SalesNoteIssued":
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
          recentInvoices: [recent, ...doc.recentInvoices].slice(0, RECENT),
        };
      }
      case "InvoiceMarkedPaid": {
        const doc = current ?? empty(event.data.ownerId);
        return {
          ...doc,
          recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: "paid" } : r)),
        };
      }
      // Issue 10: what is outstanding is read off the invoices' balances (outstandingPaiseOf).
      case "InvoicePaymentRecorded":
        return paymentReceived(current ?? empty(event.data.ownerId), event.data);
      case "InvoiceStatusChanged": {
        const doc = current ?? empty(event.data.ownerId);
        return { ...doc, recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: event.data.to } : r)) };
      }
      case "InvoiceBecameOverdue": {
        const doc = current ?? empty(event.data.ownerId);
        return { ...doc, recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: "overdue" } : r)) };
      }
      case "InvoiceRevised": {
        const d = event.data;
        const doc = addSale(current ?? empty(d.ownerId), d.previous.issueDate, -d.previous.subtotalPaise);
        return {
          ...addSale(doc, d.issueDate, d.subtotalPaise),
          recentInvoices: doc.recentInvoices.map((r) =>
            r.id === d.invoiceId ? { ...r, customer: { name: d.customer.name }, total: formatPaise(d.totalPaise), issueDate: d.issueDate } : r,
          ),
        };
      }
      case "InvoiceCancelled": {
        const d = event.data;
        const doc = addSale(current ?? empty(d.ownerId), d.previous.issueDate, -d.previous.subtotalPaise);
        return {
          ...doc,
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
      // Issue 9 (s.34): a credit note takes its taxable value off the note month's sales and its
      // total off what the customer owes; a debit note adds both.
      case "SalesNoteIssued": {
        const d = event.data;
        const sign = d.kind === "credit" ? -1 : 1;
        return addSale(current ?? empty(d.ownerId), d.issueDate, sign * d.subtotalPaise);
      }
      default:
        return current;
    }
  },
  ownerOf: (doc) => doc.userId,
};
