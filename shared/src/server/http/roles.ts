import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { TeamRole } from "../../contract/team.ts";
import { DomainError } from "../errors.ts";
import { accessRefusal, currentAccess } from "./auth.ts";

/**
 * Issue 11: what each role may do, in one table, by method and path under /api. It runs right
 * after the session is known and before any body is parsed or validated, so a write the role
 * may not make is a 403 ROLE_FORBIDDEN whatever the body holds, never a 400 that would tell the
 * member the endpoint would have taken it. Routes still scope every record to the business.
 */

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A path and everything under it: "/reports" matches "/reports" and "/reports/pdf", not "/reportsx". */
const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);
const anyOf =
  (...tests: ((path: string) => boolean)[]) =>
  (path: string) =>
    tests.some((test) => test(path));

/**
 * What every person may do whatever their role in the business they are in: sign in and out,
 * see who they are, switch business, look at and accept an invitation to another one.
 */
function personal(method: string, path: string): boolean {
  if (under("/auth")(path)) return true;
  if (path === "/me") return true;
  if (path === "/me/business") return method === "POST";
  const invitation = /^\/team\/invitations\/[^/]+(\/accept)?$/.exec(path);
  // GET /team/invitations/:token (the preview) and POST …/:token/accept; DELETE of an invitation is the owner's.
  return invitation !== null && (invitation[1] ? method === "POST" : READS.has(method));
}

const team = under("/team");
const plan = under("/profile/plan");

/** Staff keep the day's books: sales documents, parties, stock, purchases, payments and advances. */
const staffWork = anyOf(
  under("/invoices"),
  under("/credit-notes"),
  under("/debit-notes"),
  under("/delivery-challans"),
  under("/ewaybills"),
  under("/customers"),
  under("/vendors"),
  under("/products"),
  under("/expenses"),
  under("/search"),
  // The HSN/SAC lookup the product and invoice forms use, the GSTIN check of the party form,
  // and the e-way bills list (the read side keeps it under /gst).
  (path) => path.startsWith("/gst/hsn"),
  under("/gst/validate-gstin"),
  under("/gst/ewaybills"),
);

/** Why staff may not, for the areas they are kept out of. */
const STAFF_REFUSALS: readonly [(path: string) => boolean, string][] = [
  [under("/reports"), "Staff cannot open reports"],
  [under("/dashboard"), "Staff cannot open the dashboard"],
  [under("/gst"), "Staff cannot open GST returns, filing or reconciliation"],
  [under("/ledger"), "Staff cannot open the ledger"],
  [team, "Staff cannot manage the team: only the owner can"],
  [under("/profile"), "Staff cannot change the business's settings"],
];

/** The refusal message for this role, method and path (relative to /api), or null when allowed. */
export function roleRefusal(role: TeamRole, method: string, path: string): string | null {
  if (role === "owner" || personal(method, path)) return null;
  switch (role) {
    case "accountant":
      if (team(path)) return "An accountant cannot manage the team: only the owner can";
      if (plan(path) && !READS.has(method)) return "An accountant cannot change the plan: only the owner can";
      return null;
    case "auditor":
      return READS.has(method) ? null : "An auditor can see everything but cannot change anything";
    case "staff": {
      if (staffWork(path)) return null;
      // The business profile the invoice form needs (its state, GSTIN, prefix, logo), read only.
      if (under("/profile")(path) && READS.has(method)) return null;
      const reason = STAFF_REFUSALS.find(([matches]) => matches(path));
      return reason ? reason[1] : "Staff cannot do this";
    }
    default: {
      const exhaustive: never = role;
      return exhaustive;
    }
  }
}

/**
 * The app-level middleware (bin/server.ts, under /api, right after authenticateSessions): a
 * request without a session passes, for the route to answer 401 or serve the public page.
 */
export const authorizeRoles: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  const refusal = accessRefusal(req);
  if (refusal && !personal(req.method, req.path)) {
    next(refusal);
    return;
  }
  const access = currentAccess(req);
  const message = access ? roleRefusal(access.role, req.method, req.path) : null;
  next(message ? new DomainError("ROLE_FORBIDDEN", message) : undefined);
};
