import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { POSITION_HEADER, type ErrorBody } from "@bahi/shared/contract";
import { currentAccess, ERROR_CODES, validationBody, type IdempotencyStore, type StoredAnswer } from "@bahi/shared/server";
import { withDerivedIds } from "./ids.ts";

/**
 * Issue 12 (DESIGN.md "Commands are safe to retry and to race"): a command sent with an
 * Idempotency-Key runs once. The first request claims the key and its answer is kept for 24 h;
 * a retry of the same request gets that answer again, byte for byte, marked
 * Idempotent-Replayed, and appends nothing.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_CODES = { reused: ERROR_CODES.idempotencyKeyReused, inProgress: ERROR_CODES.idempotencyInProgress } as const;

const COMMAND_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const VALID_KEY = /^[\x20-\x7e]{1,200}$/;
/** What a replay must repeat; the rest (security headers, dates) each response sets afresh. */
const KEPT_HEADERS = ["content-type", POSITION_HEADER.toLowerCase(), "location", "etag"];

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** express.json's `verify`: the body's bytes as they arrived, for the request's fingerprint. */
export function keepRawBody(req: IncomingMessage, _res: unknown, raw: Buffer): void {
  rawBodies.set(req, raw);
}

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** Whose key it is when signed in: the person, in the business they work in. */
export function personScope(businessId: string, personId: string): string {
  return `business:${businessId}/person:${personId}`;
}

/** Before any session (registration, sign-in): the client's address and the route. */
function idempotencyScope(req: Request): string {
  const access = currentAccess(req);
  if (access) return personScope(access.businessId, access.personId);
  return `ip:${req.ip ?? req.socket.remoteAddress ?? "unknown"} ${req.originalUrl.split("?")[0]}`;
}

/** The request a key was first used for: method, URL as sent and the body's bytes. */
export function fingerprintOf(method: string, url: string, rawBody: string | Buffer): string {
  return sha256(`${method} ${url}\n${sha256(rawBody)}`);
}

/**
 * Answers a retry should get again. A 5xx, a session being handed out (a cookie is a credential
 * and is never kept here: a retried sign-in signs in again), and refusals that decided nothing
 * (too many attempts, a concurrent change) release the key, so a retry runs the command again.
 */
function isKeptAnswer(answer: StoredAnswer, setsCookie: boolean): boolean {
  if (answer.status >= 500 || answer.status === 429 || setsCookie) return false;
  if (answer.status === 409) return errorCode(answer.body) !== ERROR_CODES.concurrentChange;
  return true;
}

function errorCode(body: Uint8Array): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body).toString("utf8"));
    return typeof parsed === "object" && parsed !== null && typeof (parsed as { code?: unknown }).code === "string" ? (parsed as { code: string }).code : null;
  } catch {
    return null; // not JSON: not one of our error bodies
  }
}

/** Mounted after body parsing in commandApiRouter: every command with a key goes through here. */
export function idempotentCommands(store: IdempotencyStore, clock: () => Date): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (!COMMAND_METHODS.has(req.method) || key === undefined) return next();
    if (!VALID_KEY.test(key)) {
      res.status(400).json(validationBody([{ path: [IDEMPOTENCY_HEADER], message: `The ${IDEMPOTENCY_HEADER} header must be 1 to 200 printable ASCII characters` }]));
      return;
    }
    const scope = idempotencyScope(req);
    const fingerprint = fingerprintOf(req.method, req.originalUrl, rawBodies.get(req) ?? "");
    const outcome = await store.claim(scope, key, fingerprint, clock());
    switch (outcome.kind) {
      case "replay": {
        const { status, headers, body } = outcome.response;
        res.status(status);
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader(REPLAYED_HEADER, "true");
        res.end(Buffer.from(body));
        return;
      }
      case "mismatch":
        res.status(422).json({ code: IDEMPOTENCY_CODES.reused, message: `This ${IDEMPOTENCY_HEADER} was already used for a different request` } satisfies ErrorBody);
        return;
      case "in-progress":
        res.setHeader("Retry-After", "1");
        res.status(409).json({ code: IDEMPOTENCY_CODES.inProgress, message: "This request is still being processed. Try again in a moment." } satisfies ErrorBody);
        return;
      case "claimed":
        withDerivedIds(
          scope,
          key,
          fingerprint,
          (close) => {
            keepAnswer(res, (answer, setsCookie) => {
              close();
              return settle(store, scope, key, answer, setsCookie, clock);
            });
            next();
          },
          outcome.rerun,
        );
    }
  };
}

async function settle(store: IdempotencyStore, scope: string, key: string, answer: StoredAnswer, setsCookie: boolean, clock: () => Date): Promise<void> {
  try {
    if (isKeptAnswer(answer, setsCookie)) await store.complete(scope, key, answer, clock());
    else await store.release(scope, key);
  } catch {
    // The store is failing: the answer still goes out. The claim left behind is taken over after
    // 30 s, and that re-run mints the same ids, so the event store takes it as this append.
  }
}

/**
 * Collects the body as it is written and, before the response is finished, hands the answer to
 * `store`: the answer is kept before the client can see it, so a retry that follows the answer
 * immediately is replayed rather than told "in progress". Error answers written by the error
 * handler pass through the same res.end.
 */
function keepAnswer(res: Response, store: (answer: StoredAnswer, setsCookie: boolean) => Promise<void>): void {
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  let ended = false;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    // A second end (an error after the answer was given) changes nothing that was answered.
    if (ended) return this;
    ended = true;
    if (typeof args[0] !== "function") collect(args[0], args[1]);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = this.getHeader(name);
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    const answer = { status: this.statusCode, headers, body: new Uint8Array(Buffer.concat(chunks)) };
    void store(answer, this.getHeader("set-cookie") !== undefined).then(() => (end as (...args: unknown[]) => Response).apply(this, args));
    return this;
  } as Response["end"];
}
