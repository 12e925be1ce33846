/**
 * Issue 14: the side stores' contracts (sessions, Idempotency-Key claims, projector partition
 * leases; blobs have theirs in blobStore.contract.ts), proven on the SQL adapters and, wherever
 * a MongoDB server exists (MONGODB_URL, or a container: tests/support/servers.ts), on the MongoDB
 * ones, so a deployment of EventStoreDB + MongoDB + Redis keeps the promises PostgreSQL keeps.
 */
import { randomBytes } from "node:crypto";
import { MongoClient, type Db } from "mongodb";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { AdvisoryLeases, MongoIdempotencyStore, MongoLeases, MongoSessionStore, SqlSessionStore, StoreUnavailableError, type PartitionLeases } from "@bahi/shared/server";
import { BLOBS_COLLECTION, MongoBlobStore } from "../../shared/src/server/mongodb/mongoBlobStore.ts";
import { SqlIdempotencyStore } from "../../shared/src/server/sql/sqlIdempotencyStore.ts";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { openSql } from "../support/sqlStores.ts";
import { closedPort, mongoDbServer } from "../support/servers.ts";
import { blobStoreContract } from "./blobStore.contract.ts";
import { idempotencyStoreContract } from "./idempotencyStore.contract.ts";
import { partitionLeasesContract } from "./partitionLeases.contract.ts";
import { sessionStoreContract } from "./sessionStore.contract.ts";
import { snapshotStoreContract } from "./snapshotStore.contract.ts";
import { SqlSnapshotStore } from "../../shared/src/server/sql/sqlSnapshotStore.ts";
import { MongoSnapshotStore } from "../../shared/src/server/mongodb/mongoSnapshotStore.ts";

/** Advisory leases on a database of their own; each process's lock connection is named, so a test can kill just that one. */
async function openAdvisoryLeases() {
  const database = await createTestDatabase();
  const names = new Map<PartitionLeases, string>();
  return {
    join() {
      const name = `bahi_leases_${randomBytes(4).toString("hex")}`;
      const url = new URL(database.url);
      url.searchParams.set("application_name", name);
      const leases = new AdvisoryLeases(url.toString(), { rebalanceMs: 0 });
      names.set(leases, name);
      return leases;
    },
    async kill(leases: PartitionLeases) {
      // What a SIGKILLed process leaves: its connection gone, and with it every lock of its session.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const { rows } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [names.get(leases)]);
        expect(rows).toHaveLength(1);
      } finally {
        await admin.end();
      }
    },
    killedHoldMs: 1_000,
    close: () => database.drop(),
  };
}

function sqlContracts(kind: "pglite" | "postgres"): void {
  sessionStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    return { store: new SqlSessionStore(sql), close: release };
  });
  idempotencyStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    return { store: new SqlIdempotencyStore(sql), close: release };
  });
  snapshotStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    return { store: new SqlSnapshotStore(sql), close: release };
  });
  // PGlite is one process's database: Stores gives every process there `everyPartition`, nothing to share.
  if (kind === "postgres") partitionLeasesContract("postgres advisory locks", openAdvisoryLeases);
}

describe("PGlite", () => {
  sqlContracts("pglite");
});

const postgresSkipReason = await postgresUnavailableReason();

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  sqlContracts("postgres");
});

describe("MongoDB side stores, with their server down (the real driver, no server needed)", () => {
  /**
   * Each call on a client of its own: the driver closes a client whose first connection failed,
   * and every later call on it meets MongoTopologyClosedError, not the outage itself.
   */
  async function onDownServer<T>(call: (db: Db) => Promise<T>): Promise<T> {
    const client = new MongoClient(`mongodb://127.0.0.1:${await closedPort()}/`, { serverSelectionTimeoutMS: 500 });
    try {
      return await call(client.db("bahi"));
    } finally {
      await client.close();
    }
  }

  it("answers StoreUnavailableError (a 503) from every call of the session, blob, idempotency and snapshot stores", async () => {
    const now = new Date();
    const answer = { status: 201, headers: {}, body: new Uint8Array([1]) };
    const calls: ((db: Db) => Promise<unknown>)[] = [
      (db) => new MongoSessionStore(db).ensureIndexes(),
      (db) => new MongoSessionStore(db).create({ id: "s", userId: "u", createdAt: now, expiresAt: now }),
      (db) => new MongoSessionStore(db).findActive("s", now),
      (db) => new MongoSessionStore(db).switchBusiness("s", null),
      (db) => new MongoSessionStore(db).revoke("s", now),
      (db) => new MongoSessionStore(db).deleteExpired(now),
      (db) => new MongoBlobStore(db).put("bytes"),
      (db) => new MongoBlobStore(db, { chunkBytes: 2 }).put("more bytes"),
      (db) => new MongoBlobStore(db).get("0".repeat(64)),
      (db) => new MongoIdempotencyStore(db).ensureIndexes(),
      (db) => new MongoIdempotencyStore(db).claim("scope", "key", "fingerprint", now),
      (db) => new MongoIdempotencyStore(db).complete("scope", "key", answer, now),
      (db) => new MongoIdempotencyStore(db).release("scope", "key"),
      (db) => new MongoIdempotencyStore(db).deleteExpired(now),
      (db) => new MongoSnapshotStore(db).load("series-1", "document-series"),
      (db) => new MongoSnapshotStore(db).save({ streamId: "series-1", kind: "document-series", version: 1, revision: 0, position: null, state: {} }),
    ];
    const started = Date.now();
    const outcomes = await Promise.allSettled(calls.map((call) => onDownServer(call)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("holds no partitions while the server is down, says so, and gives back without throwing", async () => {
    const logged: string[] = [];
    await onDownServer(async (db) => {
      const leases = new MongoLeases(db, { log: (message) => logged.push(message) });
      expect(await leases.held(8)).toEqual(new Set());
      await leases.close();
    });
    expect(logged).toEqual([expect.stringContaining("holding no partitions"), expect.stringContaining("giving back failed")]);
  });
});

const mongo = await mongoDbServer();

describe.skipIf(mongo.server === null)(`MongoDB${mongo.skipReason ? ` (skipped: ${mongo.skipReason})` : ""}`, () => {
  const url = mongo.server?.url ?? "";
  afterAll(() => mongo.server?.stop());

  /** A database of the suite's own, dropped afterwards, so runs never see each other's data. */
  async function openDb(): Promise<{ db: Db; close(): Promise<void> }> {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
    await client.connect();
    const db = client.db(`bahi_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`);
    return {
      db,
      async close() {
        await db.dropDatabase();
        await client.close();
      },
    };
  }

  sessionStoreContract("mongodb", async () => {
    const { db, close } = await openDb();
    const store = new MongoSessionStore(db);
    await store.ensureIndexes();
    return { store, close };
  });
  idempotencyStoreContract("mongodb", async () => {
    const { db, close } = await openDb();
    const store = new MongoIdempotencyStore(db);
    await store.ensureIndexes();
    return { store, close };
  });
  snapshotStoreContract("mongodb", async () => {
    const { db, close } = await openDb();
    return { store: new MongoSnapshotStore(db), close };
  });
  for (const [variant, chunkBytes] of [
    ["inline", undefined],
    // Chunks of 64 KiB, so the contract's 1 MiB document is stored in chunks.
    ["chunked", 64 * 1024],
  ] as const) {
    blobStoreContract(`mongodb, ${variant}`, async () => {
      const { db, close } = await openDb();
      return { store: new MongoBlobStore(db, { chunkBytes }), countBlobs: () => db.collection(BLOBS_COLLECTION).countDocuments(), close };
    });
  }
  partitionLeasesContract("mongodb", async () => {
    const { db, close } = await openDb();
    const leaseMs = 1_500;
    return {
      join: () => new MongoLeases(db, { rebalanceMs: 0, leaseMs }),
      // A killed process just stops looking: its membership and units run out after leaseMs.
      kill: async () => {},
      killedHoldMs: leaseMs,
      close,
    };
  });
});
