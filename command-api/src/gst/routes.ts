import { Router, type Request, type Response } from "express";
import { streams } from "@bahi/shared/events";
import { parseReturnPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { QueueUnavailableError, requireUserId } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../http/context.ts";
import { fold, handle } from "../http/decider.ts";
import { FILING_QUEUE, filingJobId, type FilingJob, type FilingResult } from "./filingWorker.ts";
import { AlreadyFiledError, gstReturnDecider, type GstReturnType } from "./gstReturn.ts";

/** How long a filing request waits for its job before answering "still in progress". */
const FILING_WAIT_MS = 15_000;

/** SPEC §7's answer shape for the GST calls: `{ success, arn?, error? }`, with a fitting status. */
function answer(res: Response, status: number, body: { success: boolean; arn?: string; error?: string }) {
  res.status(status).json(body.error ? { ...body, message: body.error } : body);
}

export function gstRoutes(deps: CommandDeps): Router {
  const router = Router();

  async function file(req: Request, res: Response, returnType: GstReturnType) {
    const userId = requireUserId(deps.sessions, req);
    const parsed = parseReturnPeriod(typeof req.body?.period === "string" ? req.body.period : undefined);
    if (!parsed.ok) {
      res.status(400).json({ success: false, error: parsed.error, message: parsed.error, errors: [{ path: "period", message: parsed.error }] });
      return;
    }
    const period = parsed.period.fp;
    const thisMonth = returnPeriodOf(deps.clock());
    if (Number(period.slice(2) + period.slice(0, 2)) > Number(thisMonth.slice(2) + thisMonth.slice(0, 2))) {
      const error = `The period ${period} has not begun yet; returns can be filed for this month (${thisMonth}) or earlier`;
      res.status(400).json({ success: false, error, message: error, errors: [{ path: "period", message: error }] });
      return;
    }
    const user = fold(userDecider, await deps.eventStore.readStream(streams.user(userId)));
    if (!user.registered || !user.profile.gstNumber) {
      return answer(res, 400, { success: false, error: "Add your GSTIN in Settings before filing returns" });
    }
    try {
      await deps.jobs.ping();
    } catch (error) {
      if (error instanceof QueueUnavailableError) return answer(res, 503, { success: false, error: "Filing is unavailable right now (the job queue cannot be reached). Nothing was filed; please try again shortly." });
      throw error;
    }

    const now = deps.clock();
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
    const job: FilingJob = { userId, returnType, period, after: requested.position };
    const jobId = filingJobId(job, requested.revision);
    await deps.jobs.enqueue(FILING_QUEUE, jobId, job, { attempts: 5, backoffMs: 500 });
    const outcome = await deps.jobs.outcome(FILING_QUEUE, jobId, FILING_WAIT_MS);
    if (outcome.state === "completed") {
      const result = outcome.result as FilingResult;
      return "arn" in result ? answer(res, 200, { success: true, arn: result.arn }) : answer(res, 422, { success: false, error: result.error });
    }
    if (outcome.state === "failed") return answer(res, 502, { success: false, error: `Filing failed: ${outcome.error}` });
    return answer(res, 202, { success: false, error: "Filing is taking longer than usual; the returns list will show it when it is done." });
  }

  router.post("/file-gstr1", (req, res) => file(req, res, "GSTR1"));
  router.post("/file-gstr3b", (req, res) => file(req, res, "GSTR3B"));
  return router;
}
