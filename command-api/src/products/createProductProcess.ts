import type { ProductCreateInput } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import type { EventStore } from "@bahi/shared/server";
import { handle, type CommandContext, type Handled } from "../handling/decider.ts";
import { errorCode, errorReason, retryOnConflict } from "../processes/steps.ts";
import { productDecider, productProcessAbandoned, type ProductState } from "./product.ts";
import { assertSkuFree, releaseSku, reserveSku } from "./skuSteps.ts";
import { readState } from "../handling/streamStates.ts";

export const CREATE_PRODUCT = "createProduct";

/**
 * A new product holds its SKU on the SKU's own stream. The intent goes first on the
 * product's stream, then the reservation, then ProductAdded at the revision the intent left;
 * failing (or found stale by recovery), the fence goes there instead and the SKU is released.
 */
export async function runCreateProductProcess(
  eventStore: EventStore,
  command: { productId: string; userId: string; input: ProductCreateInput },
  context: CommandContext,
): Promise<Handled<ProductState>> {
  const { productId, userId, input } = command;
  const stream = streams.product(productId);
  await assertSkuFree(eventStore, userId, input.sku, productId);
  const at = context.now.toISOString();
  await handle(eventStore, stream, productDecider, { kind: "startCreation", intent: { productId, ownerId: userId, sku: input.sku, startedAt: at } }, context);
  try {
    const state = await readState(eventStore, stream, productDecider);
    if (state.status === "none" && state.creation?.phase !== "started") throw productProcessAbandoned();
    await reserveSku(eventStore, userId, input.sku, productId, CREATE_PRODUCT, context);
    return await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "add", id: productId, ownerId: userId, input, at }, context));
  } catch (error) {
    try {
      await settleProductCreation(eventStore, productId, { reason: errorReason(error), code: errorCode(error) }, context);
    } catch {
      // The store failed again: the intent stays recorded and the recovery sweep compensates
      // it; the caller still hears the error that stopped the creation.
    }
    throw error;
  }
}

/** Fences the creation unless ProductAdded got there first, releases the SKU, records that it did. */
export async function settleProductCreation(
  eventStore: EventStore,
  productId: string,
  why: { reason: string; code: string },
  context: CommandContext,
): Promise<"created" | "compensated" | "nothing-started"> {
  const stream = streams.product(productId);
  const at = context.now.toISOString();
  const { state } = await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "abandonCreation", ...why, at }, context));
  if (state.status !== "none") return "created";
  if (!state.creation) return "nothing-started";
  if (state.creation.phase === "compensated") return "compensated";
  const { ownerId, sku } = state.creation.intent;
  await releaseSku(
    eventStore,
    { userId: ownerId, sku, productId, reason: `product ${productId} was not created: ${why.code}: ${why.reason}`.slice(0, 500), process: CREATE_PRODUCT },
    context,
  );
  await retryOnConflict(() => handle(eventStore, stream, productDecider, { kind: "finishCreationCompensation", at }, context));
  return "compensated";
}
