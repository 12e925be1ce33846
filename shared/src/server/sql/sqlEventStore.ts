import { canonicalEvent, chainKeyOf, verifyChain, type ChainVerification, type ChainVerifier } from "../audit/chain.ts";
import type { AuditLog, BusinessEventsQuery, ChainedEvent, ChainHead, ReplayEvent } from "../ports/auditLog.ts";
import type { EventLog, LogFilter, LogPage } from "../ports/eventLog.ts";
import { businessKeyOf, partitionHash } from "../partition.ts";
import {
  assertEventsFit,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from "../ports/eventStore.ts";
import { retryUnavailable, type SqlClient, type SqlExecutor } from "./client.ts";
import { LRUCache } from "lru-cache";
import { deepFreeze } from "../deepFreeze.ts";
import { requestStreams } from "../requestStreams.ts";
import { GroupCommit } from "./groupCommit.ts";
import { SqlHints } from "./hints.ts";

const NOTIFY_CHANNEL = "bahi_events";

interface EventRow {
  tx: string;
  pos: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent["metadata"];
  recorded_at: string;
}

interface ChainedRow extends EventRow {
  chain_key: string;
  /** chain_seq as text: not named chain_seq, or ORDER BY chain_seq would sort the text. */
  seq: string;
  prev_hash: string;
  hash: string;
}

const EVENT_COLUMNS = `transaction_id::text AS tx, position::text AS pos, event_id::text, stream_id,
  stream_revision::text AS revision, type, data, metadata, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

/** One append (bahi_append in schema.ts): the stream's revision it found, and where the events went unless that did not match. */
const APPEND = `SELECT current_revision::text, tx, pos
  FROM bahi_append($1, $2::bigint, $3, $4::timestamptz, $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[], $11::boolean)`;

interface AppendRow {
  current_revision: string | null;
  tx: string | null;
  pos: string | null;
}

const SELECT_EVENT = `SELECT ${EVENT_COLUMNS} FROM bahi_events`;

/** Issue 12: whether a filtered read wants an event (LogFilter): its business's partition is held, or its type is asked for. */
const WANTED = "(business_hash IS NULL OR business_hash % $4 = ANY($5::bigint[]) OR type = ANY($6::text[]))";

const SELECT_CHAINED = `SELECT transaction_id::text AS tx, position::text AS pos, event_id::text, stream_id,
  stream_revision::text AS revision, type, data, metadata, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at,
  chain_key, chain_seq::text AS seq, prev_hash, hash
  FROM bahi_events`;

function toPosition(tx: string, pos: string): string {
  return `${tx}:${pos}`;
}

function parsePosition(position: string): [bigint, bigint] {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new RangeError(`Not a position of this store: ${position}`);
  return [BigInt(match[1]!), BigInt(match[2]!)];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: toPosition(row.tx, row.pos),
    recordedAt: row.recorded_at,
  };
}

function toChained(row: ChainedRow): ChainedEvent {
  return { ...toRecorded(row), chainKey: row.chain_key, chainSeq: Number(row.seq), prevHash: row.prev_hash, hash: row.hash };
}

/**
 * Issue 12: how other processes hear of an append (their projectors and read-your-writes
 * waiters). "per-append": pg_notify inside every append's transaction, so every commit takes
 * PostgreSQL's one server-wide notification lock while it still holds its chain head.
 * "batched": one pg_notify after commit, coalesced across the appends this process makes
 * meanwhile, outside any append's transaction. "none": nobody is told; followers poll.
 * Issue 13, "adaptive" (the default): inside the append's own statement while it is this
 * process's only append in flight (no second round trip, nobody to queue behind the lock),
 * batched while others run beside it. `npm run bench` measures the four (README).
 */
export type AppendNotification = "per-append" | "batched" | "none" | "adaptive";

export interface SqlEventStoreOptions {
  /** When appended events are recorded (tests move it to record events "last month"). */
  clock?: () => Date;
  notify?: AppendNotification;
  /** Concurrent appends share one commit (GroupCommit); the default on PGlite, whose one connection fsyncs every commit. */
  groupCommit?: boolean;
  /**
   * How many streams readStream keeps in memory (0: none). Only for a store no other writer
   * reaches: the default on PGlite, which one process owns (dataDirLock.ts); on PostgreSQL other
   * processes append too, so the default there is none.
   */
  cachedStreams?: number;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "23505";
}

/**
 * EventStore and EventLog over PostgreSQL or PGlite.
 *
 * Global order follows eugene-khyst/postgresql-event-sourcing: each event records the id of
 * the transaction that wrote it, and readers only see events of transactions older than
 * every transaction still running (pg_snapshot_xmin), ordered by (transaction id, position).
 * A transaction that commits late therefore never slips in behind a reader's checkpoint.
 *
 * Issue 11: every append also extends its business's hash chain (shared/src/server/audit/chain.ts)
 * under a row lock on the business's chain head, and the store answers the AuditLog port.
 */
export class SqlEventStore implements EventStore, EventLog, AuditLog, ChainVerifier {
  private readonly hints: SqlHints;
  private readonly clock: () => Date;
  private readonly notify: AppendNotification;
  private readonly groupCommit: GroupCommit<AppendRow> | null;
  /**
   * Issue 13: streams as read, most recently read kept (an empty one too). Creating an invoice
   * reads fifteen streams, the business's own four times; every append through this store drops
   * its stream, so the next read sees it.
   */
  private readonly streams: LRUCache<string, readonly RecordedEvent[]> | null;
  /**
   * Issue 38: where each stream read or appended through this store stands (its last revision, -1
   * when empty), kept only where the store is the only writer (with `streams`): a command
   * process's tail read of a stream that has not moved is answered without a query.
   */
  private readonly heads: LRUCache<string, number> | null;
  /** Appends begun plus appends ended: a stream read across a change of it is not kept. */
  private appends = 0;
  /** Appends of this store running now ("adaptive" notification). */
  private inFlight = 0;

  constructor(
    private readonly sql: SqlClient,
    options: SqlEventStoreOptions = {},
  ) {
    this.hints = new SqlHints(sql);
    this.clock = options.clock ?? (() => new Date());
    this.notify = options.notify ?? "adaptive";
    this.groupCommit = (options.groupCommit ?? sql.kind === "pglite") ? new GroupCommit(sql, APPEND) : null;
    const cachedStreams = options.cachedStreams ?? (sql.kind === "pglite" ? 2_000 : 0);
    this.streams = cachedStreams > 0 ? new LRUCache({ max: cachedStreams }) : null;
    this.heads = cachedStreams > 0 ? new LRUCache({ max: cachedStreams * 10 }) : null;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision ?? 0;
    const maxCount = options.maxCount ?? null;
    // Issue 38: a part of a stream (a command process's tail read, a page) is not kept; one past
    // the head this store knows is nothing, where nobody else writes.
    if (fromRevision > 0 || maxCount !== null) {
      if (this.heads?.get(streamId) === fromRevision - 1) return [];
      const appendsBefore = this.appends;
      const rows = await this.sql.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision LIMIT $3`, [
        streamId,
        fromRevision,
        maxCount,
      ]);
      const events = rows.map(toRecorded);
      const whole = maxCount === null || events.length < maxCount;
      if (whole && this.appends === appendsBefore) this.heads?.set(streamId, events.at(-1)?.revision ?? fromRevision - 1);
      return events;
    }
    // Without a process-wide cache (PostgreSQL), the streams this request has read (requestStreams.ts).
    const request = this.streams ? null : (requestStreams() ?? null);
    const cached = (this.streams ?? request)?.get(streamId);
    if (cached) return [...cached];
    const appendsBefore = this.appends;
    const requestAppendsBefore = request?.appends;
    const rows = await this.sql.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 ORDER BY stream_revision`, [streamId]);
    const events = rows.map(toRecorded);
    // An append that began or ended meanwhile may have come after this read: keep nothing. A
    // request's streams are its own view, so only its own appends count there.
    const keep = this.streams && this.appends === appendsBefore ? this.streams : request && request.appends === requestAppendsBefore ? request : null;
    if (keep) {
      // Every later reader gets these very objects: none may change them.
      deepFreeze(events);
      keep.set(streamId, events);
    }
    if (this.appends === appendsBefore) this.heads?.set(streamId, events.length - 1);
    return [...events];
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    assertEventsFit(streamId, events);
    this.appends += 1;
    this.inFlight += 1;
    this.streams?.delete(streamId);
    this.heads?.delete(streamId);
    requestStreams()?.appending(streamId);
    try {
      const result = await this.appendUncached(streamId, events, expected);
      // Only forward: two appends' answers may be handled in either order.
      const known = this.heads?.get(streamId);
      if (known === undefined || known < result.nextExpectedRevision) this.heads?.set(streamId, result.nextExpectedRevision);
      return result;
    } catch (error) {
      this.heads?.delete(streamId);
      throw error;
    } finally {
      this.inFlight -= 1;
      this.appends += 1;
      this.streams?.delete(streamId);
      requestStreams()?.appending(streamId);
    }
  }

  private appendUncached(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // A dropped connection may have lost the answer to a commit that happened: retrying is
    // still safe, because a retry of a committed append finds its own events (by id) in place
    // and answers as the first try would have.
    return retryUnavailable(() => this.appendOnce(streamId, events, expected));
  }

  private async appendOnce(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      return await this.tryAppend(streamId, events, expected);
    } catch (error) {
      // A concurrent writer took the revision, or these very events are already stored (a
      // concurrent retry, or a retry with "stream_exists", which the revision check alone
      // lets through): one more look decides between a conflict and an idempotent success.
      if (!isUniqueViolation(error)) throw error;
      const previous = await this.alreadyAppended(this.sql, streamId, events, expected);
      if (previous) return previous;
      try {
        return await this.tryAppend(streamId, events, expected);
      } catch (retryError) {
        // Still a clash: these event ids already stand elsewhere in the log. Like
        // EventStoreDB, answer with a version conflict rather than a raw SQL error.
        if (!isUniqueViolation(retryError)) throw retryError;
        throw new WrongExpectedRevisionError(streamId, expected, (await this.streamRevision(streamId)) ?? "no_stream");
      }
    }
  }

  /**
   * Issue 13: one round trip, bahi_append (schema.ts), in a transaction of its own. The events'
   * canonical texts name their revisions, so "stream_exists" first looks up where the stream
   * stands and asks again if another append moved it meanwhile.
   */
  private async tryAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    let current = expected === "stream_exists" ? await this.streamRevision(streamId) : null;
    for (;;) {
      if (expected === "stream_exists" && current === null) throw new WrongExpectedRevisionError(streamId, expected, "no_stream");
      const first = expected === "no_stream" ? 0 : expected === "stream_exists" ? current! + 1 : expected + 1;
      const notifyInside = this.notify === "per-append" || (this.notify === "adaptive" && this.inFlight === 1);
      const params = this.appendParams(streamId, events, first, notifyInside);
      const row = this.groupCommit ? await this.groupCommit.run(params) : (await this.sql.query<AppendRow>(APPEND, params))[0];
      current = row!.current_revision === null ? null : Number(row!.current_revision);
      if (row!.tx !== null) {
        this.hints.emit(NOTIFY_CHANNEL);
        if (!notifyInside && this.notify !== "none") this.hints.notify(NOTIFY_CHANNEL);
        return { nextExpectedRevision: first + events.length - 1, position: toPosition(row!.tx, row!.pos!) };
      }
      if (expected === "stream_exists" && current !== null) continue;
      const previous = await this.alreadyAppended(this.sql, streamId, events, expected);
      if (previous) return previous;
      throw new WrongExpectedRevisionError(streamId, expected, current ?? "no_stream");
    }
  }

  /** bahi_append's arguments: the rows, and the canonical text each event's hash covers. */
  private appendParams(streamId: string, events: readonly NewEvent[], first: number, notifyInside: boolean): unknown[] {
    // Set here rather than by the column's default (microseconds, while readers get
    // milliseconds back), so the hash covers exactly what is stored and read.
    const recordedAt = this.clock().toISOString();
    return [
      streamId,
      first,
      chainKeyOf(events[0]!.metadata),
      recordedAt,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      events.map((e, i) => canonicalEvent({ ...e, streamId, revision: first + i, recordedAt })),
      events.map((e) => partitionHash(businessKeyOf({ streamId, metadata: e.metadata }))),
      notifyInside,
    ];
  }

  private async streamRevision(streamId: string): Promise<number | null> {
    const [head] = await this.sql.query<{ revision: string | null }>("SELECT max(stream_revision)::text AS revision FROM bahi_events WHERE stream_id = $1", [streamId]);
    return head?.revision == null ? null : Number(head.revision);
  }

  /** The same events (by id) already stored at the revisions this append would give them. */
  private async alreadyAppended(tx: SqlExecutor, streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult | null> {
    const rows = await tx.query<EventRow>(`${SELECT_EVENT} WHERE event_id = ANY($1::uuid[]) ORDER BY stream_revision`, [events.map((e) => e.id)]);
    if (rows.length !== events.length) return null;
    const first = expected === "no_stream" ? 0 : expected === "stream_exists" ? Number(rows[0]!.revision) : expected + 1;
    const inPlace = rows.every((row, i) => row.stream_id === streamId && row.event_id === events[i]!.id && Number(row.revision) === first + i);
    if (!inPlace) return null;
    const last = rows[rows.length - 1]!;
    return { nextExpectedRevision: Number(last.revision), position: toPosition(last.tx, last.pos) };
  }

  async businessEvents(businessId: string, query: BusinessEventsQuery = {}): Promise<ChainedEvent[]> {
    const conditions = ["chain_key = $1"];
    const params: unknown[] = [businessId];
    if (query.afterSeq !== undefined) conditions.push(`chain_seq > $${params.push(query.afterSeq)}`);
    if (query.recordedFrom) conditions.push(`recorded_at >= $${params.push(query.recordedFrom.toISOString())}::timestamptz`);
    if (query.recordedUntil) conditions.push(`recorded_at <= $${params.push(query.recordedUntil.toISOString())}::timestamptz`);
    const limit = query.limit === undefined ? "" : ` LIMIT $${params.push(query.limit)}`;
    const rows = await this.sql.query<ChainedRow>(`${SELECT_CHAINED} WHERE ${conditions.join(" AND ")} ORDER BY chain_seq${limit}`, params);
    return rows.map(toChained);
  }

  async replayEvents(businessId: string, afterSeq = 0): Promise<ReplayEvent[]> {
    // One JSON text per row: decoding six columns of 50,000 rows is most of what PGlite spends on
    // a business's chain; one text per row and JSON.parse take under half of that.
    const rows = await this.sql.query<{ event: string }>(
      `SELECT json_build_array(chain_seq, transaction_id::text || ':' || position, type,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), metadata->'schemaVersion', data, stream_id, stream_revision)::text AS event
         FROM bahi_events WHERE chain_key = $1 AND chain_seq > $2 ORDER BY bahi_events.chain_seq`,
      [businessId, afterSeq],
    );
    return rows.map((row) => {
      const [chainSeq, position, type, recordedAt, schemaVersion, data, streamId, revision] = JSON.parse(row.event) as [
        number,
        string,
        string,
        string,
        number,
        unknown,
        string,
        number,
      ];
      return { chainSeq, position, type, recordedAt, data, metadata: { schemaVersion }, streamId, revision: Number(revision) };
    });
  }

  async chainHead(businessId: string): Promise<ChainHead | null> {
    const [row] = await this.sql.query<{ seq: string; hash: string }>("SELECT seq::text, hash FROM bahi_chain_heads WHERE chain_key = $1 AND seq > 0", [businessId]);
    return row ? { seq: Number(row.seq), hash: row.hash } : null;
  }

  /**
   * Recomputes one business's chain (chain.ts names the first problem). The rows and the head
   * are read in one snapshot, so an append meanwhile is not mistaken for an inserted event.
   * Rows of the business that carry no chain link at all (written around the adapter and not
   * yet backfilled by a migration) are reported as inserted.
   */
  async verifyBusiness(businessId: string): Promise<ChainVerification> {
    return this.sql.transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      const rows = await tx.query<ChainedRow>(`${SELECT_CHAINED} WHERE chain_key = $1 ORDER BY chain_seq, transaction_id, position`, [businessId]);
      const [head] = await tx.query<{ seq: string; hash: string }>("SELECT seq::text, hash FROM bahi_chain_heads WHERE chain_key = $1 AND seq > 0", [businessId]);
      const verification = verifyChain(rows.map(toChained), head ? { seq: Number(head.seq), hash: head.hash } : null);
      if (!verification.ok) return verification;
      const [unchained] = await tx.query<{ tx: string; pos: string }>(
        `SELECT transaction_id::text AS tx, position::text AS pos FROM bahi_events
          WHERE hash IS NULL AND coalesce(metadata->>'businessId', metadata->>'userId', '') = $1
          ORDER BY transaction_id, position LIMIT 1`,
        [businessId],
      );
      if (!unchained) return verification;
      return { ...verification, ok: false, firstProblem: { kind: "inserted", position: toPosition(unchained.tx, unchained.pos), seq: verification.checked + 1 } };
    });
  }

  /** Every business with a chain (the CLI verifies them all). */
  async chainKeys(): Promise<string[]> {
    const rows = await this.sql.query<{ key: string }>(
      `SELECT chain_key AS key FROM bahi_chain_heads WHERE seq > 0
       UNION SELECT chain_key FROM bahi_events WHERE chain_key IS NOT NULL
       UNION SELECT coalesce(metadata->>'businessId', metadata->>'userId', '') FROM bahi_events WHERE hash IS NULL
       ORDER BY 1`,
    );
    return rows.map((row) => row.key);
  }

  async readAll(checkpoint: string | null, limit: number, filter?: LogFilter): Promise<LogPage> {
    const [tx, pos] = checkpoint === null ? [0n, 0n] : parsePosition(checkpoint);
    const page = `WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, position
       LIMIT $3`;
    if (!filter) {
      const events = (await this.sql.query<EventRow>(`${SELECT_EVENT} ${page}`, [tx.toString(), pos.toString(), limit])).map(toRecorded);
      return { events, checkpoint: events.length > 0 ? events[events.length - 1]!.position : checkpoint, covered: events.length };
    }
    // Issue 12: the page goes past `limit` events as without a filter; only those asked for
    // bring their data (a row without a hash, from before the column, is always asked for).
    const rows = await this.sql.query<EventRow & { wanted: boolean }>(
      `SELECT tx, pos, event_id, stream_id, revision, type, wanted, CASE WHEN wanted THEN data END AS data, CASE WHEN wanted THEN metadata END AS metadata, recorded_at
         FROM (SELECT ${EVENT_COLUMNS}, transaction_id AS t, position AS p, ${WANTED} AS wanted FROM bahi_events ${page}) page
        ORDER BY t, p`,
      [tx.toString(), pos.toString(), limit, filter.parts, filter.held, filter.types],
    );
    const last = rows[rows.length - 1];
    return {
      events: rows.filter((row) => row.wanted).map(toRecorded),
      checkpoint: last ? toPosition(last.tx, last.pos) : checkpoint,
      covered: rows.length,
    };
  }

  async head(): Promise<string | null> {
    // The primary key's order: one index step, whatever the log's size.
    const [row] = await this.sql.query<{ tx: string; pos: string }>(
      "SELECT transaction_id::text AS tx, position::text AS pos FROM bahi_events ORDER BY transaction_id DESC, position DESC LIMIT 1",
    );
    return row ? toPosition(row.tx, row.pos) : null;
  }

  comparePositions(a: string | null, b: string | null): number {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    const [ta, pa] = parsePosition(a);
    const [tb, pb] = parsePosition(b);
    if (ta !== tb) return ta < tb ? -1 : 1;
    return pa === pb ? 0 : pa < pb ? -1 : 1;
  }

  onAppend(listener: () => void): () => void {
    // Other processes append too: PostgreSQL's NOTIFY carries their hint to us.
    return this.hints.on(NOTIFY_CHANNEL, listener);
  }

  async close(): Promise<void> {
    await this.hints.close();
  }
}
