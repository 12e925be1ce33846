import { randomUUID } from "node:crypto";
import { collections, type ProcessDocument } from "@bahi/shared/read-models";
import type { EventStore, ReadStore } from "@bahi/shared/server";
import type { CommandContext } from "../http/decider.ts";
import { settleInvoiceCreation } from "../invoices/createInvoiceProcess.ts";
import { settleSkuChange } from "../products/changeProductSkuProcess.ts";
import { settleProductCreation } from "../products/createProductProcess.ts";
import { settleProductDeletion } from "../products/deleteProductProcess.ts";
import { STALE } from "./steps.ts";

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
  const candidates = (await deps.readStore.find<ProcessDocument>(collections.processes, {})).filter((doc) => {
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
    default: {
      const exhaustive: never = doc.kind;
      throw new Error(`unknown process kind ${String(exhaustive)}`);
    }
  }
}

/** Env: BAHI_PROCESS_SWEEP_MS (how often, default 30 s) and BAHI_PROCESS_STALE_MS (how old a process must be, default 30 s). */
export function processSweepFromEnv(env: NodeJS.ProcessEnv): { everyMs: number; olderThanMs: number } {
  const positive = (raw: string | undefined, fallback: number) => {
    const value = Number(raw);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return { everyMs: positive(env.BAHI_PROCESS_SWEEP_MS, 30_000), olderThanMs: positive(env.BAHI_PROCESS_STALE_MS, 30_000) };
}
