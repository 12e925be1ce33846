import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import type { ErrorBody } from "../../contract/http.ts";
import { DomainError, ValidationError, type DomainErrorCode } from "../errors.ts";
import { StoreUnavailableError, WrongExpectedRevisionError } from "../ports/eventStore.ts";

const STATUS: Record<DomainErrorCode, number> = {
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
  PLAN_LIMIT: 403,
};

export function validationBody(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorBody {
  const errors = issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return { message: errors.map((e) => e.message).join(", ") || "Invalid input", errors };
}

/** Body-parser's own errors carry a status and a type; they are the client's fault, never a 500. */
function bodyParserError(error: unknown): { status: number; message: string } | null {
  const { status, type } = (error ?? {}) as { status?: number; type?: string };
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  const messages: Record<string, string> = {
    "entity.parse.failed": "The request body is not valid JSON",
    "entity.too.large": "The request body is too large",
    "encoding.unsupported": "The request body's encoding is not supported",
    "charset.unsupported": "The request body's charset is not supported",
    "request.aborted": "The request was aborted",
  };
  return { status, message: (type && messages[type]) || "The request could not be read" };
}

/** The one place where errors become HTTP statuses (STYLE.md rule 5). */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof ZodError) {
    res.status(400).json(validationBody(error.issues));
  } else if (error instanceof ValidationError) {
    res.status(400).json(validationBody(error.errors));
  } else if (error instanceof DomainError) {
    res.status(STATUS[error.code]).json({ message: error.message } satisfies ErrorBody);
  } else if (error instanceof WrongExpectedRevisionError) {
    res.status(409).json({ message: "This record was changed at the same time by another request. Reload and try again." });
  } else if (error instanceof StoreUnavailableError) {
    res.status(503).json({ message: "The service is temporarily unavailable. Please try again shortly." });
  } else {
    const parsed = bodyParserError(error);
    if (parsed) {
      res.status(parsed.status).json({ message: parsed.message });
      return;
    }
    console.error("Unhandled error:", error instanceof Error ? error.stack : error);
    res.status(500).json({ message: "Something went wrong on our side" });
  }
};

/** A body that is not JSON is refused before any handler sees an empty req.body. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (hasBody && !req.is("application/json")) {
    res.status(415).json({ message: "Send the request body as JSON (Content-Type: application/json)" });
    return;
  }
  next();
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "No such API endpoint" });
};
