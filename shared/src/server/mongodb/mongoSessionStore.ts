import type { Collection, Db, Filter } from "mongodb";
import type { SessionRecord, SessionStore } from "../ports/sessionStore.ts";
import { mongoCall } from "./unavailable.ts";

export const SESSIONS_COLLECTION = "bahi_sessions";

/** One document per session, keyed by the id the cookie names (as bahi_sessions' primary key). */
export interface SessionDocument {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  businessId: string | null;
}

export function sessionDocumentOf(session: { id: string; userId: string; createdAt: Date; expiresAt: Date }): SessionDocument {
  return { _id: session.id, userId: session.userId, createdAt: session.createdAt, expiresAt: session.expiresAt, revokedAt: null, businessId: null };
}

export function sessionRecordOf(document: SessionDocument): SessionRecord {
  return {
    id: document._id,
    userId: document.userId,
    createdAt: document.createdAt,
    expiresAt: document.expiresAt,
    // A document written without the field (by hand, or before issue 11) reads as never revoked, in its own business.
    revokedAt: document.revokedAt ?? null,
    businessId: document.businessId ?? null,
  };
}

/** Not revoked (a null or missing revokedAt) and expiring strictly after `now`, as the SQL store's `expires_at > $2`. */
export const activeSessionFilter = (id: string, now: Date): Filter<SessionDocument> => ({ _id: id, revokedAt: null, expiresAt: { $gt: now } });

/** Expired at or before `now`, revoked or not. */
export const expiredSessionsFilter = (now: Date): Filter<SessionDocument> => ({ expiresAt: { $lte: now } });

/**
 * Issue 14: the SessionStore port over MongoDB, one document per session (sessionDocumentOf).
 *
 * The sweep stays the caller's (deleteExpired with its own clock), as on SQL: no TTL index,
 * which would delete on the server's clock and take sessions away from under a caller whose
 * `now` differs (a test's, or a skewed host's). An index on expiresAt keeps the sweep cheap.
 */
export class MongoSessionStore implements SessionStore {
  private readonly sessions: Collection<SessionDocument>;

  constructor(db: Db) {
    this.sessions = db.collection<SessionDocument>(SESSIONS_COLLECTION);
  }

  /** Creates the sweep's index: once, at start-up (mongoStores.ts), off every request's path. */
  async ensureIndexes(): Promise<void> {
    await mongoCall(() => this.sessions.createIndexes([{ key: { expiresAt: 1 }, name: "bahi_sessions_expires" }]));
  }

  async create(session: { id: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    // An id taken already is refused (E11000), never overwritten, as the SQL primary key refuses it.
    await mongoCall(() => this.sessions.insertOne(sessionDocumentOf(session)));
  }

  async findActive(id: string, now: Date): Promise<SessionRecord | null> {
    const document = await mongoCall(() => this.sessions.findOne(activeSessionFilter(id, now)));
    return document ? sessionRecordOf(document) : null;
  }

  async switchBusiness(id: string, businessId: string | null): Promise<void> {
    await mongoCall(() => this.sessions.updateOne({ _id: id }, { $set: { businessId } }));
  }

  async revoke(id: string, at: Date): Promise<void> {
    // Only the first revocation is recorded; an unknown id matches nothing (no upsert).
    await mongoCall(() => this.sessions.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } }));
  }

  async deleteExpired(now: Date): Promise<number> {
    const { deletedCount } = await mongoCall(() => this.sessions.deleteMany(expiredSessionsFilter(now)));
    return deletedCount;
  }
}
