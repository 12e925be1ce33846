import { describe, expect, it } from "vitest";
import { ChainBesideLog, eventStoreChainStreams, migrate, SqlBlobStore, SqlEventStore, SqlReadStore } from "@bahi/shared/server";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { openSql } from "../support/sqlStores.ts";
import { auditLogContract } from "./auditLog.contract.ts";
import { blobStoreContract } from "./blobStore.contract.ts";
import { eventStoreContract } from "./eventStore.contract.ts";
import { readStoreContract } from "./readStore.contract.ts";
import { readQueriesContract } from "./readQueries.contract.ts";
import { countStatement } from "../../shared/src/server/sql/readQuerySql.ts";

/** `count` invoice documents of one owner ("invoice-0"…), committed at once to the active generation. */
async function commitInvoices(store: SqlReadStore, count: number, dataOf: (i: number) => unknown): Promise<void> {
  const [state] = await store.activeProjections(["invoices"]);
  const documents = Array.from({ length: count }, (_, i) => ({ collection: "invoices", id: `invoice-${i}`, ownerId: "owner", data: dataOf(i), position: `${i + 1}:${i + 1}` }));
  await store.commit([{ projection: "invoices", generation: state!.generation, expectedCheckpoint: state!.checkpoint, checkpoint: `${count}:${count}`, documents }]);
}

function contractsOn(kind: "pglite" | "postgres"): void {
  blobStoreContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    return {
      store: new SqlBlobStore(sql),
      async countBlobs() {
        const [row] = await sql.query<{ n: string }>("SELECT count(*)::text AS n FROM bahi_blobs");
        return Number(row!.n);
      },
      close: release,
    };
  });
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
  auditLogContract(kind, async () => {
    const { sql, release } = await openSql(kind);
    const store = new SqlEventStore(sql);
    // Every append extends its chain: there is nothing to build.
    const nothing = async () => {};
    return {
      store,
      audit: store,
      build: nothing,
      another: () => ({ audit: new SqlEventStore(sql), build: nothing }),
      async close() {
        await store.close();
        await release();
      },
    };
  });
  // Issue 14: the chain EventStoreDB builds beside its log, here through the EventStore port.
  auditLogContract(`${kind}, the chain built beside the log`, async () => {
    const { sql, release } = await openSql(kind);
    const store = new SqlEventStore(sql);
    const besideLog = () => {
      const audit = new ChainBesideLog(store, store, eventStoreChainStreams(store));
      return { audit, build: () => audit.catchUp() };
    };
    return {
      store,
      ...besideLog(),
      another: besideLog,
      async close() {
        await store.close();
        await release();
      },
    };
  });
  it(`${kind}: the chain's streams through the EventStore port land every "any" append once, however many race`, async () => {
    const { sql, release } = await openSql(kind);
    const store = new SqlEventStore(sql);
    try {
      const streams = eventStoreChainStreams(store);
      const started = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, type: "BahiChainStarted", data: { chainKey: `b${n}` } });
      // Five chains started at once, each twice (two builders meeting the same new business).
      const outcomes = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3, 4, 5].map((n) => streams.append("bahi-chains", [started(n)], "any")));
      expect(outcomes.every(Boolean)).toBe(true);
      expect((await streams.from<{ chainKey: string }>("bahi-chains", 0)).map((data) => data.chainKey).sort()).toEqual(["b1", "b2", "b3", "b4", "b5"]);
    } finally {
      await store.close();
      await release();
    }
  });
  const openReadStore = async () => {
    const { sql, release } = await openSql(kind);
    const store = new SqlReadStore(sql);
    return {
      store,
      async close() {
        await store.close();
        await release();
      },
    };
  };
  readStoreContract(kind, openReadStore);
  readQueriesContract(kind, openReadStore);

  describe(`SQL read models: ${kind}`, () => {
    // Only on PGlite: a PostgreSQL server's autovacuum gathers its statistics itself.
    if (kind === "pglite") {
      it("gathers the planner's statistics after a bulk of writes (PGlite has no autovacuum)", async () => {
        const { sql, release } = await openSql(kind);
        try {
          const store = new SqlReadStore(sql);
          const tuples = async () =>
            Number((await sql.query<{ n: number }>("SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'bahi_rm_documents' AND relkind = 'r'"))[0]!.n);
          const before = await tuples();
          await commitInvoices(store, 600, () => ({ status: "pending" }));
          expect(await tuples()).toBeGreaterThanOrEqual(Math.max(before, 0) + 600);
          await store.close();
        } finally {
          await release();
        }
      });
    }

    it("answers a list's free-text search through the search key's trigram index, its wildcards taken literally (issue 13)", async () => {
      const { sql, release } = await openSql(kind);
      try {
        const store = new SqlReadStore(sql);
        await commitInvoices(store, 3000, (i) => ({ status: "pending", invoiceNumber: `INV-${i}`, customer: { name: i === 7 ? "Gupta 50% Traders" : `Customer ${i}` } }));
        expect((await store.page("invoices", "owner", { search: "50%" })).map((row) => row.id)).toEqual(["invoice-7"]);
        expect(await store.count("invoices", "owner", { search: "%" })).toBe(1);
        expect(await store.count("invoices", "owner", { search: "inv_1" })).toBe(0);
        expect(await store.count("invoices", "owner", { search: "inv-29" })).toBe(111);

        const [trigram] = await sql.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE tablename = 'bahi_rm_documents' AND indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%''invoices''%'",
        );
        expect(trigram?.indexname).toMatch(/^bahi_rm_ix_/);
        const { text, values } = countStatement("invoices", "owner", { search: "gupta 50" });
        // After what a server's autovacuum (or PGlite's vacuumWhenGrown) does, statistics gathered and the GIN
        // index's pending list merged, the planner reads the needle's trigrams off the index, not every document.
        await sql.query("VACUUM ANALYZE bahi_rm_documents");
        const plan = (await sql.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values)).map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toContain(trigram!.indexname);
        await store.close();
      } finally {
        await release();
      }
    });

    it('replaces the first schema (one global generation, checkpoint "main") with per-projection generations', async () => {
      const { sql, release } = await openSql(kind);
      try {
        // The first shape, as a database from before per-projection checkpoints holds it.
        await sql.exec(`
          DROP TABLE bahi_rm_documents, bahi_rm_checkpoints, bahi_rm_generations, bahi_rm_parked, bahi_schema_version;
          CREATE TABLE bahi_rm_generations (generation integer PRIMARY KEY, status text NOT NULL);
          INSERT INTO bahi_rm_generations VALUES (1, 'active');
          CREATE TABLE bahi_rm_documents (generation integer NOT NULL, collection text NOT NULL, id text NOT NULL, owner_id text, data jsonb, position text NOT NULL, PRIMARY KEY (generation, collection, id));
          INSERT INTO bahi_rm_documents VALUES (1, 'customers', 'c1', 'u1', '{"name":"Old"}', '5:5');
          CREATE TABLE bahi_rm_checkpoints (generation integer NOT NULL, projector text NOT NULL, position text, PRIMARY KEY (generation, projector));
          INSERT INTO bahi_rm_checkpoints VALUES (1, 'main', '5:5');
        `);
        await migrate(sql);
        // Migrating twice is harmless.
        await migrate(sql);
        const store = new SqlReadStore(sql);
        // Derived data is dropped: the projector rebuilds it from the log when it starts.
        expect(await store.get("customers", "c1")).toBeNull();
        expect(await store.checkpoints()).toEqual({});
        const [state] = await store.activeProjections(["customers"]);
        expect(state?.checkpoint).toBeNull();
        await store.close();
      } finally {
        await release();
      }
    });
  });
}

describe("PGlite", () => {
  contractsOn("pglite");
});

const postgresSkipReason = await postgresUnavailableReason();

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  contractsOn("postgres");
});
