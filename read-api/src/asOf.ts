/**
 * Issue 11, time travel: `?asOf=` on the screens an auditor replays. Such a request is answered
 * by the same routes and queries as a live one, over the business's read models replayed up
 * to that moment (projector/src/asOf.ts, injected by the composition root: the read API may
 * not import the projector) and with the clock stopped there, so every figure ("overdue",
 * "this month", the aging buckets) is the one the screen showed then. Nothing here computes a
 * figure of its own.
 */
import type { Request, RequestHandler, Router } from "express";
import { indianDateOf } from "@bahi/shared/contract";
import { requireUserId, ValidationError, type ReadStore, type SessionCodec } from "@bahi/shared/server";

export const AS_OF_HEADER = "X-Bahi-As-Of";

/** The GET endpoints (paths under /api) that answer as of a past moment, and the screens they serve. */
const AS_OF_ROUTES: readonly RegExp[] = [
  /^\/dashboard\/stats\/?$/,
  // Not /reports/aging: its own ?asOf= (issue 10) dates today's invoices, a future day included.
  /^\/reports(\/pdf)?\/?$/,
  /^\/invoices\/?$/,
  /^\/expenses\/?$/,
  /^\/products\/?$/,
  /^\/customers\/[^/]+\/ledger(\/pdf)?\/?$/,
  /^\/gst\/returns\/preview\/?$/,
];
/** Endpoints whose own `asOf` parameter means something else: left to them. */
const OWN_AS_OF: readonly RegExp[] = [/^\/reports\/aging\/?$/];
export const AS_OF_SCREENS = "the dashboard, reports, the invoice, expense and product lists, a customer's ledger and the GSTR-1 / GSTR-3B previews";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/;
const ZONED_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const invalid = (message: string) => new ValidationError([{ path: ["asOf"], message }]);

/**
 * The moment `asOf` names: an ISO 8601 date-time with a zone as it is; one without a zone as
 * Indian wall-clock time (what the client's date and time fields give); a date alone as the
 * end of that day in India, so "as of 31 October" includes everything recorded on the 31st.
 * Throws a 400 for anything else, and for a moment after `now`: the future has no books yet.
 */
export function parseAsOf(raw: unknown, now: Date): Date {
  if (typeof raw !== "string" || raw.trim() === "") throw invalid("As of must be an ISO 8601 date or date-time");
  const text = raw.trim();
  let date: string;
  let moment: number;
  const local = LOCAL_DATE_TIME.exec(text);
  const zoned = ZONED_DATE_TIME.exec(text);
  if (DATE_ONLY.test(text)) {
    date = text;
    moment = Date.parse(`${text}T23:59:59.999+05:30`);
  } else if (local) {
    date = local[1]!;
    moment = Date.parse(`${date}T${local[2]}+05:30`);
  } else if (zoned) {
    date = zoned[1]!;
    moment = Date.parse(text);
  } else {
    throw invalid("As of must be an ISO 8601 date or date-time");
  }
  try {
    // Only a real calendar date: Date.parse would roll 31 Feb over into March.
    indianDateOf(date);
  } catch {
    throw invalid("As of must be an ISO 8601 date or date-time");
  }
  if (Number.isNaN(moment)) throw invalid("As of must be an ISO 8601 date or date-time");
  if (moment > now.getTime()) throw invalid("As of must be a past moment");
  return new Date(moment);
}

/** The request's URL without its asOf parameter: the replayed router answers it like any other request. */
function withoutAsOf(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  params.delete("asOf");
  const rest = params.toString();
  return url.slice(0, queryAt) + (rest ? `?${rest}` : "");
}

export interface AsOfDeps {
  sessions: SessionCodec;
  clock: () => Date;
  /** The business's read models replayed up to `asOf`; absent where no audit log is wired. */
  replayAsOf?: (businessId: string, asOf: Date) => Promise<ReadStore>;
  /** The read API's routes over a replayed store, with the clock stopped at `asOf`. */
  routerOver: (readStore: ReadStore, asOf: Date) => Router;
}

/**
 * Mounted before the read-your-writes wait: a request with `asOf` is dispatched to a router
 * over the replay (which waits for nothing: the past is already written), every other request
 * goes on to the live routes. The answer says which moment it is for in X-Bahi-As-Of.
 */
export function asOfDispatcher(deps: AsOfDeps): RequestHandler {
  // One router per replay: a cached replay (one screen's several requests) reuses it.
  const routers = new WeakMap<ReadStore, Router>();
  return async (req: Request, res, next) => {
    if (req.query.asOf === undefined || OWN_AS_OF.some((route) => route.test(req.path))) return next();
    // Signed in first: a stranger learns nothing, and costs no replay.
    const businessId = requireUserId(deps.sessions, req);
    const asOf = parseAsOf(req.query.asOf, deps.clock());
    if ((req.method !== "GET" && req.method !== "HEAD") || !AS_OF_ROUTES.some((route) => route.test(req.path))) {
      throw invalid(`As of is offered on ${AS_OF_SCREENS}; not on ${req.method} ${req.baseUrl}${req.path}`);
    }
    if (!deps.replayAsOf) throw invalid("As of is not available on this server");
    const readStore = await deps.replayAsOf(businessId, asOf);
    let router = routers.get(readStore);
    if (!router) routers.set(readStore, (router = deps.routerOver(readStore, asOf)));
    res.setHeader(AS_OF_HEADER, asOf.toISOString());
    req.url = withoutAsOf(req.url);
    router(req, res, next);
  };
}
