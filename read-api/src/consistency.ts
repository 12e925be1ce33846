import type { RequestHandler } from "express";
import { AFTER_HEADER, isWirePosition } from "@bahi/shared/contract";
import { waitForProjection, type ReadStore } from "@bahi/shared/server";

export interface WaitOptions {
  readStore: ReadStore;
  projector: string;
  timeoutMs: number;
  pollMs: number;
}

/**
 * Read-your-writes: a read carrying X-Bahi-After waits (bounded) until the projector has
 * passed that position, so a list fetched right after a create shows the new row, whichever
 * read-api replica answers. Past the bound it answers anyway and says so in X-Bahi-Stale.
 */
export function waitForPosition(options: WaitOptions): RequestHandler {
  return async (req, res, next) => {
    const after = req.header(AFTER_HEADER);
    if (!after || !isWirePosition(after)) return next();
    if (!(await waitForProjection(options.readStore, options.projector, after, options.timeoutMs, options.pollMs))) {
      res.setHeader("X-Bahi-Stale", "true");
    }
    next();
  };
}
