import { Router } from "express";
import { deliveryChallanCancelSchema, deliveryChallanCreateSchema } from "@bahi/shared/contract";
import { deliveryChallanView } from "@bahi/shared/events";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { recordId } from "../handling/ids.ts";
import { cancelDeliveryChallan, issueDeliveryChallan } from "./issueDeliveryChallan.ts";

/** POST /delivery-challans and /delivery-challans/{id}/cancel (issue 9, Rule 55). */
export function deliveryChallanRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = deliveryChallanCreateSchema.parse(req.body);
    const now = deps.clock();
    const { challan, position } = await issueDeliveryChallan(deps.eventStore, input, { userId, challanId: deps.newId(), now }, commandContext(req, userId, now));
    sendPosition(res, position);
    res.status(201).json(deliveryChallanView(challan));
  });
  router.post("/:id/cancel", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const challanId = recordId(req.params.id, "Delivery challan");
    const { reason } = deliveryChallanCancelSchema.parse(req.body);
    const now = deps.clock();
    const result = await cancelDeliveryChallan(deps.eventStore, reason, { userId, challanId, now }, commandContext(req, userId, now));
    if (result.state.status !== "cancelled") throw new Error("A cancelled challan is not cancelled");
    sendPosition(res, result.position);
    res.json(deliveryChallanView(result.state.challan, result.state.cancellation));
  });
  return router;
}
