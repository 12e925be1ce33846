import { streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { DomainError } from "@bahi/shared/server";
import { fold, handle, type CommandContext, type Handled } from "../http/decider.ts";
import { errorCode, errorReason, retryOnConflict } from "../processes/steps.ts";
import { creationAbandoned, invoiceDecider, invoiceNumberDecider, type InvoiceDraft, type InvoiceState } from "./invoice.ts";
import { invoiceQuotaDecider } from "./quota.ts";

export const CREATE_INVOICE = "createInvoice";

export interface CreateInvoiceRequest {
  draft: InvoiceDraft;
  /** The free plan's limit, or null for unlimited plans (no quota slot is taken). */
  free: { limit: number } | null;
  /** "YYYYMM": the quota month the slot is taken in. */
  month: string;
}

/**
 * Creating an invoice touches three streams with no transaction across them: the number's
 * reservation, the month's quota counter and the invoice itself. The process records its
 * intent first on the invoice's own stream, then takes the slot and the number, then commits
 * InvoiceCreated at the revision the intent left. Failing, it first fences that same revision
 * (InvoiceCreationAbandoned), so a late commit can never land after compensation, then gives
 * back what it took. A crash anywhere leaves an intent the recovery sweep finishes the same way.
 */
export async function runCreateInvoiceProcess(eventStore: EventStore, request: CreateInvoiceRequest, context: CommandContext): Promise<Handled<InvoiceState>> {
  const { draft, free, month } = request;
  const { invoiceId, ownerId: userId, invoiceNumber } = draft;
  const numberStream = streams.invoiceNumberReservation(userId, invoiceNumber);
  const quotaStream = streams.invoiceQuota(userId, month);
  const invoiceStream = streams.invoice(invoiceId);

  // Refusals one request can cause are decided on what is already recorded, before anything
  // is appended: a taken number or a full month appends nothing. Only a lost race does.
  const numberHolder = fold(invoiceNumberDecider, await eventStore.readStream(numberStream)).holder;
  if (numberHolder !== null && numberHolder !== invoiceId) throw new DomainError("CONFLICT", "Invoice number already exists");
  if (free) invoiceQuotaDecider.decide({ kind: "use", userId, month, invoiceId, limit: free.limit }, fold(invoiceQuotaDecider, await eventStore.readStream(quotaStream)));

  const intent = { invoiceId, ownerId: userId, invoiceNumber, quotaMonth: free ? month : null, startedAt: context.now.toISOString() };
  await handle(eventStore, invoiceStream, invoiceDecider, { kind: "startCreation", intent }, context);
  try {
    // The slot before the number: a plan-limit race then never touches the number's stream.
    if (free) {
      await assertStillStarted(eventStore, invoiceStream);
      await retryOnConflict(() => handle(eventStore, quotaStream, invoiceQuotaDecider, { kind: "use", userId, month, invoiceId, limit: free.limit }, context));
    }
    await assertStillStarted(eventStore, invoiceStream);
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
  const state = fold(invoiceDecider, await eventStore.readStream(invoiceStream));
  if (state.status === "none" && state.creation?.phase !== "started") throw creationAbandoned();
}

export type CreationOutcome = "created" | "compensated" | "nothing-started";

/**
 * Fences the creation (unless the commit got there first), gives back the number and the
 * quota slot, and records that it did. Every step is idempotent and decided on the streams,
 * so the request that failed and a recovery sweep may both run it, at once or one after
 * the other: whoever loses a race follows the winner.
 */
export async function settleInvoiceCreation(
  eventStore: EventStore,
  invoiceId: string,
  why: { reason: string; code: string },
  context: CommandContext,
): Promise<CreationOutcome> {
  const invoiceStream = streams.invoice(invoiceId);
  const fenced = await retryOnConflict(() => handle(eventStore, invoiceStream, invoiceDecider, { kind: "abandonCreation", ...why, at: context.now.toISOString() }, context));
  const state = fenced.state;
  if (state.status !== "none") return "created";
  if (!state.creation) return "nothing-started";
  if (state.creation.phase === "compensated") return "compensated";
  const { intent, abandoned } = state.creation;
  const reason = `invoice ${intent.invoiceNumber} (${invoiceId}) was not created: ${abandoned?.code ?? why.code}: ${abandoned?.reason ?? why.reason}`.slice(0, 500);
  const userId = intent.ownerId;
  if (intent.quotaMonth) {
    const month = intent.quotaMonth;
    await retryOnConflict(() =>
      handle(eventStore, streams.invoiceQuota(userId, month), invoiceQuotaDecider, { kind: "return", userId, month, invoiceId, reason, process: CREATE_INVOICE }, context),
    );
  }
  await retryOnConflict(() =>
    handle(
      eventStore,
      streams.invoiceNumberReservation(userId, intent.invoiceNumber),
      invoiceNumberDecider,
      { kind: "release", userId, value: intent.invoiceNumber, holder: invoiceId, reason, process: CREATE_INVOICE },
      context,
    ),
  );
  await retryOnConflict(() => handle(eventStore, invoiceStream, invoiceDecider, { kind: "finishCompensation", at: context.now.toISOString() }, context));
  return "compensated";
}
