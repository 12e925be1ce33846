import { isRecordId } from "@bahi/shared/contract";
import { notFound } from "@bahi/shared/server";

/** Ids are uuids; anything else cannot name a record of ours, so it is simply not found. */
export function isId(raw: string | undefined): raw is string {
  return isRecordId(raw);
}

/** A record id from a URL or a body, lower-cased, or a 404 naming what was looked for. */
export function recordId(raw: string | undefined, label: string): string {
  if (!isId(raw)) throw notFound(label);
  return raw.toLowerCase();
}
