import { Router, type Request, type Response } from "express";
import { compareWirePositions, isWirePosition } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { gstr2bUploadSchema, monthlyReturnNotApplicable, parseReturnPeriod, periodLabel, RETURN_NAMES } from "@bahi/shared/returns";
import { QueueUnavailableError, requireUserId, type JobOutcome } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { blockingProblems, filingRefusalFor } from "./filingChecks.ts";
import { FILING_QUEUE, filingJobId, type FilingJob, type FilingResult } from "./filingWorker.ts";
import { AlreadyFiledError, gstReturnDecider, type GstReturnType } from "./gstReturn.ts";
import { RECONCILIATION_QUEUE, reconciliationDecider, type ReconciliationJob, type ReconciliationJobResult } from "./reconciliation.ts";
import { reconciliationRoutes, uploadGstr2b } from "./reconciliationRoutes.ts";
import { readFolded, readState } from "../handling/streamStates.ts";

/** How long a request waits for its job before answering "still in progress". */
const JOB_WAIT_MS = 15_000;

/** The stable code each non-success status of the GST calls carries on the wire. */
const CODE_BY_STATUS: Record<number, string> = {
  202: "IN_PROGRESS",
  400: "VALIDATION_FAILED",
  409: "ALREADY_FILED",
  422: "GSP_REJECTED",
  502: "JOB_FAILED",
  503: "QUEUE_UNAVAILABLE",
};

/** SPEC §7's answer shape for the GST calls: `{ success, arn?, error? }`, with a fitting status and code. */
function answer(res: Response, status: number, body: { success: boolean; arn?: string; error?: string; code?: string }) {
  res.status(status).json(body.error ? { code: CODE_BY_STATUS[status] ?? "FAILED", ...body, message: body.error } : body);
}

export function gstRoutes(deps: CommandDeps): Router {
  const router = Router();

  /** The request's MMYYYY period, or null after answering 400 with what is wrong with it. */
  function periodOf(req: Request, res: Response): string | null {
    const parsed = parseReturnPeriod(typeof req.body?.period === "string" ? req.body.period : undefined);
    if (parsed.ok) return parsed.period.fp;
    res.status(400).json({ code: "VALIDATION_FAILED", success: false, error: parsed.error, message: parsed.error, errors: [{ path: "period", message: parsed.error }] });
    return null;
  }

  /** False after answering 503, so that nothing is recorded for work that cannot be queued. */
  async function queueReachable(res: Response, unavailable: string): Promise<boolean> {
    try {
      await deps.jobs.ping();
      return true;
    } catch (error) {
      if (!(error instanceof QueueUnavailableError)) throw error;
      answer(res, 503, { success: false, error: unavailable });
      return false;
    }
  }

  /**
   * What became of a job within JOB_WAIT_MS, whatever the queue does: a queue that errs or
   * hangs (Redis going away mid-wait) counts as "not finished yet", never as a 500.
   */
  async function awaitJob(queue: string, jobId: string, startedAt: number, settled?: () => Promise<boolean>): Promise<JobOutcome> {
    // The bound is the request's, so time spent reaching the queue counts against it too.
    const deadline = startedAt + JOB_WAIT_MS;
    const waitMs = Math.max(deadline - Date.now(), 0);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        deps.jobs.outcome(queue, jobId, waitMs),
        new Promise<JobOutcome>((resolve) => (timer = setTimeout(() => resolve({ state: "pending" }), waitMs + 250))),
      ]);
    } catch {
      // The queue cannot say (Redis went away), but the worker may still record the outcome:
      // watch for it where it is recorded, within the same bound.
      while (settled && Date.now() < deadline) {
        // A failed look (a database blip) only means looking again.
        if (await settled().catch(() => false)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return { state: "pending" };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits (bounded) for a queued job. Returns its result, having sent the position of the event
   * that recorded it; answers a failed or unfinished job itself and returns null.
   */
  async function finished<Result extends { position: string | null }>(
    res: Response,
    queue: string,
    jobId: string,
    activity: string,
    stillRunning: string,
    startedAt: number,
  ): Promise<Result | null> {
    const outcome = await awaitJob(queue, jobId, startedAt);
    // A result that is not one (a job removed under us) is no answer yet, rather than a 500.
    if (outcome.state === "completed" && typeof outcome.result === "object" && outcome.result !== null) {
      const result = outcome.result as Result;
      sendPosition(res, result.position);
      return result;
    }
    if (outcome.state === "failed") answer(res, 502, { success: false, error: `${activity} failed: ${outcome.error}` });
    else answer(res, 202, { success: false, error: stillRunning });
    return null;
  }

  async function file(req: Request, res: Response, returnType: GstReturnType) {
    const startedAt = Date.now();
    const userId = requireUserId(deps.sessions, req);
    const period = periodOf(req, res);
    if (!period) return;
    const user = await readState(deps.eventStore, streams.user(userId), userDecider);
    // Issue 9: a composition business files CMP-08 instead, an unregistered one nothing (409, nothing recorded).
    const notApplicable = user.registered ? monthlyReturnNotApplicable(user.profile.gstCategory, returnType) : null;
    if (notApplicable) return answer(res, 409, { success: false, code: "RETURN_NOT_APPLICABLE", error: notApplicable });
    if (!user.registered || !user.profile.gstNumber) {
      return answer(res, 400, { success: false, error: "Add your GSTIN in Settings before filing returns" });
    }
    const now = deps.clock();
    const own = await readState(deps.eventStore, streams.gstReturn(userId, returnType, period), gstReturnDecider);
    if (own.status === "filed") return answer(res, 409, { success: false, arn: own.arn, error: new AlreadyFiledError(returnType, period, own.arn).message });
    // The portal's rules first (design §4), then the return's own problems: both refuse before anything is recorded.
    const refusal = await filingRefusalFor(deps, userId, user.profile.gstRegistrationDate ?? null, user.registeredAt, returnType, period, now);
    if (refusal) return answer(res, 409, { success: false, code: refusal.code, error: refusal.message });
    const problems = await blockingProblems(deps, req.header("x-bahi-after"), userId, returnType, period, user.profile.gstNumber, user.profile.stateCode, now);
    if (problems === "behind")
      return answer(res, 503, {
        success: false,
        code: "READ_MODELS_BEHIND",
        error: "Your latest changes are still being processed. Nothing was filed; please try again in a moment.",
      });
    if (problems.length > 0) {
      const error = `${RETURN_NAMES[returnType]} for ${periodLabel(period)} cannot be filed until ${problems.length === 1 ? "this problem is" : `these ${problems.length} problems are`} fixed: ${problems.map((p) => p.message).join("; ")}`;
      res.status(409).json({ code: "RETURN_HAS_PROBLEMS", success: false, error, message: error, problems });
      return;
    }
    if (!(await queueReachable(res, "Filing is unavailable right now (the job queue cannot be reached). Nothing was filed; please try again shortly."))) return;

    let requested;
    try {
      requested = await handle(
        deps.eventStore,
        streams.gstReturn(userId, returnType, period),
        gstReturnDecider,
        { kind: "request", userId, returnType, period, at: now.toISOString() },
        commandContext(req, userId, now),
      );
    } catch (error) {
      if (error instanceof AlreadyFiledError) return answer(res, 409, { success: false, arn: error.arn, error: error.message });
      throw error;
    }
    sendPosition(res, requested.position);
    const stream = streams.gstReturn(userId, returnType, period);
    const job: FilingJob = { userId, returnType, period, after: requested.position };
    const jobId = filingJobId(job, requested.revision);
    const stillRunning = "Filing is taking longer than usual; the returns list will show it when it is done.";
    let outcome: JobOutcome;
    try {
      await deps.jobs.enqueue(FILING_QUEUE, jobId, job, { attempts: 5, backoffMs: 500 });
      const recordedOutcome = async () => (await readState(deps.eventStore, stream, gstReturnDecider)).status !== "requested";
      outcome = await awaitJob(FILING_QUEUE, jobId, startedAt, recordedOutcome);
    } catch {
      // The request is recorded: the periodic re-dispatch queues it once the queue is back,
      // so this is "in progress", answered below from the return's own stream.
      outcome = { state: "pending" };
    }
    const result = outcome.state === "completed" ? (outcome.result as FilingResult | null) : null;
    if (result && ("arn" in result || "error" in result)) {
      sendPosition(res, result.position);
      if ("arn" in result) return answer(res, 200, { success: true, arn: result.arn });
      return answer(res, 422, { success: false, error: result.error });
    }
    // The queue could not tell (it failed, erred or ran out of time): the return's own stream
    // is the truth, so a return that was filed is never answered with an error.
    const { state, position } = await readFolded(deps.eventStore, stream, gstReturnDecider);
    if (position !== null) sendPosition(res, position);
    if (state.status === "filed") return answer(res, 200, { success: true, arn: state.arn });
    if (state.status === "failed") return answer(res, 422, { success: false, error: state.reason });
    if (outcome.state === "failed") return answer(res, 502, { success: false, error: `Filing failed: ${outcome.error}` });
    answer(res, 202, { success: false, error: stillRunning });
  }

  router.post("/gstr2b", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const period = periodOf(req, res);
    if (!period) return;
    const parsed = gstr2bUploadSchema.safeParse(req.body?.data);
    if (!parsed.success) {
      const error = `That file is not a GSTR-2B JSON from the GST portal: ${parsed.error.issues[0]?.path.join(".") || "data"} ${parsed.error.issues[0]?.message ?? ""}`.trim();
      return answer(res, 400, { success: false, error });
    }
    const result = await uploadGstr2b(deps, req, userId, period, parsed.data);
    sendPosition(res, result.position);
    res.json({ success: true, invoices: result.invoiceCount });
  });

  router.post("/reconcile-purchases", async (req, res) => {
    const startedAt = Date.now();
    const userId = requireUserId(deps.sessions, req);
    const period = periodOf(req, res);
    if (!period) return;
    const recorded = await readFolded(deps.eventStore, streams.reconciliation(userId, period), reconciliationDecider);
    if (recorded.state.gstr2b === null || recorded.revision === null || recorded.position === null) {
      return answer(res, 400, { success: false, error: `No GSTR-2B has been uploaded for ${period}. Download it from the GST portal and upload it first.` });
    }
    if (!(await queueReachable(res, "Reconciliation is unavailable right now (the job queue cannot be reached). Please try again shortly."))) return;
    const last = { revision: recorded.revision, position: recorded.position };
    const jobId = `recon.${userId}.${period}.r${last.revision}.${deps.clock().getTime()}`;
    // Include every expense this client has seen recorded, not only those before the upload.
    const seen = req.header("x-bahi-after");
    const after = seen && isWirePosition(seen) && compareWirePositions(seen, last.position) > 0 ? seen : last.position;
    const job: ReconciliationJob = { userId, period, after };
    await deps.jobs.enqueue(RECONCILIATION_QUEUE, jobId, job);
    const result = await finished<ReconciliationJobResult>(
      res,
      RECONCILIATION_QUEUE,
      jobId,
      "Reconciliation",
      "Reconciliation is taking longer than usual; the results will appear when it is done.",
      startedAt,
    );
    if (!result) return;
    if ("error" in result) return answer(res, 422, { success: false, error: result.error });
    res.json({ success: true, summary: { matched: result.summary.matched, unmatched: result.summary.total - result.summary.matched } });
  });

  router.use(reconciliationRoutes(deps));

  router.post("/file-gstr1", (req, res) => file(req, res, "GSTR1"));
  router.post("/file-gstr3b", (req, res) => file(req, res, "GSTR3B"));
  return router;
}
