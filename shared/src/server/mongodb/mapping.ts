/**
 * Issue 14: MongoReadStore's pure half: what a read document, a parked event, a checkpoint and a
 * generation look like stored, the filters and updates that move a checkpoint atomically, and
 * which driver errors mean "the store is unavailable". Queries over documents are in queries.ts.
 */
import { randomUUID } from "node:crypto";
import { type AnyBulkWriteOperation, type Document, type Filter, type UpdateFilter } from "mongodb";
import { isWirePosition } from "../../contract/http.ts";
import { keysOf, type DocumentKeys } from "../../readModels/indexes.ts";
import { lowestOf } from "../partition.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import {
  ProjectionConflictError,
  type ParkedEvent,
  type ParkedEventInput,
  type ParkedKey,
  type PartitionScope,
  type ProjectionBatch,
  type ProjectionState,
  type ReadDocument,
} from "../ports/readStore.ts";

/** The collections beside the documents' (one per generation, documentsCollection). */
export const COLLECTIONS = {
  generations: "bahi_rm_generations",
  /** One per projection: the generation readers see. Activating a rebuild rewrites this one document. */
  pointers: "bahi_rm_active",
  checkpoints: "bahi_rm_checkpoints",
  parked: "bahi_rm_parked",
  counters: "bahi_rm_counters",
} as const;

/** A generation's documents have a collection of their own, so dropping one never touches another. */
export const documentsCollection = (generation: number): string => `bahi_rm_docs_${generation}`;

/**
 * One read document. `live` is false for a tombstone: readers' indexes are partial on live
 * documents. `keys` are the declared keys (readModels/indexes.ts) worked out when written.
 */
export type StoredDocument = {
  _id: string;
  owner: string | null;
  live: boolean;
  data: unknown;
  position: string;
  revision: number | null;
  keys: DocumentKeys | null;
};

/**
 * The data as JSON would give it back (as SqlReadStore's JSONB does): undefined fields dropped,
 * dates as text, no class instances, so both stores answer a read with the same value.
 */
function asJson(data: unknown): unknown {
  if (data === null || data === undefined) return null;
  return JSON.parse(JSON.stringify(data)) as unknown;
}

export function toStoredDocument(doc: ReadDocument): StoredDocument {
  const data = asJson(doc.data);
  return { _id: doc.id, owner: doc.ownerId, live: data !== null, data, position: doc.position, revision: doc.revision ?? null, keys: keysOf(doc.collection, data) };
}

export function fromStoredDocument(collection: string, stored: StoredDocument): ReadDocument {
  return { collection, id: stored._id, ownerId: stored.owner, data: stored.live ? stored.data : null, position: stored.position, revision: stored.revision ?? null };
}

/** Upserts of a batch's documents, in order (the last write of an id wins, as in one SQL statement). */
export function documentWrites(documents: readonly ReadDocument[]): AnyBulkWriteOperation<StoredDocument>[] {
  return documents.map((doc) => {
    const { _id, ...replacement } = toStoredDocument(doc);
    return { replaceOne: { filter: { _id }, replacement, upsert: true } };
  });
}

/**
 * A wire position ("12:7", or EventStoreDB's 20-digit halves) as text that sorts as the log
 * does: each half zero-padded to 20 digits, so "10:2" comes after "9:3" in an index.
 */
export function positionOrder(position: string): string {
  if (!isWirePosition(position)) throw new RangeError(`Not a log position: ${position}`);
  return position
    .split(":")
    .map((half) => half.padStart(20, "0"))
    .join(":");
}

export type StoredParked = {
  _id: string;
  generation: number;
  position: string;
  /** positionOrder(position): what "in log order" sorts by in the store. */
  order: string;
  documentId: string | null;
  /** The recorded event as JSON text: kept whole, whatever field names its data has. */
  event: string;
  error: string;
  attempts: number;
  parkedAt: Date;
};

/** A parked event's key: its generation, position and document (null: none known). */
export const parkedId = (generation: number, key: ParkedKey): string => JSON.stringify([generation, key.position, key.documentId ?? null]);

/** Parks (or parks again with a new error and attempt count) a batch's events. */
export function parkWrites(generation: number, parked: readonly ParkedEventInput[], now: Date): AnyBulkWriteOperation<StoredParked>[] {
  return parked.map((p) => ({
    updateOne: {
      filter: { _id: parkedId(generation, p) },
      update: {
        $set: { error: p.error, attempts: p.attempts },
        $setOnInsert: { generation, position: p.position, order: positionOrder(p.position), documentId: p.documentId ?? null, event: JSON.stringify(p.event), parkedAt: now },
      },
      upsert: true,
    },
  }));
}

export function fromStoredParked(projection: string, stored: StoredParked): ParkedEvent {
  return {
    projection,
    generation: stored.generation,
    position: stored.position,
    documentId: stored.documentId,
    event: JSON.parse(stored.event) as RecordedEvent,
    error: stored.error,
    attempts: stored.attempts,
    parkedAt: stored.parkedAt.toISOString(),
  };
}

/** The distinct keys a batch resolves. */
export const resolvedIds = (batch: ProjectionBatch): string[] => [...new Set((batch.resolve ?? []).map((key) => parkedId(batch.generation, key)))];

/** Count and first (in log order) parked event of each generation. */
export function parkedSummaryPipeline(generations: readonly number[]): Document[] {
  return [
    { $match: { generation: { $in: [...generations] } } },
    { $sort: { generation: 1, order: 1, _id: 1 } },
    { $group: { _id: "$generation", count: { $sum: 1 }, firstPosition: { $first: "$position" }, firstError: { $first: "$error" } } },
  ];
}

export type GenerationStatus = "building" | "active" | "retired";

export type StoredGeneration = {
  _id: number;
  projection: string;
  status: GenerationStatus;
  parts: number;
  scope: PartitionScope;
  keysVersion: string;
};

export type StoredPointer = { _id: string; generation: number };

export type StoredCounter = { _id: string; value: number };

/**
 * A partition's checkpoint. `open` is false once its generation is retired: the flag sits on the
 * document every commit must update, so retiring and committing collide on it (a write conflict
 * inside transactions, a failed compare-and-set without them). `claim` is the documents-then-
 * checkpoint mode's lease: the one writer between its claim and its checkpoint.
 */
export type StoredCheckpoint = {
  _id: string;
  generation: number;
  part: number;
  position: string | null;
  open: boolean;
  commits: number;
  claim?: { token: string; until: Date } | null;
};

/** How long a claim keeps other writers out when its writer never finishes (a crashed process). */
export const CLAIM_LEASE_MS = 30_000;

export const checkpointId = (generation: number, part: number): string => `${generation}/${part}`;

export function newCheckpoints(generation: number, parts: number): StoredCheckpoint[] {
  return Array.from({ length: parts }, (_, part) => ({ _id: checkpointId(generation, part), generation, part, position: null, open: true, commits: 0 }));
}

const partOf = (batch: ProjectionBatch): number => batch.part ?? 0;

/** With transactions: the batch's partition, still open and where the batch read it. */
export function expectedCheckpointFilter(batch: ProjectionBatch): Filter<StoredCheckpoint> {
  return { _id: checkpointId(batch.generation, partOf(batch)), open: true, position: batch.expectedCheckpoint };
}

/** Moves the checkpoint; `commits` changes even when the position does not, so two commits always collide. */
export const advanceCheckpoint = (batch: ProjectionBatch): UpdateFilter<StoredCheckpoint> => ({ $set: { position: batch.checkpoint }, $inc: { commits: 1 } });

/** Without transactions: as expectedCheckpointFilter, and no other writer's claim still running (server time). */
export function claimableFilter(batch: ProjectionBatch): Filter<StoredCheckpoint> {
  return { ...expectedCheckpointFilter(batch), $or: [{ claim: null }, { $expr: { $lt: ["$claim.until", "$$NOW"] } }] };
}

/** Takes the claim until the server's clock passes the lease (no process's clock is trusted). */
export const claimUpdate = (token: string): Document[] => [{ $set: { claim: { token: { $literal: token }, until: { $add: ["$$NOW", CLAIM_LEASE_MS] } } } }];

export const newClaimToken = (): string => randomUUID();

export const claimedFilter = (batch: ProjectionBatch, token: string): Filter<StoredCheckpoint> => ({ _id: checkpointId(batch.generation, partOf(batch)), "claim.token": token });

/** The last step of a claimed commit: the checkpoint moves and the claim ends. */
export const settleClaim = (batch: ProjectionBatch): UpdateFilter<StoredCheckpoint> => ({ $set: { position: batch.checkpoint }, $unset: { claim: "" }, $inc: { commits: 1 } });

export const releaseClaim: UpdateFilter<StoredCheckpoint> = { $unset: { claim: "" } };

/** A generation's partitions whose claim is still running: their writer may still write documents. */
export const liveClaimsFilter = (generation: number): Filter<StoredCheckpoint> => ({ generation, $expr: { $gt: ["$claim.until", "$$NOW"] } });

/** Batches in generation and partition order, so overlapping commits take their partitions in one order. */
export function orderedBatches(batches: readonly ProjectionBatch[]): ProjectionBatch[] {
  return [...batches].sort((a, b) => a.generation - b.generation || partOf(a) - partOf(b));
}

/** Refuses what no stored state can make right: a gone generation, another's, a bad partition, stray documents. */
export function checkBatches(ordered: readonly ProjectionBatch[], owners: ReadonlyMap<number, StoredGeneration>): void {
  const seen = new Set<string>();
  for (const batch of ordered) {
    const owner = owners.get(batch.generation);
    // A retired generation was swapped out by a rebuild: its documents are on their way out.
    if (owner === undefined || owner.status === "retired") throw new ProjectionConflictError(`Generation ${batch.generation} is gone`);
    if (owner.projection !== batch.projection) throw new ProjectionConflictError(`Generation ${batch.generation} belongs to ${owner.projection}, not ${batch.projection}`);
    const part = partOf(batch);
    if (!Number.isInteger(part) || part < 0 || part >= owner.parts) throw new RangeError(`Generation ${batch.generation} has no partition ${part}`);
    const key = checkpointId(batch.generation, part);
    if (seen.has(key)) throw new RangeError(`Two batches for partition ${part} of generation ${batch.generation}`);
    seen.add(key);
    const stray = batch.documents.find((d) => d.collection !== batch.projection);
    if (stray) throw new RangeError(`Projection ${batch.projection} cannot write to collection ${stray.collection}`);
  }
}

export function movedCheckpoint(batch: ProjectionBatch): ProjectionConflictError {
  return new ProjectionConflictError(
    `Checkpoint of ${batch.projection} (generation ${batch.generation}, partition ${partOf(batch)}) is no longer ${String(batch.expectedCheckpoint)}, or its generation was retired`,
  );
}

/** Generations with their partitions' checkpoints, one state per generation, in the generations' order. */
export function statesOf(generations: readonly StoredGeneration[], checkpoints: readonly StoredCheckpoint[]): ProjectionState[] {
  const byGeneration = new Map<number, ProjectionState>();
  for (const g of generations) {
    byGeneration.set(g._id, {
      projection: g.projection,
      generation: g._id,
      checkpoint: null,
      parts: g.parts,
      scope: g.scope,
      partCheckpoints: Array.from({ length: g.parts }, () => null),
    });
  }
  for (const c of checkpoints) {
    const state = byGeneration.get(c.generation);
    if (state && Number.isInteger(c.part) && c.part >= 0 && c.part < state.parts) state.partCheckpoints[c.part] = c.position;
  }
  for (const state of byGeneration.values()) state.checkpoint = lowestOf(state.partCheckpoints);
  return [...byGeneration.values()];
}

export type MongoReadStoreMode = "transactions" | "documents-then-checkpoint";

/**
 * What the server can do, from its `hello` answer: a replica set member (setName) or a mongos
 * (msg "isdbgrid") runs multi-document transactions and change streams; a standalone does neither.
 */
export function modeOf(hello: Document): MongoReadStoreMode {
  return typeof hello.setName === "string" || hello.msg === "isdbgrid" ? "transactions" : "documents-then-checkpoint";
}

/** What a change names: a commit (a checkpoint moved, a generation activated) or a rebuild starting. */
export type Hint = "commit" | "rebuild";

/** The change stream's filter: only the metadata collections, never the documents. */
export function hintPipeline(): Document[] {
  return [
    {
      $match: {
        $or: [
          { "ns.coll": { $in: [COLLECTIONS.checkpoints, COLLECTIONS.pointers] }, operationType: { $in: ["insert", "update", "replace"] } },
          { "ns.coll": COLLECTIONS.generations, operationType: "insert", "fullDocument.status": "building" },
        ],
      },
    },
    // The resume token (_id) stays: the driver resumes the stream with it after a network error.
    { $project: { _id: 1, operationType: 1, ns: 1, "fullDocument.status": 1 } },
  ];
}

export function hintOf(change: Document): Hint | null {
  const coll: unknown = (change.ns as Document | undefined)?.coll;
  if (coll === COLLECTIONS.generations) return "rebuild";
  if (coll === COLLECTIONS.checkpoints || coll === COLLECTIONS.pointers) return "commit";
  return null;
}
