/**
 * Issue 14: the same contract suites the SQL adapters pass (ports.test.ts), run on EventStoreDB
 * and MongoDB wherever a server exists: named by EVENTSTORE_URL / MONGODB_URL, or started by
 * testcontainers where a container runtime answers (tests/support/servers.ts). Where neither
 * exists, each suite is skipped and says why, also under CI=true: neither server can run on the
 * development machines.
 */
import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { EventStoreDbEventStore, MongoReadStore, openStores, StoreUnavailableError, summariseHealth } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { expectKeyedAgain, storeKeyedInvoices } from "../support/keyedInvoices.ts";
import { closedPort, eventStoreDbServer, mongoDbServer } from "../support/servers.ts";
import { auditLogContract } from "./auditLog.contract.ts";
import { eventStoreContract, newEvent } from "./eventStore.contract.ts";
import { readQueriesContract } from "./readQueries.contract.ts";
import { readStoreContract } from "./readStore.contract.ts";

describe("EventStoreDB adapter, with its server down (the real client, no server needed)", () => {
  it("answers StoreUnavailableError (a 503) at once from every call, the audit log's too", async () => {
    const store = EventStoreDbEventStore.connect(`esdb://127.0.0.1:${await closedPort()}?tls=false`);
    const audit = store.auditLog();
    try {
      const started = Date.now();
      const outcomes = await Promise.allSettled([
        store.readStream("invoice-1"),
        store.appendToStream("invoice-1", [newEvent()], "no_stream"),
        store.readAll(null, 10),
        store.head(),
        audit.businessEvents("b1"),
        audit.chainHead("b1"),
      ]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      }
      // Connection refused is known at once: no call waits out a deadline.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await store.close();
    }
  });

  it("keeps hinting onAppend listeners while it cannot follow $all, and stops when the last one leaves", async () => {
    const store = EventStoreDbEventStore.connect(`esdb://127.0.0.1:${await closedPort()}?tls=false`);
    try {
      let hints = 0;
      const unsubscribe = store.onAppend(() => (hints += 1));
      // The subscription fails, the listener is told (whatever was appended meanwhile is read by its next step), and it follows again.
      await expect.poll(() => hints, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      unsubscribe();
      const after = hints;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(hints).toBe(after);
    } finally {
      await store.close();
    }
  });
});

const postgresSkipReason = await postgresUnavailableReason();

describe("openStores with a server down (issue 14)", () => {
  it("refuses to open a read side on an unreachable MongoDB within seconds, as StoreUnavailableError", async () => {
    const started = Date.now();
    const opening = openStores({
      kind: "servers",
      events: { kind: "eventstoredb", url: `esdb://127.0.0.1:${await closedPort()}?tls=false` },
      reads: { kind: "mongodb", url: `mongodb://127.0.0.1:${await closedPort()}/bahi` },
    });
    await expect(opening).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("opens on an unreachable EventStoreDB (its client connects on first use) and reports the event store down", async ({ skip }) => {
    if (postgresSkipReason) skip(postgresSkipReason);
    const database = await createTestDatabase();
    const stores = await openStores({
      kind: "servers",
      events: { kind: "eventstoredb", url: `esdb://127.0.0.1:${await closedPort()}?tls=false` },
      reads: { kind: "postgres", databaseUrl: database.url },
    });
    try {
      expect(stores.describe).toBe("events on eventstoredb, reads on postgres");
      expect(stores.chainAudit).toBeTypeOf("function");
      const health = await summariseHealth(stores.health);
      expect(health.ready).toBe(false);
      expect(health.checks["event store"]).toMatchObject({ status: "down" });
      expect(health.checks["read store"]).toMatchObject({ status: "ok" });
      await expect(stores.chainAudit!()).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await stores.close();
      await database.drop();
    }
  });
});

const eventStoreDb = await eventStoreDbServer();

describe.skipIf(eventStoreDb.server === null)(`EventStoreDB${eventStoreDb.skipReason ? ` (skipped: ${eventStoreDb.skipReason})` : ""}`, () => {
  const url = eventStoreDb.server?.url ?? "";
  afterAll(() => eventStoreDb.server?.stop());

  eventStoreContract(
    "eventstoredb",
    async () => {
      const store = EventStoreDbEventStore.connect(url);
      return { store, close: () => store.close() };
    },
    // Ids are deduplicated per stream; the log holds EventStoreDB's own records and the audit chain's.
    { uniqueIds: "stream", ownRecords: true },
  );

  auditLogContract("eventstoredb", async () => {
    const store = EventStoreDbEventStore.connect(url);
    const besideLog = () => {
      const audit = store.auditLog();
      return { audit, build: () => audit.catchUp() };
    };
    return { store, ...besideLog(), another: besideLog, close: () => store.close() };
  });
});

const mongoDb = await mongoDbServer();

describe.skipIf(mongoDb.server === null)(`MongoDB${mongoDb.skipReason ? ` (skipped: ${mongoDb.skipReason})` : ""}`, () => {
  const url = mongoDb.server?.url ?? "";
  afterAll(() => mongoDb.server?.stop());

  /** A database of the suite's own, dropped afterwards (the store's client is needed to drop it). */
  const openReadStore = async () => {
    const store = await MongoReadStore.connect(url, { database: `bahi_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}` });
    return {
      store,
      async close() {
        await store.dropDatabase();
        await store.close();
      },
    };
  };
  readStoreContract("mongodb", openReadStore);
  readQueriesContract("mongodb", openReadStore);

  it("works out keys again at connect for a generation keyed under other declarations, and drops undeclared indexes", async () => {
    const database = `bahi_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const store = await MongoReadStore.connect(url, { database });
    try {
      const { generation, tallied } = await storeKeyedInvoices(store);
      // As an earlier release left it: no keys, another version, an index of an order since removed.
      const collection = store.db.collection(`bahi_rm_docs_${generation}`);
      await collection.updateMany({}, { $set: { keys: {} } });
      await store.db.collection("bahi_rm_generations").updateOne({ _id: generation } as never, { $set: { keysVersion: "an earlier release" } });
      await collection.createIndex({ owner: 1, "keys.removedOrder": 1 }, { name: "an_order_since_removed" });
      expect(await store.tally("invoices", "owner", "byStatus")).not.toEqual(tallied);
      const again = await MongoReadStore.connect(url, { database });
      try {
        await expectKeyedAgain(again, tallied);
        expect((await collection.listIndexes().toArray()).map((index) => index.name)).not.toContain("an_order_since_removed");
      } finally {
        await again.close();
      }
    } finally {
      await store.dropDatabase();
      await store.close();
    }
  });
  // Sessions, blobs, Idempotency-Key claims and leases on MongoDB: sideStores.test.ts.
});
