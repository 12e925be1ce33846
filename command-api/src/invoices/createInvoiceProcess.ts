import { indianDateOf } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { DomainError } from "@bahi/shared/server";
import { handle, type CommandContext, type Handled } from "../handling/decider.ts";
import { errorCode, errorReason, retryOnConflict } from "../processes/steps.ts";
import { creationAbandoned, invoiceDecider, invoiceNumberDecider, type InvoiceDraft, type InvoiceState } from "./invoice.ts";
import { invoiceQuotaDecider } from "./quota.ts";
import { INVOICE_SERIES, issueSeriesNumber, readSeries, voidSeriesNumber, type SeriesKey } from "./series.ts";
import { readState } from "../handling/streamStates.ts";

export const CREATE_INVOICE = "createInvoice";

export interface CreateInvoiceRequest {
  draft: InvoiceDraft;
  /** The free plan's limit, or null for unlimited plans (no quota slot is taken). */
  free: { limit: number } | null;
  /** "YYYYMM": the quota month the slot is taken in. */
  month: string;
  /**
   * The series the number comes from when none was typed (draft.invoiceNumber is then "" and
   * the next number is issued once the intent is recorded); null: the typed number.
   */
  series?: { key: SeriesKey; prefix: string } | null;
}

/**
 * Creating an invoice touches three or four streams with no transaction across them: the
 * series the number is issued from (when none was typed), the number's reservation, the
 * month's quota counter and the invoice itself. The process records its intent first on the
 * invoice's own stream, then takes the slot, issues and reserves the number, then commits
 * InvoiceCreated at the revision the intent left. Failing, it first fences that same revision
 * (InvoiceCreationAbandoned), so a late commit can never land after compensation, then gives
 * back what it took, voiding an issued number so the series keeps no gap (Table 13 reports it
 * cancelled). A crash anywhere leaves an intent the recovery sweep finishes the same way.
 */
export async function runCreateInvoiceProcess(eventStore: EventStore, request: CreateInvoiceRequest, context: CommandContext): Promise<Handled<InvoiceState>> {
  const { free, month } = request;
  const series = request.series ?? null;
  let draft = request.draft;
  const { invoiceId, ownerId: userId } = draft;
  const typedNumber = series ? "" : draft.invoiceNumber;
  const quotaStream = streams.invoiceQuota(userId, month);
  const invoiceStream = streams.invoice(invoiceId);

  // Refusals one request can cause are decided on what is already recorded, before anything
  // is appended: a taken number or a full month appends nothing. Only a lost race does.
  if (!series) {
    const numberHolder = (await readState(eventStore, streams.invoiceNumberReservation(userId, typedNumber), invoiceNumberDecider)).holder;
    if (numberHolder !== null && numberHolder !== invoiceId) throw new DomainError("CONFLICT", "Invoice number already exists");
  }
  if (free) invoiceQuotaDecider.decide({ kind: "use", userId, month, invoiceId, limit: free.limit }, await readState(eventStore, quotaStream, invoiceQuotaDecider));

  const intent = {
    invoiceId,
    ownerId: userId,
    invoiceNumber: typedNumber,
    quotaMonth: free ? month : null,
    startedAt: context.now.toISOString(),
    ...(series
      ? { series: { gstin: series.key.gstin, financialYear: series.key.financialYear, ...(series.key.series === INVOICE_SERIES ? {} : { kind: series.key.series }) } }
      : {}),
  };
  await handle(eventStore, invoiceStream, invoiceDecider, { kind: "startCreation", intent }, context);
  try {
    // The slot before the number: a plan-limit race then never touches the number's stream.
    if (free) {
      await assertStillStarted(eventStore, invoiceStream);
      await retryOnConflict(() => handle(eventStore, quotaStream, invoiceQuotaDecider, { kind: "use", userId, month, invoiceId, limit: free.limit }, context));
    }
    let invoiceNumber = typedNumber;
    if (series) {
      await assertStillStarted(eventStore, invoiceStream);
      const documentDate = indianDateOf(draft.issueDate);
      invoiceNumber = (await issueSeriesNumber(eventStore, { ...series.key, prefix: series.prefix, documentId: invoiceId, documentDate }, context)).number;
      draft = { ...draft, invoiceNumber };
    }
    await assertStillStarted(eventStore, invoiceStream);
    const numberStream = streams.invoiceNumberReservation(userId, invoiceNumber);
    await retryOnConflict(() => handle(eventStore, numberStream, invoiceNumberDecider, { kind: "reserve", userId, value: invoiceNumber, holder: invoiceId }, context));
    // Retried on a moved stream: the decider then sees the fence, if that is what moved it.
    return await retryOnConflict(() => handle(eventStore, invoiceStream, invoiceDecider, { kind: "create", draft }, context));
  } catch (error) {
    try {
      await settleInvoiceCreation(eventStore, invoiceId, { reason: errorReason(error), code: errorCode(error) }, context);
    } catch {
      // The store failed again while compensating: the intent stays recorded and the recovery
      // sweep fences and compensates it; the caller still hears the error that stopped it.
    }
    throw error;
  }
}

/** A re-read before each reservation: a process fenced by recovery stops taking things. */
async function assertStillStarted(eventStore: EventStore, invoiceStream: string): Promise<void> {
  const state = await readState(eventStore, invoiceStream, invoiceDecider);
  if (state.status === "none" && state.creation?.phase !== "started") throw creationAbandoned();
}

export type CreationOutcome = "created" | "compensated" | "nothing-started";

/**
 * Fences the creation (unless the commit got there first), gives back the number and the
 * quota slot, and records that it did. Every step is idempotent and decided on the streams,
 * so the request that failed and a recovery sweep may both run it, at once or one after
 * the other: whoever loses a race follows the winner.
 */
export async function settleInvoiceCreation(eventStore: EventStore, invoiceId: string, why: { reason: string; code: string }, context: CommandContext): Promise<CreationOutcome> {
  const invoiceStream = streams.invoice(invoiceId);
  const fenced = await retryOnConflict(() => handle(eventStore, invoiceStream, invoiceDecider, { kind: "abandonCreation", ...why, at: context.now.toISOString() }, context));
  const state = fenced.state;
  if (state.status !== "none") return "created";
  if (!state.creation) return "nothing-started";
  if (state.creation.phase === "compensated") return "compensated";
  const { intent, abandoned } = state.creation;
  const userId = intent.ownerId;
  const seriesKey: SeriesKey | null = intent.series
    ? { userId, series: intent.series.kind ?? INVOICE_SERIES, gstin: intent.series.gstin, financialYear: intent.series.financialYear }
    : null;
  // A series number is found on the series' stream: the intent was recorded before it was issued.
  const issued = seriesKey ? (await readSeries(eventStore, seriesKey)).byDocument.get(invoiceId) : undefined;
  const invoiceNumber = seriesKey ? (issued?.number ?? null) : intent.invoiceNumber;
  const reason = `invoice ${invoiceNumber ?? "(no number issued yet)"} (${invoiceId}) was not created: ${abandoned?.code ?? why.code}: ${abandoned?.reason ?? why.reason}`.slice(
    0,
    500,
  );
  if (intent.quotaMonth) {
    const month = intent.quotaMonth;
    await retryOnConflict(() =>
      handle(eventStore, streams.invoiceQuota(userId, month), invoiceQuotaDecider, { kind: "return", userId, month, invoiceId, reason, process: CREATE_INVOICE }, context),
    );
  }
  if (invoiceNumber !== null) {
    await retryOnConflict(() =>
      handle(
        eventStore,
        streams.invoiceNumberReservation(userId, invoiceNumber),
        invoiceNumberDecider,
        { kind: "release", userId, value: invoiceNumber, holder: invoiceId, reason, process: CREATE_INVOICE },
        context,
      ),
    );
  }
  // Voided after the release: while the number is still reserved nothing else could take it anyway.
  if (seriesKey) await voidSeriesNumber(eventStore, { ...seriesKey, documentId: invoiceId, reason }, context);
  await retryOnConflict(() => handle(eventStore, invoiceStream, invoiceDecider, { kind: "finishCompensation", at: context.now.toISOString() }, context));
  return "compensated";
}
