import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { POSITION_HEADER } from "@bahi/shared/contract";
import type { CommandContext } from "./decider.ts";

export function commandContext(req: Request, userId: string | null, now: Date): CommandContext {
  const correlation = req.headers["x-correlation-id"];
  return {
    userId,
    actor: userId ? `user:${userId}` : "anonymous",
    correlationId: typeof correlation === "string" && correlation.length <= 100 ? correlation : randomUUID(),
    causationId: null,
    now,
  };
}

/** Tells the client how far the log must be projected before its next read shows this write. */
export function sendPosition(res: Response, position: string | null): void {
  if (position) res.setHeader(POSITION_HEADER, position);
}
