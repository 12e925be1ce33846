import { Router } from "express";
import { indianDateOf, panFromGstin, planChangeSchema, profileSchema, stateCodeFromGstin } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { requireUserId, ValidationError } from "@bahi/shared/server";
import { userDecider, userView, type UserState } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { invoicesUsedIn } from "../invoices/quota.ts";
import { indianMonth } from "../handling/month.ts";
import { logoRoutes } from "./logoRoutes.ts";

/** PUT /api/profile and POST /api/profile/plan: the business's own details and plan. */
export function profileRoutes(deps: CommandDeps): Router {
  const router = Router();

  async function respond(userId: string, state: UserState) {
    if (!state.registered) throw new Error("A signed-in user has no registration");
    const invoicesUsed = await invoicesUsedIn(deps.eventStore, userId, indianMonth(deps.clock()));
    return { ...userView(state), invoicesUsed };
  }

  router.put("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = profileSchema.parse(req.body);
    const now = deps.clock();
    if (input.gstRegistrationDate && input.gstRegistrationDate > indianDateOf(now)) {
      throw new ValidationError([{ path: ["gstRegistrationDate"], message: `GST registration date cannot be after today (${indianDateOf(now)})` }]);
    }
    // A GSTIN fixes the state and the PAN (GST.md §1.1); without one the chosen state stands.
    const profile = {
      ...input,
      stateCode: input.gstNumber ? stateCodeFromGstin(input.gstNumber) : input.stateCode,
      panNumber: input.gstNumber ? panFromGstin(input.gstNumber) : null,
    };
    const result = await handle(deps.eventStore, streams.user(userId), userDecider, { kind: "updateProfile", profile, at: now.toISOString() }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.json(await respond(userId, result.state));
  });

  router.use("/logo", logoRoutes(deps));

  router.post("/plan", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const { plan } = planChangeSchema.parse(req.body);
    const now = deps.clock();
    const result = await handle(deps.eventStore, streams.user(userId), userDecider, { kind: "changePlan", plan, at: now.toISOString() }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.json(await respond(userId, result.state));
  });

  return router;
}
