/**
 * Issue 12: a record's revision on the wire (STYLE.md rule 15). A single-record read answers
 * `ETag: "<revision>"`, the revision of the record's own stream as of the data sent; a write
 * may send it back in `If-Match`, and a stale one is refused with a 412 rather than silently
 * overwriting what someone else saved meanwhile.
 */
import type { ErrorBody } from "./http.ts";

export const ETAG_HEADER = "ETag";
export const IF_MATCH_HEADER = "If-Match";
export const STALE_REVISION_CODE = "STALE_REVISION";
export const STALE_REVISION_MESSAGE = "This record changed since you opened it";

/** What If-Match asks for: one revision, or "*" (any). */
export type IfMatch = number | "*";

/** `"3"`: a strong entity tag, as ETag carries it. */
export function formatETag(revision: number): string {
  return `"${revision}"`;
}

/**
 * `"3"`, bare `3`, or `*`; null for anything else (a weak tag, a list, a non-number), which the
 * server refuses with a 400: a write that meant to be guarded must never pass unguarded.
 */
export function parseIfMatch(value: string): IfMatch | null {
  const trimmed = value.trim();
  if (trimmed === "*") return "*";
  const match = /^(?:"(\d{1,15})"|(\d{1,15}))$/.exec(trimmed);
  const digits = match?.[1] ?? match?.[2];
  return digits === undefined ? null : Number(digits);
}

/** The revision an ETag names (null when absent or not one of ours). */
export function revisionOfETag(etag: string | null | undefined): number | null {
  if (!etag) return null;
  const parsed = parseIfMatch(etag);
  return typeof parsed === "number" ? parsed : null;
}

/** The 412's body: the record as a read of it would answer now (null once deleted), and its revision. */
export interface StaleRevisionBody<T = unknown> extends ErrorBody {
  code: typeof STALE_REVISION_CODE;
  current: T | null;
  revision: number | null;
}
