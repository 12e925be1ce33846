import { basisPointsToPercent, formatPaise, type SalesNote } from "@bahi/shared/contract";
import type { EventData } from "./catalogue.ts";

/** A credit or debit note as the API shows it, from the facts recorded when it was issued. */
export function salesNoteView(note: EventData<"SalesNoteIssued">): SalesNote {
  const money = formatPaise;
  return {
    id: note.noteId,
    userId: note.ownerId,
    kind: note.kind,
    number: note.number,
    issueDate: note.issueDate,
    reason: note.reason,
    invoiceIds: note.invoiceIds,
    invoiceNumbers: note.invoiceNumbers,
    customer: { id: note.customer.id, name: note.customer.name, gstNumber: note.customer.gstin, stateCode: note.customer.stateCode ?? null, isSez: note.customer.isSez ?? false },
    supplier: note.supplier,
    placeOfSupply: note.placeOfSupply,
    taxKind: note.taxKind,
    stateTaxLabel: note.stateTaxLabel,
    items: note.lines.map((line) => ({
      invoiceId: line.invoiceId,
      productId: line.productId,
      productName: line.productName,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unit: line.unit ?? "NOS",
      price: money(line.pricePaise),
      gstRate: basisPointsToPercent(line.rateBasisPoints),
      taxableValue: money(line.taxablePaise),
      cgstAmount: money(line.cgstPaise),
      sgstAmount: money(line.sgstPaise),
      igstAmount: money(line.igstPaise),
      cessAmount: money(line.cessPaise),
      amount: money(line.amountPaise),
    })),
    subtotal: money(note.subtotalPaise),
    cgstAmount: money(note.cgstPaise),
    sgstAmount: money(note.sgstPaise),
    igstAmount: money(note.igstPaise),
    cessAmount: money(note.cessPaise),
    roundOff: money(note.roundOffPaise ?? 0),
    total: money(note.totalPaise),
    notes: note.notes,
    reportingPeriod: note.reportingPeriod,
    createdAt: note.createdAt,
  };
}

/**
 * A note's amount against one of its invoices: the whole total for a note over one invoice;
 * over several, the amounts of that invoice's lines (the note's round-off stays with the note).
 */
export function noteShareOf(note: EventData<"SalesNoteIssued">, invoiceId: string): number {
  if (note.invoiceIds.length === 1) return note.invoiceIds[0] === invoiceId ? note.totalPaise : 0;
  return note.lines.filter((line) => line.invoiceId === invoiceId).reduce((sum, line) => sum + line.amountPaise, 0);
}
