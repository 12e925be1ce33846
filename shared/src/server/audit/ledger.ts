import { JOURNAL_PAGE_DEFAULT, type ExportManifest, type JournalEntry, type JournalExportQuery, type JournalPage, type JournalQuery } from "../../contract/journal.ts";
import type { AuditLog, BusinessEventsQuery, ChainedEvent, ChainHead } from "../ports/auditLog.ts";
import type { ReadStore } from "../ports/readStore.ts";
import { actorOf, unnamedPeople } from "./actors.ts";
import { GENESIS_HASH, linkHash } from "./chain.ts";
import { historyEntries, typeInWords } from "./history.ts";
import { recordOfStream } from "./records.ts";

/**
 * Issue 11: the ledger (GET /api/ledger), its export for an auditor to take away (JSON Lines
 * and CSV with a manifest), and the export's offline verification (`bahi ledger verify-export`).
 * Everything is read through the AuditLog port, in the business's chain order.
 */

const IST_OFFSET = "+05:30";
const BATCH = 1000;

/** Background jobs by the name their events carry (`system:{job}`), in the business's words. */
/** India's calendar dates as the instants the chain's recorded times are compared with. */
export function recordedRange(query: { from?: string | undefined; to?: string | undefined }): Pick<BusinessEventsQuery, "recordedFrom" | "recordedUntil"> {
  const range: Pick<BusinessEventsQuery, "recordedFrom" | "recordedUntil"> = {};
  if (query.from) range.recordedFrom = new Date(`${query.from}T00:00:00.000${IST_OFFSET}`);
  if (query.to) range.recordedUntil = new Date(`${query.to}T23:59:59.999${IST_OFFSET}`);
  return range;
}

/** The names of people whose events carry none (recorded before issue 11): the users read model's. */
export type PersonNames = (personIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;

export function personNamesFrom(readStore: Pick<ReadStore, "get">, usersCollection: string): PersonNames {
  return async (ids) => {
    const names = new Map<string, string>();
    await Promise.all(
      ids.map(async (id) => {
        const user = await readStore.get<{ firstName?: string; lastName?: string }>(usersCollection, id);
        const name = `${user?.firstName ?? ""} ${user?.lastName ?? ""}`.trim();
        if (name) names.set(id, name);
      }),
    );
    return names;
  };
}

/**
 * What the event did, in the business's words: the line a record's history gives it
 * (history.ts), told from the event alone. Should the history not manage (an event of a kind
 * it does not know), the type in words still says what happened.
 */
function summaryOf(event: ChainedEvent, businessId: string): string {
  try {
    return historyEntries([event], businessId).entries[0]?.summary ?? typeInWords(event.type);
  } catch {
    return typeInWords(event.type);
  }
}

export async function journalEntries(events: readonly ChainedEvent[], businessId: string, names: PersonNames): Promise<JournalEntry[]> {
  const known = await names(unnamedPeople(events));
  return events.map((event) => ({
    position: event.position,
    seq: event.chainSeq,
    recordedAt: event.recordedAt,
    actor: actorOf(event.metadata, businessId, known),
    type: event.type,
    summary: summaryOf(event, businessId),
    record: recordOfStream(event.streamId),
    stream: event.streamId,
    revision: event.revision,
    hash: event.hash,
    prevHash: event.prevHash,
  }));
}

function matches(event: ChainedEvent, query: JournalQuery): boolean {
  if (query.kind && recordOfStream(event.streamId)?.kind !== query.kind) return false;
  if (query.actor) {
    const actor = event.metadata.actor ?? "";
    if (query.actor === "system" ? !actor.startsWith("system:") : actor.toLowerCase() !== `user:${query.actor.toLowerCase()}`) return false;
  }
  return true;
}

/**
 * One page of the journal, oldest first, after `cursor` (a seq). The kind and actor filters
 * are applied as the chain is read in batches, so a page is full whenever enough entries match;
 * one match beyond the page tells whether there is a next one.
 */
export async function journalPage(deps: { auditLog: AuditLog; names: PersonNames }, businessId: string, query: JournalQuery): Promise<JournalPage> {
  const limit = query.limit ?? JOURNAL_PAGE_DEFAULT;
  const range = recordedRange(query);
  const found: ChainedEvent[] = [];
  // Unfiltered, the page is the next limit + 1 events; filtered, a batch is read at a time.
  const size = query.kind || query.actor ? Math.max(BATCH, limit + 1) : limit + 1;
  let afterSeq = query.cursor ?? 0;
  for (;;) {
    const batch = await deps.auditLog.businessEvents(businessId, { ...range, afterSeq, limit: size });
    for (const event of batch) if (found.length <= limit && matches(event, query)) found.push(event);
    if (found.length > limit || batch.length < size) break;
    afterSeq = batch[batch.length - 1]!.chainSeq;
  }
  const page = found.slice(0, limit);
  const [entries, head] = await Promise.all([journalEntries(page, businessId, deps.names), deps.auditLog.chainHead(businessId)]);
  return { entries, nextCursor: found.length > limit ? String(page[page.length - 1]!.chainSeq) : null, head };
}

/** One event as exported: everything needed to recompute its hash, and its place in the chain. */
export interface ExportedEvent {
  seq: number;
  position: string;
  recordedAt: string;
  id: string;
  type: string;
  streamId: string;
  revision: number;
  data: unknown;
  metadata: ChainedEvent["metadata"];
  prevHash: string;
  hash: string;
}

function exported(event: ChainedEvent): ExportedEvent {
  return {
    seq: event.chainSeq,
    position: event.position,
    recordedAt: event.recordedAt,
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    data: event.data,
    metadata: event.metadata,
    prevHash: event.prevHash,
    hash: event.hash,
  };
}

/**
 * The events of an export: those recorded between the dates, as one unbroken stretch of the
 * chain from the first of them to the last (so it can be verified link by link offline, even
 * if a clock once stepped back and an event in the stretch carries a time outside the dates).
 */
export async function exportEvents(auditLog: AuditLog, businessId: string, query: Pick<JournalExportQuery, "from" | "to">): Promise<ChainedEvent[]> {
  const inRange = await auditLog.businessEvents(businessId, recordedRange(query));
  if (inRange.length === 0) return [];
  const first = inRange[0]!.chainSeq;
  const last = inRange[inRange.length - 1]!.chainSeq;
  if (last - first + 1 === inRange.length) return inRange;
  return auditLog.businessEvents(businessId, { afterSeq: first - 1, limit: last - first + 1 });
}

export function exportManifest(
  businessId: string,
  query: Pick<JournalExportQuery, "from" | "to">,
  events: readonly ChainedEvent[],
  head: ChainHead | null,
  exportedAt: Date,
): ExportManifest {
  const first = events[0];
  const last = events[events.length - 1];
  return {
    format: "bahi-ledger-export/1",
    businessId,
    from: query.from ?? null,
    to: query.to ?? null,
    count: events.length,
    firstPosition: first?.position ?? null,
    lastPosition: last?.position ?? null,
    firstSeq: first?.chainSeq ?? null,
    lastSeq: last?.chainSeq ?? null,
    prevHashBeforeFirst: first?.prevHash ?? null,
    firstHash: first?.hash ?? null,
    lastHash: last?.hash ?? null,
    head,
    exportedAt: exportedAt.toISOString(),
  };
}

/** JSON Lines: one event per line, oldest first, and the manifest as the last line. */
export function* jsonLinesExport(events: readonly ChainedEvent[], manifest: ExportManifest): Generator<string> {
  for (const event of events) yield `${JSON.stringify(exported(event))}\n`;
  yield `${JSON.stringify({ manifest })}\n`;
}

export const CSV_COLUMNS = ["seq", "position", "recordedAt", "actor", "type", "stream", "revision", "id", "hash", "prevHash", "data", "metadata"] as const;

function csvCell(value: string): string {
  // A leading =, +, - or @ would be a formula to a spreadsheet (CSV injection): quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV (RFC 4180) for a spreadsheet: the same events; the manifest travels in a header (see the route). */
export function* csvExport(events: readonly ChainedEvent[]): Generator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  for (const event of events) {
    const row = [
      String(event.chainSeq),
      event.position,
      event.recordedAt,
      event.metadata.actor ?? "",
      event.type,
      event.streamId,
      String(event.revision),
      event.id,
      event.hash,
      event.prevHash,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    ];
    yield `${row.map(csvCell).join(",")}\r\n`;
  }
}

export interface ExportVerification {
  ok: boolean;
  /** Events whose hash and link were checked before the first problem. */
  checked: number;
  manifest: ExportManifest | null;
  /** The first problem, in words, with the line (1-based) it is on. */
  problem?: { line: number; message: string };
}

/**
 * Verifies a JSON Lines export with no database: every line's hash recomputed from its own
 * content and previous link, the links unbroken from the manifest's prevHashBeforeFirst, and
 * the manifest's count, end sequence numbers and end hashes matching the lines.
 */
export function verifyJsonLinesExport(text: string): ExportVerification {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  const fail = (checked: number, manifest: ExportManifest | null, line: number, message: string): ExportVerification => ({
    ok: false,
    checked,
    manifest,
    problem: { line, message },
  });
  if (lines.length === 0) return fail(0, null, 1, "The file is empty: an export ends with its manifest line");
  let manifest: ExportManifest;
  try {
    manifest = (JSON.parse(lines[lines.length - 1]!) as { manifest?: ExportManifest }).manifest as ExportManifest;
  } catch {
    return fail(0, null, lines.length, "The last line is not JSON: an export ends with its manifest line");
  }
  if (!manifest || manifest.format !== "bahi-ledger-export/1") return fail(0, null, lines.length, "The last line is not a Bahi ledger export's manifest");
  const eventLines = lines.slice(0, -1);
  let prev = manifest.prevHashBeforeFirst ?? GENESIS_HASH;
  let seq = manifest.firstSeq ?? 1;
  for (let index = 0; index < eventLines.length; index++) {
    const line = index + 1;
    let event: ExportedEvent;
    try {
      event = JSON.parse(eventLines[index]!) as ExportedEvent;
    } catch {
      return fail(index, manifest, line, `Line ${line} is not JSON`);
    }
    if (event.seq !== seq) return fail(index, manifest, line, `Line ${line} has chain seq ${event.seq}, expected ${seq}: an event is missing, added or moved`);
    if (event.prevHash !== prev) return fail(index, manifest, line, `Line ${line} (seq ${event.seq}) does not link to the line before it: an event is missing, added or moved`);
    if (linkHash(event.prevHash, event) !== event.hash) return fail(index, manifest, line, `Line ${line} (seq ${event.seq}) was changed: its content no longer matches its hash`);
    prev = event.hash;
    seq++;
  }
  const checked = eventLines.length;
  const first = eventLines.length > 0 ? (JSON.parse(eventLines[0]!) as ExportedEvent) : null;
  const last = eventLines.length > 0 ? (JSON.parse(eventLines[eventLines.length - 1]!) as ExportedEvent) : null;
  const manifestLine = lines.length;
  if (manifest.count !== checked) return fail(checked, manifest, manifestLine, `The manifest counts ${manifest.count} events, the file has ${checked}`);
  if ((manifest.firstHash ?? null) !== (first?.hash ?? null)) return fail(checked, manifest, manifestLine, "The manifest's first hash is not the first event's");
  if ((manifest.lastHash ?? null) !== (last?.hash ?? null)) return fail(checked, manifest, manifestLine, "The manifest's last hash is not the last event's");
  if ((manifest.firstSeq ?? null) !== (first?.seq ?? null) || (manifest.lastSeq ?? null) !== (last?.seq ?? null)) {
    return fail(checked, manifest, manifestLine, "The manifest's first and last seq are not the file's");
  }
  return { ok: true, checked, manifest };
}
