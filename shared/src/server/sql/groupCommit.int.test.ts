import { randomUUID } from "node:crypto";
import { fsyncSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { durableStartParams, PGLITE_EXTENSIONS, pgliteClient, type SqlClient } from "./client.ts";
import { GroupCommit } from "./groupCommit.ts";
import { migrate } from "./schema.ts";
import { SqlEventStore } from "./sqlEventStore.ts";
import { SyncingNodeFS } from "./syncingNodeFs.ts";

/** Issue 13: concurrent appends on the embedded store share a commit, and so one WAL fsync. */
describe("GroupCommit", () => {
  let dir: string;
  let walSyncs: number;
  let sql: SqlClient;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bahi-group-"));
    walSyncs = 0;
    const watch = (fd: number) => {
      if (relative(dir, readlinkSync(`/proc/self/fd/${fd}`)).startsWith("pg_wal/")) walSyncs += 1;
      fsyncSync(fd);
    };
    sql = pgliteClient(await PGlite.create({ fs: new SyncingNodeFS(dir, watch), startParams: durableStartParams(), extensions: PGLITE_EXTENSIONS }));
    await migrate(sql);
  });
  afterEach(async () => {
    await sql.close();
    await rm(dir, { recursive: true, force: true });
  });

  const appendConcurrently = async (store: SqlEventStore, count: number) => {
    const business = randomUUID();
    walSyncs = 0;
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        store.appendToStream(
          `group-${i}`,
          [
            {
              id: randomUUID(),
              type: "GroupTested",
              data: { i },
              metadata: { userId: business, actor: "test", causationId: null, correlationId: "c", occurredAt: new Date().toISOString(), schemaVersion: 1 },
            },
          ],
          "no_stream",
        ),
      ),
    );
    return { results, syncs: walSyncs };
  };

  it("gives eight concurrent appends fewer WAL fsyncs than appends, each answered after its commit", async () => {
    const { results, syncs } = await appendConcurrently(new SqlEventStore(sql), 8);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual(Array(8).fill(0));
    expect(syncs).toBeLessThanOrEqual(2);
    const [row] = await sql.query<{ count: string }>("SELECT count(*)::text AS count FROM bahi_events");
    expect(row!.count).toBe("8");
  });

  it("fsyncs once per append without it (what the grouped figure is measured against)", async () => {
    const { syncs } = await appendConcurrently(new SqlEventStore(sql, { groupCommit: false }), 8);
    expect(syncs).toBe(8);
  });

  it("fails only the caller whose statement fails, and keeps every other caller's row", async () => {
    await sql.query("CREATE TABLE grouped (id integer PRIMARY KEY)");
    const group = new GroupCommit<{ id: number }>(sql, "INSERT INTO grouped VALUES ($1) RETURNING id");
    const outcomes = await Promise.allSettled([1, 2, 3, 2, 5].map((id) => group.run([id])));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ code: "23505" });
    const rows = await sql.query<{ id: number }>("SELECT id FROM grouped ORDER BY id");
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 5]);
  });
});
