import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf, seriesNumber } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { financialYearOf } from "@bahi/shared/returns";
import { waitForProjection, type EventStore, type NewEvent, type ReadStreamOptions, type Stores } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { serveTestApp, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import type { RunningBahi } from "../../bin/server.ts";

/**
 * Issue 38: no command's cost grows with the history of the streams it decides on. Counted
 * through the event store port (what each readStream answered) and the command process's folds
 * (StreamStates' counters), on a process that has decided on the streams before and on one
 * started afresh over the same store (its snapshots).
 */
const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const GSTIN = "27AAPFU0939F1ZV";
const today = indianDateOf(new Date());
const financialYear = financialYearOf(today);
const HISTORY = 10_000;
/** What a decision may read and fold, all streams together, however long their history. */
const BOUND = 60;

/** The event store port, counting the events each read answers, by stream. */
class CountingEventStore implements EventStore {
  readonly read = new Map<string, number>();
  constructor(private readonly inner: EventStore) {}
  async readStream(streamId: string, options?: ReadStreamOptions) {
    const events = await this.inner.readStream(streamId, options);
    this.read.set(streamId, (this.read.get(streamId) ?? 0) + events.length);
    return events;
  }
  appendToStream(...args: Parameters<EventStore["appendToStream"]>) {
    return this.inner.appendToStream(...args);
  }
  total(): number {
    return [...this.read.values()].reduce((sum, n) => sum + n, 0);
  }
}

const event = (type: string, data: unknown, userId: string): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { userId, businessId: userId, actor: `user:${userId}`, causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/**
 * Appends `count` events made by `make(i)` to the stream, in batches, after what it holds, and
 * waits until the read models have them (a sale's stock check reads the products read model).
 */
async function appendHistory(stores: Stores, streamId: string, count: number, make: (i: number) => NewEvent): Promise<void> {
  const held = (await stores.eventStore.readStream(streamId)).length;
  let position: string | null = null;
  for (let from = 0; from < count; from += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => make(from + i));
    ({ position } = await stores.eventStore.appendToStream(streamId, batch, held + from === 0 ? "no_stream" : held + from - 1));
  }
  expect(await waitForProjection(stores.readStore, position, 120_000)).toBe(true);
}

interface Counted {
  status: number;
  read: number;
  folded: number;
  readOf: (streamId: string) => number;
  body: { invoiceNumber?: string };
}

describe.each(backends)("what a command reads and folds at the 10,001st invoice (issue 38) on %s", (backend) => {
  let app: TestApp;
  let counting: CountingEventStore;
  let running: RunningBahi;
  let baseUrl: string;

  /** A process of its own over the app's stores, every read counted. */
  async function startProcess(stores: Stores): Promise<void> {
    counting = new CountingEventStore(stores.eventStore);
    ({ bahi: running, baseUrl } = await serveTestApp({ ...stores, eventStore: counting }));
  }

  beforeAll(async () => {
    app = await startTestApp(backend, { roles: ["read-api", "projector"] });
    await startProcess(app.stores);
  });
  afterAll(async () => {
    await running?.close();
    await app?.close();
  });

  /** One request, with what it read (through the port) and folded (in the command process). */
  async function counted(send: () => Promise<{ status: number; body: Record<string, unknown> }>): Promise<Counted> {
    counting.read.clear();
    const before = { ...running.streamStates.counters };
    const response = await send();
    const readOf = (streamId: string) => counting.read.get(streamId) ?? 0;
    return { status: response.status, body: response.body, read: counting.total(), folded: running.streamStates.counters.eventsFolded - before.eventsFolded, readOf };
  }

  async function business() {
    // Commands to the counted process (whichever runs now), reads to the app's read API.
    const owner = new ApiClient(app.baseUrl, { commandUrl: baseUrl });
    const now = () => Object.assign(new ApiClient(app.baseUrl, { commandUrl: baseUrl }), { cookie: owner.cookie, position: owner.position });
    const user = await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Lakh Traders", gstNumber: GSTIN })).status).toBe(200);
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const product = await owner.post("/api/products", { name: "Pen", sku: `PEN-${randomUUID().slice(0, 8)}`, category: "Books", price: "100", stock: 1_000_000, hsnCode: "9608" });
    const customer = await owner.post("/api/customers", { name: "Regular", stateCode: "27" });
    expect([product.status, customer.status]).toEqual([201, 201]);
    const userId = user.id as string;
    const productId = product.body.id as string;
    const invoice = () =>
      now().post("/api/invoices", {
        customerId: customer.body.id,
        dueDate: null,
        items: [{ productId, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }],
        subtotal: "100.00",
        gstAmount: "18.00",
        total: "118.00",
      });
    return { owner, userId, productId, invoice };
  }

  /**
   * The request again on the process that has decided on `stream` (only what came after the state
   * it keeps), then on a new process over the same store (the snapshot and the events after it).
   */
  async function warmThenRestarted(send: () => Promise<{ status: number; body: Record<string, unknown> }>, stream: string): Promise<[Counted, Counted]> {
    const warm = await counted(send);
    expect(warm.status).toBe(201);
    expect(warm.readOf(stream)).toBe(0);
    await running.close();
    await startProcess(app.stores);
    const restarted = await counted(send);
    expect(restarted.status).toBe(201);
    expect(restarted.readOf(stream)).toBeLessThanOrEqual(2);
    expect(running.streamStates.counters.snapshotsLoaded).toBeGreaterThan(0);
    for (const { read, folded } of [warm, restarted]) {
      expect(read).toBeLessThan(BOUND);
      expect(folded).toBeLessThan(BOUND);
    }
    return [warm, restarted];
  }

  it("creates the 10,001st invoice of a series reading and folding a bounded number of events, warm and after a restart", { timeout: 180_000 }, async () => {
    const { userId, invoice } = await business();
    const series = streams.documentSeries(userId, "invoice", GSTIN, financialYear);
    // 9,999 numbers issued before: the series' history (their invoices are not needed to decide).
    await appendHistory(app.stores, series, HISTORY - 1, (i) =>
      event(
        "DocumentNumberIssued",
        {
          userId,
          series: "invoice",
          gstin: GSTIN,
          financialYear,
          sequence: i + 1,
          number: seriesNumber("INV", financialYear, i + 1),
          documentId: randomUUID(),
          documentDate: today,
          issuedAt: new Date().toISOString(),
        },
        userId,
      ),
    );

    // The 10,000th: this process has never seen the series, and no snapshot of it exists yet.
    const cold = await counted(invoice);
    expect(cold.status, JSON.stringify(cold.body)).toBe(201);
    expect(cold.body.invoiceNumber).toBe(seriesNumber("INV", financialYear, HISTORY));
    expect(cold.readOf(series)).toBe(HISTORY - 1);

    // The 10,001st on the same process, and the 10,002nd on a new one.
    const [warm, restarted] = await warmThenRestarted(invoice, series);
    expect([warm.body.invoiceNumber, restarted.body.invoiceNumber]).toEqual([seriesNumber("INV", financialYear, HISTORY + 1), seriesNumber("INV", financialYear, HISTORY + 2)]);
  });

  it("sells a product with 10,000 stock movements reading and folding a bounded number of events, warm and after a restart", { timeout: 180_000 }, async () => {
    const { userId, productId, invoice } = await business();
    const product = streams.product(productId);
    await appendHistory(app.stores, product, HISTORY, (i) =>
      event("StockAdjusted", { productId, ownerId: userId, quantityDelta: i % 2 === 0 ? 3 : -1, reason: "recount", adjustedAt: new Date().toISOString() }, userId),
    );

    const cold = await counted(invoice);
    expect(cold.status, JSON.stringify(cold.body)).toBe(201);
    expect(cold.readOf(product)).toBeGreaterThanOrEqual(HISTORY);

    await warmThenRestarted(invoice, product);
  });
});
