import { formatPaise, toPaise, withBalance, type Invoice, type InvoiceNoteRef } from "@bahi/shared/contract";
import { invoiceView, noteShareOf, paymentView, statusAfterPayment, type BahiEvent } from "@bahi/shared/events";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

/** The invoice with its notes and its total net of them (credit −, debit +); unchanged when it has none. */
function withNotes(invoice: Invoice, notes: InvoiceNoteRef[] | undefined): Invoice {
  if (!notes || notes.length === 0) return invoice;
  const netPaise = notes.reduce((sum, note) => sum + (note.kind === "credit" ? -1 : 1) * toPaise(note.total), toPaise(invoice.total));
  return { ...invoice, salesNotes: notes, netTotal: formatPaise(netPaise) };
}

export const invoicesProjection: Projection<Invoice> = {
  collection: collections.invoices,
  handles: [
    "InvoiceCreated",
    "InvoiceMarkedPaid",
    "InvoicePaymentRecorded",
    "InvoiceStatusChanged",
    "InvoiceBecameOverdue",
    "InvoiceRevised",
    "InvoiceCancelled",
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
        return [event.data.invoiceId];
      case "SalesNoteIssued":
        return event.data.invoiceIds;
      default:
        return [];
    }
  },
  // Issue 10: every change (a payment, a note, a revision) ends with the balance worked out again.
  evolve: (doc, event) => {
    const next = evolveInvoice(doc, event);
    return next && withBalance(next);
  },
  ownerOf: (doc) => doc.userId,
};

function evolveInvoice(doc: Invoice | null, event: BahiEvent): Invoice | null {
  switch (event.type) {
    case "InvoiceCreated":
      return invoiceView(event.data, "pending", null);
    case "InvoiceMarkedPaid":
      return doc && { ...doc, status: "paid", paidAt: event.data.paidAt };
    case "InvoicePaymentRecorded":
      return (
        doc && {
          ...doc,
          status: statusAfterPayment(doc.status, event.data.settles),
          paidAt: event.data.settles ? event.data.date : doc.paidAt,
          payments: [...(doc.payments ?? []), paymentView(event.data)],
        }
      );
    case "InvoiceStatusChanged":
      // Issue 10: settled by credit notes alone (Mark Paid on a balance of 0): nothing was received.
      return doc && { ...doc, status: event.data.to, ...(event.data.to === "paid" ? { payments: doc.payments ?? [] } : {}) };
    case "InvoiceBecameOverdue":
      return doc && { ...doc, status: "overdue" };
    case "InvoiceRevised": {
      if (!doc) return doc;
      const { previous: _previous, revisedAt, ...facts } = event.data;
      const view = invoiceView({ ...facts, invoiceNumber: doc.invoiceNumber, createdAt: doc.createdAt }, doc.status, doc.paidAt);
      return { ...withNotes(view, doc.salesNotes), revisedAt, revisions: (doc.revisions ?? 0) + 1 };
    }
    case "InvoiceCancelled":
      return doc && { ...doc, status: "cancelled", cancelledAt: event.data.cancelledAt, cancelReason: event.data.reason };
    case "SalesNoteIssued": {
      if (!doc) return doc;
      const d = event.data;
      const ref: InvoiceNoteRef = { id: d.noteId, kind: d.kind, number: d.number, total: formatPaise(noteShareOf(d, doc.id)) };
      return withNotes(doc, [...(doc.salesNotes ?? []).filter((note) => note.id !== d.noteId), ref]);
    }
    default:
      return doc;
  }
}
