import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, postgresClient, type SqlClient } from "@bahi/shared/server";
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
