import { Router, type Request } from "express";
import { productActiveSchema, productCreateSchema, productUpdateSchema, stockAdjustmentSchema, stockReceiptSchema } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { DomainError, requireUserId, WrongExpectedRevisionError } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../http/context.ts";
import { fold, handle, type CommandContext } from "../http/decider.ts";
import { recordId } from "../http/ids.ts";
import { owned, productDecider, SKU_TAKEN, skuReservationDecider, type LiveProduct, type ProductCommand } from "./product.ts";

/**
 * Products answer commands with `{ id }` only: stock on hand is a projection (invoices lower
 * it), so the read side, not the command side, knows the product as the user sees it.
 */
export function productRoutes(deps: CommandDeps): Router {
  const router = Router();

  const idParam = (raw: string | undefined) => recordId(raw, "Product");

  async function reserveSku(userId: string, sku: string, productId: string, context: CommandContext): Promise<void> {
    try {
      await handle(deps.eventStore, streams.skuReservation(userId, sku), skuReservationDecider, { kind: "reserve", userId, value: sku, holder: productId }, context);
    } catch (error) {
      // Another product took the SKU between our read and our append.
      if (error instanceof WrongExpectedRevisionError) throw new DomainError("CONFLICT", SKU_TAKEN);
      throw error;
    }
  }

  async function releaseSku(userId: string, sku: string, productId: string, context: CommandContext): Promise<void> {
    await handle(deps.eventStore, streams.skuReservation(userId, sku), skuReservationDecider, { kind: "release", userId, value: sku, holder: productId }, context);
  }

  async function ownedProduct(userId: string, id: string): Promise<LiveProduct> {
    return owned(fold(productDecider, await deps.eventStore.readStream(streams.product(id))), userId);
  }

  async function run(req: Request, id: string, command: (userId: string, at: string) => ProductCommand) {
    const userId = requireUserId(deps.sessions, req);
    const now = deps.clock();
    return handle(deps.eventStore, streams.product(id), productDecider, command(userId, now.toISOString()), commandContext(req, userId, now));
  }

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = productCreateSchema.parse(req.body);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    const id = deps.newId();
    await reserveSku(userId, input.sku, id, context);
    try {
      const result = await handle(deps.eventStore, streams.product(id), productDecider, { kind: "add", id, ownerId: userId, input, at: now.toISOString() }, context);
      sendPosition(res, result.position);
      res.status(201).json({ id });
    } catch (error) {
      await releaseSku(userId, input.sku, id, context).catch(() => {});
      throw error;
    }
  });

  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = idParam(req.params.id);
    const input = productUpdateSchema.parse(req.body);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    const before = await ownedProduct(userId, id);
    const skuChanged = before.fields.sku !== input.sku;
    // A new SKU is reserved before the product takes it, and the old one released after.
    if (skuChanged) await reserveSku(userId, input.sku, id, context);
    try {
      const result = await handle(deps.eventStore, streams.product(id), productDecider, { kind: "update", ownerId: userId, input, at: now.toISOString() }, context);
      if (skuChanged) await releaseSku(userId, before.fields.sku, id, context);
      sendPosition(res, result.position);
      res.json({ id });
    } catch (error) {
      if (skuChanged) await releaseSku(userId, input.sku, id, context).catch(() => {});
      throw error;
    }
  });

  router.patch("/:id/active", async (req, res) => {
    const id = idParam(req.params.id);
    const { isActive } = productActiveSchema.parse(req.body);
    const result = await run(req, id, (ownerId, at) => ({ kind: "setActive", ownerId, isActive, at }));
    sendPosition(res, result.position);
    res.json({ id });
  });

  router.delete("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = idParam(req.params.id);
    const { sku } = (await ownedProduct(userId, id)).fields;
    const result = await run(req, id, (ownerId, at) => ({ kind: "delete", ownerId, at }));
    // The SKU is free again once its product is gone.
    await releaseSku(userId, sku, id, commandContext(req, userId, deps.clock()));
    sendPosition(res, result.position);
    res.status(204).end();
  });

  router.post("/:id/stock", async (req, res) => {
    const id = idParam(req.params.id);
    const { quantity, note } = stockReceiptSchema.parse(req.body);
    const result = await run(req, id, (ownerId, at) => ({ kind: "receiveStock", ownerId, quantity, note, at }));
    sendPosition(res, result.position);
    res.json({ id });
  });

  router.post("/:id/stock-adjustments", async (req, res) => {
    const id = idParam(req.params.id);
    const { quantityDelta, reason } = stockAdjustmentSchema.parse(req.body);
    const result = await run(req, id, (ownerId, at) => ({ kind: "adjustStock", ownerId, quantityDelta, reason, at }));
    sendPosition(res, result.position);
    res.json({ id });
  });

  return router;
}
