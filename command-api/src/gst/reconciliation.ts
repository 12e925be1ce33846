import type { Expense } from "@bahi/shared/contract";
import { streams, type BahiEventOf, type EventData } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { reconcilePurchases } from "@bahi/shared/returns";
import { DomainError, getJsonBlob, putJsonBlob, type BlobRef, type BlobStore, type EventStore, type JobQueue, type ReadStore } from "@bahi/shared/server";
import { fold, handle, type Decider } from "../http/decider.ts";
import { projectedPast } from "../http/projection.ts";

export const RECONCILIATION_QUEUE = "purchase-reconciliation";

export type ReconciliationEvent = BahiEventOf<"Gstr2bUploaded" | "ReconciliationCompleted">;
/** Where the uploaded 2B is: in the BlobStore, or inline in an upload recorded before blobs. */
export type Gstr2bSource = { blob: BlobRef } | { inline: unknown };
export type ReconciliationState = { gstr2b: Gstr2bSource | null };
export type ReconciliationCommand =
  | { kind: "upload"; userId: string; period: string; gstr2bBlob: BlobRef; invoiceCount: number; at: string }
  | { kind: "complete"; result: EventData<"ReconciliationCompleted"> };

export const reconciliationDecider: Decider<ReconciliationCommand, ReconciliationEvent, ReconciliationState> = {
  initialState: { gstr2b: null },
  evolve(state, event) {
    switch (event.type) {
      case "Gstr2bUploaded":
        return { gstr2b: event.data.gstr2bBlob ? { blob: event.data.gstr2bBlob } : { inline: event.data.gstr2b } };
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
        return [{ type: "Gstr2bUploaded", data: { userId: command.userId, period: command.period, gstr2bBlob: command.gstr2bBlob, invoiceCount: command.invoiceCount, uploadedAt: command.at } }];
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
export function registerReconciliationWorker(deps: { eventStore: EventStore; readStore: ReadStore; blobStore: BlobStore; jobs: JobQueue; clock: () => Date }): void {
  deps.jobs.process(RECONCILIATION_QUEUE, async (payload, job): Promise<ReconciliationJobResult> => {
    const { userId, period, after } = payload as ReconciliationJob;
    const stream = streams.reconciliation(userId, period);
    const state = fold(reconciliationDecider, await deps.eventStore.readStream(stream));
    if (state.gstr2b === null) return { error: `Upload the GSTR-2B JSON for ${period} first`, position: null };
    await projectedPast(deps.readStore, after);
    const expenses = await deps.readStore.list<Expense>(collections.expenses, userId);
    const gstr2b = "blob" in state.gstr2b ? await getJsonBlob(deps.blobStore, state.gstr2b.blob) : state.gstr2b.inline;
    const result = reconcilePurchases({ gstr2b, expenses, period });
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
