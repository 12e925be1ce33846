import type { SessionRecord, SessionStore } from "../ports/sessionStore.ts";
import type { SqlClient } from "./client.ts";

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  business_id: string | null;
}

const toRecord = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  businessId: row.business_id ?? null,
});

/** SessionStore over PostgreSQL or PGlite: one row per session (table bahi_sessions). */
export class SqlSessionStore implements SessionStore {
  constructor(private readonly sql: SqlClient) {}

  async create(session: { id: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.sql.query("INSERT INTO bahi_sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
      session.id,
      session.userId,
      session.createdAt.toISOString(),
      session.expiresAt.toISOString(),
    ]);
  }

  async findActive(id: string, now: Date): Promise<SessionRecord | null> {
    const [row] = await this.sql.query<SessionRow>(
      "SELECT id, user_id, created_at, expires_at, revoked_at, business_id FROM bahi_sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2",
      [id, now.toISOString()],
    );
    return row ? toRecord(row) : null;
  }

  async switchBusiness(id: string, businessId: string | null): Promise<void> {
    await this.sql.query("UPDATE bahi_sessions SET business_id = $2 WHERE id = $1", [id, businessId]);
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.sql.query("UPDATE bahi_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [id, at.toISOString()]);
  }

  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.sql.query<{ id: string }>("DELETE FROM bahi_sessions WHERE expires_at <= $1 RETURNING id", [now.toISOString()]);
    return rows.length;
  }
}
