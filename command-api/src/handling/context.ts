import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { ETAG_HEADER, formatETag, POSITION_HEADER } from "@bahi/shared/contract";
import { currentAccess } from "@bahi/shared/server";
import type { CommandContext } from "./decider.ts";
import { recordRevisionGuard } from "./revision.ts";

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
  // Issue 12: If-Match on a record's write; the answer to a PUT or PATCH names the revision it made.
  const expectedRevision = recordRevisionGuard(req, userId, (revision) => {
    if (req.method !== "DELETE" && !req.res?.headersSent) req.res?.setHeader(ETAG_HEADER, formatETag(revision));
  });
  return {
    userId,
    actor: acting ? `user:${acting.personId}` : userId ? `user:${userId}` : "anonymous",
    correlationId: typeof correlation === "string" && correlation.length <= 100 ? correlation : randomUUID(),
    causationId: null,
    now,
    ...(acting ? { businessId: acting.businessId, actorName: acting.name, actorRole: acting.role } : {}),
    ...(expectedRevision ? { expectedRevision } : {}),
  };
}

/** Tells the client how far the log must be projected before its next read shows this write. */
export function sendPosition(res: Response, position: string | null): void {
  if (position) res.setHeader(POSITION_HEADER, position);
}
