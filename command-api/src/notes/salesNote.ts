/**
 * Issue 9, part 3: credit and debit notes (s.34 CGST Act). The figures are decided here,
 * purely, from the original invoices and the notes already issued against them; the handler
 * (issueSalesNote.ts) loads those and records the result.
 */
import { computeInvoice, formatPaise, indianDateOf, toPaise, type SalesNoteCreateInput, type SalesNoteKind } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { financialYearOf, returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, ValidationError } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";
import type { InvoiceDraft } from "../invoices/invoice.ts";

export type SalesNoteFacts = EventData<"SalesNoteIssued">;
export type SalesNoteEvent = BahiEventOf<"SalesNoteIssued">;
export type SalesNoteState = { status: "none" } | { status: "issued"; note: SalesNoteFacts };

/** The note's own stream: issued once. */
export const salesNoteDecider: Decider<{ kind: "issue"; note: SalesNoteFacts }, SalesNoteEvent, SalesNoteState> = {
  initialState: { status: "none" },
  evolve: (_state, event) => ({ status: "issued", note: event.data }),
  decide(command, state) {
    if (state.status === "issued") return [];
    return [{ type: "SalesNoteIssued", data: command.note }];
  },
};

export type InvoiceNotesEvent = BahiEventOf<"SalesNoteApplied">;
/** Per invoice: taxable value credited and debited by notes so far, and which notes did it. */
export type InvoiceNotesState = { creditedPaise: number; debitedPaise: number; noteIds: ReadonlySet<string> };

export const invoiceNotesDecider: Decider<{ kind: "apply"; entry: EventData<"SalesNoteApplied"> }, InvoiceNotesEvent, InvoiceNotesState> = {
  initialState: { creditedPaise: 0, debitedPaise: 0, noteIds: new Set() },
  evolve(state, event) {
    const { kind, taxablePaise, noteId } = event.data;
    return {
      creditedPaise: state.creditedPaise + (kind === "credit" ? taxablePaise : 0),
      debitedPaise: state.debitedPaise + (kind === "debit" ? taxablePaise : 0),
      noteIds: new Set([...state.noteIds, noteId]),
    };
  },
  decide(command, state) {
    return state.noteIds.has(command.entry.noteId) ? [] : [{ type: "SalesNoteApplied", data: command.entry }];
  },
};

/**
 * s.34(2): a credit note for a supply of financial year Y is issued by 30 November after Y
 * ends (or the annual return's date, if earlier: Bahi does not model the annual return).
 */
export function creditNoteDeadline(invoiceDate: string): string {
  const fy = financialYearOf(invoiceDate);
  return `${Number(fy.slice(0, 4)) + 1}-11-30`;
}

export interface NoteInvoice {
  invoice: InvoiceDraft;
  /** Taxable value already credited by earlier credit notes. */
  creditedPaise: number;
}

const bad = (path: (string | number)[], message: string) => new ValidationError([{ path, message }]);

/**
 * The note's facts. Each item names a product on the invoices and takes that invoice line's
 * rates (the heads follow the invoice's place of supply); a credit note may not take more
 * taxable value from an invoice than the invoice has left after earlier credit notes.
 */
export function decideSalesNote(
  kind: SalesNoteKind,
  input: SalesNoteCreateInput,
  invoices: readonly NoteInvoice[],
  ids: { noteId: string; number: string; issueDate: string; now: Date; roundOff: boolean },
): SalesNoteFacts {
  const first = invoices[0]!.invoice;
  for (const { invoice } of invoices) {
    if (invoice.customer.id !== first.customer.id) throw bad(["invoiceIds"], `Invoices ${first.invoiceNumber} and ${invoice.invoiceNumber} are to different customers: a note is for one customer`);
    const invoiceDate = indianDateOf(invoice.issueDate);
    if (ids.issueDate < invoiceDate) throw bad(["issueDate"], `The note cannot be dated before invoice ${invoice.invoiceNumber} (${invoiceDate})`);
    if (kind === "credit") {
      const deadline = creditNoteDeadline(invoiceDate);
      if (ids.issueDate > deadline) {
        throw new DomainError("CONFLICT", `s.34(2): a credit note for invoice ${invoice.invoiceNumber} had to be issued by ${deadline} (30 November after its financial year; the annual return's date is not tracked)`);
      }
    }
  }
  const matched = input.items.map((item, index) => {
    const productId = item.productId.toLowerCase();
    const found = invoices.flatMap(({ invoice }) => invoice.lines.filter((line) => line.productId.toLowerCase() === productId).map((line) => ({ invoice, line })))[0];
    if (!found) throw bad(["items", index, "productId"], "This product is not on the invoice");
    return { item, ...found };
  });
  const computed = computeInvoice(
    matched.map(({ item, line }) => ({
      quantity: item.quantity,
      pricePaise: toPaise(String(item.price)),
      rateBasisPoints: line.rateBasisPoints,
      cessBasisPoints: line.cessBasisPoints ?? 0,
      cessPerUnitMillirupees: line.cessPerUnitMillirupees ?? 0,
    })),
    { supplierState: first.supplier.stateCode, placeOfSupply: first.placeOfSupply, toSez: first.customer.isSez ?? false },
    { roundOff: ids.roundOff },
  );
  if (computed.subtotalPaise === 0) throw bad(["items"], "The note's taxable value is zero");
  if (kind === "credit") {
    for (const { invoice, creditedPaise } of invoices) {
      const taking = computed.lines.reduce((sum, line, i) => sum + (matched[i]!.invoice.invoiceId === invoice.invoiceId ? line.taxablePaise : 0), 0);
      const left = invoice.subtotalPaise - creditedPaise;
      if (taking > left) {
        throw bad(["items"], `Invoice ${invoice.invoiceNumber} has ${formatPaise(Math.max(left, 0))} of taxable value left to credit; this note credits ${formatPaise(taking)}`);
      }
    }
  }
  return {
    noteId: ids.noteId,
    ownerId: first.ownerId,
    kind,
    number: ids.number,
    issueDate: ids.issueDate,
    reason: input.reason,
    invoiceIds: invoices.map(({ invoice }) => invoice.invoiceId),
    invoiceNumbers: invoices.map(({ invoice }) => invoice.invoiceNumber),
    notes: input.notes,
    supplier: first.supplier,
    customer: first.customer,
    placeOfSupply: first.placeOfSupply,
    taxKind: first.taxKind,
    stateTaxLabel: first.stateTaxLabel,
    lines: computed.lines.map((tax, i) => {
      const { item, line, invoice } = matched[i]!;
      return {
        invoiceId: invoice.invoiceId,
        lineId: `${ids.noteId}-${i + 1}`,
        productId: line.productId,
        productName: line.productName,
        hsnCode: line.hsnCode,
        quantity: item.quantity,
        pricePaise: toPaise(String(item.price)),
        rateBasisPoints: line.rateBasisPoints,
        discount: null,
        discountPaise: 0,
        taxablePaise: tax.taxablePaise,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
        cessPaise: tax.cessPaise,
        ...(line.cessBasisPoints ? { cessBasisPoints: line.cessBasisPoints } : {}),
        ...(line.cessPerUnitMillirupees ? { cessPerUnitMillirupees: line.cessPerUnitMillirupees } : {}),
        amountPaise: tax.amountPaise,
      };
    }),
    subtotalPaise: computed.subtotalPaise,
    cgstPaise: computed.cgstPaise,
    sgstPaise: computed.sgstPaise,
    igstPaise: computed.igstPaise,
    cessPaise: computed.cessPaise,
    ...(computed.roundOffPaise === 0 ? {} : { roundOffPaise: computed.roundOffPaise }),
    totalPaise: computed.totalPaise,
    reportingPeriod: returnPeriodOf(ids.issueDate),
    createdAt: ids.now.toISOString(),
  };
}
