import type { Expense } from "@bahi/shared/contract";
import { streams, type BahiEventOf, type EventData } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { reconcilePurchases } from "@bahi/shared/returns";
import { DomainError, type EventStore, type JobQueue, type ReadStore } from "@bahi/shared/server";
import { fold, handle, type Decider } from "../http/decider.ts";
import { projectedPast } from "../http/projection.ts";

export const RECONCILIATION_QUEUE = "purchase-reconciliation";

export type ReconciliationEvent = BahiEventOf<"Gstr2bUploaded" | "ReconciliationCompleted">;
export type ReconciliationState = { gstr2b: unknown | null };
export type ReconciliationCommand =
  | { kind: "upload"; userId: string; period: string; gstr2b: unknown; invoiceCount: number; at: string }
  | { kind: "complete"; result: EventData<"ReconciliationCompleted"> };

export const reconciliationDecider: Decider<ReconciliationCommand, ReconciliationEvent, ReconciliationState> = {
  initialState: { gstr2b: null },
  evolve(state, event) {
    switch (event.type) {
      case "Gstr2bUploaded":
        return { gstr2b: event.data.gstr2b };
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
        return [{ type: "Gstr2bUploaded", data: { userId: command.userId, period: command.period, gstr2b: command.gstr2b, invoiceCount: command.invoiceCount, uploadedAt: command.at } }];
      case "complete":
        if (state.gstr2b === null) throw new DomainError("CONFLICT", `Upload the GSTR-2B JSON for ${command.result.period} first`);
        return [{ type: "ReconciliationCompleted", data: command.result }];
    }
  },
};

/** `position`: of the event that recorded the outcome, so the client's next read includes it. */
export type ReconciliationJobResult = ({ summary: EventData<"ReconciliationCompleted">["summary"] } | { error: string }) & { position: string | null };

export interface ReconciliationJob {
  userId: string;
  period: string;
  after: string | null;
}

/** Matches the uploaded 2B against the period's recorded expenses and records the result. */
export function registerReconciliationWorker(deps: { eventStore: EventStore; readStore: ReadStore; projector: string; jobs: JobQueue; clock: () => Date }): void {
  deps.jobs.process(RECONCILIATION_QUEUE, async (payload, job): Promise<ReconciliationJobResult> => {
    const { userId, period, after } = payload as ReconciliationJob;
    const stream = streams.reconciliation(userId, period);
    const state = fold(reconciliationDecider, await deps.eventStore.readStream(stream));
    if (state.gstr2b === null) return { error: `Upload the GSTR-2B JSON for ${period} first`, position: null };
    await projectedPast(deps.readStore, deps.projector, after);
    const expenses = await deps.readStore.list<Expense>(collections.expenses, userId);
    const result = reconcilePurchases({ gstr2b: state.gstr2b, expenses, period });
    const now = deps.clock();
    const completed = await handle(
      deps.eventStore,
      stream,
      reconciliationDecider,
      { kind: "complete", result: { userId, period, summary: { ...result.summary }, rows: [...result.rows], completedAt: now.toISOString() } },
      { userId, actor: "system:reconciliation-worker", correlationId: job.jobId, causationId: job.jobId, now },
    );
    return { summary: { ...result.summary }, position: completed.position };
  });
}
