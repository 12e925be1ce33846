import { compareWirePositions } from "../contract/http.ts";
import type { ReadStore } from "./ports/readStore.ts";

/**
 * Waits until the projector's checkpoint has passed `position` (null: nothing to wait for).
 * Resolves true when it has, false when `timeoutMs` ran out first.
 */
export async function waitForProjection(readStore: ReadStore, projector: string, position: string | null, timeoutMs: number, pollMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (compareWirePositions(await readStore.checkpoint(projector), position) >= 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
