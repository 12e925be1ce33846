import { businessKeyOf, partitionHash } from "../partition.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import type { SqlExecutor } from "./client.ts";

const BATCH = 5000;

/**
 * Issue 12: gives rows without a partition hash theirs: rows from before the column (a store
 * from an earlier release) or from a bulk INSERT that bypassed the adapter. Until then every
 * projector shard reads them (a filtered read takes rows without a hash), so nothing is missed
 * meanwhile. Like backfillChain, inside the migration's transaction with the append-only
 * trigger disabled for its own UPDATEs.
 */
export async function backfillBusinessHash(tx: SqlExecutor): Promise<number> {
  const [pending] = await tx.query<{ missing: boolean }>("SELECT EXISTS (SELECT 1 FROM bahi_events WHERE business_hash IS NULL) AS missing");
  if (!pending?.missing) return 0;
  await tx.query("ALTER TABLE bahi_events DISABLE TRIGGER bahi_events_no_change");
  let hashed = 0;
  for (;;) {
    // Paged along the partial index of rows without a hash: the UPDATE takes each page out of it.
    const rows = await tx.query<{ tx: string; pos: string; stream_id: string; metadata: RecordedEvent["metadata"] }>(
      `SELECT transaction_id::text AS tx, position::text AS pos, stream_id, metadata FROM bahi_events
        WHERE business_hash IS NULL ORDER BY transaction_id, position LIMIT ${BATCH}`,
    );
    if (rows.length === 0) break;
    await tx.query(
      `UPDATE bahi_events AS e SET business_hash = h.hash
         FROM unnest($1::text[], $2::text[], $3::bigint[]) AS h(tx, pos, hash)
        WHERE e.transaction_id = h.tx::xid8 AND e.position = h.pos::bigint`,
      [rows.map((row) => row.tx), rows.map((row) => row.pos), rows.map((row) => partitionHash(businessKeyOf({ streamId: row.stream_id, metadata: row.metadata })))],
    );
    hashed += rows.length;
  }
  await tx.query("ALTER TABLE bahi_events ENABLE TRIGGER bahi_events_no_change");
  return hashed;
}
