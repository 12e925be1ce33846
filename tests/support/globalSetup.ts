import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "bahi-pglite-template-"));
  const db = await PGlite.create();
  const dump = await db.dumpDataDir("none");
  await db.close();
  const file = join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.BAHI_PGLITE_TEMPLATE = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
