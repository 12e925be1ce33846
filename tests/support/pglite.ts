import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, pgliteClient, type SqlClient } from "@bahi/shared/server";

/**
 * initdb costs seconds; the global setup runs it once and saves the fresh directory
 * (tests/support/globalSetup.ts), and each test loads that copy in under a second.
 */
export async function freshPglite(): Promise<SqlClient> {
  const template = process.env.BAHI_PGLITE_TEMPLATE;
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}) });
  return pgliteClient(db);
}
