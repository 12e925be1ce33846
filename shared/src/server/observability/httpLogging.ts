import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { currentAccess } from "../http/auth.ts";
import type { Logger } from "./logger.ts";

const templates = new WeakMap<IncomingMessage, string>();

/**
 * Remembers the route template ("/api/customers/:id") each request was answered by, for logs and
 * metrics: a raw URL carries ids (one time series per record). Express sets `req.route` on the
 * request as each route matches, while `req.baseUrl` is still the matching router's mount path;
 * by the time the response ends, a route that passed an error on has had `baseUrl` put back, so
 * the template is taken at the moment of matching. Mount it before any router.
 */
export const recordRouteTemplates: RequestHandler = (req, _res, next) => {
  let route: unknown;
  Object.defineProperty(req, "route", {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value && value.path !== undefined) templates.set(req, template(req.baseUrl, value.path));
    },
  });
  next();
};

/** A router's "/" route answers its mount path as it is written: "/api/customers", not "/api/customers/". */
function template(baseUrl: string, path: unknown): string {
  const own = typeof path === "string" ? path : String(path);
  return baseUrl && own === "/" ? baseUrl : `${baseUrl}${own}`;
}

/** The template of the route that answered, or "unmatched" (a 404, a static file). */
export function routeTemplate(req: IncomingMessage): string {
  return templates.get(req) ?? "unmatched";
}

/** A caller's X-Request-Id is kept when it looks like an id (so a gateway's id follows the request), else one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The path as logged: no query string, and no share-link or invitation secret (32 random bytes,
 * 43 base64url characters, a bearer capability in the path).
 */
export function loggedPath(url: string | undefined): string {
  return (url ?? "/").split("?")[0]!.replace(/[A-Za-z0-9_-]{43,}/g, "[Redacted]");
}

/** Health probes and scrapes come every few seconds: logged at debug unless they fail. */
const PROBES = new Set(["/api/health", "/api/ready", "/metrics"]);

/**
 * One JSON line per request when its response ends: reqId, method, route (the template), url,
 * status, durationMs, business (when a session says which). Bodies are never logged; headers
 * are, without the cookie or authorization (REDACTED_PATHS). Every request gets an id, echoed
 * back as X-Request-Id.
 */
export function requestLogging(logger: Logger): RequestHandler {
  const middleware = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    quietReqLogger: true,
    customAttributeKeys: { reqId: "reqId", responseTime: "durationMs" },
    genReqId(req, res) {
      const id = requestId(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string; raw?: Request }) => ({
        id: req.id,
        method: req.method,
        url: loggedPath(req.raw?.originalUrl ?? req.url),
        remoteAddress: req.raw?.ip ?? req.remoteAddress,
        headers: req.headers,
      }),
    },
    // Asked once as the request comes in (nothing known yet) and again as its response ends.
    customProps: (req, res) => (res.headersSent ? { route: routeTemplate(req), business: currentAccess(req as Request)?.businessId } : {}),
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400) return "warn";
      return PROBES.has(loggedPath((req as Request).originalUrl ?? req.url)) ? "debug" : "info";
    },
    // The status at the top beside route and durationMs, where a query finds it (not under `res`).
    customSuccessObject: (req, res, value: Record<string, unknown>) => ({ ...value, res: undefined, method: req.method, status: res.statusCode }),
    customErrorObject: (req, res, _error, value: Record<string, unknown>) => ({ ...value, res: undefined, method: req.method, status: res.statusCode }),
    customSuccessMessage: (req, res) => `${req.method} ${routeTemplate(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${routeTemplate(req)} ${res.statusCode}`,
  });
  return middleware as unknown as RequestHandler;
}
