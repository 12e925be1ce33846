import { chainKeyOf, GENESIS_HASH, linkHash } from "../audit/chain.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import type { SqlExecutor } from "./client.ts";

const BATCH = 1000;

interface UnchainedRow {
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

/**
 * Issue 11: gives rows without chain links theirs, in log order, each business's continuing
 * from its chain head. Such rows are those written before the chain existed (a store from an
 * earlier release) or by a bulk INSERT that bypassed the adapter (the bench's history), so
 * running migrate() again chains them. It runs inside the migration's transaction, with the
 * append-only trigger disabled for its own UPDATEs only (ALTER TABLE holds an exclusive lock
 * until the commit, so no other connection writes or sees the table meanwhile). Recorded times
 * are cut to milliseconds, the precision readers get back and the hash covers.
 */
export async function backfillChain(tx: SqlExecutor): Promise<number> {
  const [pending] = await tx.query<{ missing: boolean }>("SELECT EXISTS (SELECT 1 FROM bahi_events WHERE hash IS NULL) AS missing");
  if (!pending?.missing) return 0;
  await tx.query("ALTER TABLE bahi_events DISABLE TRIGGER bahi_events_no_change");
  const heads = new Map<string, { seq: number; hash: string }>();
  for (const row of await tx.query<{ chain_key: string; seq: string; hash: string }>("SELECT chain_key, seq::text, hash FROM bahi_chain_heads")) {
    heads.set(row.chain_key, { seq: Number(row.seq), hash: row.hash });
  }
  let chained = 0;
  // Paged along the primary key, so each page is an index range, not a scan for NULLs.
  let after: [string, string] = ["0", "0"];
  for (;;) {
    const rows = await tx.query<UnchainedRow>(
      `SELECT transaction_id::text AS tx, position::text AS pos, event_id::text, stream_id, stream_revision::text AS revision, type, data, metadata,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at
         FROM bahi_events WHERE hash IS NULL AND (transaction_id, position) > ($1::text::xid8, $2::bigint)
        ORDER BY transaction_id, position LIMIT ${BATCH}`,
      after,
    );
    if (rows.length === 0) break;
    after = [rows[rows.length - 1]!.tx, rows[rows.length - 1]!.pos];
    const links = rows.map((row) => {
      const key = chainKeyOf(row.metadata);
      const head = heads.get(key) ?? { seq: 0, hash: GENESIS_HASH };
      const hash = linkHash(head.hash, {
        id: row.event_id,
        type: row.type,
        data: row.data,
        metadata: row.metadata,
        streamId: row.stream_id,
        revision: Number(row.revision),
        recordedAt: row.recorded_at,
      });
      const link = { tx: row.tx, pos: row.pos, key, seq: head.seq + 1, prev: head.hash, hash, recordedAt: row.recorded_at };
      heads.set(key, { seq: link.seq, hash });
      return link;
    });
    await tx.query(
      `UPDATE bahi_events AS e SET chain_key = l.key, chain_seq = l.seq, prev_hash = l.prev, hash = l.hash, recorded_at = l.recorded_at::timestamptz
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[]) AS l(tx, pos, key, seq, prev, hash, recorded_at)
        WHERE e.transaction_id = l.tx::xid8 AND e.position = l.pos::bigint`,
      [
        links.map((l) => l.tx),
        links.map((l) => l.pos),
        links.map((l) => l.key),
        links.map((l) => l.seq),
        links.map((l) => l.prev),
        links.map((l) => l.hash),
        links.map((l) => l.recordedAt),
      ],
    );
    chained += rows.length;
  }
  await tx.query(
    `INSERT INTO bahi_chain_heads (chain_key, seq, hash) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
     ON CONFLICT (chain_key) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
    [[...heads.keys()], [...heads.values()].map((h) => h.seq), [...heads.values()].map((h) => h.hash)],
  );
  await tx.query("ALTER TABLE bahi_events ENABLE TRIGGER bahi_events_no_change");
  return chained;
}
