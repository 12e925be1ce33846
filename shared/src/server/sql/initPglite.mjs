// Issue 13: PostgreSQL's initdb for a new PGlite data directory, in a short-lived process of its
// own (initPgliteApart in client.ts says why). Argument: the directory to create.
import { PGlite } from "@electric-sql/pglite";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: initPglite.mjs DATA_DIR");
const db = await PGlite.create({ dataDir });
await db.close();
