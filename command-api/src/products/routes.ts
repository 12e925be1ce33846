import { Router, type Request } from "express";
import { DEFAULT_UQC, productActiveSchema, productCreateSchema, productUpdateSchema, stockAdjustmentSchema, stockReceiptSchema } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { runChangeProductSkuProcess } from "./changeProductSkuProcess.ts";
import { runCreateProductProcess } from "./createProductProcess.ts";
import { runDeleteProductProcess } from "./deleteProductProcess.ts";
import { owned, productDecider, type LiveProduct, type ProductCommand } from "./product.ts";
import { checkProductHsn } from "./productHsn.ts";
import { assertQuantityFitsUnit } from "./productUnit.ts";
import { readState } from "../handling/streamStates.ts";

/**
 * Products answer commands with `{ id }` only: stock on hand is a projection (invoices lower
 * it), so the read side, not the command side, knows the product as the user sees it.
 */
export function productRoutes(deps: CommandDeps): Router {
  const router = Router();

  const idParam = (raw: string | undefined) => recordId(raw, "Product");

  async function ownedProduct(userId: string, id: string): Promise<LiveProduct> {
    return owned(await readState(deps.eventStore, streams.product(id), productDecider), userId);
  }

  async function run(req: Request, id: string, command: (userId: string, at: string) => ProductCommand) {
    const userId = requireUserId(deps.sessions, req);
    const now = deps.clock();
    return handle(deps.eventStore, streams.product(id), productDecider, command(userId, now.toISOString()), commandContext(req, userId, now));
  }

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = productCreateSchema.parse(req.body);
    await checkProductHsn(deps.eventStore, userId, input);
    // Issue 9: opening stock of 2.5 NOS is refused before the creation process takes the SKU.
    assertQuantityFitsUnit(input.stock, input.unit ?? DEFAULT_UQC, "stock", input.name);
    const now = deps.clock();
    const id = deps.newId();
    const result = await runCreateProductProcess(deps.eventStore, { productId: id, userId, input }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(201).json({ id });
  });

  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = idParam(req.params.id);
    const input = productUpdateSchema.parse(req.body);
    await checkProductHsn(deps.eventStore, userId, input);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    // A new SKU spans two reservation streams: that is the SKU-change process's work.
    const skuChanged = (await ownedProduct(userId, id)).fields.sku !== input.sku;
    const result = skuChanged
      ? await runChangeProductSkuProcess(deps.eventStore, { productId: id, userId, input }, context)
      : await handle(deps.eventStore, streams.product(id), productDecider, { kind: "update", ownerId: userId, input, at: now.toISOString() }, context);
    sendPosition(res, result.position);
    res.json({ id });
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
    const result = await runDeleteProductProcess(deps.eventStore, { productId: id, userId }, commandContext(req, userId, deps.clock()));
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
