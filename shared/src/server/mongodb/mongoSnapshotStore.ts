import type { Collection, Db } from "mongodb";
import type { Snapshot, SnapshotStore } from "../ports/snapshotStore.ts";
import { isDuplicateKey, mongoCall } from "./unavailable.ts";

export const SNAPSHOT_COLLECTION = "bahi_snapshots";

/** One per (stream, fold), as bahi_snapshots' rows; `_id` fields in this order (MongoDB compares them in order). */
export interface SnapshotDocument {
  _id: { streamId: string; kind: string };
  version: number;
  revision: number;
  position: string | null;
  state: unknown;
  takenAt: Date;
}

/**
 * Issue 38: the SnapshotStore port over MongoDB. save replaces the document only where the kept
 * one is older or of another version; where it is not, the upsert's insert collides with the
 * `_id` and the newer one kept is left as it is.
 */
export class MongoSnapshotStore implements SnapshotStore {
  private readonly snapshots: Collection<SnapshotDocument>;

  constructor(db: Db) {
    this.snapshots = db.collection<SnapshotDocument>(SNAPSHOT_COLLECTION);
  }

  async load(streamId: string, kind: string): Promise<Snapshot | null> {
    const document = await mongoCall(() => this.snapshots.findOne({ _id: { streamId, kind } }));
    return document ? { streamId, kind, version: document.version, revision: document.revision, position: document.position, state: document.state } : null;
  }

  async save(snapshot: Snapshot): Promise<void> {
    const { streamId, kind, version, revision, position, state } = snapshot;
    await mongoCall(async () => {
      try {
        await this.snapshots.updateOne(
          { _id: { streamId, kind }, $or: [{ revision: { $lt: revision } }, { version: { $ne: version } }] },
          { $set: { version, revision, position, state, takenAt: new Date() } },
          { upsert: true },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    });
  }
}
