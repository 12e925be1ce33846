import { Router, type Request } from "express";
import { expenseInputSchema } from "@bahi/shared/contract";
import { expenseView, streams } from "@bahi/shared/events";
import { periodLabel, returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, notFound, requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { filedReturns } from "../gst/closedPeriods.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import type { RecordCommand } from "../handling/ownedRecord.ts";
import { expenseDecider, type ExpenseFields, type ExpenseState } from "./expense.ts";
import { purchaseFacts } from "./purchaseFacts.ts";
import { readState } from "../handling/streamStates.ts";

export function expenseRoutes(deps: CommandDeps): Router {
  const router = Router();

  function view(state: ExpenseState) {
    if (state.status !== "active") throw new Error("Only a live expense has a view");
    const { status: _s, id, ownerId, addedAt, updatedAt, ...fields } = state;
    return expenseView({ expenseId: id, ownerId, ...fields }, addedAt, updatedAt);
  }

  /**
   * A purchase already reported in a filed GSTR-3B is part of that return: changing or deleting
   * it would change what was filed, so the correction is a supplier's credit or debit note (s.34).
   */
  async function refuseIfFiled(userId: string, state: ExpenseState) {
    if (state.status !== "active") return;
    const period = state.reportingPeriod ?? returnPeriodOf(state.date);
    if ((await filedReturns(deps.eventStore, userId, period, "purchase")).length === 0) return;
    throw new DomainError(
      "PERIOD_FILED",
      `This purchase is in the GSTR-3B filed for ${periodLabel(period)}, so it can no longer be changed or deleted. Record the supplier's credit or debit note instead.`,
      { period },
    );
  }

  async function run(req: Request, id: string, userId: string, command: RecordCommand<ExpenseFields>, now: Date) {
    return handle(deps.eventStore, streams.expense(id), expenseDecider, command, commandContext(req, userId, now));
  }

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = expenseInputSchema.parse(req.body);
    const id = deps.newId();
    const now = deps.clock();
    const fields = await purchaseFacts({ eventStore: deps.eventStore, userId, expenseId: id, context: commandContext(req, userId, now) }, input);
    const result = await run(req, id, userId, { kind: "add", id, ownerId: userId, input: fields, at: now.toISOString() }, now);
    sendPosition(res, result.position);
    res.status(201).json(view(result.state));
  });

  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Expense");
    const input = expenseInputSchema.parse(req.body);
    // Someone else's expense is not found, before any of its lookups can say otherwise.
    const current = await readState(deps.eventStore, streams.expense(id), expenseDecider);
    if (current.status !== "active" || current.ownerId !== userId) throw notFound("Expense");
    await refuseIfFiled(userId, current);
    const now = deps.clock();
    const fields = await purchaseFacts(
      { eventStore: deps.eventStore, userId, expenseId: id, context: commandContext(req, userId, now), currentVendorId: current.vendor?.id ?? null },
      input,
    );
    const result = await run(req, id, userId, { kind: "update", ownerId: userId, input: fields, at: now.toISOString() }, now);
    sendPosition(res, result.position);
    res.json(view(result.state));
  });

  router.delete("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Expense");
    const current = await readState(deps.eventStore, streams.expense(id), expenseDecider);
    if (current.status !== "active" || current.ownerId !== userId) throw notFound("Expense");
    await refuseIfFiled(userId, current);
    const now = deps.clock();
    const result = await run(req, id, userId, { kind: "delete", ownerId: userId, at: now.toISOString() }, now);
    sendPosition(res, result.position);
    res.status(204).end();
  });

  return router;
}
