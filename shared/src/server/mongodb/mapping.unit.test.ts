/**
 * Issue 14: MongoReadStore's stored shapes, its checkpoint compare-and-set, its hints and its
 * error translation, proven without a server: filters and updates run in mingo (MongoDB's query
 * language in JavaScript); errors are the driver's own classes, one of them from a real failed
 * connection.
 */
import { createServer } from "node:net";
import { aggregate, find } from "mingo";
import { update } from "mingo/updater";
import { MongoClient, MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError, type Document } from "mongodb";
import { describe, expect, it } from "vitest";
import { StoreUnavailableError, type RecordedEvent } from "../ports/eventStore.ts";
import { ProjectionConflictError, type ProjectionBatch } from "../ports/readStore.ts";
import {
  advanceCheckpoint,
  checkBatches,
  claimableFilter,
  claimedFilter,
  claimUpdate,
  CLAIM_LEASE_MS,
  COLLECTIONS,
  documentWrites,
  expectedCheckpointFilter,
  fromStoredDocument,
  fromStoredParked,
  hintOf,
  hintPipeline,
  liveClaimsFilter,
  modeOf,
  newCheckpoints,
  orderedBatches,
  parkedId,
  parkedSummaryPipeline,
  parkWrites,
  positionOrder,
  releaseClaim,
  resolvedIds,
  settleClaim,
  statesOf,
  toStoredDocument,
  type StoredCheckpoint,
  type StoredGeneration,
  type StoredParked,
} from "./mapping.ts";
import { MongoReadStore } from "./mongoReadStore.ts";
import { isDuplicateKey, mongoErrorOf } from "./unavailable.ts";

const matching = <T extends Document>(docs: readonly T[], filter: Document): T[] => find(docs as T[], filter).all() as T[];

describe("documents", () => {
  it("store the data as JSON gives it back, with owner, position, revision and the declared keys", () => {
    const data = { status: "paid", total: "118.00", createdAt: "2026-01-01T00:00:00.000Z", issueDate: "2026-01-02", at: new Date("2026-03-04T05:06:07.000Z"), gone: undefined };
    const stored = toStoredDocument({ collection: "invoices", id: "i-1", ownerId: "o-1", data, position: "3:4", revision: 7 });
    expect(stored).toMatchObject({ _id: "i-1", owner: "o-1", live: true, position: "3:4", revision: 7 });
    expect(stored.data).toEqual({ status: "paid", total: "118.00", createdAt: "2026-01-01T00:00:00.000Z", issueDate: "2026-01-02", at: "2026-03-04T05:06:07.000Z" });
    expect(stored.keys).toMatchObject({ status: "paid", amount: 11800, issueDay: "2026-01-02" });
    expect(fromStoredDocument("invoices", stored)).toEqual({ collection: "invoices", id: "i-1", ownerId: "o-1", data: stored.data, position: "3:4", revision: 7 });
  });

  it("keep a tombstone's position and owner, with no keys, and a missing revision as null", () => {
    const stored = toStoredDocument({ collection: "customers", id: "c", ownerId: null, data: null, position: "6:12" });
    expect(stored).toEqual({ _id: "c", owner: null, live: false, data: null, position: "6:12", revision: null, keys: null });
    expect(fromStoredDocument("customers", stored)).toEqual({ collection: "customers", id: "c", ownerId: null, data: null, position: "6:12", revision: null });
    expect(toStoredDocument({ collection: "undeclared", id: "u", ownerId: "o", data: { a: 1 }, position: "1:1" }).keys).toEqual({});
  });

  it("are upserted by id in the batch's order", () => {
    const writes = documentWrites([
      { collection: "suppliers", id: "a", ownerId: "o", data: { name: "First" }, position: "1:1" },
      { collection: "suppliers", id: "a", ownerId: "o", data: { name: "Second" }, position: "1:2" },
    ]);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual({
      replaceOne: { filter: { _id: "a" }, replacement: { owner: "o", live: true, data: { name: "Second" }, position: "1:2", revision: null, keys: {} }, upsert: true },
    });
  });
});

describe("positions", () => {
  it("sort as the log does once zero-padded: 10:2 after 9:3", () => {
    const positions = ["10:2", "9:3", "9:20", "00000000000000000012:00000000000000000012", "100:0"];
    const byOrder = [...positions].sort((a, b) => (positionOrder(a) < positionOrder(b) ? -1 : 1));
    expect(byOrder).toEqual(["9:3", "9:20", "10:2", "00000000000000000012:00000000000000000012", "100:0"]);
    expect(positionOrder("00000000000000000012:00000000000000000012")).toBe("00000000000000000012:00000000000000000012");
    expect(() => positionOrder("12")).toThrow(RangeError);
  });
});

function recorded(position: string): RecordedEvent {
  return {
    id: "e",
    type: "CustomerAdded",
    data: { n: 1, $odd: "a.b" },
    metadata: { schemaVersion: 1 },
    streamId: "s",
    revision: 0,
    position,
    recordedAt: "2026-01-01T00:00:00.000Z",
  } as RecordedEvent;
}

/** An upsert as the server runs it: $setOnInsert and $set on a new document, $set alone on an existing one. */
function upsertInto(docs: StoredParked[], op: { filter: Document; update: Document }): void {
  const existing = docs.find((d) => d._id === op.filter._id);
  if (existing) update(existing, { $set: op.update.$set as Document });
  else docs.push({ _id: op.filter._id, ...op.update.$setOnInsert, ...op.update.$set } as StoredParked);
}

describe("parked events", () => {
  const parkedAt = new Date("2026-02-03T04:05:06.000Z");
  const park = (docs: StoredParked[], generation: number, inputs: Parameters<typeof parkWrites>[1], now = parkedAt) => {
    for (const op of parkWrites(generation, inputs, now)) upsertInto(docs, (op as { updateOne: { filter: Document; update: Document } }).updateOne);
  };

  it("are kept whole and read back; parking again changes only the error and attempts", () => {
    const docs: StoredParked[] = [];
    park(docs, 4, [{ position: "9:2", documentId: "bad", event: recorded("9:2"), error: "boom", attempts: 1 }]);
    park(docs, 4, [{ position: "9:2", documentId: "bad", event: recorded("9:2"), error: "still", attempts: 2 }], new Date());
    expect(docs).toHaveLength(1);
    expect(fromStoredParked("customers", docs[0]!)).toEqual({
      projection: "customers",
      generation: 4,
      position: "9:2",
      documentId: "bad",
      event: recorded("9:2"),
      error: "still",
      attempts: 2,
      parkedAt: "2026-02-03T04:05:06.000Z",
    });
  });

  it("are keyed by generation, position and document, a missing document apart from any id", () => {
    expect(parkedId(1, { position: "9:2", documentId: "a" })).toBe(parkedId(1, { position: "9:2", documentId: "a" }));
    const keys = [parkedId(1, { position: "9:2", documentId: "a" }), parkedId(2, { position: "9:2", documentId: "a" }), parkedId(1, { position: "9:2", documentId: null })];
    expect(new Set([...keys, parkedId(1, { position: "9:2", documentId: "" }), parkedId(1, { position: "9:3", documentId: "a" })]).size).toBe(5);
    const batch: ProjectionBatch = {
      projection: "customers",
      generation: 1,
      expectedCheckpoint: null,
      checkpoint: null,
      documents: [],
      resolve: [
        { position: "9:2", documentId: "a" },
        { position: "9:2", documentId: "a" },
        { position: "9:3", documentId: null },
      ],
    };
    expect(resolvedIds(batch)).toEqual([keys[0], parkedId(1, { position: "9:3", documentId: null })]);
  });

  it("are summed up per generation with the first in log order (not text order)", () => {
    const docs: StoredParked[] = [];
    park(docs, 7, [
      { position: "10:2", documentId: "bad", event: recorded("10:2"), error: "waiting behind", attempts: 1 },
      { position: "9:2", documentId: "bad", event: recorded("9:2"), error: "TypeError: boom", attempts: 1 },
      { position: "9:3", documentId: null, event: recorded("9:3"), error: "no documents", attempts: 1 },
    ]);
    park(docs, 8, [{ position: "1:1", documentId: "x", event: recorded("1:1"), error: "other", attempts: 1 }]);
    park(docs, 9, [{ position: "1:1", documentId: "x", event: recorded("1:1"), error: "not asked", attempts: 1 }]);
    const rows = aggregate(docs, parkedSummaryPipeline([7, 8])).sort((a, b) => Number(a._id) - Number(b._id));
    expect(rows).toEqual([
      { _id: 7, count: 3, firstPosition: "9:2", firstError: "TypeError: boom" },
      { _id: 8, count: 1, firstPosition: "1:1", firstError: "other" },
    ]);
  });
});

describe("checkpoints", () => {
  const batch = (expectedCheckpoint: string | null, checkpoint: string | null, extra: Partial<ProjectionBatch> = {}): ProjectionBatch => ({
    projection: "customers",
    generation: 3,
    expectedCheckpoint,
    checkpoint,
    documents: [],
    ...extra,
  });
  const stored = (extra: Partial<StoredCheckpoint> = {}): StoredCheckpoint => ({ ...newCheckpoints(3, 1)[0]!, ...extra });

  it("are made per partition, open and empty", () => {
    expect(newCheckpoints(5, 2)).toEqual([
      { _id: "5/0", generation: 5, part: 0, position: null, open: true, commits: 0 },
      { _id: "5/1", generation: 5, part: 1, position: null, open: true, commits: 0 },
    ]);
  });

  it("with transactions, move only from the expected position of an open generation, and always write", () => {
    const at = stored({ position: "1:1" });
    expect(matching([at], expectedCheckpointFilter(batch("1:1", "1:2")))).toHaveLength(1);
    for (const expected of [null, "1:0", "1:2"]) expect(matching([at], expectedCheckpointFilter(batch(expected, "1:9")))).toHaveLength(0);
    expect(matching([stored()], expectedCheckpointFilter(batch(null, "1:1")))).toHaveLength(1);
    expect(matching([stored({ position: "1:1", open: false })], expectedCheckpointFilter(batch("1:1", "1:2")))).toHaveLength(0);
    expect(matching([stored({ position: "1:1" })], expectedCheckpointFilter(batch("1:1", "1:2", { part: 1 })))).toHaveLength(0);
    // A retry of parked events leaves the position where it is but still changes the document,
    // so two such commits collide (a write conflict) instead of both going through.
    update(at, advanceCheckpoint(batch("1:1", "1:1")) as Document);
    expect(at).toMatchObject({ position: "1:1", commits: 1 });
    update(at, advanceCheckpoint(batch("1:1", "1:2")) as Document);
    expect(at).toMatchObject({ position: "1:2", commits: 2 });
  });

  it("without transactions, are claimed by one writer at a time, until the claim settles or lapses", () => {
    const free = stored({ position: "1:1" });
    expect(matching([free], claimableFilter(batch("1:1", "1:2")))).toHaveLength(1);
    expect(matching([free], claimableFilter(batch("1:0", "1:2")))).toHaveLength(0);
    expect(matching([stored({ position: "1:1", open: false })], claimableFilter(batch("1:1", "1:2")))).toHaveLength(0);

    const [claimed] = aggregate([free], claimUpdate("$token")) as StoredCheckpoint[];
    expect(claimed!.claim!.token).toBe("$token");
    expect(Math.abs(claimed!.claim!.until.getTime() - (Date.now() + CLAIM_LEASE_MS))).toBeLessThan(5_000);
    // Another writer from the same checkpoint is refused while the claim runs, and may take it once it lapses.
    expect(matching([claimed!], claimableFilter(batch("1:1", "1:3")))).toHaveLength(0);
    expect(matching([{ ...claimed!, claim: { token: "old", until: new Date(Date.now() - 1) } }], claimableFilter(batch("1:1", "1:3")))).toHaveLength(1);
    expect(matching([claimed!], liveClaimsFilter(3))).toHaveLength(1);
    expect(matching([free, { ...claimed!, claim: { token: "old", until: new Date(Date.now() - 1) } }], liveClaimsFilter(3))).toHaveLength(0);

    // Only the claim's holder settles or releases it.
    expect(matching([claimed!], claimedFilter(batch("1:1", "1:2"), "other"))).toHaveLength(0);
    expect(matching([claimed!], claimedFilter(batch("1:1", "1:2"), "$token"))).toHaveLength(1);
    const settled = { ...claimed! };
    update(settled, settleClaim(batch("1:1", "1:2")) as Document);
    expect(settled).toEqual({ ...free, position: "1:2", commits: 1 });
    const released = { ...claimed! };
    update(released, releaseClaim as Document);
    expect(released).toEqual(free);
    expect(matching([released], claimableFilter(batch("1:1", "1:2")))).toHaveLength(1);
  });

  it("give each generation's lowest partition checkpoint, null while any partition has none", () => {
    const generations: StoredGeneration[] = [
      { _id: 1, projection: "invoices", status: "active", parts: 2, scope: "business", keysVersion: "k" },
      { _id: 2, projection: "customers", status: "building", parts: 1, scope: "document", keysVersion: "k" },
    ];
    const checkpoints = [...newCheckpoints(1, 2), ...newCheckpoints(2, 1), { ...newCheckpoints(1, 3)[2]!, position: "1:1" }];
    checkpoints[0]!.position = "10:2";
    checkpoints[1]!.position = "9:3";
    expect(statesOf(generations, checkpoints)).toEqual([
      { projection: "invoices", generation: 1, checkpoint: "9:3", parts: 2, scope: "business", partCheckpoints: ["10:2", "9:3"] },
      { projection: "customers", generation: 2, checkpoint: null, parts: 1, scope: "document", partCheckpoints: [null] },
    ]);
  });
});

describe("commit checks", () => {
  const owners = new Map<number, StoredGeneration>([
    [1, { _id: 1, projection: "customers", status: "active", parts: 2, scope: "business", keysVersion: "k" }],
    [2, { _id: 2, projection: "customers", status: "retired", parts: 1, scope: "business", keysVersion: "k" }],
    [3, { _id: 3, projection: "vendors", status: "building", parts: 1, scope: "business", keysVersion: "k" }],
  ]);
  const batch = (generation: number, extra: Partial<ProjectionBatch> = {}): ProjectionBatch => ({
    projection: "customers",
    generation,
    expectedCheckpoint: null,
    checkpoint: "1:1",
    documents: [],
    ...extra,
  });

  it("take partitions in generation and partition order", () => {
    const ordered = orderedBatches([batch(3, { projection: "vendors" }), batch(1, { part: 1 }), batch(1)]);
    expect(ordered.map((b) => [b.generation, b.part ?? 0])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
    ]);
  });

  it("refuse a gone, retired or foreign generation as a conflict, and a bad partition or stray document as a mistake", () => {
    expect(() => checkBatches([batch(1), batch(1, { part: 1 }), batch(3, { projection: "vendors" })], owners)).not.toThrow();
    expect(() => checkBatches([batch(9)], owners)).toThrow(ProjectionConflictError);
    expect(() => checkBatches([batch(2)], owners)).toThrow(ProjectionConflictError);
    expect(() => checkBatches([batch(3)], owners)).toThrow(ProjectionConflictError);
    expect(() => checkBatches([batch(1, { part: 2 })], owners)).toThrow(RangeError);
    expect(() => checkBatches([batch(1), batch(1)], owners)).toThrow(RangeError);
    const stray = { collection: "vendors", id: "a", ownerId: "o", data: {}, position: "1:1" };
    expect(() => checkBatches([batch(1, { documents: [stray] })], owners)).toThrow(RangeError);
  });
});

describe("hints and mode", () => {
  it("use transactions on a replica set member or a mongos, documents then checkpoint on a standalone", () => {
    expect(modeOf({ isWritablePrimary: true, setName: "rs0" })).toBe("transactions");
    expect(modeOf({ isWritablePrimary: true, msg: "isdbgrid" })).toBe("transactions");
    expect(modeOf({ isWritablePrimary: true, maxWireVersion: 25 })).toBe("documents-then-checkpoint");
  });

  it("hear checkpoint moves and activations as commits, new building generations as rebuilds, and nothing else", () => {
    const change = (coll: string, operationType: string, status?: string) => ({ _id: { _data: "x" }, operationType, ns: { db: "bahi", coll }, fullDocument: { status, other: 1 } });
    const changes = [
      change(COLLECTIONS.checkpoints, "update"),
      change(COLLECTIONS.pointers, "insert"),
      change(COLLECTIONS.generations, "insert", "building"),
      change(COLLECTIONS.generations, "insert", "active"),
      change(COLLECTIONS.generations, "update", "retired"),
      change(COLLECTIONS.parked, "insert"),
      change("bahi_rm_docs_4", "replace"),
      change(COLLECTIONS.checkpoints, "delete"),
    ];
    const passed = aggregate(changes, hintPipeline());
    expect(passed.map(hintOf)).toEqual(["commit", "commit", "rebuild"]);
    expect(passed[0]).toEqual({ _id: { _data: "x" }, operationType: "update", ns: { db: "bahi", coll: COLLECTIONS.checkpoints }, fullDocument: {} });
    expect(hintOf(changes[6]!)).toBeNull();
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("errors", () => {
  it("an unreachable server is the port's StoreUnavailableError, promptly, from connect and from an operation", async () => {
    const url = `mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`;
    const started = Date.now();
    const refused = await MongoReadStore.connect(url, { serverSelectionTimeoutMS: 300 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as StoreUnavailableError).cause).toBeInstanceOf(MongoServerSelectionError);
    expect(Date.now() - started).toBeLessThan(3_000);

    const client = new MongoClient(url, { serverSelectionTimeoutMS: 200 });
    const real = await client
      .db("x")
      .command({ ping: 1 })
      .catch((error: unknown) => error);
    await client.close();
    expect(real).toBeInstanceOf(MongoServerSelectionError);
    const translated = mongoErrorOf(real, "get");
    expect(translated).toBeInstanceOf(StoreUnavailableError);
    expect((translated as StoreUnavailableError).code).toBe("STORE_UNAVAILABLE");
    expect((translated as Error).message).toContain("(get)");
    expect((translated as Error).cause).toBe(real);
    expect(mongoErrorOf(new MongoServerSelectionError("No servers", (real as MongoServerSelectionError).reason!), "page")).toBeInstanceOf(StoreUnavailableError);
  });

  it("network errors and a failing-over primary are unavailable too", () => {
    for (const error of [new MongoNetworkError("connection reset"), new MongoNetworkTimeoutError("timed out"), new MongoServerError({ message: "not primary", code: 10107 })]) {
      const translated = mongoErrorOf(error, "commit");
      expect(translated, error.name).toBeInstanceOf(StoreUnavailableError);
      expect((translated as Error).cause).toBe(error);
    }
  });

  it("anything else stays itself: a duplicate key, a conflict, a bug", () => {
    const duplicate = new MongoServerError({ message: "E11000 duplicate key", code: 11000 });
    const conflict = new ProjectionConflictError("moved");
    const bug = new TypeError("oops");
    for (const error of [duplicate, conflict, bug, new MongoServerError({ message: "bad query", code: 2 })]) expect(mongoErrorOf(error, "commit")).toBe(error);
    expect(isDuplicateKey(duplicate)).toBe(true);
    expect(isDuplicateKey(new MongoServerError({ message: "other", code: 112 }))).toBe(false);
    expect(isDuplicateKey(bug)).toBe(false);
  });
});
