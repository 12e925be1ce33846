import type { Request } from "express";
import { DomainError } from "../errors.ts";
import type { SessionCodec } from "./session.ts";

/**
 * The signed-in user comes from the signed session cookie only. The x-user-id header the
 * client also sends is never read.
 */
export function requireUserId(sessions: SessionCodec, req: Request): string {
  const userId = sessions.userFrom(req.headers.cookie);
  if (!userId) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
  return userId;
}
