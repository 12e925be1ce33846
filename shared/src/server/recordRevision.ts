/**
 * Issue 12: a record's revision, as ETag and If-Match carry it (shared/src/contract/revision.ts).
 *
 * The revision is that of the record's own stream. A read model document may also move on
 * other streams' events (a product's stock moves with invoices), so the revision of what a
 * read answers is that of the stream's last event at or before the position the document was
 * last projected at. It lives on the server half of shared because it must know stream names
 * (shared/src/events), which the read API may not import (as audit/history.ts).
 */
import { isRecordId } from "../contract/fields.ts";
import { compareWirePositions } from "../contract/http.ts";
import { withBalance } from "../contract/payments.ts";
import type { Invoice } from "../contract/invoices.ts";
import { streams } from "../events/streams.ts";
import { collections } from "../readModels/index.ts";
import type { EventStore, RecordedEvent } from "./ports/eventStore.ts";
import type { ReadDocument, ReadStore } from "./ports/readStore.ts";
import { waitForProjection } from "./waitForProjection.ts";

interface RevisionedRecord {
  collection: string;
  stream: (id: string) => string;
  /** The document as GET /api/{path}/{id} answers it (read-api/src/routes.ts does the same). */
  view?: (document: unknown) => unknown;
}

/** By API path segment: the records whose single read answers an ETag and whose writes take If-Match. */
export const REVISIONED_RECORDS = {
  customers: { collection: collections.customers, stream: streams.customer },
  vendors: { collection: collections.vendors, stream: streams.vendor },
  products: { collection: collections.products, stream: streams.product },
  invoices: { collection: collections.invoices, stream: streams.invoice, view: (doc) => withBalance(doc as Invoice) },
  expenses: { collection: collections.expenses, stream: streams.expense },
  "credit-notes": { collection: collections.salesNotes, stream: streams.salesNote },
  "debit-notes": { collection: collections.salesNotes, stream: streams.salesNote },
  "delivery-challans": { collection: collections.deliveryChallans, stream: streams.deliveryChallan },
} satisfies Record<string, RevisionedRecord>;

export type RevisionedRecordPath = keyof typeof REVISIONED_RECORDS;

export function isRevisionedRecordPath(segment: string): segment is RevisionedRecordPath {
  return Object.hasOwn(REVISIONED_RECORDS, segment);
}

export const recordStream = (path: RevisionedRecordPath, id: string): string => REVISIONED_RECORDS[path].stream(id);

/** Each record collection with what its streams' names hold before the id ("customer-"). */
const STREAM_PREFIXES: ReadonlyMap<string, string> = new Map(Object.values(REVISIONED_RECORDS).map((record) => [record.collection, record.stream("")]));

/**
 * Issue 12: the id of the `collection` record whose own stream `streamId` is, or null. The
 * projector keeps that stream's revision in the record's document (ReadDocument.revision) on
 * every event of the stream, even one its read model does not handle.
 */
export function ownRecordOf(collection: string, streamId: string): string | null {
  const prefix = STREAM_PREFIXES.get(collection);
  if (prefix === undefined || !streamId.startsWith(prefix)) return null;
  const id = streamId.slice(prefix.length);
  return isRecordId(id) ? id : null;
}

/** The revision of the stream's last event at or before `position` (null: none yet). */
export function revisionAt(recorded: readonly RecordedEvent[], position: string): number | null {
  let revision: number | null = null;
  for (const event of recorded) {
    if (compareWirePositions(event.position, position) > 0) break;
    revision = event.revision;
  }
  return revision;
}

type DocumentReads = Pick<ReadStore, "partitionCheckpoints" | "getDocuments">;

/**
 * The record's document in its projection's active generation, with the position it was last
 * projected at (a tombstone's data is null). The port's `get` gives no position: this reads
 * what the projector reads. The generation is found read-only (partitionCheckpoints), never by
 * activeProjections, which would create one with its own partitioning before the projector does.
 */
async function documentWithPosition(readStore: DocumentReads, collection: string, id: string): Promise<ReadDocument | null> {
  // A rebuild may activate a new generation between the two reads: one more look finds it there.
  for (let attempt = 0; attempt < 2; attempt++) {
    const projection = (await readStore.partitionCheckpoints()).find((state) => state.projection === collection);
    if (!projection) return null;
    const [document] = await readStore.getDocuments(projection.generation, [{ collection, id }]);
    if (document) return document;
  }
  return null;
}

export interface RevisionedRead<T> {
  data: T;
  /** null only for a document no event of its stream made (never for a record the API wrote). */
  revision: number | null;
}

/** A live record's document and the revision of its stream as of that document; null when absent or deleted. */
export async function readWithRevision<T>(
  deps: { readStore: DocumentReads; eventStore: Pick<EventStore, "readStream"> },
  path: RevisionedRecordPath,
  id: string,
): Promise<RevisionedRead<T> | null> {
  const record = REVISIONED_RECORDS[path];
  const document = await documentWithPosition(deps.readStore, record.collection, id);
  if (!document || document.data === null) return null;
  // Documents projected before revisions were kept have none: their stream gives it.
  const revision = typeof document.revision === "number" ? document.revision : revisionAt(await deps.eventStore.readStream(record.stream(id)), document.position);
  return { data: document.data as T, revision };
}

/**
 * For a stale write's 412: the record as GET /api/{path}/{id} answers it once the projection
 * includes the stream's last event (`position`), or null once deleted. The caller has already
 * let the record's own decider check that it belongs to the business.
 */
export async function currentRecordView(
  readStore: ReadStore,
  target: { path: RevisionedRecordPath; id: string; businessId: string | null },
  position: string | null,
  timeoutMs = 2000,
): Promise<unknown> {
  const { path, id } = target;
  // Past the bound the answer is what the read side has: the 412 stands either way.
  await waitForProjection(readStore, position, timeoutMs, { businessId: target.businessId });
  const document = await documentWithPosition(readStore, REVISIONED_RECORDS[path].collection, id);
  if (!document || document.data === null) return null;
  const view = (REVISIONED_RECORDS[path] as RevisionedRecord).view;
  return view ? view(document.data) : document.data;
}
