/**
 * Issue 9, part 3: credit and debit notes (s.34 CGST Act). The figures are decided here,
 * purely, from the original invoices and the notes already issued against them; the handler
 * (issueSalesNote.ts) loads those and records the result.
 */
import { computeInvoice, DEFAULT_UQC, formatPaise, indianDateOf, quantityUnitProblem, toPaise, type SalesNoteCreateInput, type SalesNoteKind } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { financialYearOf, returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, ValidationError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";
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

export type InvoiceNotesEvent = BahiEventOf<"SalesNoteApplied" | "SalesNoteWithdrawn">;
/**
 * Per invoice: taxable value credited and debited by notes so far (withdrawn shares given
 * back), which notes were ever applied (a note applies once), and which still stand.
 */
export type InvoiceNotesState = {
  creditedPaise: number;
  debitedPaise: number;
  noteIds: ReadonlySet<string>;
  standing: ReadonlyMap<string, EventData<"SalesNoteApplied">>;
};

export type InvoiceNotesCommand =
  /**
   * `bound`: for a credit note, the invoice's taxable value and number. The ledger itself
   * refuses a share beyond what is left, so two notes racing on one invoice cannot together
   * credit more than it had: the loser's append fails on the revision and is decided again.
   */
  | { kind: "apply"; entry: EventData<"SalesNoteApplied">; bound?: { subtotalPaise: number; invoiceNumber: string } }
  | { kind: "withdraw"; noteId: string; ownerId: string; reason: string; at: string };

export const invoiceNotesDecider: Decider<InvoiceNotesCommand, InvoiceNotesEvent, InvoiceNotesState> = {
  initialState: { creditedPaise: 0, debitedPaise: 0, noteIds: new Set(), standing: new Map() },
  evolve(state, event) {
    if (event.type === "SalesNoteWithdrawn") {
      const entry = state.standing.get(event.data.noteId);
      if (!entry) return state;
      const standing = new Map(state.standing);
      standing.delete(event.data.noteId);
      return {
        ...state,
        creditedPaise: state.creditedPaise - (entry.kind === "credit" ? entry.taxablePaise : 0),
        debitedPaise: state.debitedPaise - (entry.kind === "debit" ? entry.taxablePaise : 0),
        standing,
      };
    }
    const { kind, taxablePaise, noteId } = event.data;
    return {
      creditedPaise: state.creditedPaise + (kind === "credit" ? taxablePaise : 0),
      debitedPaise: state.debitedPaise + (kind === "debit" ? taxablePaise : 0),
      noteIds: new Set([...state.noteIds, noteId]),
      standing: new Map([...state.standing, [noteId, event.data]]),
    };
  },
  decide(command, state) {
    if (command.kind === "withdraw") {
      const entry = state.standing.get(command.noteId);
      return entry
        ? [{ type: "SalesNoteWithdrawn", data: { invoiceId: entry.invoiceId, ownerId: command.ownerId, noteId: command.noteId, reason: command.reason, withdrawnAt: command.at } }]
        : [];
    }
    const { entry, bound } = command;
    if (state.noteIds.has(entry.noteId)) return [];
    if (entry.kind === "credit" && bound) {
      const left = bound.subtotalPaise - state.creditedPaise;
      if (entry.taxablePaise > left) throw overCredit(bound.invoiceNumber, left, entry.taxablePaise);
    }
    return [{ type: "SalesNoteApplied", data: entry }];
  },
};

function overCredit(invoiceNumber: string, leftPaise: number, takingPaise: number): ValidationError {
  return bad(["items"], `Invoice ${invoiceNumber} has ${formatPaise(Math.max(leftPaise, 0))} of taxable value left to credit; this note credits ${formatPaise(takingPaise)}`);
}

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
    if (invoice.customer.id !== first.customer.id)
      throw bad(["invoiceIds"], `Invoices ${first.invoiceNumber} and ${invoice.invoiceNumber} are to different customers: a note is for one customer`);
    const invoiceDate = indianDateOf(invoice.issueDate);
    if (ids.issueDate < invoiceDate) throw bad(["issueDate"], `The note cannot be dated before invoice ${invoice.invoiceNumber} (${invoiceDate})`);
    if (kind === "credit") {
      const deadline = creditNoteDeadline(invoiceDate);
      if (ids.issueDate > deadline) {
        throw new DomainError(
          "CONFLICT",
          `s.34(2): a credit note for invoice ${invoice.invoiceNumber} had to be issued by ${deadline} (30 November after its financial year; the annual return's date is not tracked)`,
        );
      }
    }
  }
  const matched = input.items.map((item, index) => {
    const productId = item.productId.toLowerCase();
    const invoiceId = item.invoiceId?.toLowerCase();
    if (invoiceId && !invoices.some(({ invoice }) => invoice.invoiceId.toLowerCase() === invoiceId))
      throw bad(["items", index, "invoiceId"], "This line's invoice is not one of the note's invoices");
    const found = invoices
      .filter(({ invoice }) => !invoiceId || invoice.invoiceId.toLowerCase() === invoiceId)
      .flatMap(({ invoice }) => invoice.lines.filter((line) => line.productId.toLowerCase() === productId).map((line) => ({ invoice, line })))[0];
    if (!found) throw bad(["items", index, "productId"], "This product is not on the invoice");
    // Issue 9: a fraction only of a measured unit (2.5 KGS returned), in the unit it was sold in.
    const unitProblem = quantityUnitProblem(item.quantity, found.line.unit ?? DEFAULT_UQC, found.line.productName);
    if (unitProblem) throw bad(["items", index, "quantity"], unitProblem);
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
    // Issue 9: a note follows its invoice: none on an export/SEZ supply under LUT or a reverse-charge one charges tax.
    // A note against a bill of supply (composition, unregistered, Rule 49) charges none either.
    { roundOff: ids.roundOff, chargesTax: !(first.underLut || first.reverseCharge || first.documentType === "billOfSupply") },
  );
  if (computed.subtotalPaise === 0) throw bad(["items"], "The note's taxable value is zero");
  if (kind === "credit") {
    for (const { invoice, creditedPaise } of invoices) {
      const taking = computed.lines.reduce((sum, line, i) => sum + (matched[i]!.invoice.invoiceId === invoice.invoiceId ? line.taxablePaise : 0), 0);
      const left = invoice.subtotalPaise - creditedPaise;
      if (taking > left) throw overCredit(invoice.invoiceNumber, left, taking);
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
        ...(line.unit ? { unit: line.unit } : {}),
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
