import { chainKeyOf, GENESIS_HASH, linkHash, verifyChain, type ChainVerification, type ChainVerifier } from "../audit/chain.ts";
import type { AuditLog, BusinessEventsQuery, ChainedEvent, ChainHead, ReplayEvent } from "../ports/auditLog.ts";
import type { EventLog, LogFilter, LogPage } from "../ports/eventLog.ts";
import { businessKeyOf, partitionHash } from "../partition.ts";
import { assertEventsFit, WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent } from "../ports/eventStore.ts";
import { retryUnavailable, type SqlClient, type SqlExecutor } from "./client.ts";
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
 * `npm run bench` measures the three; the default is its choice (README).
 */
export type AppendNotification = "per-append" | "batched" | "none";

export interface SqlEventStoreOptions {
  /** When appended events are recorded (tests move it to record events "last month"). */
  clock?: () => Date;
  notify?: AppendNotification;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "23505";
}

function matches(expected: ExpectedRevision, current: number | null): boolean {
  if (expected === "no_stream") return current === null;
  if (expected === "stream_exists") return current !== null;
  return current === expected;
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

  constructor(
    private readonly sql: SqlClient,
    options: SqlEventStoreOptions = {},
  ) {
    this.hints = new SqlHints(sql);
    this.clock = options.clock ?? (() => new Date());
    this.notify = options.notify ?? "batched";
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await this.sql.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 ORDER BY stream_revision`, [streamId]);
    return rows.map(toRecorded);
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    assertEventsFit(streamId, events);
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
        const [head] = await this.sql.query<{ revision: string | null }>("SELECT max(stream_revision)::text AS revision FROM bahi_events WHERE stream_id = $1", [streamId]);
        throw new WrongExpectedRevisionError(streamId, expected, head?.revision == null ? "no_stream" : Number(head.revision));
      }
    }
  }

  private async tryAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.sql.transaction(async (tx) => {
      // The business's chain head, locked first: its appends queue here one at a time, so each
      // links to the one before it (no fork) and the stream check below sees every earlier one.
      const chainKey = chainKeyOf(events[0]!.metadata);
      await tx.query("INSERT INTO bahi_chain_heads (chain_key, seq, hash) VALUES ($1, 0, $2) ON CONFLICT (chain_key) DO NOTHING", [chainKey, GENESIS_HASH]);
      const [chainHead] = await tx.query<{ seq: string; hash: string }>("SELECT seq::text, hash FROM bahi_chain_heads WHERE chain_key = $1 FOR UPDATE", [chainKey]);
      const [head] = await tx.query<{ revision: string | null }>("SELECT max(stream_revision)::text AS revision FROM bahi_events WHERE stream_id = $1", [streamId]);
      const current = head?.revision == null ? null : Number(head.revision);
      if (!matches(expected, current)) {
        const previous = await this.alreadyAppended(tx, streamId, events, expected);
        if (previous) return previous;
        throw new WrongExpectedRevisionError(streamId, expected, current ?? "no_stream");
      }
      const first = current === null ? 0 : current + 1;
      // Set here rather than by the column's default (microseconds, while readers get
      // milliseconds back), so the hash covers exactly what is stored and read.
      const recordedAt = this.clock().toISOString();
      let seq = Number(chainHead!.seq);
      let prev = chainHead!.hash;
      const links = events.map((event, i) => {
        seq += 1;
        const hash = linkHash(prev, { ...event, streamId, revision: first + i, recordedAt });
        const link = { seq, prev, hash };
        prev = hash;
        return link;
      });
      const rows = await tx.query<{ tx: string; pos: string }>(
        `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata, recorded_at, chain_key, chain_seq, prev_hash, hash, business_hash)
         SELECT e.event_id::uuid, $1, $2::bigint + e.ordinality - 1, e.type, e.data::jsonb, e.metadata::jsonb, $7::timestamptz, $8, e.seq, e.prev, e.hash, e.business_hash
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $9::bigint[], $10::text[], $11::text[], $12::bigint[])
                WITH ORDINALITY AS e(event_id, type, data, metadata, seq, prev, hash, business_hash, ordinality)
         RETURNING transaction_id::text AS tx, position::text AS pos`,
        [
          streamId,
          first,
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
          recordedAt,
          chainKey,
          links.map((l) => l.seq),
          links.map((l) => l.prev),
          links.map((l) => l.hash),
          events.map((e) => partitionHash(businessKeyOf({ streamId, metadata: e.metadata }))),
        ],
      );
      await tx.query("UPDATE bahi_chain_heads SET seq = $2, hash = $3 WHERE chain_key = $1", [chainKey, seq, prev]);
      if (this.notify === "per-append") await tx.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`);
      const last = rows.reduce((a, b) => (BigInt(a.pos) > BigInt(b.pos) ? a : b));
      return { nextExpectedRevision: first + events.length - 1, position: toPosition(last.tx, last.pos) };
    });
    this.hints.emit(NOTIFY_CHANNEL);
    if (this.notify === "batched") this.hints.notify(NOTIFY_CHANNEL);
    return result;
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
