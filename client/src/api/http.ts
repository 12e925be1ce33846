import { AFTER_HEADER, POSITION_HEADER, compareWirePositions, isReadRequest, isWirePosition } from "@bahi/shared/contract";
import type { ErrorBody } from "@bahi/shared/contract";
import { ETAG_HEADER, IF_MATCH_HEADER, STALE_REVISION_CODE } from "@bahi/shared/contract";
import type { QueryFunction } from "@tanstack/react-query";
import { readStoredUser } from "../lib/auth-storage.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** SPEC §8 Transport: the message is "status: body text" (or the status text); the raw body rides along. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }

  /** The server's `{ code, message, errors? }` body, or null when the body is not one. */
  get errorBody(): ErrorBody | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (typeof parsed !== "object" || parsed === null) return null;
      const { message, errors, code: rawCode } = parsed as Partial<ErrorBody>;
      if (typeof message !== "string") return null;
      const code = typeof rawCode === "string" ? rawCode : "UNKNOWN";
      const fieldErrors = Array.isArray(errors) ? errors.filter((e) => typeof e?.path === "string" && typeof e?.message === "string") : undefined;
      return fieldErrors ? { code, message, errors: fieldErrors } : { code, message };
    } catch {
      return null;
    }
  }
}

/**
 * Read-your-writes (DESIGN.md "Consistency the user can see"): every command answers with the
 * log position of what it wrote; reads send the highest one seen so the read side waits for it.
 */
let highestPosition: string | null = null;

function rememberPosition(response: Response): void {
  const position = response.headers.get(POSITION_HEADER);
  if (position && isWirePosition(position) && compareWirePositions(position, highestPosition) > 0) {
    highestPosition = position;
  }
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** Called when a read is refused with 401: the session cookie has expired or was cleared. */
export function onUnauthorizedRead(listener: UnauthorizedListener): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

/** The single request helper (SPEC §7 "General behaviour of every call"). Throws HttpError when not ok. */
/** Issue 12: a write to a record may name the revision its form opened (the read's ETag). */
export interface RequestOptions {
  ifMatch?: string | null;
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  // Issue 12: one Idempotency-Key per call (one form submission): sent again, it is answered once.
  const idempotencyKey = method === "GET" ? undefined : newIdempotencyKey();
  const response = await send(method, url, body, options, idempotencyKey);
  if (response.status === 400 && isReadRequest(method, url) && highestPosition !== null && (await isPositionAhead(response))) {
    // The server's log is behind the position this tab remembers (its store was wiped or
    // restored): forget it and read again, once, rather than fail every read from now on.
    highestPosition = null;
    return finish(method, await send(method, url, body));
  }
  return finish(method, response);
}

async function isPositionAhead(response: Response): Promise<boolean> {
  try {
    const parsed: unknown = await response.clone().json();
    return typeof parsed === "object" && parsed !== null && (parsed as { code?: unknown }).code === "POSITION_AHEAD";
  } catch {
    return false;
  }
}

/** randomUUID exists only in secure contexts; Bahi opened over plain http on a LAN still needs keys. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function send(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}, idempotencyKey?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  if (options.ifMatch && method !== "GET") headers[IF_MATCH_HEADER] = options.ifMatch;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const user = readStoredUser();
  if (user) headers["x-user-id"] = user.id;
  if (isReadRequest(method, url) && highestPosition) headers[AFTER_HEADER] = highestPosition;

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    // Reads must reflect the session and the position sent, never a copy from the HTTP cache.
    cache: "no-store",
  });
  rememberPosition(response);
  return response;
}

async function finish(method: HttpMethod, response: Response): Promise<Response> {
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && method === "GET") unauthorizedListener?.();
    throw new HttpError(response.status, response.statusText, text);
  }
  return response;
}

/** apiRequest plus the JSON body; a 204 (or any empty body) gives undefined. */
export async function requestJson<T>(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Issue 12: a record's read with its ETag (the revision an edit form sends back in If-Match). */
export async function requestWithETag<T>(url: string): Promise<{ data: T; etag: string | null }> {
  const response = await apiRequest("GET", url);
  return { data: (await response.json()) as T, etag: response.headers.get(ETAG_HEADER) };
}

/** A write refused because the record changed since its form opened it (412 STALE_REVISION). */
export function isStaleRevision(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 412 && error.errorBody?.code === STALE_REVISION_CODE;
}

/** The default read: GET the query key's segments joined with "/". */
export function getQueryFn<T>({ on401 }: { on401: "throw" | "returnNull" }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await requestJson<T>("GET", queryKey.join("/"));
    } catch (error) {
      if (on401 === "returnNull" && error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  };
}
