/** Issue 10: the payment endpoints; thin, the rules are in payments.ts. */
import type { Request, Response, Router } from "express";
import { paymentCreateSchema } from "@bahi/shared/contract";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { recordId } from "../handling/ids.ts";
import { markPaid, notesPaiseOf, paidInvoiceView, recordPayment } from "./recordPayment.ts";

export function paymentRoutes(router: Router, deps: CommandDeps): void {
  router.post("/:id/payments", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const invoiceId = recordId(req.params.id, "Invoice");
    const input = paymentCreateSchema.parse(req.body);
    const now = deps.clock();
    const result = await recordPayment(deps.eventStore, input, { userId, invoiceId, paymentId: deps.newId(), now }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(201).json(paidInvoiceView(result.state, await notesPaiseOf(deps.eventStore, invoiceId)));
  });
}

/** PATCH status "paid" (SPEC's Mark Paid): answers SPEC's `{ id, status }`, plus the money. */
export async function markPaidRoute(deps: CommandDeps, req: Request, res: Response, target: { userId: string; invoiceId: string; now: Date }): Promise<void> {
  const { userId, invoiceId, now } = target;
  const result = await markPaid(deps.eventStore, { userId, invoiceId, paymentId: deps.newId(), now }, commandContext(req, userId, now));
  sendPosition(res, result.position);
  const view = paidInvoiceView(result.state, await notesPaiseOf(deps.eventStore, invoiceId));
  res.json({ id: invoiceId, status: view.status, amountPaid: view.amountPaid, balanceDue: view.balanceDue });
}
