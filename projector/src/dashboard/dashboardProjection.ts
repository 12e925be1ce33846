import { indianDateOf, type RecentInvoice } from "@bahi/shared/contract";
import { formatPaise } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, type DashboardDocument } from "@bahi/shared/read-models";
import { noteShareOf } from "@bahi/shared/events";
import { paymentReceived } from "./payments.ts";

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

/**
 * Issue 9: a paid (or cancelled) invoice owes nothing, notes included: the paid event carries
 * the invoice's own total, so what its notes changed is cleared from outstanding with it.
 */
function withoutAdjustment(doc: DashboardDocument, invoiceId: string): DashboardDocument {
  const adjustment = doc.noteAdjustmentsByInvoice?.[invoiceId];
  if (adjustment === undefined) return doc;
  const { [invoiceId]: _cleared, ...rest } = doc.noteAdjustmentsByInvoice!;
  return { ...doc, outstandingPaise: doc.outstandingPaise - adjustment, noteAdjustmentsByInvoice: rest };
}

/** A supplier's credit note takes its amount back off the expenses; a bill or debit note adds (s.34). */
const signed = (amountPaise: number, documentType: string | undefined) => (documentType === "credit_note" ? -amountPaise : amountPaise);

export const dashboardProjection: Projection<DashboardDocument> = {
  collection: collections.dashboards,
  handles: ["InvoiceCreated", "InvoiceMarkedPaid", "InvoicePaymentRecorded", "InvoiceStatusChanged", "InvoiceBecameOverdue", "InvoiceRevised", "InvoiceCancelled", "ExpenseRecorded", "ExpenseUpdated", "ExpenseDeleted", "SalesNoteIssued"],
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
          outstandingPaise: doc.outstandingPaise + d.totalPaise,
          recentInvoices: [recent, ...doc.recentInvoices].slice(0, RECENT),
        };
      }
      case "InvoiceMarkedPaid": {
        const doc = withoutAdjustment(current ?? empty(event.data.ownerId), event.data.invoiceId);
        return {
          ...doc,
          outstandingPaise: doc.outstandingPaise - event.data.amountPaise,
          recentInvoices: doc.recentInvoices.map((r) => (r.id === event.data.invoiceId ? { ...r, status: "paid" } : r)),
        };
      }
      // Issue 10: outstanding is the totals net of notes less what was received.
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
        const doc = withoutAdjustment(addSale(current ?? empty(d.ownerId), d.previous.issueDate, -d.previous.subtotalPaise), d.invoiceId);
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
      // Issue 9 (s.34): a credit note takes its taxable value off the note month's sales and its
      // total off what the customer owes; a debit note adds both.
      case "SalesNoteIssued": {
        const d = event.data;
        const sign = d.kind === "credit" ? -1 : 1;
        const doc = addSale(current ?? empty(d.ownerId), d.issueDate, sign * d.subtotalPaise);
        const adjustments = { ...(doc.noteAdjustmentsByInvoice ?? {}) };
        for (const invoiceId of d.invoiceIds) adjustments[invoiceId] = (adjustments[invoiceId] ?? 0) + sign * noteShareOf(d, invoiceId);
        return { ...doc, outstandingPaise: doc.outstandingPaise + sign * d.totalPaise, noteAdjustmentsByInvoice: adjustments };
      }
      default:
        return current;
    }
  },
  ownerOf: (doc) => doc.userId,
};
