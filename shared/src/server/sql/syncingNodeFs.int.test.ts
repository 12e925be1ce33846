import { fsyncSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { durableStartParams } from "./client.ts";
import { SyncingNodeFS } from "./syncingNodeFs.ts";

/**
 * Issue 13: PostgreSQL's own fsyncs reach the disk in PGlite. Each fsync is watched by the file it
 * syncs (Linux's /proc/self/fd names a descriptor's file).
 */
describe("SyncingNodeFS", () => {
  let dir: string;
  let synced: string[];
  const watch = (fd: number) => {
    synced.push(relative(dir, readlinkSync(`/proc/self/fd/${fd}`)));
    fsyncSync(fd);
  };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bahi-syncing-"));
    synced = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("fsyncs the WAL at every commit and the data files at a checkpoint (PostgreSQL's contract, wal_sync_method=fsync)", async () => {
    const db = await PGlite.create({ fs: new SyncingNodeFS(dir, watch), startParams: durableStartParams() });
    try {
      await db.exec("CREATE TABLE kept (id integer PRIMARY KEY, note text)");
      synced = [];
      for (let i = 0; i < 5; i++) await db.query("INSERT INTO kept VALUES ($1, 'acknowledged')", [i]);
      expect(synced.filter((file) => file.startsWith("pg_wal/"))).toHaveLength(5);
      expect(synced.every((file) => file.startsWith("pg_wal/"))).toBe(true);

      synced = [];
      await db.exec("CHECKPOINT");
      const [{ path }] = (await db.query<{ path: string }>("SELECT pg_relation_filepath('kept') AS path")).rows as [{ path: string }];
      expect(synced).toContain(path);
      expect(synced).toContain("global/pg_control");
    } finally {
      await db.close();
    }
  });

  it("reaches nothing with Linux's default wal_sync_method, fdatasync, which Emscripten does not pass on", async () => {
    const db = await PGlite.create({ fs: new SyncingNodeFS(dir, watch), startParams: PGlite.defaultStartParams.filter((param) => param !== "-F") });
    try {
      await db.exec("CREATE TABLE kept (id integer PRIMARY KEY)");
      synced = [];
      for (let i = 0; i < 5; i++) await db.query("INSERT INTO kept VALUES ($1)", [i]);
      expect(synced).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
