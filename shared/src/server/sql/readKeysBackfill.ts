/**
 * Issue 12: generations whose documents' keys were worked out under other declarations (or
 * before there were keys) get them again, with their tallies counted afresh, when the schema is
 * migrated. Each generation is done in one transaction holding its row FOR UPDATE, which every
 * projector commit to it waits on (commits take it FOR SHARE), so no write lands half-keyed.
 */
import { indexOf, KEYS_VERSION, keysOf, READ_MODEL_INDEXES } from "../../readModels/indexes.ts";
import { tallyDeltas } from "../readQuery.ts";
import type { SqlExecutor } from "./client.ts";
import { addTallies, storeTallies, type TallyRow } from "./sqlReadStore.ts";

const BATCH = 2_000;

export async function backfillReadKeys(tx: SqlExecutor): Promise<void> {
  const stale = await tx.query<{ generation: number; projection: string }>(
    "SELECT generation, projection FROM bahi_rm_generations WHERE status <> 'retired' AND keys_version IS DISTINCT FROM $1 ORDER BY generation FOR UPDATE",
    [KEYS_VERSION],
  );
  const declared = Object.keys(READ_MODEL_INDEXES);
  for (const { generation } of stale) {
    await tx.query("DELETE FROM bahi_rm_tallies WHERE generation = $1", [generation]);
    const tallies = new Map<string, TallyRow>();
    let after = { collection: "", id: "" };
    for (;;) {
      const rows = await tx.query<{ collection: string; id: string; owner_id: string | null; data: unknown }>(
        `SELECT collection, id, owner_id, data FROM bahi_rm_documents
          WHERE generation = $1 AND collection = ANY($2::text[]) AND (collection, id) > ($3, $4)
          ORDER BY collection, id LIMIT ${BATCH}`,
        [Number(generation), declared, after.collection, after.id],
      );
      if (rows.length === 0) break;
      const keyed = rows.map((row) => ({ ...row, keys: keysOf(row.collection, row.data) }));
      await tx.query(
        `UPDATE bahi_rm_documents d SET keys = u.keys::jsonb
           FROM unnest($2::text[], $3::text[], $4::text[]) AS u(collection, id, keys)
          WHERE d.generation = $1 AND d.collection = u.collection AND d.id = u.id`,
        [Number(generation), keyed.map((r) => r.collection), keyed.map((r) => r.id), keyed.map((r) => (r.keys === null ? null : JSON.stringify(r.keys)))],
      );
      for (const row of keyed)
        if (indexOf(row.collection)?.tallies) addTallies(tallies, Number(generation), row.collection, row.owner_id, tallyDeltas(row.collection, null, row.keys));
      const last = rows[rows.length - 1]!;
      after = { collection: last.collection, id: last.id };
    }
    await storeTallies(tx, tallies.values());
    await tx.query("UPDATE bahi_rm_generations SET keys_version = $2 WHERE generation = $1", [generation, KEYS_VERSION]);
  }
}
