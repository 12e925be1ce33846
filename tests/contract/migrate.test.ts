import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessKeyOf, migrate, partitionHash, postgresClient, SqlEventStore, SqlReadStore, type SqlClient } from "@bahi/shared/server";
import { freshPglite } from "../support/pglite.ts";
import { expectKeyedAgain, storeKeyedInvoices } from "../support/keyedInvoices.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";

const skipReason = await postgresUnavailableReason();

/**
 * Issue 12: a process that starts beside running ones (a projector shard joining) migrates a
 * database that already has this release's schema without any DDL, so it never waits on (or
 * deadlocks with) their transactions.
 */
describe.skipIf(skipReason !== null)("migrate on a current database", () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let other: SqlClient;
  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgresClient(database.url);
    other = postgresClient(database.url);
    await migrate(sql);
  });
  afterAll(async () => {
    await sql?.close();
    await other?.close();
    await database?.drop();
  });

  it("takes no table lock while another process's transaction holds the read models", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A projector mid-commit: row locks on the read-model tables until it commits.
    const running = other.transaction(async (tx) => {
      await tx.query("LOCK TABLE bahi_rm_generations, bahi_rm_checkpoints, bahi_rm_documents, bahi_events IN ROW EXCLUSIVE MODE");
      locked();
      await held;
    });
    await lockTaken;
    const outcome = await Promise.race([migrate(sql).then(() => "migrated"), new Promise((resolve) => setTimeout(() => resolve("blocked"), 3_000))]);
    release();
    await running;
    expect(outcome).toBe("migrated");
  });
});

/**
 * Issue 12: documents written before their collection declared keys (or under other declarations)
 * are keyed again, with their tallies counted afresh, when the schema is migrated.
 */
describe.skipIf(skipReason !== null)("migrate keys documents written under other key declarations", () => {
  it("works out keys and tallies for a generation whose keys_version differs", async () => {
    const database = await createTestDatabase();
    const sql = postgresClient(database.url);
    try {
      await migrate(sql);
      const store = new SqlReadStore(sql);
      const { tallied } = await storeKeyedInvoices(store);
      // As an earlier release left it: no keys, no tallies, no version.
      await sql.query("UPDATE bahi_rm_documents SET keys = NULL");
      await sql.query("DELETE FROM bahi_rm_tallies");
      await sql.query("UPDATE bahi_rm_generations SET keys_version = NULL");
      expect(await store.tally("invoices", "owner", "byStatus")).toEqual({});
      await migrate(sql);
      await expectKeyedAgain(store, tallied);
      await store.close();
    } finally {
      await sql.close();
      await database.drop();
    }
  });
});

/**
 * Issue 12: rows written around the adapter (an earlier release, a bulk load) have no partition
 * hash; a filtered read gives them to every shard until migrate works theirs out.
 */
describe("migrate gives events without a partition hash theirs", () => {
  it("hashes each row's business as the adapter does at append, past one page of the backfill", async () => {
    const sql = await freshPglite();
    try {
      await migrate(sql);
      const owner = randomUUID();
      const member = randomUUID();
      const metadata = [
        { userId: owner, actor: `user:${owner}`, causationId: null, correlationId: "bulk", occurredAt: "2026-11-01T10:00:00.000Z", schemaVersion: 1 },
        { userId: member, businessId: owner, actor: `user:${member}`, causationId: null, correlationId: "bulk", occurredAt: "2026-11-01T10:00:00.000Z", schemaVersion: 1 },
        { userId: null, actor: "system:test", causationId: null, correlationId: "bulk", occurredAt: "2026-11-01T10:00:00.000Z", schemaVersion: 1 },
      ];
      const count = 5_002;
      await sql.query(
        `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata)
         SELECT gen_random_uuid(), 'bulk-' || i, 0, 'ThingHappened', '{}'::jsonb, ($1::jsonb)->(i % 3) FROM generate_series(0, $2 - 1) AS i`,
        [JSON.stringify(metadata), count],
      );
      const log = new SqlEventStore(sql);
      const filter = { parts: 8, held: [partitionHash(owner) % 8], types: [] };
      // Before the backfill every shard reads the rows (none can be missed).
      expect((await log.readAll(null, count, filter)).events).toHaveLength(count);

      await migrate(sql);
      const rows = await sql.query<{ stream_id: string; metadata: (typeof metadata)[number]; business_hash: string }>(
        "SELECT stream_id, metadata, business_hash::text FROM bahi_events ORDER BY position",
      );
      expect(rows).toHaveLength(count);
      for (const row of rows) expect(Number(row.business_hash)).toBe(partitionHash(businessKeyOf({ streamId: row.stream_id, metadata: row.metadata })));
      expect(new Set(rows.slice(0, 2).map((row) => row.business_hash)).size).toBe(1);
      // The trigger is back on, and a filtered read now gives the owner's business alone (and the user-less rows in its partition).
      await expect(sql.query("DELETE FROM bahi_events")).rejects.toThrow(/append-only/);
      const page = await log.readAll(null, count, filter);
      expect(page.covered).toBe(count);
      expect(page.events.length).toBe(rows.filter((row) => Number(row.business_hash) % 8 === filter.held[0]).length);
      expect(page.events.length).toBeLessThan(count);
    } finally {
      await sql.close();
    }
  });
});
