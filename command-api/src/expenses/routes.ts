import { Router, type Request } from "express";
import { computeLine, EXPENSE_GST_RATE, expenseInputSchema, stateCodeFromGstin, toPaise, type ExpenseInput } from "@bahi/shared/contract";
import { expenseView, streams } from "@bahi/shared/events";
import { notFound, requireUserId } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../http/context.ts";
import { fold, handle } from "../http/decider.ts";
import { recordId } from "../http/ids.ts";
import type { RecordCommand } from "../http/ownedRecord.ts";
import { vendorDecider } from "../parties/vendor.ts";
import { expenseDecider, type ExpenseFields, type ExpenseState } from "./expense.ts";

const LOCAL = "27";

export function expenseRoutes(deps: CommandDeps): Router {
  const router = Router();

  /**
   * The facts an expense records: the vendor as it is now, and GST at 18% of the amount
   * (SPEC §5) split by the vendor's state against the business's (IGST across states).
   */
  async function facts(userId: string, input: ExpenseInput): Promise<ExpenseFields> {
    let vendor: ExpenseFields["vendor"] = null;
    if (input.vendorId) {
      const state = fold(vendorDecider, await deps.eventStore.readStream(streams.vendor(recordId(input.vendorId, "Vendor"))));
      if (state.status !== "active" || state.ownerId !== userId) throw notFound("Vendor");
      vendor = { id: state.id, name: state.name, gstNumber: state.gstNumber };
    }
    const user = fold(userDecider, await deps.eventStore.readStream(streams.user(userId)));
    const businessState = user.registered ? user.profile.stateCode : null;
    // Where nothing says which states are involved (no GSTINs, no profile), the purchase is
    // taken as local: CGST + SGST. Any non-UT state code gives that split.
    const vendorState = (vendor?.gstNumber ? stateCodeFromGstin(vendor.gstNumber) : null) ?? input.placeOfSupply ?? businessState ?? LOCAL;
    const receivingState = businessState ?? vendorState;
    const amountPaise = toPaise(input.amount);
    const rateBasisPoints = EXPENSE_GST_RATE * 100;
    const tax = computeLine({ quantity: 1, pricePaise: amountPaise, rateBasisPoints }, { supplierState: vendorState, placeOfSupply: receivingState });
    return {
      vendor,
      category: input.category,
      description: input.description,
      amountPaise,
      gstRateBasisPoints: rateBasisPoints,
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
      date: input.date,
      placeOfSupply: input.placeOfSupply,
      vendorInvoiceNumber: input.vendorInvoiceNumber,
      vendorInvoiceDate: input.vendorInvoiceDate ?? null,
      hsnCode: input.hsnCode,
      eligibleForItc: input.eligibleForItc,
    };
  }

  function view(state: ExpenseState) {
    if (state.status !== "active") throw new Error("Only a live expense has a view");
    const { status: _s, id, ownerId, addedAt, updatedAt, ...fields } = state;
    return expenseView({ expenseId: id, ownerId, ...fields }, addedAt, updatedAt);
  }

  async function run(req: Request, id: string, userId: string, command: RecordCommand<ExpenseFields>) {
    const now = deps.clock();
    return handle(deps.eventStore, streams.expense(id), expenseDecider, command, commandContext(req, userId, now));
  }

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = expenseInputSchema.parse(req.body);
    const id = deps.newId();
    const result = await run(req, id, userId, { kind: "add", id, ownerId: userId, input: await facts(userId, input), at: deps.clock().toISOString() });
    sendPosition(res, result.position);
    res.status(201).json(view(result.state));
  });

  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Expense");
    const input = expenseInputSchema.parse(req.body);
    // Someone else's expense is not found, before any of its lookups can say otherwise.
    const current = fold(expenseDecider, await deps.eventStore.readStream(streams.expense(id)));
    if (current.status !== "active" || current.ownerId !== userId) throw notFound("Expense");
    const result = await run(req, id, userId, { kind: "update", ownerId: userId, input: await facts(userId, input), at: deps.clock().toISOString() });
    sendPosition(res, result.position);
    res.json(view(result.state));
  });

  router.delete("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Expense");
    const result = await run(req, id, userId, { kind: "delete", ownerId: userId, at: deps.clock().toISOString() });
    sendPosition(res, result.position);
    res.status(204).end();
  });

  return router;
}
