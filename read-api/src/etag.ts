/**
 * Issue 12: a single-record read answers `ETag: "<revision>"`, the revision of the record's own
 * stream as of the document it sends (shared/src/server/recordRevision.ts), so an edit form can
 * send it back in If-Match and hear a 412 when someone saved the record meanwhile.
 */
import type { Response } from "express";
import { ETAG_HEADER, formatETag, isRecordId } from "@bahi/shared/contract";
import { notFound, readWithRevision, REVISIONED_RECORDS, type EventStore, type ReadStore, type RevisionedRecordPath } from "@bahi/shared/server";

export interface ETagDeps {
  readStore: Pick<ReadStore, "get" | "partitionCheckpoints" | "getDocuments">;
  eventStore: Pick<EventStore, "readStream">;
  /** Set when answering `?asOf=` over a replay: the past is not edited, so it has no ETag. */
  asOf?: Date;
}

/** The business's record at /api/{path}/{id}, its ETag set on `res`; 404 when missing or someone else's. */
export async function ownedWithETag<T extends { userId: string }>(
  deps: ETagDeps,
  res: Response,
  path: RevisionedRecordPath,
  id: string | undefined,
  businessId: string,
  label: string,
): Promise<T> {
  // Only a uuid can name a record: anything else is not found without asking the store.
  if (!isRecordId(id)) throw notFound(label);
  const found = deps.asOf
    ? { data: await deps.readStore.get<T>(REVISIONED_RECORDS[path].collection, id.toLowerCase()), revision: null }
    : await readWithRevision<T>(deps, path, id.toLowerCase());
  if (!found?.data || found.data.userId !== businessId) throw notFound(label);
  if (found.revision !== null) res.setHeader(ETAG_HEADER, formatETag(found.revision));
  return found.data;
}
