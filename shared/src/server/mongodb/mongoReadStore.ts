import { MongoClient, WriteConcern, type ClientSession, type Db } from "mongodb";
import { compareWirePositions } from "../../contract/http.ts";
import { KEYS_VERSION } from "../../readModels/indexes.ts";
import { yieldToEventLoop } from "../eventLoop.ts";
import {
  ProjectionConflictError,
  type DocumentKey,
  type PageQuery,
  type PageRow,
  type ParkedEvent,
  type ParkedSummary,
  type Partitioning,
  type ProjectionBatch,
  type ProjectionInput,
  type ProjectionState,
  type ReadDocument,
  type ReadStore,
  type TallyBucket,
} from "../ports/readStore.ts";
import { collectionsOf, commitDocumentsThenCheckpoint, commitInTransaction, type MongoCollections } from "./commit.ts";
import { MongoHints } from "./hints.ts";
import {
  fromStoredDocument,
  fromStoredParked,
  liveClaimsFilter,
  modeOf,
  newCheckpoints,
  parkedSummaryPipeline,
  statesOf,
  type MongoReadStoreMode,
  type StoredGeneration,
} from "./mapping.ts";
import { isDuplicateKey, mongoErrorOf } from "./unavailable.ts";
import { upkeepGenerations } from "./upkeep.ts";
import { countOptions, findFilter, indexSpecs, listFilter, matchFilter, pagePlan, tallyFrom, tallyPipeline } from "./queries.ts";

/** How long an operation waits for a server before the store answers unavailable (503), not 30 s. */
const SELECTION_TIMEOUT_MS = 3_000;

const SINGLE: Partitioning = { parts: 1, scope: "business" };

function checkedParts(parts: number): number {
  if (!Number.isInteger(parts) || parts < 1 || parts > 1024) throw new RangeError(`A read model splits into 1 to 1024 partitions, not ${parts}`);
  return parts;
}

const byPosition = (a: { position: string }, b: { position: string }) => compareWirePositions(a.position, b.position);

/**
 * Issue 14: the ReadStore port over MongoDB.
 *
 * Each generation of a projection has a collection of its own (bahi_rm_docs_<generation>,
 * documents by id with their declared keys and the position they were last written at); what
 * readers see is one pointer document per projection (bahi_rm_active). Activating a rebuild
 * rewrites that pointer and flags the superseded generations and their partitions' checkpoints
 * retired: a handful of small documents whatever the read model's size. Their documents stay,
 * invisible, until dropRetired deletes them in batches and drops the emptied collection.
 *
 * `mode`, decided at connect from the server's `hello`: "transactions" on a replica set or a
 * mongos, where each commit writes its documents, parked events and checkpoints in one
 * transaction and other processes' commits and rebuilds arrive through a change stream;
 * "documents-then-checkpoint" on a standalone server, where a commit claims its checkpoints,
 * writes its documents and then moves the checkpoints (commit.ts says why that is safe), and
 * only this process's hints arrive. A server that cannot be reached answers StoreUnavailableError
 * within serverSelectionTimeoutMS (default 3 s).
 *
 * At connect, each live generation gets today's declared indexes, loses undeclared ones, and has
 * its keys worked out again if they were keyed under other declarations (upkeep.ts).
 */
export class MongoReadStore implements ReadStore {
  private readonly c: MongoCollections;
  private readonly hints: MongoHints;
  /** A generation's projection never changes, so it is remembered once read. */
  private readonly projections = new Map<number, string>();

  private constructor(
    private readonly client: MongoClient,
    /** The database it was opened on: the read side's other stores (mongoStores.ts) share it. */
    readonly db: Db,
    readonly mode: MongoReadStoreMode,
  ) {
    this.c = collectionsOf(db);
    this.hints = new MongoHints(mode === "transactions" ? db : null);
  }

  /** Connects, learns the mode, and makes the indexes the stored generations need. */
  static async connect(url: string, options: { database?: string; serverSelectionTimeoutMS?: number } = {}): Promise<MongoReadStore> {
    let client: MongoClient | undefined;
    try {
      client = new MongoClient(url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? SELECTION_TIMEOUT_MS, appName: "bahi-read-store", ignoreUndefined: true });
      await client.connect();
      const db = client.db(options.database);
      const store = new MongoReadStore(client, db, modeOf(await db.command({ hello: 1 })));
      await store.createIndexes();
      return store;
    } catch (error) {
      await client?.close().catch(() => {
        // Safe to drop: the connect error below is the one that matters, and nothing was opened.
      });
      throw mongoErrorOf(error, "connect");
    }
  }

  /** For tests: drops the whole database this store was opened on. */
  async dropDatabase(): Promise<void> {
    await this.run("dropDatabase", () => this.db.dropDatabase());
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    return this.run("get", async () => {
      const generation = await this.activeGeneration(collection);
      if (generation === null) return null;
      const doc = await this.c.documents(generation).findOne({ _id: id, live: true }, { projection: { data: 1 } });
      return (doc?.data as T | undefined) ?? null;
    });
  }

  async list<T>(collection: string, ownerId: string): Promise<T[]> {
    return this.run("list", async () => {
      const generation = await this.activeGeneration(collection);
      if (generation === null) return [];
      const docs = await this.c
        .documents(generation)
        .find(listFilter(ownerId), { projection: { data: 1 } })
        .sort({ _id: 1 })
        .toArray();
      return docs.map((doc) => doc.data as T);
    });
  }

  async find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]> {
    return this.run("find", async () => {
      const filter = findFilter(collection, where);
      const generation = await this.activeGeneration(collection);
      if (generation === null) return [];
      const docs = await this.c
        .documents(generation)
        .find(filter, { projection: { data: 1 } })
        .sort({ _id: 1 })
        .toArray();
      return docs.map((doc) => doc.data as T);
    });
  }

  async page<T>(collection: string, ownerId: string, query: PageQuery): Promise<PageRow<T>[]> {
    return this.run("page", async () => {
      const plan = pagePlan(collection, ownerId, query);
      const generation = await this.activeGeneration(collection);
      if (generation === null || plan.empty) return [];
      let cursor = this.c
        .documents(generation)
        .find(plan.filter, { projection: { data: 1, keys: 1 } })
        .sort(plan.sort);
      if (plan.limit !== undefined) cursor = cursor.limit(plan.limit);
      return (await cursor.toArray()).map((doc) => ({ id: doc._id, data: doc.data as T, keys: doc.keys ?? {} }));
    });
  }

  async count(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): Promise<number> {
    return this.run("count", async () => {
      const filter = matchFilter(collection, ownerId, query);
      const generation = await this.activeGeneration(collection);
      if (generation === null) return 0;
      return this.c.documents(generation).countDocuments(filter, countOptions(cap));
    });
  }

  async tally(collection: string, ownerId: string, tally: string): Promise<Record<string, TallyBucket>> {
    return this.run("tally", async () => {
      const pipeline = tallyPipeline(collection, ownerId, tally);
      const generation = await this.activeGeneration(collection);
      if (generation === null) return {};
      return tallyFrom(collection, tally, await this.c.documents(generation).aggregate(pipeline).toArray());
    });
  }

  async checkpoints(): Promise<Record<string, string | null>> {
    return Object.fromEntries((await this.partitionCheckpoints()).map((state) => [state.projection, state.checkpoint]));
  }

  async partitionCheckpoints(): Promise<ProjectionState[]> {
    return this.run("partitionCheckpoints", async () => this.statesFor((await this.c.pointers.find({}).toArray()).map((pointer) => pointer.generation)));
  }

  onCommit(listener: () => void): () => void {
    return this.hints.on("commit", listener);
  }

  onRebuild(listener: () => void): () => void {
    return this.hints.on("rebuild", listener);
  }

  async activeProjections(projections: readonly string[], partitioning: (projection: string) => Partitioning = () => SINGLE): Promise<ProjectionState[]> {
    if (projections.length === 0) return [];
    return this.run("activeProjections", async () => {
      const pointed = async () => new Map((await this.c.pointers.find({ _id: { $in: [...projections] } }).toArray()).map((p) => [p._id, p.generation]));
      const known = await pointed();
      const missing = [...new Set(projections)].filter((projection) => !known.has(projection));
      for (const projection of missing) await this.createFirstGeneration(projection, partitioning(projection));
      return this.statesFor([...(missing.length === 0 ? known : await pointed()).values()]);
    });
  }

  async buildingProjections(projections: readonly string[]): Promise<ProjectionState[]> {
    if (projections.length === 0) return [];
    return this.run("buildingProjections", async () => {
      const building = await this.c.generations
        .find({ projection: { $in: [...projections] }, status: "building" })
        .sort({ _id: 1 })
        .toArray();
      return this.statesOfGenerations(building);
    });
  }

  async getDocuments(generation: number, keys: readonly DocumentKey[]): Promise<ReadDocument[]> {
    if (keys.length === 0) return [];
    return this.run("getDocuments", async () => (await this.documentsOf(generation, keys)).documents);
  }

  async documentsToProject(requests: readonly { generation: number; keys: readonly DocumentKey[] }[]): Promise<Map<number, ProjectionInput>> {
    return this.run("documentsToProject", async () => {
      const inputs = new Map<number, ProjectionInput>();
      for (const { generation, keys } of requests) {
        const input: ProjectionInput = inputs.get(generation) ?? { documents: new Map(), blocked: new Map() };
        inputs.set(generation, input);
        if (keys.length === 0) continue;
        const { documents, ids } = await this.documentsOf(generation, keys);
        for (const doc of documents) input.documents.set(doc.id, doc);
        const parked = await this.c.parked.find({ generation, documentId: { $in: ids } }, { projection: { documentId: 1, position: 1 } }).toArray();
        for (const { documentId, position } of parked) {
          if (documentId === null) continue;
          const known = input.blocked.get(documentId);
          if (known === undefined || compareWirePositions(position, known) < 0) input.blocked.set(documentId, position);
        }
      }
      return inputs;
    });
  }

  async commit(batches: readonly ProjectionBatch[]): Promise<void> {
    if (batches.length === 0) return;
    await this.run("commit", async () => {
      const now = new Date();
      if (this.mode === "transactions") await this.transaction((session) => commitInTransaction(this.c, session, batches, now));
      else await commitDocumentsThenCheckpoint(this.c, batches, now);
    });
    this.hints.emit("commit");
  }

  async parked(filter: { projection?: string; generation?: number } = {}): Promise<ParkedEvent[]> {
    return this.run("parked", async () => {
      const generations =
        filter.generation !== undefined
          ? [filter.generation]
          : (await this.c.pointers.find(filter.projection === undefined ? {} : { _id: filter.projection }).toArray()).map((p) => p.generation);
      const rows = await this.c.parked.find({ generation: { $in: generations } }).toArray();
      const parked: ParkedEvent[] = [];
      for (const row of rows) {
        const projection = await this.projectionOf(row.generation);
        if (projection !== null && (filter.projection === undefined || projection === filter.projection)) parked.push(fromStoredParked(projection, row));
      }
      return parked.sort((a, b) => a.projection.localeCompare(b.projection) || byPosition(a, b) || (a.documentId ?? "").localeCompare(b.documentId ?? ""));
    });
  }

  async parkedSummary(): Promise<ParkedSummary[]> {
    return this.run("parkedSummary", async () => {
      const active = new Map((await this.c.pointers.find({}).toArray()).map((p) => [p.generation, p._id]));
      if (active.size === 0) return [];
      const rows = await this.c.parked.aggregate<{ _id: number; count: number; firstPosition: string; firstError: string }>(parkedSummaryPipeline([...active.keys()])).toArray();
      return rows
        .map((row) => ({ projection: active.get(row._id)!, count: Number(row.count), firstPosition: row.firstPosition, firstError: row.firstError }))
        .sort((a, b) => a.projection.localeCompare(b.projection));
    });
  }

  async createGeneration(projection: string, partitioning: Partitioning = SINGLE): Promise<number> {
    const generation = await this.run("createGeneration", async () => {
      const generation = await this.newGeneration(projection, partitioning);
      await this.inTransaction(async (session) => {
        await this.c.checkpoints.insertMany(newCheckpoints(generation, partitioning.parts), { session });
        await this.c.generations.insertOne(this.generationDoc(generation, projection, "building", partitioning), { session });
      });
      return generation;
    });
    this.hints.emit("rebuild");
    return generation;
  }

  async checkpointAt(generation: number): Promise<string | null> {
    return this.run("checkpointAt", async () => {
      const owner = await this.c.generations.findOne({ _id: generation });
      if (!owner || owner.status === "retired") return null;
      return (await this.statesOfGenerations([owner]))[0]?.checkpoint ?? null;
    });
  }

  async activateGeneration(generation: number): Promise<void> {
    await this.run("activateGeneration", () =>
      // In this order, so that without transactions a stop part way leaves readers on one
      // generation or the other, and running it again finishes the job.
      this.inTransaction(async (session) => {
        const promoted = await this.c.generations.findOneAndUpdate({ _id: generation, status: { $ne: "retired" } }, { $set: { status: "active" } }, { session });
        // Without this, activating a dropped generation would leave the projection with no active one at all.
        if (!promoted) throw new ProjectionConflictError(`Generation ${generation} is gone: it cannot be activated`);
        await this.c.pointers.updateOne({ _id: promoted.projection }, { $set: { generation } }, { upsert: true, session });
        const superseded = await this.c.generations
          .find({ projection: promoted.projection, _id: { $ne: generation }, $or: [{ status: "active" }, { status: "building", _id: { $lt: generation } }] }, { session })
          .toArray();
        const ids = superseded.map((g) => g._id);
        if (ids.length === 0) return;
        await this.c.checkpoints.updateMany({ generation: { $in: ids } }, { $set: { open: false } }, { session });
        await this.c.generations.updateMany({ _id: { $in: ids } }, { $set: { status: "retired" } }, { session });
      }),
    );
    this.hints.emit("commit");
  }

  async dropGeneration(generation: number): Promise<void> {
    await this.run("dropGeneration", () =>
      this.inTransaction(async (session) => {
        const dropped = await this.c.generations.updateOne({ _id: generation, status: "building" }, { $set: { status: "retired" } }, { session });
        if (dropped.modifiedCount > 0) await this.c.checkpoints.updateMany({ generation }, { $set: { open: false } }, { session });
      }),
    );
  }

  async dropRetired(options: { batchSize?: number } = {}): Promise<number> {
    const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5_000));
    return this.run("dropRetired", async () => {
      let deleted = 0;
      const retired = await this.c.generations.find({ status: "retired" }).sort({ _id: 1 }).toArray();
      for (const { _id: generation } of retired) {
        // A documents-then-checkpoint writer that claimed before the retirement may still be writing: next time.
        if ((await this.c.checkpoints.countDocuments(liveClaimsFilter(generation))) > 0) continue;
        const documents = this.c.documents(generation);
        for (;;) {
          // Bounded deletes: each is short, and the event loop turns between them.
          const ids = (
            await documents
              .find({}, { projection: { _id: 1 } })
              .limit(batchSize)
              .toArray()
          ).map((doc) => doc._id);
          if (ids.length === 0) break;
          deleted += (await documents.deleteMany({ _id: { $in: ids } })).deletedCount;
          await yieldToEventLoop();
          if (ids.length < batchSize) break;
        }
        await this.c.parked.deleteMany({ generation });
        await this.c.checkpoints.deleteMany({ generation });
        await documents.drop();
        await this.c.generations.deleteOne({ _id: generation, status: "retired" });
      }
      return deleted;
    });
  }

  async close(): Promise<void> {
    await this.hints.close();
    await this.client.close();
  }

  /** Runs work, answering an unreachable server as the port's StoreUnavailableError. */
  private async run<T>(doing: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mongoErrorOf(error, doing);
    }
  }

  /** One transaction, run again by the driver after a transient error (a write conflict, a failover). */
  private async transaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      return await session.withTransaction(work, { readConcern: { level: "snapshot" }, writeConcern: new WriteConcern("majority") });
    } finally {
      await session.endSession();
    }
  }

  /** One transaction where the server has them; else the steps one after another, in their order. */
  private async inTransaction<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
    return this.mode === "transactions" ? this.transaction(work) : work(undefined);
  }

  private async activeGeneration(projection: string): Promise<number | null> {
    return (await this.c.pointers.findOne({ _id: projection }))?.generation ?? null;
  }

  private async projectionOf(generation: number): Promise<string | null> {
    const known = this.projections.get(generation);
    if (known !== undefined) return known;
    const owner = await this.c.generations.findOne({ _id: generation }, { projection: { projection: 1 } });
    if (owner) this.projections.set(generation, owner.projection);
    return owner?.projection ?? null;
  }

  /** The generation's stored documents among keys (those of its own collection). */
  private async documentsOf(generation: number, keys: readonly DocumentKey[]) {
    const projection = await this.projectionOf(generation);
    const ids = [...new Set(keys.map((key) => key.id))];
    if (projection === null) return { documents: [], ids };
    const own = [...new Set(keys.filter((key) => key.collection === projection).map((key) => key.id))];
    const stored =
      own.length === 0
        ? []
        : await this.c
            .documents(generation)
            .find({ _id: { $in: own } })
            .toArray();
    return { documents: stored.map((doc) => fromStoredDocument(projection, doc)), ids };
  }

  private async statesFor(generations: readonly number[]): Promise<ProjectionState[]> {
    if (generations.length === 0) return [];
    return this.statesOfGenerations(await this.c.generations.find({ _id: { $in: [...generations] } }).toArray());
  }

  private async statesOfGenerations(generations: readonly StoredGeneration[]): Promise<ProjectionState[]> {
    if (generations.length === 0) return [];
    const checkpoints = await this.c.checkpoints.find({ generation: { $in: generations.map((g) => g._id) } }).toArray();
    return statesOf(generations, checkpoints);
  }

  private generationDoc(generation: number, projection: string, status: StoredGeneration["status"], partitioning: Partitioning): StoredGeneration {
    return { _id: generation, projection, status, parts: checkedParts(partitioning.parts), scope: partitioning.scope, keysVersion: KEYS_VERSION };
  }

  /** A fresh generation number and its documents' collection with its indexes, before anything points at it. */
  private async newGeneration(projection: string, partitioning: Partitioning): Promise<number> {
    checkedParts(partitioning.parts);
    const next = () => this.c.counters.findOneAndUpdate({ _id: "generation" }, { $inc: { value: 1 } }, { upsert: true, returnDocument: "after" });
    // Two first upserts of the counter can collide on its _id: the loser finds it made and increments it.
    const counter = await next().catch((error: unknown) => (isDuplicateKey(error) ? next() : Promise.reject(error)));
    const generation = counter!.value;
    await this.c.documents(generation).createIndexes(indexSpecs(projection));
    this.projections.set(generation, projection);
    return generation;
  }

  /** The projection's first generation, active at once; a concurrent creator's wins, and ours is retired. */
  private async createFirstGeneration(projection: string, partitioning: Partitioning): Promise<void> {
    const generation = await this.newGeneration(projection, partitioning);
    const retire = async (session?: ClientSession) => {
      await this.c.checkpoints.updateMany({ generation }, { $set: { open: false } }, { session });
      await this.c.generations.updateOne({ _id: generation }, { $set: { status: "retired" } }, { session });
    };
    try {
      await this.inTransaction(async (session) => {
        await this.c.checkpoints.insertMany(newCheckpoints(generation, partitioning.parts), { session });
        await this.c.generations.insertOne(this.generationDoc(generation, projection, "active", partitioning), { session });
        const pointer = await this.c.pointers.updateOne({ _id: projection }, { $setOnInsert: { generation } }, { upsert: true, session });
        if (pointer.upsertedCount === 0) await retire(session);
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another process's pointer upsert won. A transaction left nothing of ours but the empty
      // collection; without one, our generation is retired and dropRetired takes it.
      if (this.mode === "transactions") await this.c.documents(generation).drop();
      else await retire();
    }
  }

  /** At connect: the metadata's indexes, and each live generation's indexes and keys as declared today. */
  private async createIndexes(): Promise<void> {
    await this.c.generations.createIndexes([{ key: { projection: 1, status: 1 } }, { key: { status: 1 } }]);
    await this.c.checkpoints.createIndexes([{ key: { generation: 1, part: 1 } }]);
    await this.c.parked.createIndexes([{ key: { generation: 1, documentId: 1 } }, { key: { generation: 1, order: 1 } }]);
    await upkeepGenerations(this.c);
  }
}
