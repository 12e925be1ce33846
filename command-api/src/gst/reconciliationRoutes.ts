import { Router, type Request } from "express";
import { z } from "zod";
import { compareWirePositions, isWirePosition } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { countGstr2bInvoices, decidablePair, parseReturnPeriod, reconciliationRowToWire, type gstr2bUploadSchema } from "@bahi/shared/returns";
import { DomainError, notFound, putJsonBlob, requireUserId, ValidationError } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { currentReconciliation, reconciliationDecider, refuseWhenSettled, reportInFor } from "./reconciliation.ts";
import { readFolded, readState } from "../handling/streamStates.ts";

type Gstr2bUpload = z.output<typeof gstr2bUploadSchema>;

/**
 * Records an uploaded 2B after checking it is this business's and the chosen period's: a file
 * for another GSTIN or month would otherwise pair against the wrong books (400 GSTR2B_MISMATCH,
 * nothing recorded).
 */
export async function uploadGstr2b(
  deps: CommandDeps,
  req: Request,
  userId: string,
  period: string,
  data: Gstr2bUpload,
): Promise<{ position: string | null; invoiceCount: number }> {
  const user = await readState(deps.eventStore, streams.user(userId), userDecider);
  const businessGstin = user.registered ? (user.profile.gstNumber?.toUpperCase() ?? null) : null;
  if (!businessGstin) throw new DomainError("GSTR2B_MISMATCH", `This GSTR-2B is for GSTIN ${data.gstin} but your business has no GSTIN yet: add it in Settings first`);
  if (data.gstin !== businessGstin) throw new DomainError("GSTR2B_MISMATCH", `This GSTR-2B is for GSTIN ${data.gstin} but your business's GSTIN is ${businessGstin}`);
  if (data.rtnprd !== period) throw new DomainError("GSTR2B_MISMATCH", `This GSTR-2B is for period ${data.rtnprd} but you chose ${period}`);
  const invoiceCount = countGstr2bInvoices(data);
  // Only the parsed fields are kept, beside the log: the event names them by hash. A blob
  // whose append then fails is harmless (content-addressed, and the next upload reuses it).
  const gstr2bBlob = await putJsonBlob(deps.blobStore, data);
  const now = deps.clock();
  const reportIn = await reportInFor(deps.eventStore, userId, period, now);
  const result = await handle(
    deps.eventStore,
    streams.reconciliation(userId, period),
    reconciliationDecider,
    { kind: "upload", userId, period, gstr2bBlob, invoiceCount, gstin: businessGstin, reportIn, at: now.toISOString() },
    commandContext(req, userId, now),
  );
  return { position: result.position, invoiceCount };
}

const decisionBody = z.object({
  expenseId: z.string({ error: "expenseId is required" }).min(1, "expenseId is required").max(100),
  portalKey: z.string({ error: "portalKey is required" }).min(1, "portalKey is required").max(400),
  decision: z.enum(["accept", "reject"], { error: 'decision must be "accept" or "reject"' }),
});

/** POST /api/gst/reconciliations/:period/decisions: the user's word on a suggested match or mismatch. */
export function reconciliationRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post("/reconciliations/:period/decisions", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const parsedPeriod = parseReturnPeriod(req.params.period);
    if (!parsedPeriod.ok) throw notFound("Reconciliation");
    const period = parsedPeriod.period.fp;
    const body = decisionBody.parse(req.body);
    const stream = streams.reconciliation(userId, period);
    const { state, position } = await readFolded(deps.eventStore, stream, reconciliationDecider);
    if (state.gstr2b === null || position === null) throw notFound("Reconciliation");
    await refuseWhenSettled(deps.eventStore, userId, period, state);

    // The rows as this client has seen the books: every expense it saw recorded is projected first.
    const seen = req.header("x-bahi-after");
    const after = seen && isWirePosition(seen) && compareWirePositions(seen, position) > 0 ? seen : position;
    const source = { ...state, gstr2b: state.gstr2b };
    const current = await currentReconciliation(deps, userId, period, source, after);
    if (!decidablePair(current, state.decisions, body.expenseId, body.portalKey)) {
      throw new ValidationError([
        { path: ["portalKey"], message: "That bill and GSTR-2B document are not a suggested match or mismatch in this reconciliation; only those can be accepted or rejected" },
      ]);
    }

    const decision = body.decision === "accept" ? "accepted" : "rejected";
    const now = deps.clock();
    const result = await handle(
      deps.eventStore,
      stream,
      reconciliationDecider,
      { kind: "decide", userId, period, expenseId: body.expenseId, portalKey: body.portalKey, decision, at: now.toISOString() },
      commandContext(req, userId, now),
    );
    sendPosition(res, result.position);
    const decisions = [...state.decisions, { expenseId: body.expenseId, portalKey: body.portalKey, decision, decidedAt: now.toISOString() } as const];
    const after2 = await currentReconciliation(deps, userId, period, source, null, decisions);
    // Accepted: the pair's row; rejected: the 2B document's row, now on its own.
    const row =
      decision === "accepted"
        ? after2.rows.find((r) => r.books?.expenseId === body.expenseId && r.portal?.key === body.portalKey)
        : after2.rows.find((r) => r.key === body.portalKey);
    res.json({ success: true, row: row ? reconciliationRowToWire(row) : null });
  });

  return router;
}
