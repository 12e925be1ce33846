import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { TeamRole } from "../../contract/team.ts";
import { DomainError } from "../errors.ts";
import type { SessionStore } from "../ports/sessionStore.ts";
import type { SessionClaim, SessionCodec } from "./session.ts";

/**
 * Issue 11: who is acting, and in which business. A business is its owner's user id; the
 * person is whoever signed in (the owner, or a member working in it).
 */
export interface Access {
  personId: string;
  businessId: string;
  role: TeamRole;
  /** The person's name as the business knows them, for every event's metadata. */
  name: string;
}

/**
 * The person's role and name in a business, or null when they are not (or no longer) a member.
 * Asked on every request, never cached, so a removal is seen by the very next request in every
 * process (command-api/src/team/access.ts folds the business's team stream).
 */
export type AccessResolver = (personId: string, businessId: string) => Promise<{ role: TeamRole; name: string } | null>;

/** Without a resolver (tests of the session alone) every person works in their own business. */
const ownBusinessOnly: AccessResolver = async () => ({ role: "owner", name: "" });

/** The live session of each request, set by `authenticateSessions` before any route runs. */
const liveSessions = new WeakMap<Request, SessionClaim>();
const accesses = new WeakMap<Request, Access>();
/** A session switched into a business that has since removed the person: refused once, then at home. */
const refusals = new WeakMap<Request, DomainError>();

/**
 * Verifies the session cookie's signature, then asks the SessionStore whether the session it
 * names is still live (not revoked by a logout, not expired), on every request, in every
 * process. Routes then read the result synchronously through `requireUserId`. A request this
 * middleware did not see is unauthenticated: the check fails closed.
 */
export function authenticateSessions(
  sessions: SessionCodec,
  store: SessionStore,
  clock: () => Date = () => new Date(),
  resolveAccess: AccessResolver = ownBusinessOnly,
): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const now = clock();
      // A cookie that is absent or forged costs no database round trip.
      const claim = sessions.sessionFrom(req.headers.cookie, now);
      if (claim) {
        const session = await store.findActive(claim.sessionId, now);
        if (session && session.userId === claim.userId) {
          const personId = claim.userId;
          const businessId = session.businessId ?? personId;
          let access = await resolveAccess(personId, businessId);
          if (!access && businessId !== personId) {
            // Removed since the last request: this one is refused, and the session goes home so
            // the next one works in the person's own books.
            await store.switchBusiness(session.id, null);
            refusals.set(req, new DomainError("NOT_A_MEMBER", "You are no longer a member of this business"));
            access = await resolveAccess(personId, personId);
            accesses.set(req, { personId, businessId: personId, role: access?.role ?? "owner", name: access?.name ?? "" });
          } else {
            accesses.set(req, { personId, businessId, role: access?.role ?? "owner", name: access?.name ?? "" });
          }
          liveSessions.set(req, claim);
        }
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
 * The BUSINESS this request works in (issue 11: its owner's user id), from a live server-side
 * session only, so every route scopes its data to the business whoever the member is. The
 * x-user-id header the client also sends is never read. `sessions` stays in the signature so
 * every route keeps the call shape it has always had.
 */
export function requireUserId(_sessions: SessionCodec, req: Request): string {
  return requireAccess(req).businessId;
}

/** Issue 11: who is acting (the person), in which business and role; 401 without a session. */
export function requireAccess(req: Request): Access {
  const refusal = refusals.get(req);
  if (refusal) throw refusal;
  const access = accesses.get(req);
  if (!access) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
  return access;
}

/** The request's Access without refusing: null when unauthenticated or no longer a member. */
export function currentAccess(req: Request): Access | null {
  return refusals.has(req) ? null : (accesses.get(req) ?? null);
}

/** The refusal a removed member's request carries (NOT_A_MEMBER), if any. */
export function accessRefusal(req: Request): DomainError | null {
  return refusals.get(req) ?? null;
}
