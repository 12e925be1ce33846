/**
 * Issue 14: a projector commit on MongoDB, in the two ways the server allows.
 *
 * With transactions (a replica set or a mongos): every batch's checkpoint is compared and moved
 * with findOneAndUpdate (the expected checkpoint and `open` in its filter), then the parked
 * events resolved and parked and the documents written, all in one `withTransaction`. Two
 * commits from one checkpoint both update its document: MongoDB aborts one with a write
 * conflict, the driver runs it again, and its filter no longer matches.
 *
 * Without (a standalone server): documents, then checkpoint. Each batch first claims its
 * partition's checkpoint with one atomic findOneAndUpdate (expected checkpoint, open, no claim
 * running), so a refused commit writes nothing and two writers never interleave; then the
 * documents and parked events are written; then the checkpoint moves and the claim ends. A
 * writer that dies midway leaves documents ahead of the checkpoint: each remembers its
 * position, so whoever replays from the checkpoint skips what they already hold; its claim
 * lapses after CLAIM_LEASE_MS.
 */
import type { ClientSession, Collection, Db } from "mongodb";
import { ProjectionConflictError, type ProjectionBatch } from "../ports/readStore.ts";
import {
  advanceCheckpoint,
  checkBatches,
  claimableFilter,
  claimedFilter,
  claimUpdate,
  COLLECTIONS,
  documentsCollection,
  documentWrites,
  expectedCheckpointFilter,
  movedCheckpoint,
  newClaimToken,
  orderedBatches,
  parkWrites,
  releaseClaim,
  resolvedIds,
  settleClaim,
  type StoredCheckpoint,
  type StoredCounter,
  type StoredDocument,
  type StoredGeneration,
  type StoredParked,
  type StoredPointer,
} from "./mapping.ts";

export interface MongoCollections {
  generations: Collection<StoredGeneration>;
  pointers: Collection<StoredPointer>;
  checkpoints: Collection<StoredCheckpoint>;
  parked: Collection<StoredParked>;
  counters: Collection<StoredCounter>;
  documents(generation: number): Collection<StoredDocument>;
}

export function collectionsOf(db: Db): MongoCollections {
  return {
    generations: db.collection<StoredGeneration>(COLLECTIONS.generations),
    pointers: db.collection<StoredPointer>(COLLECTIONS.pointers),
    checkpoints: db.collection<StoredCheckpoint>(COLLECTIONS.checkpoints),
    parked: db.collection<StoredParked>(COLLECTIONS.parked),
    counters: db.collection<StoredCounter>(COLLECTIONS.counters),
    documents: (generation) => db.collection<StoredDocument>(documentsCollection(generation)),
  };
}

const resolvedByOther = (batch: ProjectionBatch) => new ProjectionConflictError(`Parked events of ${batch.projection} were resolved by another writer`);

async function ownersOf(c: MongoCollections, ordered: readonly ProjectionBatch[], session?: ClientSession): Promise<Map<number, StoredGeneration>> {
  const generations = [...new Set(ordered.map((batch) => batch.generation))];
  const owners = await c.generations.find({ _id: { $in: generations } }, { session }).toArray();
  return new Map(owners.map((owner) => [owner._id, owner]));
}

/** Documents and parked events of every batch (the checkpoints aside). No parallel writes: a transaction forbids them. */
async function writeBatches(c: MongoCollections, ordered: readonly ProjectionBatch[], now: Date, session?: ClientSession): Promise<void> {
  for (const generation of new Set(ordered.map((batch) => batch.generation))) {
    const writes = ordered.filter((batch) => batch.generation === generation).flatMap((batch) => documentWrites(batch.documents));
    if (writes.length > 0) await c.documents(generation).bulkWrite(writes, { ordered: true, session });
  }
  const parked = ordered.flatMap((batch) => parkWrites(batch.generation, batch.park ?? [], now));
  if (parked.length > 0) await c.parked.bulkWrite(parked, { ordered: true, session });
}

/** The transaction's body: the driver may run it more than once, so it only reads and writes through the session. */
export async function commitInTransaction(c: MongoCollections, session: ClientSession, batches: readonly ProjectionBatch[], now: Date): Promise<void> {
  const ordered = orderedBatches(batches);
  checkBatches(ordered, await ownersOf(c, ordered, session));
  for (const batch of ordered) {
    const moved = await c.checkpoints.findOneAndUpdate(expectedCheckpointFilter(batch), advanceCheckpoint(batch), { session });
    if (!moved) throw movedCheckpoint(batch);
  }
  for (const batch of ordered) {
    const ids = resolvedIds(batch);
    if (ids.length === 0) continue;
    const { deletedCount } = await c.parked.deleteMany({ _id: { $in: ids } }, { session });
    // Someone else (a concurrent retry) applied them first: this batch's documents are stale.
    if (deletedCount !== ids.length) throw resolvedByOther(batch);
  }
  await writeBatches(c, ordered, now, session);
}

export async function commitDocumentsThenCheckpoint(c: MongoCollections, batches: readonly ProjectionBatch[], now: Date): Promise<void> {
  const ordered = orderedBatches(batches);
  checkBatches(ordered, await ownersOf(c, ordered));
  const token = newClaimToken();
  const claimed: ProjectionBatch[] = [];
  try {
    for (const batch of ordered) {
      if (!(await c.checkpoints.findOneAndUpdate(claimableFilter(batch), claimUpdate(token)))) throw movedCheckpoint(batch);
      claimed.push(batch);
    }
    // Checked before anything is written: under the claims no other writer of these partitions resolves them.
    for (const batch of ordered) {
      const ids = resolvedIds(batch);
      if (ids.length > 0 && (await c.parked.countDocuments({ _id: { $in: ids } })) !== ids.length) throw resolvedByOther(batch);
    }
    await writeBatches(c, ordered, now);
    for (const batch of ordered) {
      const ids = resolvedIds(batch);
      if (ids.length > 0) await c.parked.deleteMany({ _id: { $in: ids } });
    }
    while (claimed.length > 0) {
      const batch = claimed[0]!;
      const settled = await c.checkpoints.updateOne(claimedFilter(batch, token), settleClaim(batch));
      claimed.shift();
      // The claim lapsed and another writer took the partition: what this one wrote is
      // superseded by position, and its checkpoint must not move.
      if (settled.matchedCount === 0) throw movedCheckpoint(batch);
    }
  } catch (error) {
    for (const batch of claimed) {
      await c.checkpoints.updateOne(claimedFilter(batch, token), releaseClaim).catch(() => {
        // Safe to drop: an unreleased claim lapses after its lease; the commit's own error is what the caller needs.
      });
    }
    throw error;
  }
}
