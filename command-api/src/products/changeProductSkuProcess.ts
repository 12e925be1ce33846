import type { ProductUpdateInput } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { handle, type CommandContext, type Handled } from "../handling/decider.ts";
import { errorCode, errorReason, retryOnConflict } from "../processes/steps.ts";
import { productDecider, productProcessAbandoned, type ProductState } from "./product.ts";
import { assertSkuFree, releaseSku, reserveSku } from "./skuSteps.ts";
import { readState } from "../handling/streamStates.ts";

export const CHANGE_PRODUCT_SKU = "changeProductSku";

/**
 * An update that gives a product a new SKU: the intent (from, to) on the product's stream
 * first, so the product refuses other updates and deletion while it runs; then the new SKU
 * is reserved; then ProductUpdated commits it; then the old SKU is released and the change
 * completed. Failing before the commit, the fence goes in its place and the new SKU is
 * released instead. Recovery finishes either way from the product's stream.
 */
export async function runChangeProductSkuProcess(
  eventStore: EventStore,
  command: { productId: string; userId: string; input: ProductUpdateInput },
  context: CommandContext,
): Promise<Handled<ProductState>> {
  const { productId, userId, input } = command;
  const stream = streams.product(productId);
  const at = context.now.toISOString();
  await assertSkuFree(eventStore, userId, input.sku, productId);
  await handle(eventStore, stream, productDecider, { kind: "startSkuChange", ownerId: userId, toSku: input.sku, at }, context);
  let committed: Handled<ProductState>;
  try {
    const state = await readState(eventStore, stream, productDecider);
    if ((state.status === "active" || state.status === "inactive") && state.skuChange?.phase !== "started") throw productProcessAbandoned();
    await reserveSku(eventStore, userId, input.sku, productId, CHANGE_PRODUCT_SKU, context);
    // Retried while stock movements move the stream; the decider refuses once fenced.
    committed = await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "commitSkuChange", ownerId: userId, input, at }, context));
  } catch (error) {
    try {
      await settleSkuChange(eventStore, productId, { reason: errorReason(error), code: errorCode(error) }, context);
    } catch {
      // The store failed again: the intent stays recorded and the recovery sweep settles it;
      // the caller still hears the error that stopped the change.
    }
    throw error;
  }
  await settleSkuChange(eventStore, productId, null, context);
  return committed;
}

/**
 * Drives a SKU change to its end from the product's stream: fences it when it has not
 * committed (only when `fence` says why), then releases the SKU the product no longer
 * uses (the old one after a commit, the new one after a fence) and records the end.
 */
export async function settleSkuChange(
  eventStore: EventStore,
  productId: string,
  fence: { reason: string; code: string } | null,
  context: CommandContext,
): Promise<"completed" | "compensated" | "running" | "none"> {
  const stream = streams.product(productId);
  const at = context.now.toISOString();
  let state = await readState(eventStore, stream, productDecider);
  if (fence && (state.status === "active" || state.status === "inactive") && state.skuChange?.phase === "started") {
    state = (await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "abandonSkuChange", ...fence, at }, context))).state;
  }
  if (state.status !== "active" && state.status !== "inactive") return "none";
  const change = state.skuChange;
  if (!change) return "none";
  if (change.phase === "started") return "running";
  const freed = change.phase === "committed" ? change.fromSku : change.toSku;
  const reason =
    change.phase === "committed"
      ? `product ${productId} changed its SKU from ${change.fromSku} to ${change.toSku}`
      : `product ${productId} kept SKU ${change.fromSku}: the change to ${change.toSku} was abandoned${fence ? ` (${fence.code}: ${fence.reason})` : ""}`;
  await releaseSku(eventStore, { userId: state.ownerId, sku: freed, productId, reason: reason.slice(0, 500), process: CHANGE_PRODUCT_SKU }, context);
  await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "finishSkuChange", at }, context));
  return change.phase === "committed" ? "completed" : "compensated";
}
