import type { RequestHandler } from "express";
import { AFTER_HEADER, compareWirePositions, isWirePosition, type ErrorBody } from "@bahi/shared/contract";
import { currentAccess, waitForProjection, type EventLog, type ReadStore } from "@bahi/shared/server";

export interface WaitOptions {
  readStore: ReadStore;
  /**
   * Read only, for the log's head: DESIGN.md lets the read side learn the projector's
   * position, and a position past the head is one no projector will ever reach.
   */
  eventLog: Pick<EventLog, "head">;
  timeoutMs: number;
}

export const POSITION_CODES = { ahead: "POSITION_AHEAD", invalid: "INVALID_POSITION" } as const;

/**
 * The log's head as last seen. It only grows, so a header at or below it needs no query; one
 * above it refreshes the head once (concurrent refreshes share one query) before it is refused.
 */
class HeadCache {
  private head: string | null = null;
  private refreshing: Promise<string | null> | null = null;

  constructor(private readonly eventLog: Pick<EventLog, "head">) {}

  async covers(position: string): Promise<boolean> {
    if (compareWirePositions(this.head, position) >= 0) return true;
    this.refreshing ??= this.eventLog.head().finally(() => {
      this.refreshing = null;
    });
    const head = await this.refreshing;
    if (compareWirePositions(head, this.head) > 0) this.head = head;
    return compareWirePositions(this.head, position) >= 0;
  }
}

/**
 * Read-your-writes: a read carrying X-Bahi-After waits (bounded) until every projection has
 * passed that position, so a list fetched right after a create shows the new row, whichever
 * read-api replica answers. Past the bound it answers anyway and says so in X-Bahi-Stale.
 *
 * Runs before any route asks for a session, so a forged header costs nothing, signed in or
 * not: a malformed one is a 400, and one beyond the log's head (no write ever answered with
 * it) is a 400 at once instead of a two-second wait.
 */
export function waitForPosition(options: WaitOptions): RequestHandler {
  const heads = new HeadCache(options.eventLog);
  return async (req, res, next) => {
    const after = req.header(AFTER_HEADER);
    if (after === undefined || after === "") return next();
    if (!isWirePosition(after)) {
      res.status(400).json({ code: POSITION_CODES.invalid, message: `${AFTER_HEADER} is not a log position` } satisfies ErrorBody);
      return;
    }
    try {
      if (!(await heads.covers(after))) {
        res.status(400).json({ code: POSITION_CODES.ahead, message: `${AFTER_HEADER} is beyond the newest recorded event` } satisfies ErrorBody);
        return;
      }
      // Issue 12: a signed-in read waits only on the projector shard that owns its business.
      const businessId = currentAccess(req)?.businessId ?? null;
      if (!(await waitForProjection(options.readStore, after, options.timeoutMs, { businessId }))) res.setHeader("X-Bahi-Stale", "true");
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}
