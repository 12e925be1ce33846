import { describe } from "vitest";
import { migrate, postgresClient, SqlEventStore, SqlReadStore } from "@bahi/shared/server";
import type { SqlClient } from "@bahi/shared/server";
import { freshPglite } from "../support/pglite.ts";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { eventStoreContract } from "./eventStore.contract.ts";
import { readStoreContract } from "./readStore.contract.ts";

/** One SQL client per suite, migrated; `release` closes the client and whatever holds its data. */
async function openSql(kind: "pglite" | "postgres"): Promise<{ sql: SqlClient; release(): Promise<void> }> {
  if (kind === "pglite") {
    const sql = await freshPglite();
    await migrate(sql);
    return { sql, release: () => sql.close() };
  }
  const database = await createTestDatabase();
  const sql = postgresClient(database.url);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    await database.drop();
    throw error;
  }
  return {
    sql,
    async release() {
      await sql.close();
      await database.drop();
    },
  };
}

function contractsOn(kind: "pglite" | "postgres"): void {
  eventStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    const store = new SqlEventStore(sql);
    return {
      store,
      async close() {
        await store.close();
        await release();
      },
    };
  });
  readStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    return { store: new SqlReadStore(sql), close: release };
  });
}

describe("PGlite", () => {
  contractsOn("pglite");
});

const postgresSkipReason = await postgresUnavailableReason();

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  contractsOn("postgres");
});
