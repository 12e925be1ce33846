import { IDEMPOTENCY_CLAIM_MS, IDEMPOTENCY_TTL_MS, type ClaimOutcome, type IdempotencyStore, type StoredAnswer } from "../ports/idempotencyStore.ts";
import type { SqlClient } from "./client.ts";

interface KeyRow {
  fingerprint: string;
  claimed_at: Date | string;
  expires_at: Date | string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: Uint8Array | null;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Issue 38: the claimed_at of a released claim: taken again at once, by any request. */
export const RELEASED = new Date(0);

/** IdempotencyStore over PostgreSQL or PGlite: one row per (scope, key) (table bahi_idempotency). */
export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly sql: SqlClient) {}

  async claim(scope: string, key: string, fingerprint: string, now: Date): Promise<ClaimOutcome> {
    return this.sql.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO bahi_idempotency (scope, key, fingerprint, claimed_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, key) DO NOTHING RETURNING 1`,
        [scope, key, fingerprint, now.toISOString(), later(now, IDEMPOTENCY_TTL_MS)],
      );
      if (inserted.length > 0) return { kind: "claimed", rerun: false };
      // Someone holds the key: the row lock makes two racing retries decide one after the other.
      const [row] = await tx.query<KeyRow>("SELECT fingerprint, claimed_at, expires_at, status, headers, body FROM bahi_idempotency WHERE scope = $1 AND key = $2 FOR UPDATE", [
        scope,
        key,
      ]);
      const expired = !row || new Date(row.expires_at).getTime() <= now.getTime();
      const released = row !== undefined && new Date(row.claimed_at).getTime() === RELEASED.getTime();
      if (!expired && !released && row.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (!expired && row.status !== null) return { kind: "replay", response: toAnswer(row) };
      if (!expired && new Date(row.claimed_at).getTime() > now.getTime() - IDEMPOTENCY_CLAIM_MS) return { kind: "in-progress" };
      // Expired (a new request under an old key), released, or claimed by a process that died before answering.
      await tx.query(
        `INSERT INTO bahi_idempotency (scope, key, fingerprint, claimed_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, claimed_at = EXCLUDED.claimed_at,
           expires_at = EXCLUDED.expires_at, status = NULL, headers = NULL, body = NULL`,
        [scope, key, fingerprint, now.toISOString(), later(now, IDEMPOTENCY_TTL_MS)],
      );
      return { kind: "claimed", rerun: row?.fingerprint === fingerprint };
    });
  }

  async complete(scope: string, key: string, response: StoredAnswer, now: Date): Promise<void> {
    await this.sql.query("UPDATE bahi_idempotency SET status = $3, headers = $4::jsonb, body = $5, expires_at = $6 WHERE scope = $1 AND key = $2", [
      scope,
      key,
      response.status,
      JSON.stringify(response.headers),
      Buffer.from(response.body),
      later(now, IDEMPOTENCY_TTL_MS),
    ]);
  }

  async release(scope: string, key: string): Promise<void> {
    // Kept, marked released, so that a retry of the same request knows it runs again (ClaimOutcome's rerun).
    await this.sql.query("UPDATE bahi_idempotency SET claimed_at = $3 WHERE scope = $1 AND key = $2 AND status IS NULL", [scope, key, RELEASED.toISOString()]);
  }

  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.sql.query<{ key: string }>("DELETE FROM bahi_idempotency WHERE expires_at <= $1 RETURNING key", [now.toISOString()]);
    return rows.length;
  }
}

function toAnswer(row: KeyRow): StoredAnswer {
  const headers = typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : (row.headers ?? {});
  return { status: row.status!, headers, body: new Uint8Array(row.body ?? new Uint8Array()) };
}
