/**
 * Issue 12: If-Match on the writes to a record (STYLE.md rule 15). commandContext builds a
 * guard for PUT/PATCH/DELETE /api/{record}/{id}[/{action}], and handle() holds the decision on
 * the record's own stream to it: a stale revision appends nothing and answers 412 with the
 * record as it is now. Without If-Match the write goes on as before (the aggregate's own
 * expected revision still turns a race into a 409).
 *
 * No HTTP framework here (the deciders' folder rule): the request is seen through the few
 * fields it needs.
 */
import { IF_MATCH_HEADER, isRecordId, parseIfMatch } from "@bahi/shared/contract";
import { currentRecordView, isRevisionedRecordPath, recordStream, StaleRevisionError, ValidationError, type ReadStore, type RevisionedRecordPath } from "@bahi/shared/server";

/** What the guard needs of a request. */
export interface WriteRequest {
  method: string;
  originalUrl: string;
  header(name: string): string | undefined;
}

/** The record a write names, the revision its If-Match expects, and who hears its new revision. */
export class RecordRevisionGuard {
  /** Once the request has decided on the stream, its own later steps (a process's) are not held to the If-Match. */
  private settled = false;

  constructor(
    readonly record: { path: RevisionedRecordPath; id: string; businessId: string | null },
    /** null: no If-Match, or `*`. */
    readonly expected: number | null,
    private readonly onRevision: (revision: number) => void,
  ) {}

  get streamId(): string {
    return recordStream(this.record.path, this.record.id);
  }

  /** Throws StaleRevisionError when the stream has moved past the If-Match. */
  check(streamId: string, revision: number | null, position: string | null): void {
    if (this.settled || this.expected === null || streamId !== this.streamId) return;
    if (revision !== this.expected) throw new StaleRevisionError(streamId, this.expected, revision, position, this.record);
  }

  /** The stream stands at `revision` after this request's decision on it (appended, or nothing to append). */
  reached(streamId: string, revision: number): void {
    if (streamId !== this.streamId) return;
    this.settled = true;
    this.onRevision(revision);
  }
}

const WRITES = new Set(["PUT", "PATCH", "DELETE"]);

/**
 * The guard for a write to a record that has a revision, or undefined. A malformed If-Match is
 * a 400 on any write: a write meant to be guarded must never pass unguarded.
 */
export function recordRevisionGuard(req: WriteRequest, businessId: string | null, onRevision: (revision: number) => void): RecordRevisionGuard | undefined {
  if (!WRITES.has(req.method)) return undefined;
  const raw = req.header(IF_MATCH_HEADER);
  const ifMatch = raw === undefined ? null : parseIfMatch(raw);
  if (raw !== undefined && ifMatch === null) {
    throw new ValidationError([{ path: ["headers", IF_MATCH_HEADER], message: `${IF_MATCH_HEADER} must be the record's ETag (a revision such as "3") or *` }]);
  }
  const [api, path, id, action, ...rest] = new URL(req.originalUrl, "http://bahi").pathname.split("/").filter((s) => s !== "");
  // PUT and DELETE name the record itself; PATCH may name one of its fields (/invoices/{id}/status).
  if (api !== "api" || path === undefined || !isRevisionedRecordPath(path) || !isRecordId(id) || rest.length > 0) return undefined;
  if (action !== undefined && req.method !== "PATCH") return undefined;
  return new RecordRevisionGuard({ path, id: id.toLowerCase(), businessId }, ifMatch === "*" ? null : ifMatch, onRevision);
}

/**
 * An error handler for the command router: a stale write's 412 carries the record as its
 * single read answers it now, read once the read models include the stream's last event.
 */
export function staleRevisionView(readStore: ReadStore) {
  return async (error: unknown, _req: unknown, _res: unknown, next: (error?: unknown) => void): Promise<void> => {
    if (error instanceof StaleRevisionError && isRevisionedRecordPath(error.record.path)) {
      try {
        error.current = await currentRecordView(readStore, { ...error.record, path: error.record.path }, error.position);
      } catch (viewError) {
        // The 412 is still the answer (nothing was written); without `current` the form's Reload reads the record.
        console.error("The current view of a stale write's record could not be read:", viewError instanceof Error ? viewError.message : viewError);
      }
    }
    next(error);
  };
}
