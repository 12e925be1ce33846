/**
 * Issue 14: the whole app with its event side and its read side on stores apart, opened as
 * `bahi <role>` opens them (openStores over a configuration storeConfigFromEnv gives). Here
 * always on two PostgreSQL databases; wherever EventStoreDB or MongoDB exists
 * (tests/support/servers.ts) also with events on EventStoreDB, reads on MongoDB, and both.
 */
import { randomBytes } from "node:crypto";
import { MongoClient } from "mongodb";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStores, type EventSide, type ReadSide, type Stores } from "@bahi/shared/server";
import type { RunningBahi } from "../../bin/server.ts";
import { ApiClient } from "../support/apiClient.ts";
import { serveTestApp } from "../support/app.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { eventStoreDbServer, mongoDbServer, type Server } from "../support/servers.ts";

const postgresSkipReason = await postgresUnavailableReason();
const [eventStoreDb, mongoDb] = await Promise.all([eventStoreDbServer(), mongoDbServer()]);

interface Side<T> {
  side(): Promise<T>;
  drop(): Promise<void>;
  /** On PostgreSQL: how many events and read-model documents its database holds. */
  counts?(): Promise<{ events: number; documents: number }>;
}

function postgresSide<T extends EventSide | ReadSide>(): Side<T> {
  let database: TestDatabase | null = null;
  return {
    async side() {
      database = await createTestDatabase();
      return { kind: "postgres", databaseUrl: database.url } as T;
    },
    drop: async () => database?.drop(),
    async counts() {
      const client = new pg.Client({ connectionString: database!.url });
      await client.connect();
      try {
        const count = async (table: string) => Number((await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n);
        return { events: await count("bahi_events"), documents: await count("bahi_rm_documents") };
      } finally {
        await client.end();
      }
    },
  };
}

function mongoSide(server: Server): Side<ReadSide> {
  const url = new URL(server.url);
  url.pathname = `/bahi_test_${randomBytes(4).toString("hex")}`;
  return {
    side: async () => ({ kind: "mongodb", url: url.toString() }),
    async drop() {
      const client = new MongoClient(url.toString());
      await client.db().dropDatabase();
      await client.close();
    },
  };
}

const eventSides: [string, () => Side<EventSide>][] = [["PostgreSQL", postgresSide]];
if (eventStoreDb.server) {
  const url = eventStoreDb.server.url;
  eventSides.push(["EventStoreDB", () => ({ side: async () => ({ kind: "eventstoredb", url }), drop: async () => {} })]);
}
const readSides: [string, () => Side<ReadSide>][] = [["PostgreSQL", postgresSide]];
if (mongoDb.server) {
  const server = mongoDb.server;
  readSides.push(["MongoDB", () => mongoSide(server)]);
}
const combinations = eventSides.flatMap(([events, eventSide]) => readSides.map(([reads, readSide]) => ({ name: `events on ${events}, reads on ${reads}`, eventSide, readSide })));

describe.skipIf(postgresSkipReason !== null).each(combinations)("the app with its stores apart: $name (issue 14)", ({ eventSide, readSide }) => {
  const sides = { events: eventSide(), reads: readSide() };
  let stores: Stores;
  let bahi: RunningBahi;
  let baseUrl: string;

  beforeAll(async () => {
    stores = await openStores({ kind: "servers", events: await sides.events.side(), reads: await sides.reads.side() });
    ({ bahi, baseUrl } = await serveTestApp(stores, { roles: ["command-api", "read-api", "projector", "worker"] }));
  });

  afterAll(async () => {
    await bahi?.close();
    await stores?.close();
    await sides.events.drop();
    await sides.reads.drop();
  });

  it("reports each store on /api/health", async () => {
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    expect(health.store).toMatch(/^events on \w+, reads on \w+$/);
    expect(health.checks["event store"].status).toBe("ok");
    expect(health.checks["read store"].status).toBe("ok");
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
  });

  it("takes a sale from sign-up to the invoice list, the journal and its verified chain, reading its own writes", async () => {
    const owner = new ApiClient(baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Oil Mills", stateCode: "27" })).status).toBe(200);
    const customer = await owner.post("/api/customers", { name: "Iyer Stores", stateCode: "27" });
    expect(customer.status).toBe(201);
    const product = await owner.post("/api/products", { name: "Hair oil", sku: "HO-1", category: "Other", price: "1000", stock: 10, gstRate: 18 });
    expect(product.status).toBe(201);
    const invoice = await owner.post("/api/invoices", {
      customerId: customer.body.id,
      issueDate: "2026-11-30",
      dueDate: "2026-12-15",
      subtotal: "2000",
      gstAmount: "360",
      total: "2360",
      items: [{ productId: product.body.id, quantity: 2, price: "1000", gstRate: "18", amount: "2360.00" }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);

    // Read right after the write: the read side waits for its projector to pass the write's position.
    const invoices = await owner.get("/api/invoices");
    expect(invoices.status).toBe(200);
    expect(JSON.stringify(invoices.body)).toContain(invoice.body.invoiceNumber);
    expect((await owner.get(`/api/products/${product.body.id}`)).body).toMatchObject({ stock: 8 });

    // Where the chain is built beside the log (EventStoreDB), the worker links the sale within a second or so.
    let types: string[] = [];
    await expect
      .poll(async () => {
        const journal = await owner.get("/api/ledger?limit=500");
        types = journal.status === 200 ? (journal.body.entries as { type: string }[]).map((entry) => entry.type) : [];
        return types;
      })
      .toEqual(expect.arrayContaining(["CustomerAdded", "ProductAdded", "InvoiceCreated"]));
    const verified = await owner.get("/api/ledger/verify");
    expect(verified.body).toMatchObject({ ok: true, checked: types.length });
  });

  it("keeps the events in the event side's store and the read models in the read side's", async ({ skip }) => {
    if (!sides.events.counts || !sides.reads.counts) skip("only PostgreSQL's tables are counted here");
    const events = await sides.events.counts!();
    const reads = await sides.reads.counts!();
    expect(events.events).toBeGreaterThan(10);
    expect(events.documents).toBe(0);
    expect(reads.events).toBe(0);
    expect(reads.documents).toBeGreaterThan(5);
  });
});
