/**
 * Issue 14: what MongoReadStore does at connect so that a release which changes the declared keys
 * or orders (readModels/indexes.ts) needs no manual rebuild, as SqlReadStore's migration does
 * (sql/readKeysBackfill.ts): each live generation gets the indexes declared today and loses the
 * ones no longer declared, and a generation keyed under other declarations (its keysVersion)
 * has its documents' keys worked out again. Counts need nothing more: MongoDB's tallies are
 * aggregated from the keys when asked.
 */
import { isDeepStrictEqual } from "node:util";
import type { AnyBulkWriteOperation, IndexDescription, IndexDescriptionInfo } from "mongodb";
import { KEYS_VERSION, keysOf } from "../../readModels/indexes.ts";
import type { MongoCollections } from "./commit.ts";
import type { StoredDocument, StoredGeneration } from "./mapping.ts";
import { indexSpecs } from "./queries.ts";

const BATCH = 2_000;

/** The live generations' indexes as declared today, and their documents' keys where they were worked out under other declarations. */
export async function upkeepGenerations(c: MongoCollections): Promise<void> {
  for (const generation of await c.generations.find({ status: { $ne: "retired" } }).toArray()) {
    const documents = c.documents(generation._id);
    const wanted = indexSpecs(generation.projection);
    await documents.createIndexes(wanted);
    for (const name of undeclaredIndexes(await documents.listIndexes().toArray(), wanted)) await documents.dropIndex(name);
    if (generation.keysVersion !== KEYS_VERSION) await rekey(c, generation);
  }
}

/** The names of indexes on a generation's documents that no declaration asks for (never `_id_`). */
export function undeclaredIndexes(existing: readonly IndexDescriptionInfo[], wanted: readonly IndexDescription[]): string[] {
  const keyOf = (key: unknown) => JSON.stringify(Object.entries(key as Record<string, unknown>));
  const declared = new Set(wanted.map((spec) => keyOf(spec.key)));
  return existing.filter((index) => index.name !== undefined && index.name !== "_id_" && !declared.has(keyOf(index.key))).map((index) => index.name!);
}

/**
 * The writes that give a page of a generation's documents the keys today's declarations work
 * out; documents already keyed so are left alone. Each write holds only while the document is
 * at the position it was read at: a document written since has had its keys worked out then.
 */
export function rekeyWrites(projection: string, page: readonly StoredDocument[]): AnyBulkWriteOperation<StoredDocument>[] {
  return page.flatMap((doc) => {
    const keys = keysOf(projection, doc.live ? doc.data : null);
    if (isDeepStrictEqual(keys, doc.keys ?? null)) return [];
    return [{ updateOne: { filter: { _id: doc._id, position: doc.position }, update: { $set: { keys } } } }];
  });
}

/** Works the generation's keys out again in pages of _id, then records the declarations it is keyed under. */
async function rekey(c: MongoCollections, generation: StoredGeneration): Promise<void> {
  const documents = c.documents(generation._id);
  let after: string | null = null;
  for (;;) {
    const page: StoredDocument[] = await documents
      .find(after === null ? {} : { _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(BATCH)
      .toArray();
    if (page.length === 0) break;
    const writes = rekeyWrites(generation.projection, page);
    if (writes.length > 0) await documents.bulkWrite(writes, { ordered: false });
    after = page[page.length - 1]!._id;
  }
  // Only if no other process recorded a newer version meanwhile (two releases starting at once).
  await c.generations.updateOne({ _id: generation._id, keysVersion: generation.keysVersion }, { $set: { keysVersion: KEYS_VERSION } });
}
