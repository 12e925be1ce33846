import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, postgresClient, SqlReadStore, type SqlClient } from "@bahi/shared/server";
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
      const [state] = await store.activeProjections(["invoices"]);
      const documents = ["pending", "paid", "pending"].map((status, i) => ({
        collection: "invoices",
        id: `inv-${i}`,
        ownerId: "owner",
        position: `${i + 1}:${i + 1}`,
        data: {
          id: `inv-${i}`,
          status,
          total: "118.00",
          subtotal: "100.00",
          gstAmount: "18.00",
          issueDate: "2026-06-10",
          createdAt: `2026-06-10T0${i}:00:00.000Z`,
          customer: { name: "A" },
        },
      }));
      await store.commit([{ projection: "invoices", generation: state!.generation, expectedCheckpoint: null, checkpoint: "3:3", documents }]);
      const tallied = await store.tally("invoices", "owner", "byStatus");
      expect(tallied.pending).toEqual({ count: 2, sums: { balance: 23600 } });
      // As an earlier release left it: no keys, no tallies, no version.
      await sql.query("UPDATE bahi_rm_documents SET keys = NULL");
      await sql.query("DELETE FROM bahi_rm_tallies");
      await sql.query("UPDATE bahi_rm_generations SET keys_version = NULL");
      expect(await store.tally("invoices", "owner", "byStatus")).toEqual({});
      await migrate(sql);
      expect(await store.tally("invoices", "owner", "byStatus")).toEqual(tallied);
      expect((await store.page("invoices", "owner", { order: "newest" })).map((row) => row.id)).toEqual(["inv-2", "inv-1", "inv-0"]);
      await store.close();
    } finally {
      await sql.close();
      await database.drop();
    }
  });
});
