import { waitForProjection, type ReadStore } from "@bahi/shared/server";

/**
 * For workers that report over read models: waits until they include everything recorded up
 * to `position`, else throws so the job queue retries later.
 */
export async function projectedPast(readStore: ReadStore, projector: string, position: string | null): Promise<void> {
  if (!(await waitForProjection(readStore, projector, position, 30_000))) throw new Error("The read models have not caught up with the request yet");
}
