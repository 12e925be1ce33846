import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewEvent } from "../ports/eventStore.ts";
import { PGLITE_EXTENSIONS, pgliteClient, type SqlClient } from "./client.ts";
import { migrate } from "./schema.ts";
import { SqlEventStore } from "./sqlEventStore.ts";
import { keepRequestStreams, withRequestStreams } from "../requestStreams.ts";
import { EventEmitter } from "node:events";

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
  /** While set, a stream read's answer waits for it (a read overtaken by an append). */
  let held: Promise<void> | null = null;
  beforeEach(async () => {
    const inner = pgliteClient(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    await migrate(inner);
    reads = 0;
    sql = {
      ...inner,
      query: async (text, params) => {
        if (!/WHERE stream_id = \$1 ORDER BY stream_revision/.test(text)) return inner.query(text, params);
        reads += 1;
        const hold = held;
        const rows = await inner.query(text, params);
        await hold;
        return rows;
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

  it("keeps a request's read while another request appends elsewhere, but not one that overlapped the request's own append", async () => {
    const store = new SqlEventStore(sql, { cachedStreams: 0 });
    await store.appendToStream("kept-5", [event(0)], "no_stream");
    await withRequestStreams(async () => {
      // Sixteen counters at once: another request's append does not stop this one keeping its read.
      await Promise.all([store.readStream("kept-5"), withRequestStreams(() => store.appendToStream("other-5", [event(0)], "no_stream"))]);
      await store.readStream("kept-5");
      expect(reads).toBe(1);
      // A read of its own that its own append overtook (the read answered after the append ended)
      // holds what was there before the append: it is answered, not kept.
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      await store.appendToStream("kept-5", [event(1)], 0);
      const overtaken = store.readStream("kept-5");
      held = null;
      await store.appendToStream("kept-5", [event(2)], 1);
      release();
      expect((await overtaken).length).toBeGreaterThan(0);
      expect((await store.readStream("kept-5")).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    });
  });

  it("keepRequestStreams gives a request the same streams when entered again after its body is parsed, until its response closes", async () => {
    const store = new SqlEventStore(sql, { cachedStreams: 0 });
    const req = {};
    const res = new EventEmitter();
    const enter = () => new Promise<void>((resolve) => keepRequestStreams(req, res, () => void store.readStream("kept-6").then(() => resolve())));
    await enter();
    // The body parser's callback runs outside the request's context: the second use re-enters it.
    await new Promise((resolve) => setImmediate(resolve));
    await enter();
    expect(reads).toBe(1);
    res.emit("close");
    await enter();
    expect(reads).toBe(2);
  });
});
