import { streams } from "@bahi/shared/events";
import { DomainError, type EventStore } from "@bahi/shared/server";
import { handle, type CommandContext } from "../handling/decider.ts";
import { retryOnConflict } from "../processes/steps.ts";
import { SKU_TAKEN, skuReservationDecider } from "./product.ts";
import { readState } from "../handling/streamStates.ts";

/** Read-only: a SKU another product holds is refused before any process appends a thing. */
export async function assertSkuFree(eventStore: EventStore, userId: string, sku: string, productId: string): Promise<void> {
  const holder = (await readState(eventStore, streams.skuReservation(userId, sku), skuReservationDecider)).holder;
  if (holder !== null && holder !== productId) throw new DomainError("CONFLICT", SKU_TAKEN);
}

/**
 * Idempotent: reserving again for the same product is a no-op; a lost race re-reads and says
 * "taken". `process` names who reserves, so a reservation that lands after its process ended
 * reopens it for the recovery sweep.
 */
export async function reserveSku(eventStore: EventStore, userId: string, sku: string, productId: string, process: string, context: CommandContext): Promise<void> {
  await retryOnConflict(() =>
    handle(eventStore, streams.skuReservation(userId, sku), skuReservationDecider, { kind: "reserve", userId, value: sku, holder: productId, process }, context),
  );
}

/** Idempotent: releases only what this product still holds, saying why and which process gave it back. */
export async function releaseSku(
  eventStore: EventStore,
  release: { userId: string; sku: string; productId: string; reason: string; process: string },
  context: CommandContext,
): Promise<void> {
  const { userId, sku, productId, reason, process } = release;
  await retryOnConflict(() =>
    handle(eventStore, streams.skuReservation(userId, sku), skuReservationDecider, { kind: "release", userId, value: sku, holder: productId, reason, process }, context),
  );
}
