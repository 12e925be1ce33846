import { streams, type EventData } from "@bahi/shared/events";
import { collections, type GstReturnDocument } from "@bahi/shared/read-models";
import {
  loadReturnBooks,
  returnScope,
  prepareReturn,
  putJsonBlob,
  QueueUnavailableError,
  type BlobStore,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { handle, type CommandContext } from "../handling/decider.ts";
import { projectedPast } from "../handling/projection.ts";
import { GspRejectedError, type GspClient } from "./gsp.ts";
import { gstReturnDecider, type GstReturnType } from "./gstReturn.ts";
import { readFolded, readState } from "../handling/streamStates.ts";

export const FILING_QUEUE = "gst-filing";

export interface FilingJob {
  userId: string;
  returnType: GstReturnType;
  period: string;
  /** The position of the filing request: the return includes everything recorded before it. */
  after: string | null;
}

/** `position`: of the event that recorded the outcome, so the client's next read includes it. */
export type FilingResult = ({ arn: string } | { error: string }) & { position: string | null };

export interface FilingWorkerDeps {
  eventStore: EventStore;
  /**
   * A return is a report over the period's invoices and expenses, so the worker reads the
   * read models (waiting until they include the request). Whether to file stays a decision
   * of the return's own stream; see the README's note on this departure from DESIGN.md.
   */
  readStore: ReadStore;
  /** Where the filed return's JSON is kept (a real GSTR-1 is far larger than an event may be). */
  blobStore: BlobStore;
  jobs: JobQueue;
  gsp: GspClient;
  clock: () => Date;
}

/** Builds a return from the period's records, files it through the GSP, and records the outcome. */
export function registerFilingWorker(deps: FilingWorkerDeps): void {
  deps.jobs.process(FILING_QUEUE, async (payload, job): Promise<FilingResult> => {
    const { userId, returnType, period, after } = payload as FilingJob;
    const stream = streams.gstReturn(userId, returnType, period);
    const { state, position: lastPosition } = await readFolded(deps.eventStore, stream, gstReturnDecider);
    if (state.status === "filed") return { arn: state.arn, position: lastPosition };
    if (state.status !== "requested") return { error: "No filing was requested for this return", position: lastPosition };

    const user = await readState(deps.eventStore, streams.user(userId), userDecider);
    const gstin = user.registered ? user.profile.gstNumber : null;
    const context: CommandContext = { userId, actor: "system:gst-filing-worker", correlationId: job.jobId, causationId: job.jobId, now: deps.clock() };
    const fail = async (reason: string): Promise<FilingResult> => {
      const at = deps.clock().toISOString();
      const failed = await handle(deps.eventStore, stream, gstReturnDecider, { kind: "recordFailure", userId, returnType, period, reason, at }, context);
      return { error: reason, position: failed.position };
    };
    if (!user.registered || !gstin) return fail("Add your GSTIN in Settings before filing returns");

    await projectedPast(deps.readStore, after);
    // The same engine and inputs as the preview the user saw, so the figures filed are the figures shown.
    const books = await loadReturnBooks(deps.readStore, deps.blobStore, userId, returnScope(returnType, period));
    const prepared = prepareReturn(books, { returnType, period, gstin, stateCode: user.profile.stateCode, today: deps.clock() });
    const blocking = prepared.problems.filter((p) => p.blocking);
    // The route checked before the request; a record changed since may still have brought one in.
    if (blocking.length > 0) return fail(`The return has problems to fix first: ${blocking.map((p) => p.message).join("; ")}`);
    const json = prepared.json;
    const { amounts } = prepared;
    const totals: EventData<"GstReturnFiled">["totals"] = {
      taxableValuePaise: amounts.taxableValuePaise,
      taxPaise: amounts.taxPaise,
      invoiceValuePaise: amounts.invoiceValuePaise,
      itcPaise: amounts.itcPaise,
      netPayablePaise: amounts.netPayablePaise,
      interestPaise: amounts.interestPaise,
      lateFeePaise: amounts.lateFeePaise,
      ...(returnType === "GSTR3B" ? { creditCarriedForward: { ...amounts.creditCarriedForward, cess: amounts.creditCarriedForward.cess ?? 0 } } : {}),
    };

    // Stored before filing, so that once the GSP has accepted the return only the append is left to do.
    const returnJsonBlob = await putJsonBlob(deps.blobStore, json);
    let arn: string;
    try {
      ({ arn } = await deps.gsp.fileReturn({ gstin, returnType, period, json: json as { gstin?: unknown; fp?: unknown } }));
    } catch (error) {
      // A rejection is an answer; anything else (network, GSP down) is retried by the queue.
      if (error instanceof GspRejectedError) return fail(error.message);
      throw error;
    }
    const filing = { userId, returnType, period, arn, filedVia: deps.gsp.name, filedAt: deps.clock().toISOString(), totals, returnJsonBlob };
    const filed = await handle(deps.eventStore, stream, gstReturnDecider, { kind: "recordFiled", filing }, context);
    return { arn, position: filed.position };
  });
}

/**
 * A filing whose job never ran (the process died, Redis lost it) is still "requested" in its
 * stream: at start-up, and periodically after, every such request is queued again under its
 * own job id (a job the queue still knows is left alone).
 */
export async function redispatchPendingFilings(deps: Pick<FilingWorkerDeps, "eventStore" | "readStore" | "jobs"> & { log?: (message: string) => void }): Promise<number> {
  const pending = await deps.readStore.find<GstReturnDocument>(collections.gstReturns, { status: "pending" });
  let queued = 0;
  for (const { userId, returnType, period } of pending) {
    try {
      const recorded = await readFolded(deps.eventStore, streams.gstReturn(userId, returnType, period), gstReturnDecider);
      if (recorded.revision === null || recorded.position === null || recorded.state.status !== "requested") continue;
      const job: FilingJob = { userId, returnType, period, after: recorded.position };
      if (await deps.jobs.enqueue(FILING_QUEUE, filingJobId(job, recorded.revision), job, { attempts: 5, backoffMs: 500 })) queued += 1;
    } catch (error) {
      // The queue being down fails every record alike: stop and let the next sweep try.
      if (error instanceof QueueUnavailableError) throw error;
      // One bad record is logged and skipped, never a reason to leave the others unqueued.
      deps.log?.(`re-dispatch: skipped ${returnType} ${period} of ${userId}: ${(error as Error).message}`);
    }
  }
  return queued;
}

/** Names one filing request: a retried click finds the same job, a new request after a failure a new one. */
export function filingJobId(job: Pick<FilingJob, "userId" | "returnType" | "period">, requestRevision: number | null): string {
  return `${job.returnType}.${job.userId}.${job.period}.r${requestRevision}`;
}
