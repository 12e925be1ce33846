import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { POSITION_HEADER } from "@bahi/shared/contract";
import { currentAccess } from "@bahi/shared/server";
import type { CommandContext } from "./decider.ts";

/**
 * `userId` is the business the command writes to (requireUserId's answer). Issue 11: when the
 * request's session works in that business, the actor is the person who acted (a member or the
 * owner), named with their role, so every event says who did it. Registration and sign-in pass
 * the person's own id before any session names them: then the person is the actor.
 */
export function commandContext(req: Request, userId: string | null, now: Date): CommandContext {
  const correlation = req.headers["x-correlation-id"];
  const access = currentAccess(req);
  const acting = access && userId !== null && access.businessId === userId ? access : null;
  return {
    userId,
    actor: acting ? `user:${acting.personId}` : userId ? `user:${userId}` : "anonymous",
    correlationId: typeof correlation === "string" && correlation.length <= 100 ? correlation : randomUUID(),
    causationId: null,
    now,
    ...(acting ? { businessId: acting.businessId, actorName: acting.name, actorRole: acting.role } : {}),
  };
}

/** Tells the client how far the log must be projected before its next read shows this write. */
export function sendPosition(res: Response, position: string | null): void {
  if (position) res.setHeader(POSITION_HEADER, position);
}
