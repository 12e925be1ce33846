import { migrate, postgresClient, type SqlClient } from "@bahi/shared/server";
import { freshPglite } from "./pglite.ts";
import { createTestDatabase } from "./postgres.ts";

/** One SQL client per suite, migrated; `release` closes the client and whatever holds its data. */
export async function openSql(kind: "pglite" | "postgres"): Promise<{ sql: SqlClient; release(): Promise<void> }> {
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
