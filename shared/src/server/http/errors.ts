import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import type { ErrorBody } from "../../contract/http.ts";
import { DomainError, StaleRevisionError, ValidationError, type DomainErrorCode } from "../errors.ts";
import { STALE_REVISION_MESSAGE, type StaleRevisionBody } from "../../contract/revision.ts";
import { EventTooLargeError, StoreUnavailableError, WrongExpectedRevisionError } from "../ports/eventStore.ts";
import { QueueUnavailableError } from "../ports/jobQueue.ts";

const STATUS: Record<DomainErrorCode, number> = {
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
  PLAN_LIMIT: 403,
  FORBIDDEN: 403,
  PERIOD_FILED: 409,
  PERIOD_NOT_ENDED: 409,
  OUT_OF_SEQUENCE: 409,
  TIME_BARRED: 409,
  BEFORE_REGISTRATION: 409,
  RETURN_HAS_PROBLEMS: 409,
  RETURN_NOT_APPLICABLE: 409,
  INSUFFICIENT_STOCK: 409,
  GSTR2B_MISMATCH: 400,
  PAYMENT_EXCEEDS_BALANCE: 400,
  PARTY_HAS_DOCUMENTS: 409,
  PARTY_ARCHIVED: 400,
  CREDIT_LIMIT_EXCEEDED: 409,
  ROLE_FORBIDDEN: 403,
  NOT_A_MEMBER: 403,
  INVITATION_NOT_FOUND: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 409,
  INVITATION_FOR_ANOTHER_EMAIL: 403,
  ALREADY_MEMBER: 409,
  SEAT_LIMIT_REACHED: 403,
};

/** Codes of the errors that are not DomainErrors: the wire always carries one. */
export const ERROR_CODES = {
  validation: "VALIDATION_FAILED",
  concurrentChange: "CONCURRENT_CHANGE",
  storeUnavailable: "STORE_UNAVAILABLE",
  queueUnavailable: "QUEUE_UNAVAILABLE",
  badBody: "BAD_REQUEST_BODY",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  eventTooLarge: "EVENT_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  noSuchEndpoint: "NO_SUCH_ENDPOINT",
  internal: "INTERNAL_ERROR",
  /** Issue 12: an Idempotency-Key reused for another request, or whose first request still runs. */
  idempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  idempotencyInProgress: "IDEMPOTENCY_IN_PROGRESS",
} as const;

export function validationBody(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorBody {
  const errors = issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return { code: ERROR_CODES.validation, message: errors.map((e) => e.message).join(", ") || "Invalid input", errors };
}

/** Body-parser's own errors carry a status and a type; they are the client's fault, never a 500. */
function bodyParserError(error: unknown): (ErrorBody & { status: number }) | null {
  const { status, type } = (error ?? {}) as { status?: number; type?: string };
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  const messages: Record<string, string> = {
    "entity.parse.failed": "The request body is not valid JSON",
    "entity.too.large": "The request body is too large",
    "encoding.unsupported": "The request body's encoding is not supported",
    "charset.unsupported": "The request body's charset is not supported",
    "request.aborted": "The request was aborted",
  };
  const code = type === "entity.too.large" ? ERROR_CODES.payloadTooLarge : ERROR_CODES.badBody;
  return { status, code, message: (type && messages[type]) || "The request could not be read" };
}

/** The one place where errors become HTTP statuses (STYLE.md rule 5). */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof ZodError) {
    res.status(400).json(validationBody(error.issues));
  } else if (error instanceof ValidationError) {
    res.status(400).json(validationBody(error.errors));
  } else if (error instanceof DomainError) {
    res.status(STATUS[error.code]).json({ ...error.details, code: error.code, message: error.message } satisfies ErrorBody);
  } else if (error instanceof StaleRevisionError) {
    // Issue 12: the If-Match was stale; the body lets the form show what is there now.
    res.status(412).json({ code: error.code, message: STALE_REVISION_MESSAGE, current: error.current, revision: error.revision } satisfies StaleRevisionBody);
  } else if (error instanceof WrongExpectedRevisionError) {
    res.status(409).json({ code: ERROR_CODES.concurrentChange, message: "This record was changed at the same time by another request. Reload and try again." } satisfies ErrorBody);
  } else if (error instanceof EventTooLargeError) {
    res
      .status(413)
      .json({ code: ERROR_CODES.eventTooLarge, message: "This request carries more than can be recorded at once. Nothing was saved; send less at a time." } satisfies ErrorBody);
  } else if (error instanceof StoreUnavailableError) {
    res.status(503).json({ code: ERROR_CODES.storeUnavailable, message: "The service is temporarily unavailable. Please try again shortly." } satisfies ErrorBody);
  } else if (error instanceof QueueUnavailableError) {
    res
      .status(503)
      .json({ code: ERROR_CODES.queueUnavailable, message: "Background work cannot be queued right now. Nothing was recorded; please try again shortly." } satisfies ErrorBody);
  } else {
    const parsed = bodyParserError(error);
    if (parsed) {
      const { status, ...body } = parsed;
      res.status(status).json(body satisfies ErrorBody);
      return;
    }
    console.error("Unhandled error:", error instanceof Error ? error.stack : error);
    res.status(500).json({ code: ERROR_CODES.internal, message: "Something went wrong on our side" } satisfies ErrorBody);
  }
};

/** A body that is not JSON is refused before any handler sees an empty req.body. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (hasBody && !req.is("application/json")) {
    res.status(415).json({ code: ERROR_CODES.unsupportedMediaType, message: "Send the request body as JSON (Content-Type: application/json)" } satisfies ErrorBody);
    return;
  }
  next();
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ code: ERROR_CODES.noSuchEndpoint, message: "No such API endpoint" } satisfies ErrorBody);
};
