/**
 * Issue 14: the read side on MongoDB, one client for all of it: the read models (MongoReadStore)
 * and, in the same database, sessions, blobs, Idempotency-Key claims, the command side's snapshots
 * (issue 38) and the projector shards' leases, so EventStoreDB, MongoDB and Redis are all a deployment needs.
 */
import type { ReadSideStores } from "../stores.ts";
import { MongoBlobStore } from "./mongoBlobStore.ts";
import { MongoIdempotencyStore } from "./mongoIdempotencyStore.ts";
import { MongoLeases } from "./mongoLeases.ts";
import { MongoReadStore } from "./mongoReadStore.ts";
import { MongoSessionStore } from "./mongoSessionStore.ts";
import { MongoSnapshotStore } from "./mongoSnapshotStore.ts";
import { mongoCall } from "./unavailable.ts";

/** Connects (a server that is not there is StoreUnavailableError within seconds) and opens every read-side store on the URL's database. */
export async function openMongoReadSide(url: string, log?: (message: string) => void): Promise<ReadSideStores> {
  const readStore = await MongoReadStore.connect(url);
  const { db } = readStore;
  log?.(
    readStore.mode === "transactions"
      ? `MongoDB read store on ${db.databaseName}: a replica set, each projector commit in one transaction`
      : `MongoDB read store on ${db.databaseName}: a standalone server, so commits write documents, then checkpoints (each document keeps its position)`,
  );
  const sessionStore = new MongoSessionStore(db);
  const idempotency = new MongoIdempotencyStore(db);
  try {
    // The sweeps' indexes, once, before any request (blobs are read by _id alone).
    await sessionStore.ensureIndexes();
    await idempotency.ensureIndexes();
  } catch (error) {
    await readStore.close();
    throw error;
  }
  return {
    readStore,
    blobStore: new MongoBlobStore(db),
    sessionStore,
    idempotency,
    snapshots: new MongoSnapshotStore(db),
    partitionLeases: () => new MongoLeases(db, { log }),
    health: [
      {
        name: "read store",
        async check() {
          await mongoCall(() => db.command({ ping: 1 }));
          return { status: "ok", detail: { kind: "mongodb", mode: readStore.mode } };
        },
      },
    ],
    // The client is the read store's: closing it closes every store above.
    close: () => readStore.close(),
  };
}
