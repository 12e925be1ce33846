import { randomUUID } from "node:crypto";
import { collections, type ProcessDocument } from "@bahi/shared/read-models";
import type { EventStore, ReadStore } from "@bahi/shared/server";
import type { CommandContext } from "../handling/decider.ts";
import { streams } from "@bahi/shared/events";
import { handle } from "../handling/decider.ts";
import { settleInvoiceCreation } from "../invoices/createInvoiceProcess.ts";
import { invoiceDecider, invoiceNumberDecider } from "../invoices/invoice.ts";
import { invoiceQuotaDecider } from "../invoices/quota.ts";
import { INVOICE_SERIES, voidSeriesNumber } from "../invoices/series.ts";
import { productDecider } from "../products/product.ts";
import { releaseSku } from "../products/skuSteps.ts";
import { settleSkuChange } from "../products/changeProductSkuProcess.ts";
import { settleProductCreation } from "../products/createProductProcess.ts";
import { settleProductDeletion } from "../products/deleteProductProcess.ts";
import { settleAdvanceApplication } from "../advances/applyAdvanceProcess.ts";
import { retryOnConflict, STALE } from "./steps.ts";
import { readState } from "../handling/streamStates.ts";

export interface ProcessRecoveryDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  /** Only processes started at least this long ago: younger ones may still have their request running. */
  olderThanMs: number;
  log?: (message: string) => void;
}

export interface RecoveryReport {
  /** Candidates the read model nominated that were old enough. */
  examined: number;
  /** What each one came to, by outcome ("compensated", "completed", "released", ...). */
  outcomes: Record<string, number>;
  failed: number;
}

/**
 * Finishes every process a crash (or a request that gave up halfway) left unfinished. The
 * `processes` read model only nominates candidates; every decision is taken again from the
 * process's own streams, so a stale or lagging read model can cause nothing but a no-op.
 * A too-early recovery is safe too: the fence makes the still-running request lose, and it
 * answers 409 instead of committing. One bad record is logged and skipped, never fatal.
 */
export async function resumeUnfinishedProcesses(deps: ProcessRecoveryDeps): Promise<RecoveryReport> {
  const now = deps.clock();
  const cutoff = now.getTime() - deps.olderThanMs;
  const unfinished = await Promise.all((["started", "abandoned", "reopened"] as const).map((phase) => deps.readStore.find<ProcessDocument>(collections.processes, { phase })));
  const candidates = unfinished.flat().filter((doc) => {
    // A reopened process ended long ago: what it holds now belongs to no running request.
    if (doc.phase === "reopened") return true;
    const started = Date.parse(doc.startedAt);
    // A malformed time cannot say the process is young: treat it as stale.
    return Number.isNaN(started) || started <= cutoff;
  });
  const report: RecoveryReport = { examined: candidates.length, outcomes: {}, failed: 0 };
  for (const doc of candidates) {
    const context: CommandContext = { userId: doc.ownerId, actor: "system:process-recovery", correlationId: randomUUID(), causationId: null, now: deps.clock() };
    try {
      const outcome = await resume(deps.eventStore, doc, context);
      report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      if (outcome !== "none" && outcome !== "created") deps.log?.(`process ${doc.id} resumed: ${outcome}`);
    } catch (error) {
      report.failed++;
      deps.log?.(`process ${doc.id} could not be resumed, skipped until the next sweep: ${(error as Error).message}`);
    }
  }
  return report;
}

function resume(eventStore: EventStore, doc: ProcessDocument, context: CommandContext): Promise<string> {
  if (doc.phase === "reopened") return releaseStrayHolds(eventStore, doc, context);
  const stale = { reason: `not finished ${Math.round((context.now.getTime() - Date.parse(doc.startedAt)) / 1000)} s after it started; recovered by the sweep`, code: STALE };
  switch (doc.kind) {
    case "createInvoice":
      return settleInvoiceCreation(eventStore, doc.aggregateId, stale, context);
    case "createProduct":
      return settleProductCreation(eventStore, doc.aggregateId, stale, context);
    case "changeProductSku":
      return settleSkuChange(eventStore, doc.aggregateId, stale, context);
    case "deleteProduct":
      return settleProductDeletion(eventStore, doc.aggregateId, context);
    case "applyAdvance":
      return doc.refs ? settleAdvanceApplication(eventStore, { advanceId: doc.aggregateId, ...doc.refs }, context) : Promise.resolve("none");
    default: {
      const exhaustive: never = doc.kind;
      throw new Error(`unknown process kind ${String(exhaustive)}`);
    }
  }
}

/**
 * Gives back what a process took after it had ended: a request that stalled past the
 * recovery's fence and compensation, then reserved, and crashed (or gave up) before its own
 * clean-up. Each hold is checked against the record's own stream: a number or a slot of an
 * invoice that was never created (a series number is voided), a SKU the product does not use and is not changing to.
 */
async function releaseStrayHolds(eventStore: EventStore, doc: ProcessDocument, context: CommandContext): Promise<string> {
  const userId = doc.ownerId;
  const reason = `${doc.kind} ${doc.aggregateId} had ended when this was taken; given back by the recovery sweep`;
  let released = 0;
  for (const hold of doc.holds ?? []) {
    const split = hold.indexOf(":");
    const [what, value] = [hold.slice(0, split), hold.slice(split + 1)];
    if (what === "number" || what === "quota") {
      if ((await readState(eventStore, streams.invoice(doc.aggregateId), invoiceDecider)).status !== "none") continue;
      if (what === "number") {
        await retryOnConflict(() =>
          handle(
            eventStore,
            streams.invoiceNumberReservation(userId, value),
            invoiceNumberDecider,
            { kind: "release", userId, value, holder: doc.aggregateId, reason, process: doc.kind },
            context,
          ),
        );
      } else {
        await retryOnConflict(() =>
          handle(
            eventStore,
            streams.invoiceQuota(userId, value),
            invoiceQuotaDecider,
            { kind: "return", userId, month: value, invoiceId: doc.aggregateId, reason, process: doc.kind },
            context,
          ),
        );
      }
      released++;
    } else if (what === "series") {
      if ((await readState(eventStore, streams.invoice(doc.aggregateId), invoiceDecider)).status !== "none") continue;
      // Issue 9: a third part names a series other than the invoices' ("bill-of-supply").
      const [gstin, financialYear, kind] = value.split(":") as [string, string, string | undefined];
      await voidSeriesNumber(eventStore, { userId, series: kind ?? INVOICE_SERIES, gstin, financialYear, documentId: doc.aggregateId, reason }, context);
      released++;
    } else if (what === "sku") {
      const product = await readState(eventStore, streams.product(doc.aggregateId), productDecider);
      const live = product.status === "active" || product.status === "inactive";
      if (live && (product.fields.sku === value || (product.skuChange?.phase === "started" && product.skuChange.toSku === value))) continue;
      await releaseSku(eventStore, { userId, sku: value, productId: doc.aggregateId, reason, process: doc.kind }, context);
      released++;
    }
  }
  return released > 0 ? "released" : "none";
}

/** Env: BAHI_PROCESS_SWEEP_MS (how often, default 30 s) and BAHI_PROCESS_STALE_MS (how old a process must be, default 30 s). */
export function processSweepFromEnv(env: NodeJS.ProcessEnv): { everyMs: number; olderThanMs: number } {
  const positive = (raw: string | undefined, fallback: number) => {
    const value = Number(raw);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return { everyMs: positive(env.BAHI_PROCESS_SWEEP_MS, 30_000), olderThanMs: positive(env.BAHI_PROCESS_STALE_MS, 30_000) };
}
