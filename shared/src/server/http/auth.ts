import type { NextFunction, Request, RequestHandler, Response } from "express";
import { DomainError } from "../errors.ts";
import type { SessionStore } from "../ports/sessionStore.ts";
import type { SessionClaim, SessionCodec } from "./session.ts";

/** The live session of each request, set by `authenticateSessions` before any route runs. */
const liveSessions = new WeakMap<Request, SessionClaim>();

/**
 * Verifies the session cookie's signature, then asks the SessionStore whether the session it
 * names is still live (not revoked by a logout, not expired), on every request, in every
 * process. Routes then read the result synchronously through `requireUserId`. A request this
 * middleware did not see is unauthenticated: the check fails closed.
 */
export function authenticateSessions(sessions: SessionCodec, store: SessionStore, clock: () => Date = () => new Date()): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const now = clock();
      // A cookie that is absent or forged costs no database round trip.
      const claim = sessions.sessionFrom(req.headers.cookie, now);
      if (claim) {
        const session = await store.findActive(claim.sessionId, now);
        if (session && session.userId === claim.userId) liveSessions.set(req, claim);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The live session of this request, or null. */
export function currentSession(req: Request): SessionClaim | null {
  return liveSessions.get(req) ?? null;
}

/**
 * The signed-in user comes from a live server-side session only. The x-user-id header the
 * client also sends is never read. `sessions` stays in the signature so every route keeps the
 * call shape it has always had.
 */
export function requireUserId(_sessions: SessionCodec, req: Request): string {
  const session = liveSessions.get(req);
  if (!session) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
  return session.userId;
}
