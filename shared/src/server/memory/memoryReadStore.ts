import { deepFreeze } from "../deepFreeze.ts";
import { keysOf, type DocumentKeys } from "../../readModels/indexes.ts";
import type { DocumentKey, PageQuery, PageRow, ParkedEvent, ParkedSummary, ProjectionInput, ProjectionState, ReadDocument, ReadStore, TallyBucket } from "../ports/readStore.ts";
import { countOf, pageOf, tallyOf } from "../readQuery.ts";

/** One stored document: its owner, and its data frozen (shared by every reader of the replay). */
interface Held {
  ownerId: string | null;
  data: unknown;
  /** Its declared keys, worked out on the first query that needs them. */
  keys?: DocumentKeys;
}

const readOnly = (method: string) => new Error(`a replayed read store is read only (${method})`);

/**
 * The query half of the ReadStore port over documents held in memory: what an "as of" replay
 * (projector/src/asOf.ts) hands the read API in place of the live read models.
 *
 * A replay may be cached and read by several requests at once, so its documents are frozen
 * rather than copied per read: copying (or parsing JSON text) on every list costs more than
 * the replay itself at tens of thousands of documents. A handler that changed a document it
 * was given would throw here (ES modules are strict) instead of corrupting the next answer;
 * the read API builds new values (withBalance, map, a sorted copy of the array) instead.
 * Lists come back ordered by id, as SqlReadStore orders them. The projector's half throws:
 * nothing writes to a replay.
 */
export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, Map<string, Held>>();
  private readonly positions: Record<string, string | null>;

  /**
   * @param documents the replay's documents; tombstones (data null) are dropped, as readers never see them.
   * @param checkpoints each projection's position at the end of the replay.
   */
  constructor(documents: Iterable<ReadDocument>, checkpoints: Record<string, string | null> = {}) {
    for (const doc of documents) {
      if (doc.data === null) continue;
      let byId = this.collections.get(doc.collection);
      if (!byId) this.collections.set(doc.collection, (byId = new Map()));
      deepFreeze(doc.data);
      byId.set(doc.id, { ownerId: doc.ownerId, data: doc.data });
    }
    // Sorted once here so every list is in id order without sorting per request.
    for (const [collection, byId] of this.collections) {
      this.collections.set(collection, new Map([...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    }
    this.positions = { ...checkpoints };
  }

  /** How many live documents the replay holds (for logs and benchmarks). */
  get size(): number {
    let total = 0;
    for (const byId of this.collections.values()) total += byId.size;
    return total;
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    return (this.collections.get(collection)?.get(id)?.data as T | undefined) ?? null;
  }

  async list<T>(collection: string, ownerId: string): Promise<T[]> {
    const rows: T[] = [];
    for (const held of this.collections.get(collection)?.values() ?? []) {
      if (held.ownerId === ownerId) rows.push(held.data as T);
    }
    return rows;
  }

  /** The business's rows of the collection with their keys (worked out once per document). */
  private rowsOf<T>(collection: string, ownerId: string): PageRow<T>[] {
    const rows: PageRow<T>[] = [];
    for (const [id, held] of this.collections.get(collection) ?? []) {
      if (held.ownerId !== ownerId) continue;
      held.keys ??= keysOf(collection, held.data) ?? {};
      rows.push({ id, data: held.data as T, keys: held.keys });
    }
    return rows;
  }

  async page<T>(collection: string, ownerId: string, query: PageQuery): Promise<PageRow<T>[]> {
    return pageOf(collection, this.rowsOf<T>(collection, ownerId), query);
  }

  async count(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): Promise<number> {
    const count = countOf(collection, this.rowsOf(collection, ownerId), query);
    return cap === undefined ? count : Math.min(count, cap + 1);
  }

  async tally(collection: string, ownerId: string, tally: string): Promise<Record<string, TallyBucket>> {
    return tallyOf(collection, this.rowsOf(collection, ownerId), tally);
  }

  async find<T>(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Promise<T[]> {
    const rows: T[] = [];
    const fields = Object.entries(where);
    for (const held of this.collections.get(collection)?.values() ?? []) {
      const data = held.data as Record<string, unknown>;
      // SqlReadStore's `data @> where` on top-level scalars: each field present and equal.
      if (fields.every(([field, value]) => field in data && data[field] === value)) rows.push(data as T);
    }
    return rows;
  }

  async checkpoints(): Promise<Record<string, string | null>> {
    return { ...this.positions };
  }

  async partitionCheckpoints(): Promise<ProjectionState[]> {
    return Object.entries(this.positions).map(([projection, checkpoint], generation) => ({
      projection,
      generation,
      checkpoint,
      parts: 1,
      scope: "business",
      partCheckpoints: [checkpoint],
    }));
  }

  /** A replay never changes, so no commit will ever come. */
  onCommit(_listener: () => void): () => void {
    return () => undefined;
  }

  /** Nor a rebuild. */
  onRebuild(_listener: () => void): () => void {
    return () => undefined;
  }

  async activeProjections(_projections: readonly string[]): Promise<ProjectionState[]> {
    throw readOnly("activeProjections");
  }

  async buildingProjections(_projections: readonly string[]): Promise<ProjectionState[]> {
    throw readOnly("buildingProjections");
  }

  async getDocuments(_generation: number, _keys: readonly DocumentKey[]): Promise<ReadDocument[]> {
    throw readOnly("getDocuments");
  }

  async documentsToProject(): Promise<Map<number, ProjectionInput>> {
    throw readOnly("documentsToProject");
  }

  async commit(): Promise<void> {
    throw readOnly("commit");
  }

  async parked(): Promise<ParkedEvent[]> {
    throw readOnly("parked");
  }

  async parkedSummary(): Promise<ParkedSummary[]> {
    throw readOnly("parkedSummary");
  }

  async createGeneration(_projection: string): Promise<number> {
    throw readOnly("createGeneration");
  }

  async checkpointAt(_generation: number): Promise<string | null> {
    throw readOnly("checkpointAt");
  }

  async activateGeneration(_generation: number): Promise<void> {
    throw readOnly("activateGeneration");
  }

  async dropGeneration(_generation: number): Promise<void> {
    throw readOnly("dropGeneration");
  }

  async dropRetired(): Promise<number> {
    throw readOnly("dropRetired");
  }

  /** Nothing to release: the documents go with the last reference to the store. */
  async close(): Promise<void> {}
}
