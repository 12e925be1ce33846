import type { Expense } from "@bahi/shared/contract";
import { streams, type BahiEventOf, type EventData } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { nextPeriod, periodLabel, periodOrdinal, reconcilePurchases, returnPeriodOf, type ReconciliationDecision, type ReconciliationResult } from "@bahi/shared/returns";
import { DomainError, getJsonBlob, putJsonBlob, type BlobRef, type BlobStore, type EventStore, type JobQueue, type ReadStore } from "@bahi/shared/server";
import { handle, type Decider } from "../handling/decider.ts";
import { projectedPast } from "../handling/projection.ts";
import { gstReturnDecider } from "./gstReturn.ts";
import { readState } from "../handling/streamStates.ts";

export const RECONCILIATION_QUEUE = "purchase-reconciliation";

export type ReconciliationEvent = BahiEventOf<"Gstr2bUploaded" | "ReconciliationMatchDecided" | "ReconciliationCompleted">;
/** Where the uploaded 2B is: in the BlobStore, or inline in an upload recorded before blobs. */
export type Gstr2bSource = { blob: BlobRef } | { inline: unknown };
export type ReconciliationState = {
  gstr2b: Gstr2bSource | null;
  gstin: string | null;
  /** The first upload's: later uploads of the period keep it (design §2). */
  reportIn: string | null;
  decisions: ReconciliationDecision[];
};
export type ReconciliationCommand =
  | { kind: "upload"; userId: string; period: string; gstr2bBlob: BlobRef; invoiceCount: number; gstin: string; reportIn: string; at: string }
  | { kind: "decide"; userId: string; period: string; expenseId: string; portalKey: string; decision: "accepted" | "rejected"; at: string }
  | { kind: "complete"; result: EventData<"ReconciliationCompleted"> };

export const reconciliationDecider: Decider<ReconciliationCommand, ReconciliationEvent, ReconciliationState> = {
  initialState: { gstr2b: null, gstin: null, reportIn: null, decisions: [] },
  evolve(state, event) {
    switch (event.type) {
      case "Gstr2bUploaded": {
        const d = event.data;
        return { ...state, gstr2b: d.gstr2bBlob ? { blob: d.gstr2bBlob } : { inline: d.gstr2b }, gstin: d.gstin ?? state.gstin, reportIn: state.reportIn ?? d.reportIn ?? null };
      }
      case "ReconciliationMatchDecided": {
        const { expenseId, portalKey, decision, decidedAt } = event.data;
        return { ...state, decisions: [...state.decisions, { expenseId, portalKey, decision, decidedAt }] };
      }
      case "ReconciliationCompleted":
        return state;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "upload":
        return [
          {
            type: "Gstr2bUploaded",
            data: {
              userId: command.userId,
              period: command.period,
              gstr2bBlob: command.gstr2bBlob,
              invoiceCount: command.invoiceCount,
              uploadedAt: command.at,
              gstin: command.gstin,
              reportIn: state.reportIn ?? command.reportIn,
            },
          },
        ];
      case "decide":
        if (state.gstr2b === null) throw new DomainError("NOT_FOUND", "Reconciliation not found");
        return [
          {
            type: "ReconciliationMatchDecided",
            data: { userId: command.userId, period: command.period, expenseId: command.expenseId, portalKey: command.portalKey, decision: command.decision, decidedAt: command.at },
          },
        ];
      case "complete":
        if (state.gstr2b === null) throw new DomainError("CONFLICT", `Upload the GSTR-2B JSON for ${command.result.period} first`);
        return [{ type: "ReconciliationCompleted", data: command.result }];
    }
  },
};

/** Whether the GSTR-3B of `period` is filed, by its own stream. */
export async function gstr3bFiled(eventStore: EventStore, userId: string, period: string): Promise<boolean> {
  return (await readState(eventStore, streams.gstReturn(userId, "GSTR3B", period), gstReturnDecider)).status === "filed";
}

/**
 * The period a 2B's ITC is reported in: the first from the 2B's own period on whose GSTR-3B
 * is not filed (a 2B arriving after that month's 3B was filed is claimed in the next open one).
 */
export async function reportInFor(eventStore: EventStore, userId: string, period: string, today: Date): Promise<string> {
  let candidate = period;
  // Bounded by the next month: every period up to it cannot have been filed.
  const last = periodOrdinal(nextPeriod(returnPeriodOf(today)).fp);
  while (periodOrdinal(candidate) < last && (await gstr3bFiled(eventStore, userId, candidate))) candidate = nextPeriod(candidate).fp;
  return candidate;
}

/** Refuses a decision once the 3B the 2B's ITC is reported in is filed: the claim is settled. */
export async function refuseWhenSettled(eventStore: EventStore, userId: string, period: string, state: ReconciliationState): Promise<void> {
  const reportIn = state.reportIn ?? period;
  if (await gstr3bFiled(eventStore, userId, reportIn)) {
    throw new DomainError("CONFLICT", `The GSTR-3B for ${periodLabel(reportIn)}, where this GSTR-2B's ITC is reported, is already filed; its matches can no longer be changed`);
  }
}

export async function gstr2bOf(blobStore: Pick<BlobStore, "get">, source: Gstr2bSource): Promise<unknown> {
  return "blob" in source ? await getJsonBlob(blobStore, source.blob) : source.inline;
}

/** The period's reconciliation as it stands: the 2B, the expenses in the read model (projected past `after`), the decisions. */
export async function currentReconciliation(
  deps: { readStore: ReadStore; blobStore: Pick<BlobStore, "get"> },
  userId: string,
  period: string,
  state: ReconciliationState & { gstr2b: Gstr2bSource },
  after: string | null,
  decisions: readonly ReconciliationDecision[] = state.decisions,
): Promise<ReconciliationResult> {
  await projectedPast(deps.readStore, after);
  const expenses = await deps.readStore.list<Expense>(collections.expenses, userId);
  const gstr2b = await gstr2bOf(deps.blobStore, state.gstr2b);
  return reconcilePurchases({ gstr2b, expenses, period, decisions, businessGstin: state.gstin });
}

/** `position`: of the event that recorded the outcome, so the client's next read includes it. */
export type ReconciliationJobResult = ({ summary: EventData<"ReconciliationCompleted">["summary"] } | { error: string }) & { position: string | null };

export interface ReconciliationJob {
  userId: string;
  period: string;
  after: string | null;
}

/** Matches the uploaded 2B against the recorded expenses (with the user's decisions) and records the result. */
export function registerReconciliationWorker(deps: { eventStore: EventStore; readStore: ReadStore; blobStore: BlobStore; jobs: JobQueue; clock: () => Date }): void {
  deps.jobs.process(RECONCILIATION_QUEUE, async (payload, job): Promise<ReconciliationJobResult> => {
    const { userId, period, after } = payload as ReconciliationJob;
    const stream = streams.reconciliation(userId, period);
    const state = await readState(deps.eventStore, stream, reconciliationDecider);
    if (state.gstr2b === null) return { error: `Upload the GSTR-2B JSON for ${period} first`, position: null };
    const result = await currentReconciliation(deps, userId, period, { ...state, gstr2b: state.gstr2b }, after);
    // Thousands of rows would not fit in an event: they go to the BlobStore, the event names them.
    const rowsBlob = await putJsonBlob(deps.blobStore, result.rows);
    const now = deps.clock();
    const completed = await handle(
      deps.eventStore,
      stream,
      reconciliationDecider,
      { kind: "complete", result: { userId, period, summary: { ...result.summary }, rowsBlob, completedAt: now.toISOString() } },
      { userId, actor: "system:reconciliation-worker", correlationId: job.jobId, causationId: job.jobId, now },
    );
    return { summary: { ...result.summary }, position: completed.position };
  });
}
