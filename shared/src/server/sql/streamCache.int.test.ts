import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewEvent } from "../ports/eventStore.ts";
import { PGLITE_EXTENSIONS, pgliteClient, type SqlClient } from "./client.ts";
import { migrate } from "./schema.ts";
import { SqlEventStore } from "./sqlEventStore.ts";
import { withRequestStreams } from "../requestStreams.ts";

const event = (n: number): NewEvent => ({
  id: randomUUID(),
  type: "CacheTested",
  data: { n },
  metadata: { userId: "owner", actor: "test", causationId: null, correlationId: "c", occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/** Issue 13: the embedded store, the only writer of its data, keeps the streams it read. */
describe("SqlEventStore's streams kept in memory", () => {
  let sql: SqlClient;
  let reads: number;
  beforeEach(async () => {
    const inner = pgliteClient(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    await migrate(inner);
    reads = 0;
    sql = {
      ...inner,
      query: (text, params) => {
        if (/WHERE stream_id = \$1 ORDER BY stream_revision/.test(text)) reads += 1;
        return inner.query(text, params);
      },
    } as SqlClient;
  });
  afterEach(async () => {
    await sql.close();
  });

  it("reads a stream from the database once, and again after each append through the store", async () => {
    const store = new SqlEventStore(sql);
    await store.appendToStream("kept-1", [event(0)], "no_stream");
    expect((await store.readStream("kept-1")).map((e) => e.data)).toEqual([{ n: 0 }]);
    expect((await store.readStream("kept-1")).map((e) => e.data)).toEqual([{ n: 0 }]);
    expect(reads).toBe(1);
    await store.appendToStream("kept-1", [event(1)], 0);
    expect((await store.readStream("kept-1")).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect(reads).toBe(2);
  });

  it("keeps an empty stream too, and hands out events no caller can change", async () => {
    const store = new SqlEventStore(sql);
    expect(await store.readStream("kept-2")).toEqual([]);
    expect(await store.readStream("kept-2")).toEqual([]);
    expect(reads).toBe(1);
    await store.appendToStream("kept-2", [event(7)], "no_stream");
    const [read] = await store.readStream("kept-2");
    await store.readStream("kept-2");
    expect(() => ((read!.data as { n: number }).n = 8)).toThrow(TypeError);
    expect((await store.readStream("kept-2"))[0]!.data).toEqual({ n: 7 });
  });

  it("keeps nothing where other processes append too (cachedStreams 0, PostgreSQL's default)", async () => {
    const store = new SqlEventStore(sql, { cachedStreams: 0 });
    await store.readStream("kept-3");
    await store.readStream("kept-3");
    expect(reads).toBe(2);
  });

  it("keeps a stream for one request where other processes append too, until the request appends to it or ends", async () => {
    const store = new SqlEventStore(sql, { cachedStreams: 0 });
    await store.appendToStream("kept-4", [event(0)], "no_stream");
    await withRequestStreams(async (request) => {
      await store.readStream("kept-4");
      expect((await store.readStream("kept-4")).map((e) => e.data)).toEqual([{ n: 0 }]);
      expect(reads).toBe(1);
      // Another request's reads are its own.
      await withRequestStreams(() => store.readStream("kept-4"));
      expect(reads).toBe(2);
      // Its own append drops the stream: a retry after a conflict reads it again.
      await store.appendToStream("kept-4", [event(1)], 0);
      expect((await store.readStream("kept-4")).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
      expect(reads).toBe(3);
      // Once its answer has gone, nothing is kept: work it started reads the database.
      request.close();
      await store.readStream("kept-4");
      await store.readStream("kept-4");
      expect(reads).toBe(5);
    });
    // Outside a request, every read goes to the database.
    await store.readStream("kept-4");
    expect(reads).toBe(6);
  });
});
