import { Binary, type Collection, type Db, type Filter } from "mongodb";
import { IDEMPOTENCY_CLAIM_MS, IDEMPOTENCY_TTL_MS, type ClaimOutcome, type IdempotencyStore, type StoredAnswer } from "../ports/idempotencyStore.ts";
import { isDuplicateKey, mongoCall } from "./unavailable.ts";

export const IDEMPOTENCY_COLLECTION = "bahi_idempotency";

/** Always built here, fields in this order: MongoDB compares embedded documents field by field, in order. */
export interface IdempotencyId {
  scope: string;
  key: string;
}

export const idempotencyId = (scope: string, key: string): IdempotencyId => ({ scope, key });

/** One per (scope, key), as bahi_idempotency's rows: a null status is a claim still running. */
export interface IdempotencyDocument {
  _id: IdempotencyId;
  fingerprint: string;
  claimedAt: Date;
  expiresAt: Date;
  status: number | null;
  /** Pairs, not a subdocument: a header name is not always a safe field name (a `.` or a leading `$`). */
  headers: { name: string; value: string }[] | null;
  body: Binary | null;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The fields of a fresh claim by `fingerprint` at `now`, answer cleared. */
export function freshClaim(fingerprint: string, now: Date): Omit<IdempotencyDocument, "_id"> {
  return { fingerprint, claimedAt: now, expiresAt: later(now, IDEMPOTENCY_TTL_MS), status: null, headers: null, body: null };
}

/** Issue 38: the claimedAt of a released claim: taken again at once, by any request. */
export const RELEASED = new Date(0);

/**
 * The key's document when a claim at `now` may take it: expired (a new request under an old
 * key), released, or claimed IDEMPOTENCY_CLAIM_MS ago or more by the same request and never
 * answered (its process died). Exactly the documents claimOutcomeOf answers "take-over" for.
 */
export function takeoverFilter(id: IdempotencyId, fingerprint: string, now: Date): Filter<IdempotencyDocument> {
  return {
    _id: id,
    $or: [
      { expiresAt: { $lte: now } },
      { status: null, claimedAt: { $lte: RELEASED } },
      { fingerprint, status: null, claimedAt: { $lte: new Date(now.getTime() - IDEMPOTENCY_CLAIM_MS) } },
    ],
  };
}

/** What a claim at `now` meets in `document`, decided as the SQL store decides it under its row lock. */
export function claimOutcomeOf(document: IdempotencyDocument, fingerprint: string, now: Date): ClaimOutcome | "take-over" {
  if (document.expiresAt.getTime() <= now.getTime()) return "take-over";
  if (document.status === null && document.claimedAt.getTime() <= RELEASED.getTime()) return "take-over";
  if (document.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (document.status !== null) return { kind: "replay", response: storedAnswerOf(document) };
  if (document.claimedAt.getTime() > now.getTime() - IDEMPOTENCY_CLAIM_MS) return { kind: "in-progress" };
  return "take-over";
}

export function answerFields(response: StoredAnswer, now: Date): Pick<IdempotencyDocument, "status" | "headers" | "body" | "expiresAt"> {
  return {
    status: response.status,
    headers: Object.entries(response.headers).map(([name, value]) => ({ name, value })),
    body: new Binary(response.body),
    expiresAt: later(now, IDEMPOTENCY_TTL_MS),
  };
}

export function storedAnswerOf(document: IdempotencyDocument): StoredAnswer {
  if (document.status === null) throw new Error("An unanswered claim has no answer to replay");
  return {
    status: document.status,
    headers: Object.fromEntries((document.headers ?? []).map(({ name, value }) => [name, value])),
    body: new Uint8Array(document.body?.value() ?? new Uint8Array()),
  };
}

/** A claim that keeps losing races (its key taken, released, taken again meanwhile) says in-progress after this many looks. */
const CLAIM_ATTEMPTS = 3;

/**
 * Issue 14: the IdempotencyStore port over MongoDB, atomic by single-document operations on
 * the key's document, no transaction:
 *
 * - claim first upserts a fresh claim through takeoverFilter. A new key is inserted; an
 *   expired or abandoned one is overwritten; any other makes the upsert's insert collide with
 *   the `_id` (E11000), and the document is then read to tell replay, mismatch and in-progress
 *   apart. Of racing claims exactly one writes: the others' filter no longer matches the
 *   document it rewrote.
 * - Expiry is on the caller's clock, as on SQL (no TTL index, whose server-side clock would
 *   forget keys under a caller that thinks them live); the sweep is deleteExpired.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  private readonly keys: Collection<IdempotencyDocument>;

  constructor(db: Db) {
    this.keys = db.collection<IdempotencyDocument>(IDEMPOTENCY_COLLECTION);
  }

  /** Creates the sweep's index: once, at start-up (mongoStores.ts), off every request's path. */
  async ensureIndexes(): Promise<void> {
    await mongoCall(() => this.keys.createIndexes([{ key: { expiresAt: 1 }, name: "bahi_idempotency_expires" }]));
  }

  async claim(scope: string, key: string, fingerprint: string, now: Date): Promise<ClaimOutcome> {
    const id = idempotencyId(scope, key);
    return mongoCall(async () => {
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        try {
          const before = await this.keys.findOneAndUpdate(takeoverFilter(id, fingerprint, now), { $set: freshClaim(fingerprint, now) }, { upsert: true, returnDocument: "before" });
          // The same request held the key before without an answer kept: a rerun (ClaimOutcome).
          return { kind: "claimed", rerun: before?.fingerprint === fingerprint };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const document = await this.keys.findOne({ _id: id });
        // Gone since (swept): claim it afresh.
        if (!document) continue;
        const outcome = claimOutcomeOf(document, fingerprint, now);
        // "take-over" here: it expired or went stale since the upsert looked; look again.
        if (outcome !== "take-over") return outcome;
      }
      return { kind: "in-progress" };
    });
  }

  async complete(scope: string, key: string, response: StoredAnswer, now: Date): Promise<void> {
    await mongoCall(() => this.keys.updateOne({ _id: idempotencyId(scope, key) }, { $set: answerFields(response, now) }));
  }

  async release(scope: string, key: string): Promise<void> {
    // An answered key is kept: only a claim still running is given back, kept and marked released
    // so that a retry of the same request knows it runs again.
    await mongoCall(() => this.keys.updateOne({ _id: idempotencyId(scope, key), status: null }, { $set: { claimedAt: RELEASED } }));
  }

  async deleteExpired(now: Date): Promise<number> {
    const { deletedCount } = await mongoCall(() => this.keys.deleteMany({ expiresAt: { $lte: now } }));
    return deletedCount;
  }
}
