/** Header names shared by client and servers for read-your-writes (DESIGN.md "Consistency the user can see"). */
export const POSITION_HEADER = "X-Bahi-Position";
export const AFTER_HEADER = "X-Bahi-After";

/**
 * Reads the API answers to a POST because their input is a body (a GSTIN typed in a form): a
 * client sends them X-Bahi-After like any GET, so they see its own writes too.
 */
const READS_BY_POST: readonly string[] = ["/api/gst/validate-gstin"];

/** Whether a request only reads, and so should carry X-Bahi-After: every GET, and the reads above. */
export function isReadRequest(method: string, url: string): boolean {
  if (method === "GET") return true;
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").split(/[?#]/)[0]!;
  return method === "POST" && READS_BY_POST.includes(path);
}

export interface FieldError {
  path: string;
  message: string;
}

export interface ErrorBody {
  /** Stable across releases (VALIDATION_FAILED, NOT_FOUND, PLAN_LIMIT, ...): match on this, not on the message. */
  code: string;
  message: string;
  errors?: FieldError[];
}

/**
 * Positions on the wire are "N:M" pairs of decimal integers (PostgreSQL: transaction id and
 * sequence; EventStoreDB: commit and prepare position), so the browser can keep the highest
 * one it has seen without knowing which store is behind the API.
 */
export function compareWirePositions(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const [a1, a2] = a.split(":").map((part) => BigInt(part)) as [bigint, bigint];
  const [b1, b2] = b.split(":").map((part) => BigInt(part)) as [bigint, bigint];
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
}

export function isWirePosition(value: string): boolean {
  return /^\d{1,20}:\d{1,20}$/.test(value);
}
