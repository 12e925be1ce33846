import { waitForProjection, type ReadStore } from "@bahi/shared/server";

/**
 * For workers that report over read models: waits until every projection includes everything
 * recorded up to `position`, else throws so the job queue retries later.
 */
export async function projectedPast(readStore: ReadStore, position: string | null): Promise<void> {
  if (!(await waitForProjection(readStore, position, 30_000))) throw new Error("The read models have not caught up with the request yet");
}
