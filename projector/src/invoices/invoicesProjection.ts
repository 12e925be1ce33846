import { formatPaise, toPaise, type Invoice, type InvoiceNoteRef } from "@bahi/shared/contract";
import { invoiceView, noteShareOf } from "@bahi/shared/events";
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
  handles: ["InvoiceCreated", "InvoiceMarkedPaid", "InvoiceStatusChanged", "InvoiceBecameOverdue", "InvoiceRevised", "InvoiceCancelled", "SalesNoteIssued"],
  documentIds(event) {
    switch (event.type) {
      case "InvoiceCreated":
      case "InvoiceMarkedPaid":
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
  evolve(doc, event) {
    switch (event.type) {
      case "InvoiceCreated":
        return invoiceView(event.data, "pending", null);
      case "InvoiceMarkedPaid":
        return doc && { ...doc, status: "paid", paidAt: event.data.paidAt };
      case "InvoiceStatusChanged":
        return doc && { ...doc, status: event.data.to };
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
  },
  ownerOf: (doc) => doc.userId,
};
