import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { migrate, postgresClient, SqlEventStore, StoreUnavailableError, type SqlClient } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { freshStreamId, newEvent } from "./eventStore.contract.ts";

const skipReason = await postgresUnavailableReason();

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** The PostgreSQL client under dropped connections: what survives, what is retried, what reconnects. */
describe.skipIf(skipReason !== null)(`postgresClient under dropped connections${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let database: TestDatabase;
  let sql: SqlClient;

  /** Terminates this database's backends whose current or last statement matches `pattern`. */
  const terminate = (pattern: string) => database.terminateConnections(pattern);

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgresClient(database.url);
    await migrate(sql);
  });

  afterAll(async () => {
    await sql?.close();
    await database?.drop();
  });

  it("reconnects LISTEN after its backend is terminated, wakes its listener, and gets notifications again", async () => {
    let calls = 0;
    const unlisten = await sql.listen("fault_test", () => calls++);
    expect(sql.listening()).toBe(true);
    const notifier = postgresClient(database.url);
    await notifier.query("SELECT pg_notify('fault_test', '')");
    await until(() => calls === 1, 5000, "first notification");

    expect(await terminate("LISTEN%")).toBe(1);
    await until(() => !sql.listening(), 5000, "the drop being noticed");
    await until(() => sql.listening(), 10_000, "LISTEN reconnecting");
    // Notifications sent while it was down are lost: the listener is woken once to look for itself.
    await until(() => calls === 2, 5000, "the catch-up call after reconnecting");

    await notifier.query("SELECT pg_notify('fault_test', '')");
    await until(() => calls === 3, 5000, "a notification after reconnecting");
    await unlisten();
    await notifier.close();
  });

  it("survives a connection dropped inside a transaction: a 503 error, no crash, and the pool goes on", async () => {
    // Dropped between two statements, no query is in flight to take the error: the client
    // emits it as an event, which ends the process unless the checkout handles it.
    const running = sql.transaction(async (tx) => {
      await tx.query("SELECT 'idle in transaction' AS marker");
      await sleep(1000);
      return tx.query("SELECT 1");
    });
    await until(async () => (await terminate("SELECT 'idle in transaction'%")) === 1, 5000, "the idle transaction");
    await expect(running).rejects.toBeInstanceOf(StoreUnavailableError);
    // The broken client was destroyed, not handed out again.
    for (let i = 0; i < 12; i++) expect(await sql.transaction((tx) => tx.query<{ n: number }>("SELECT 1 AS n"))).toEqual([{ n: 1 }]);
  });

  it("retries a read whose connection was dropped under it", async () => {
    const reading = sql.query<{ n: number }>("SELECT 7 AS n, pg_sleep(0.5)");
    await until(async () => (await terminate("SELECT 7 AS n%")) === 1, 5000, "the read");
    expect((await reading)[0]!.n).toBe(7);
  });

  it("retries an append whose connection was dropped, and stores it exactly once", async () => {
    const store = new SqlEventStore(sql);
    const stream = freshStreamId("fault");
    const event = newEvent();
    // Hold the table so the append waits inside its transaction, then cut that transaction's connection.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE bahi_events IN ACCESS EXCLUSIVE MODE");
    const appending = store.appendToStream(stream, [event], "no_stream");
    await until(async () => (await terminate("SELECT current_revision::text, tx, pos%")) === 1, 5000, "the waiting append");
    await locker.query("COMMIT");
    await locker.end();
    expect((await appending).nextExpectedRevision).toBe(0);
    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.id)).toEqual([event.id]);
  });
});
