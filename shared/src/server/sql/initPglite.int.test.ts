import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initPgliteApart, openPglite } from "./client.ts";

/** Issue 13: a new data directory's initdb runs in a child process, so `bahi start` never pays its memory. */
describe("initPgliteApart", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "bahi-init-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("creates a whole database in place of a missing or empty directory, leaves nothing beside it, and does nothing the second time", async () => {
    const dataDir = join(root, "pglite");
    await initPgliteApart(dataDir);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(root)).toEqual(["pglite"]);
    const db = await openPglite(dataDir);
    await db.exec("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)");
    await db.close();

    const created = statSync(join(dataDir, "PG_VERSION")).mtimeMs;
    await initPgliteApart(dataDir);
    expect(statSync(join(dataDir, "PG_VERSION")).mtimeMs).toBe(created);
    const reopened = await openPglite(dataDir);
    expect((await reopened.query<{ n: number }>("SELECT n FROM kept")).rows).toEqual([{ n: 7 }]);
    // Issue 13, memory: PostgreSQL's buffers live in PGlite's heap for good, so they are kept small.
    expect((await reopened.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows[0]!.shared_buffers).toBe("32MB");
    expect((await reopened.query<{ maintenance_work_mem: string }>("SHOW maintenance_work_mem")).rows[0]!.maintenance_work_mem).toBe("16MB");
    await reopened.close();

    const empty = join(root, "empty");
    mkdirSync(empty);
    await initPgliteApart(empty);
    expect(existsSync(join(empty, "PG_VERSION"))).toBe(true);
  }, 120_000);

  it("leaves a directory that holds something else to PGlite, untouched", async () => {
    const dataDir = join(root, "other");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "notes.txt"), "mine");
    await initPgliteApart(dataDir);
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
    expect(readdirSync(root)).toEqual(["other"]);
  });
});
