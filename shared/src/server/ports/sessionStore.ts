/**
 * Server-side sessions: the session cookie names one of these by id, and every API process
 * (command-api and read-api replicas alike) looks it up on each authenticated request, so a
 * revoked session stops working everywhere on the very next request.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /**
   * Issue 11: the business the person is working in (its owner's user id), or null for their
   * own. Switching is per session, so two browsers of one person may be in two businesses.
   */
  businessId: string | null;
}

export interface SessionStore {
  create(session: { id: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** The session when it exists, is not revoked and has not expired at `now`; else null. */
  findActive(id: string, now: Date): Promise<SessionRecord | null>;
  /** Issue 11: work in another business (null: the person's own) from the next request on. */
  switchBusiness(id: string, businessId: string | null): Promise<void>;
  /** Idempotent: revoking an unknown or already revoked session changes nothing. */
  revoke(id: string, at: Date): Promise<void>;
  /** Forgets sessions that expired before `now` (revoked or not); returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
