import { randomBytes } from "node:crypto";
import { Router } from "express";
import { streams } from "@bahi/shared/events";
import { notFound, requireUserId, shareUrl } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { shareLinkDecider } from "./shareLink.ts";
import { readState } from "../handling/streamStates.ts";

/** 32 random bytes in base64url: 43 characters, 256 bits no one can guess. */
export const newShareToken = () => randomBytes(32).toString("base64url");

/** Issue 10: POST/DELETE /api/invoices/{id}/share, mounted before the invoice routes. */
export function invoiceShareRoutes(deps: CommandDeps): Router {
  const router = Router();

  async function ownInvoice(userId: string, rawId: string | undefined) {
    const invoiceId = recordId(rawId, "Invoice");
    const invoice = await readState(deps.eventStore, streams.invoice(invoiceId), invoiceDecider);
    if (invoice.status === "none" || invoice.invoice.ownerId !== userId) throw notFound("Invoice");
    return { invoiceId, status: invoice.status };
  }

  router.post("/:id/share", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const { invoiceId, status } = await ownInvoice(userId, req.params.id);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    // Two clicks racing: the loser reads the winner's link and returns it.
    const command = { kind: "share", invoiceId, ownerId: userId, token: newShareToken(), invoiceCancelled: status === "cancelled", at: now.toISOString() } as const;
    const result = await retryOnConflict(() => handle(deps.eventStore, streams.invoiceShare(invoiceId), shareLinkDecider, command, context), 5);
    const active = result.state.active;
    if (!active) throw new Error("A shared invoice has a link");
    sendPosition(res, result.position);
    res.status(result.events.length > 0 ? 201 : 200).json({ url: shareUrl(req, active.token), createdAt: active.createdAt });
  });

  router.delete("/:id/share", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const { invoiceId } = await ownInvoice(userId, req.params.id);
    const now = deps.clock();
    const result = await retryOnConflict(
      () =>
        handle(
          deps.eventStore,
          streams.invoiceShare(invoiceId),
          shareLinkDecider,
          { kind: "revoke", invoiceId, ownerId: userId, at: now.toISOString() },
          commandContext(req, userId, now),
        ),
      5,
    );
    sendPosition(res, result.position);
    res.status(204).end();
  });

  return router;
}
