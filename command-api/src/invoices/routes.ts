import { Router } from "express";
import { invoiceCreateSchema, invoiceStatusSchema } from "@bahi/shared/contract";
import { invoiceView, streams } from "@bahi/shared/events";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../http/context.ts";
import { handle } from "../http/decider.ts";
import { recordId } from "../http/ids.ts";
import { indianMonth } from "../http/month.ts";
import { runCreateInvoiceProcess } from "./createInvoiceProcess.ts";
import { draftInvoice } from "./draftInvoice.ts";
import { invoiceDecider } from "./invoice.ts";

export function invoiceRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = invoiceCreateSchema.parse(req.body);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    const invoiceId = deps.newId();
    const { draft, free } = await draftInvoice(deps.eventStore, userId, invoiceId, input, now);

    const created = await runCreateInvoiceProcess(deps.eventStore, { draft, free, month: indianMonth(now) }, context);
    sendPosition(res, created.position);
    res.status(201).json(invoiceView(draft, "pending", null));
  });

  router.patch("/:id/status", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Invoice");
    const { status } = invoiceStatusSchema.parse(req.body);
    const now = deps.clock();
    const result = await handle(
      deps.eventStore,
      streams.invoice(id),
      invoiceDecider,
      { kind: "changeStatus", ownerId: userId, to: status, at: now.toISOString() },
      commandContext(req, userId, now),
    );
    sendPosition(res, result.position);
    res.json({ id, status: result.state.status });
  });

  return router;
}
