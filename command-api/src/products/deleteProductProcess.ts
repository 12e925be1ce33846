import { streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { handle, type CommandContext, type Handled } from "../handling/decider.ts";
import { productDecider, type ProductState } from "./product.ts";
import { releaseSku } from "./skuSteps.ts";
import { readState } from "../handling/streamStates.ts";

export const DELETE_PRODUCT = "deleteProduct";

/**
 * ProductDeleted carries the SKU it frees (decided on the product's own stream, so an update
 * racing the delete cannot slip a different SKU in between); the release follows, and the
 * recovery sweep finishes it after a crash in between.
 */
export async function runDeleteProductProcess(eventStore: EventStore, command: { productId: string; userId: string }, context: CommandContext): Promise<Handled<ProductState>> {
  const deleted = await handle(eventStore, streams.product(command.productId), productDecider, { kind: "delete", ownerId: command.userId, at: context.now.toISOString() }, context);
  await settleProductDeletion(eventStore, command.productId, context);
  return deleted;
}

/** Releases the SKU a deleted product still holds; a no-op once released. */
export async function settleProductDeletion(eventStore: EventStore, productId: string, context: CommandContext): Promise<"released" | "none"> {
  const state = await readState(eventStore, streams.product(productId), productDecider);
  if (state.status !== "deleted" || state.sku === undefined) return "none";
  await releaseSku(eventStore, { userId: state.ownerId, sku: state.sku, productId, reason: `product ${productId} was deleted`, process: DELETE_PRODUCT }, context);
  return "released";
}
