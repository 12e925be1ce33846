/**
 * Issue 12: single-record reads answer an ETag (the record stream's revision as of the data
 * sent); PUT/PATCH/DELETE take If-Match; a stale one is a 412 STALE_REVISION carrying the
 * record as its read answers it now, and appends nothing.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());

interface RecordCase {
  path: string;
  stream: string;
  /** Creates the record (and whatever it needs) and answers its id. */
  create(owner: ApiClient): Promise<{ id: string; update: (n: number) => unknown }>;
  /** How the case's DELETE-like write is sent (invoices have no DELETE: their status PATCH). */
  remove?: (owner: ApiClient, id: string, headers: Record<string, string>) => Promise<{ status: number; body: any }>;
}

const sku = () => `P-${randomBytes(4).toString("hex")}`;
const product = (name: string, code: string) => ({ name, sku: code, category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" });

async function customerOf(owner: ApiClient): Promise<string> {
  const created = await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const CASES: RecordCase[] = [
  {
    path: "customers",
    stream: "customer",
    async create(owner) {
      const id = await customerOf(owner);
      return { id, update: (n) => ({ stateCode: "27", name: `Sharma Garments ${n}` }) };
    },
  },
  {
    path: "products",
    stream: "product",
    async create(owner) {
      const code = sku();
      const created = await owner.post("/api/products", product("Hair oil", code));
      expect(created.status).toBe(201);
      return { id: created.body.id as string, update: (n) => ({ ...product(`Hair oil ${n}`, code), stock: undefined }) };
    },
  },
  {
    path: "invoices",
    stream: "invoice",
    async create(owner) {
      const customerId = await customerOf(owner);
      const oil = (await owner.post("/api/products", product("Hair oil", sku()))).body.id as string;
      const body = (quantity: number) => ({
        customerId,
        subtotal: String(1000 * quantity),
        gstAmount: String(180 * quantity),
        total: String(1180 * quantity),
        items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      });
      const created = await owner.post("/api/invoices", body(1));
      expect(created.status).toBe(201);
      return { id: created.body.id as string, update: (n) => body(n + 1) };
    },
    remove: (owner, id, headers) => owner.request("PATCH", `/api/invoices/${id}/status`, { status: "overdue" }, headers),
  },
  {
    path: "expenses",
    stream: "expense",
    async create(owner) {
      const body = (n: number) => ({ category: "Supplies", description: `Tea ${n}`, amount: String(100 + n), date: today, eligibleForItc: false, itcReason: "Staff tea" });
      const created = await owner.post("/api/expenses", body(0));
      expect(created.status).toBe(201);
      return { id: created.body.id as string, update: body };
    },
  },
  {
    path: "vendors",
    stream: "vendor",
    async create(owner) {
      const created = await owner.post("/api/vendors", { name: "Gupta Wholesale" });
      expect(created.status).toBe(201);
      return { id: created.body.id as string, update: (n) => ({ name: `Gupta Wholesale ${n}` }) };
    },
  },
];

describe.each(backends)("ETag and If-Match on records (issue 12) on %s", (backend) => {
  let app: TestApp;
  let owner: ApiClient;
  beforeAll(async () => {
    app = await startTestApp(backend);
    owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" })).status).toBe(200);
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The record stream's revision now (its last event's; 0 for the first). */
  async function streamRevision(stream: string): Promise<number> {
    const [row] = await app.sql.query<{ n: string }>("SELECT count(*)::text AS n FROM bahi_events WHERE stream_id = $1", [stream]);
    return Number(row!.n) - 1;
  }

  describe.each(CASES)("/api/$path", (record) => {
    it("GET answers the stream's revision; a matching If-Match writes and answers the next ETag", async () => {
      const { id, update } = await record.create(owner);
      const stream = `${record.stream}-${id}`;
      const read = await owner.get(`/api/${record.path}/${id}`);
      expect(read.status).toBe(200);
      expect(read.headers.get("etag")).toBe(`"${await streamRevision(stream)}"`);

      const written = await owner.request("PUT", `/api/${record.path}/${id}`, update(1), { "If-Match": read.headers.get("etag")! });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const next = await streamRevision(stream);
      expect(written.headers.get("etag")).toBe(`"${next}"`);
      // The next read (after the write's position) names the same revision.
      expect((await owner.get(`/api/${record.path}/${id}`)).headers.get("etag")).toBe(`"${next}"`);
      // Bare digits and * are revisions too.
      expect((await owner.request("PUT", `/api/${record.path}/${id}`, update(2), { "If-Match": String(next) })).status).toBe(200);
      expect((await owner.request("PUT", `/api/${record.path}/${id}`, update(3), { "If-Match": "*" })).status).toBe(200);
    });

    it("a stale If-Match is a 412 STALE_REVISION with the current view, and appends nothing", async () => {
      const { id, update } = await record.create(owner);
      const stream = `${record.stream}-${id}`;
      const opened = (await owner.get(`/api/${record.path}/${id}`)).headers.get("etag")!;
      // Someone else saves meanwhile (no If-Match: last write wins, as before issue 12).
      expect((await owner.put(`/api/${record.path}/${id}`, update(1))).status).toBe(200);
      const revision = await streamRevision(stream);
      const before = await countEvents(app.sql);

      const stale = await owner.request("PUT", `/api/${record.path}/${id}`, update(2), { "If-Match": opened });
      expect(stale.status).toBe(412);
      expect(stale.body).toMatchObject({ code: "STALE_REVISION", message: "This record changed since you opened it", revision });
      const now = await owner.get(`/api/${record.path}/${id}`);
      expect(stale.body.current).toEqual(now.body);
      expect(now.headers.get("etag")).toBe(`"${revision}"`);
      expect(await streamRevision(stream)).toBe(revision);
      expect(await countEvents(app.sql)).toBe(before);

      // The delete (an invoice's status change) is held to it too.
      const removeStale = record.remove
        ? await record.remove(owner, id, { "If-Match": opened })
        : await owner.request("DELETE", `/api/${record.path}/${id}`, undefined, { "If-Match": opened });
      expect(removeStale.status).toBe(412);
      expect(removeStale.body).toMatchObject({ code: "STALE_REVISION", revision, current: now.body });
      expect(await countEvents(app.sql)).toBe(before);
      const removed = record.remove
        ? await record.remove(owner, id, { "If-Match": `"${revision}"` })
        : await owner.request("DELETE", `/api/${record.path}/${id}`, undefined, { "If-Match": `"${revision}"` });
      expect(removed.status, JSON.stringify(removed.body)).toBe(record.remove ? 200 : 204);
    });

    it("an If-Match that is not a revision is a 400 naming the header, and appends nothing", async () => {
      const { id, update } = await record.create(owner);
      const before = await countEvents(app.sql);
      for (const value of ['W/"0"', "abc", '"1", "2"', '"-1"']) {
        const refused = await owner.request("PUT", `/api/${record.path}/${id}`, update(1), { "If-Match": value });
        expect(refused.status, value).toBe(400);
        expect(refused.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "headers.If-Match" }] });
      }
      expect(await countEvents(app.sql)).toBe(before);
    });
  });

  it("someone else's record stays not found, whatever the If-Match", async () => {
    const id = await customerOf(owner);
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    const refused = await stranger.request("PUT", `/api/customers/${id}`, { stateCode: "27", name: "Mine now" }, { "If-Match": '"7"' });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("NOT_FOUND");
    expect(refused.body.current).toBeUndefined();
  });

  /** The revision the product's document in the active generation keeps. */
  const storedRevision = async (id: string) => {
    const [row] = await app.sql.query<{ revision: number | null }>(
      `SELECT d.revision FROM bahi_rm_documents d JOIN bahi_rm_generations g ON g.generation = d.generation AND g.status = 'active'
        WHERE d.collection = 'products' AND d.id = $1`,
      [id],
    );
    return row?.revision ?? null;
  };

  it("the ETag is the revision the projector keeps in the record's document, not a read of its stream", async () => {
    const code = sku();
    const id = (await owner.post("/api/products", product("Hair oil", code))).body.id as string;
    expect((await owner.put(`/api/products/${id}`, { ...product("Hair oil 2", code), stock: undefined })).status).toBe(200);
    const revision = await streamRevision(`product-${id}`);
    await expect.poll(() => storedRevision(id)).toBe(revision);
    // The read answers what the document keeps: a kept revision changed under it shows.
    await app.sql.query("UPDATE bahi_rm_documents SET revision = 41 WHERE collection = 'products' AND id = $1", [id]);
    expect((await owner.get(`/api/products/${id}`)).headers.get("etag")).toBe('"41"');
    // A document projected before revisions were kept has none: the stream gives it.
    await app.sql.query("UPDATE bahi_rm_documents SET revision = NULL WHERE collection = 'products' AND id = $1", [id]);
    expect((await owner.get(`/api/products/${id}`)).headers.get("etag")).toBe(`"${revision}"`);
  });

  it("an event of the record's stream that its read model does not handle still moves the ETag (a SKU change that lost its SKU)", async () => {
    const code = sku();
    const id = (await owner.post("/api/products", product("Hair oil", code))).body.id as string;
    const stream = `product-${id}`;
    // Another process started a SKU change on the product's stream, lost the SKU and compensated
    // there: two events the products read model does not handle.
    const recorded = await app.stores.eventStore.readStream(stream);
    const last = recorded.at(-1)!;
    const change = { productId: id, ownerId: last.metadata.userId!, fromSku: code, toSku: "TAKEN-1" };
    const at = new Date().toISOString();
    const metadata = { ...last.metadata, causationId: null, occurredAt: at };
    await app.stores.eventStore.appendToStream(
      stream,
      [
        { id: randomUUID(), type: "ProductSkuChangeStarted", data: { ...change, startedAt: at }, metadata },
        { id: randomUUID(), type: "ProductSkuChangeCompensated", data: { ...change, compensatedAt: at }, metadata },
      ],
      last.revision,
    );
    const revision = last.revision + 2;
    await expect.poll(() => storedRevision(id)).toBe(revision);
    const read = await owner.get(`/api/products/${id}`);
    expect(read.headers.get("etag")).toBe(`"${revision}"`);
    // The form opened now saves with the ETag it was given.
    const saved = await owner.request("PUT", `/api/products/${id}`, { ...product("Hair oil 2", code), stock: undefined }, { "If-Match": read.headers.get("etag")! });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("a delivery challan's read answers its stream's revision too", async () => {
    const customerId = await customerOf(owner);
    const oil = (await owner.post("/api/products", product("Hair oil", sku()))).body.id as string;
    const challan = await owner.post("/api/delivery-challans", { customerId, purpose: "job_work", items: [{ productId: oil, quantity: 2 }] });
    expect(challan.status, JSON.stringify(challan.body)).toBe(201);
    const read = await owner.get(`/api/delivery-challans/${challan.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("etag")).toBe(`"${await streamRevision(`challan-${challan.body.id}`)}"`);
  });
});
