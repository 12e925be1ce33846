import type { BahiEvent } from "@bahi/shared/events";
import { collections, type ProcessDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

const processId = (kind: ProcessDocument["kind"], aggregateId: string) => `${kind}-${aggregateId}`;

/**
 * Process managers, so the recovery sweep knows where to look: a document from the intent
 * (or, for a deletion, the ProductDeleted that carries the SKU it frees) that turns "done" at
 * the commit or the terminal event. A finished document is kept rather than deleted: a
 * reservation that lands after its process ended (a request that stalled past its fence and
 * compensation) reopens it with what it holds, and the release that gives it back closes it.
 */
export const processesProjection: Projection<ProcessDocument> = {
  collection: collections.processes,
  handles: [
    "InvoiceCreationStarted",
    "InvoiceCreationAbandoned",
    "InvoiceCreationCompensated",
    "InvoiceCreated",
    "ProductCreationStarted",
    "ProductCreationAbandoned",
    "ProductCreationCompensated",
    "ProductAdded",
    "ProductSkuChangeStarted",
    "ProductSkuChangeAbandoned",
    "ProductSkuChangeCompleted",
    "ProductSkuChangeCompensated",
    "ProductDeleted",
    "InvoiceNumberReserved",
    "InvoiceNumberReleased",
    "InvoiceQuotaUsed",
    "InvoiceQuotaReturned",
    "SkuReserved",
    "SkuReleased",
    "DocumentNumberIssued",
    "DocumentNumberVoided",
    "CustomerAdvanceApplied",
    "CustomerAdvanceApplicationReversed",
    "InvoicePaymentRecorded",
  ],
  documentIds(event) {
    return idsOf(event);
  },
  evolve(doc, event) {
    switch (event.type) {
      case "InvoiceCreationStarted":
        return started(doc, "createInvoice", event.data.invoiceId, event.data.ownerId, event.data.startedAt);
      case "ProductCreationStarted":
        return started(doc, "createProduct", event.data.productId, event.data.ownerId, event.data.startedAt);
      case "ProductSkuChangeStarted":
        return started(doc, "changeProductSku", event.data.productId, event.data.ownerId, event.data.startedAt);
      case "ProductDeleted":
        return event.data.sku === undefined ? doc : started(doc, "deleteProduct", event.data.productId, event.data.ownerId, event.data.deletedAt);
      // Issue 10: an advance reserved for an invoice is done once the invoice records the payment or the advance takes it back.
      case "CustomerAdvanceApplied": {
        const d = event.data;
        return {
          id: processId("applyAdvance", d.paymentId),
          kind: "applyAdvance",
          aggregateId: d.advanceId,
          ownerId: d.ownerId,
          startedAt: d.appliedAt,
          phase: "started",
          refs: { invoiceId: d.invoiceId, paymentId: d.paymentId },
        };
      }
      case "CustomerAdvanceApplicationReversed":
      case "InvoicePaymentRecorded":
        return doc && { ...doc, phase: "done" };
      case "InvoiceCreationAbandoned":
      case "ProductCreationAbandoned":
      case "ProductSkuChangeAbandoned":
        return doc && { ...doc, phase: "abandoned" };
      case "InvoiceCreated":
      case "InvoiceCreationCompensated":
      case "ProductAdded":
      case "ProductCreationCompensated":
      case "ProductSkuChangeCompleted":
      case "ProductSkuChangeCompensated":
        return doc && finished(doc);
      case "InvoiceNumberReserved":
        return held(doc, `number:${event.data.invoiceNumber}`);
      case "InvoiceQuotaUsed":
        return held(doc, `quota:${event.data.month}`);
      // A series number issued after the creation ended: the sweep voids it.
      // Issue 9: a bill of supply's number names its series (":bill-of-supply") for the sweep.
      case "DocumentNumberIssued":
        return held(doc, `series:${event.data.gstin}:${event.data.financialYear}${event.data.series === "invoice" ? "" : `:${event.data.series}`}`);
      case "DocumentNumberVoided":
        return given(doc, `series:${event.data.gstin}:${event.data.financialYear}${event.data.series === "invoice" ? "" : `:${event.data.series}`}`);
      case "SkuReserved":
        return held(doc, `sku:${event.data.sku}`);
      case "InvoiceNumberReleased":
        return given(doc, `number:${event.data.invoiceNumber}`);
      case "InvoiceQuotaReturned":
        return given(doc, `quota:${event.data.month}`);
      case "SkuReleased":
        // The deletion's own release is what ends the deletion.
        if (doc?.kind === "deleteProduct" && doc.phase === "started") return finished(doc);
        return given(doc, `sku:${event.data.sku}`);
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.ownerId,
};

function started(doc: ProcessDocument | null, kind: ProcessDocument["kind"], aggregateId: string, ownerId: string, startedAt: string): ProcessDocument {
  // A stray hold a reopened document still has outlives the new run of the same process.
  const holds = doc?.holds?.length ? { holds: doc.holds } : {};
  return { id: processId(kind, aggregateId), kind, aggregateId, ownerId, startedAt, phase: "started", ...holds };
}

function finished(doc: ProcessDocument): ProcessDocument {
  return { ...doc, phase: doc.holds?.length ? "reopened" : "done" };
}

/**
 * A reservation: part of a running process, or, once the process is fenced, a hold its
 * compensation may not see. One that lands after the fence is remembered: the compensation
 * gives it back (and `given` forgets it), or, if the compensation had already read that
 * stream, the process ends "reopened" with it. After the end it is a stray hold at once.
 */
function held(doc: ProcessDocument | null, hold: string): ProcessDocument | null {
  if (!doc || doc.phase === "started") return doc;
  const holds = [...new Set([...(doc.holds ?? []), hold])];
  return { ...doc, phase: doc.phase === "abandoned" ? "abandoned" : "reopened", holds };
}

function given(doc: ProcessDocument | null, hold: string): ProcessDocument | null {
  if (!doc?.holds?.includes(hold)) return doc;
  const holds = doc.holds.filter((h) => h !== hold);
  const { holds: _old, ...rest } = doc;
  if (holds.length > 0) return { ...rest, holds };
  return { ...rest, phase: doc.phase === "reopened" ? "done" : doc.phase };
}

function idsOf(event: BahiEvent): string[] {
  switch (event.type) {
    // Only invoice creation takes numbers and quota slots, for the invoice it creates.
    case "InvoiceCreationStarted":
    case "InvoiceCreationAbandoned":
    case "InvoiceCreationCompensated":
    case "InvoiceCreated":
    case "InvoiceNumberReserved":
    case "InvoiceNumberReleased":
    case "InvoiceQuotaUsed":
    case "InvoiceQuotaReturned":
      return [processId("createInvoice", event.data.invoiceId)];
    case "DocumentNumberIssued":
    case "DocumentNumberVoided":
      return event.data.series === "invoice" || event.data.series === "bill-of-supply" ? [processId("createInvoice", event.data.documentId)] : [];
    case "ProductCreationStarted":
    case "ProductCreationAbandoned":
    case "ProductCreationCompensated":
    case "ProductAdded":
      return [processId("createProduct", event.data.productId)];
    case "ProductSkuChangeStarted":
    case "ProductSkuChangeAbandoned":
    case "ProductSkuChangeCompleted":
    case "ProductSkuChangeCompensated":
      return [processId("changeProductSku", event.data.productId)];
    case "ProductDeleted":
      return event.data.sku === undefined ? [] : [processId("deleteProduct", event.data.productId)];
    case "CustomerAdvanceApplied":
    case "CustomerAdvanceApplicationReversed":
      return [processId("applyAdvance", event.data.paymentId)];
    case "InvoicePaymentRecorded":
      return event.data.advanceId ? [processId("applyAdvance", event.data.paymentId)] : [];
    // SKU reservations name the process that took or gave them (older ones do not, and touch nothing).
    case "SkuReserved":
    case "SkuReleased":
      return isProcessKind(event.data.process) ? [processId(event.data.process, event.data.productId)] : [];
    default:
      return [];
  }
}

const PROCESS_KINDS: readonly string[] = ["createInvoice", "createProduct", "changeProductSku", "deleteProduct", "applyAdvance"] satisfies ProcessDocument["kind"][];
const isProcessKind = (value: string | undefined): value is ProcessDocument["kind"] => value !== undefined && PROCESS_KINDS.includes(value);
