import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivedId, fingerprintOf, personScope } from "@bahi/command-api";
import { streams } from "@bahi/shared/events";
import { StoreUnavailableError } from "@bahi/shared/server";
import { ApiClient, type ApiResponse } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { eventsOfType } from "../support/reservations.ts";

/**
 * Issue 12 (DESIGN.md "Commands are safe to retry and to race"): a command sent again with the
 * same Idempotency-Key within 24 h gets the first answer, byte for byte, and appends nothing.
 */
const postgresSkipReason = await postgresUnavailableReason();

const START = new Date("2026-06-10T06:30:00Z");
const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

const keyed = (client: ApiClient, method: string, path: string, key: string, body?: unknown) => client.request(method, path, body, { "Idempotency-Key": key });

/** Everything a replay must repeat: status, the headers that matter, the very body. */
function answerOf(response: ApiResponse) {
  const headers = ["content-type", "content-length", "x-bahi-position", "location", "etag"].map((name) => [name, response.headers.get(name)]);
  return { status: response.status, headers: Object.fromEntries(headers), body: response.body };
}

async function streamLength(app: TestApp, streamId: string): Promise<number> {
  return (await app.stores.eventStore.readStream(streamId)).length;
}

async function signedIn(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const user = await owner.register();
  return { owner, userId: user.id as string, scope: personScope(user.id, user.id) };
}

/** A registered business with a GSTIN, a product and a customer: an invoice body ready to send. */
async function invoicing(app: TestApp) {
  const business = await signedIn(app);
  const { owner } = business;
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" })).status).toBe(200);
  const product = await owner.post("/api/products", { name: "Pen", sku: `PEN-${randomUUID().slice(0, 8)}`, category: "Books", price: "100", stock: 100, hsnCode: "9608" });
  const customer = await owner.post("/api/customers", { name: "Regular", stateCode: "27" });
  expect([product.status, customer.status]).toEqual([201, 201]);
  const items = [{ productId: product.body.id, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }];
  return { ...business, invoice: { customerId: customer.body.id, dueDate: null, items, subtotal: "100.00", gstAmount: "18.00", total: "118.00" } };
}

describe("Idempotency-Key on commands (PGlite)", () => {
  let app: TestApp;
  let now = START;
  beforeAll(async () => {
    app = await startTestApp("pglite", { clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a customer created twice with one key: the same answer, one customer, one event, the second marked replayed", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    const body = { name: "Mehta Traders", stateCode: "27" };
    const first = await keyed(owner, "POST", "/api/customers", key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const before = await countEvents(app.sql);

    const again = await keyed(owner, "POST", "/api/customers", key, body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(again.headers.get("x-bahi-position")).not.toBeNull();
    expect(await countEvents(app.sql)).toBe(before);
    expect(await streamLength(app, streams.customer(first.body.id))).toBe(1);
    const listed = (await owner.get("/api/customers")).body as { name: string }[];
    expect(listed.filter((c) => c.name === "Mehta Traders")).toHaveLength(1);
  });

  it("the same key for another body, method or URL: 422 IDEMPOTENCY_KEY_REUSED and nothing appended", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    expect((await keyed(owner, "POST", "/api/customers", key, { name: "First", stateCode: "27" })).status).toBe(201);
    const before = await countEvents(app.sql);
    const otherBody = await keyed(owner, "POST", "/api/customers", key, { name: "Second", stateCode: "27" });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const otherRoute = await keyed(owner, "POST", "/api/vendors", key, { name: "First", stateCode: "27" });
    expect([otherRoute.status, otherRoute.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("an invoice created again with its key: one invoice, one number taken from the series", async () => {
    const { owner, userId, invoice } = await invoicing(app);
    const key = randomUUID();
    const first = await keyed(owner, "POST", "/api/invoices", key, invoice);
    expect(first.status).toBe(201);
    const again = await keyed(owner, "POST", "/api/invoices", key, invoice);
    expect(answerOf(again)).toEqual(answerOf(first));

    const created = (await eventsOfType(app.sql, ["InvoiceCreated"])).filter((e) => e.data.ownerId === userId);
    expect(created).toHaveLength(1);
    const issued = (await eventsOfType(app.sql, ["DocumentNumberIssued"])).filter((e) => e.stream_id.includes(userId));
    expect(issued.map((e) => e.data.number)).toEqual([first.body.invoiceNumber]);
    const next = await owner.get("/api/invoices/next-number");
    expect(next.body.number).not.toBe(first.body.invoiceNumber);
    expect(next.body.number.endsWith("0002")).toBe(true);
  });

  it("an update and a delete sent again with their keys are recorded once (a second delete would be a 404)", async () => {
    const { owner } = await signedIn(app);
    const created = await owner.post("/api/customers", { name: "Old Name", stateCode: "27" });
    const stream = streams.customer(created.body.id);
    const putKey = randomUUID();
    const update = { name: "New Name", stateCode: "27" };
    const put = await keyed(owner, "PUT", `/api/customers/${created.body.id}`, putKey, update);
    expect(put.status).toBe(200);
    const putAgain = await keyed(owner, "PUT", `/api/customers/${created.body.id}`, putKey, update);
    expect([putAgain.status, putAgain.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(answerOf(putAgain)).toEqual(answerOf(put));
    expect(await streamLength(app, stream)).toBe(2);

    const deleteKey = randomUUID();
    const removed = await keyed(owner, "DELETE", `/api/customers/${created.body.id}`, deleteKey);
    expect(removed.status).toBe(204);
    const removedAgain = await keyed(owner, "DELETE", `/api/customers/${created.body.id}`, deleteKey);
    expect([removedAgain.status, removedAgain.headers.get("idempotent-replayed")]).toEqual([204, "true"]);
    expect(await streamLength(app, stream)).toBe(3);
    // Without the key, the same delete is a new command: the customer is gone.
    expect((await owner.delete(`/api/customers/${created.body.id}`)).status).toBe(404);
  });

  it("a 4xx answer is an answer: the retry gets the same refusal without running again", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    const missing = `/api/customers/${randomUUID()}`;
    const first = await keyed(owner, "PUT", missing, key, { name: "Nobody", stateCode: "27" });
    expect([first.status, first.body.code]).toEqual([404, "NOT_FOUND"]);
    const again = await keyed(owner, "PUT", missing, key, { name: "Nobody", stateCode: "27" });
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([404, "true"]);
    expect(again.body).toEqual(first.body);
  });

  it("a 5xx is no answer: the claim is released and the retry with the same key runs the command", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    const body = { name: "Unlucky Traders", stateCode: "27" };
    const eventStore = app.stores.eventStore;
    const append = eventStore.appendToStream;
    eventStore.appendToStream = async () => {
      throw new StoreUnavailableError("Database unavailable (test)");
    };
    try {
      const failed = await keyed(owner, "POST", "/api/customers", key, body);
      expect([failed.status, failed.body.code]).toEqual([503, "STORE_UNAVAILABLE"]);
    } finally {
      eventStore.appendToStream = append;
    }
    const retried = await keyed(owner, "POST", "/api/customers", key, body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await streamLength(app, streams.customer(retried.body.id))).toBe(1);
  });

  it("a sign-in is never kept (its cookie is a credential): the same key signs in again with a session of its own", async () => {
    const visitor = new ApiClient(app.baseUrl);
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`;
    await visitor.register({ email });
    const key = randomUUID();
    const credentials = { email, password: "secret123" };
    const first = await keyed(new ApiClient(app.baseUrl), "POST", "/api/auth/login", key, credentials);
    const again = await keyed(new ApiClient(app.baseUrl), "POST", "/api/auth/login", key, credentials);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.headers.get("set-cookie")).toBeTruthy();
    expect(again.headers.get("set-cookie")).not.toBe(first.headers.get("set-cookie"));
  });

  it("a key that is empty, longer than 200 characters or not printable ASCII: 400 naming the header, nothing appended", async () => {
    const { owner } = await signedIn(app);
    const before = await countEvents(app.sql);
    for (const key of ["", "k".repeat(201), "clé", "a\tb"]) {
      const response = await keyed(owner, "POST", "/api/customers", key, { name: "Bad Key", stateCode: "27" });
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_FAILED");
      expect(response.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.stringContaining("Idempotency-Key") }]);
    }
    expect(await countEvents(app.sql)).toBe(before);
    expect((await keyed(owner, "POST", "/api/customers", "k".repeat(200), { name: "Long Key", stateCode: "27" })).status).toBe(201);
  });

  it("while the first is still running the retry is told so (409); a claim 30 s old without an answer is taken over with the ids derived from the key", async () => {
    const { owner, scope } = await signedIn(app);
    const key = randomUUID();
    const body = { name: "Crashed Traders", stateCode: "27" };
    const fingerprint = fingerprintOf("POST", "/api/customers", JSON.stringify(body));
    // A process claimed the key and died before appending anything.
    expect(await app.stores.idempotency.claim(scope, key, fingerprint, now)).toEqual({ kind: "claimed", rerun: false });

    const running = await keyed(owner, "POST", "/api/customers", key, body);
    expect([running.status, running.body.code]).toEqual([409, "IDEMPOTENCY_IN_PROGRESS"]);
    expect(running.headers.get("retry-after")).toBe("1");

    now = new Date(now.getTime() + 31 * SECOND);
    const rerun = await keyed(owner, "POST", "/api/customers", key, body);
    expect(rerun.status).toBe(201);
    expect(rerun.body.id).toBe(derivedId(scope, key, fingerprint, 0));
    const recorded = await app.stores.eventStore.readStream(streams.customer(rerun.body.id));
    expect(recorded.map((e) => e.id)).toEqual([derivedId(scope, key, fingerprint, 1)]);
    expect(answerOf(await keyed(owner, "POST", "/api/customers", key, body))).toEqual(answerOf(rerun));
  });

  it("a process that died after appending but before keeping its answer: the re-run appends nothing and answers as the first run did", async () => {
    const { owner, scope } = await signedIn(app);
    const key = randomUUID();
    const body = { name: "Half Done", stateCode: "27" };
    const first = await keyed(owner, "POST", "/api/customers", key, body);
    expect(first.status).toBe(201);
    const before = await countEvents(app.sql);
    // Its answer was never kept: only its claim is left, taken 31 s ago.
    await app.sql.query("DELETE FROM bahi_idempotency WHERE scope = $1 AND key = $2", [scope, key]);
    const fingerprint = fingerprintOf("POST", "/api/customers", JSON.stringify(body));
    await app.stores.idempotency.claim(scope, key, fingerprint, new Date(now.getTime() - 31 * SECOND));

    const rerun = await keyed(owner, "POST", "/api/customers", key, body);
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get("idempotent-replayed")).toBeNull();
    expect(rerun.body.id).toBe(first.body.id);
    expect(rerun.headers.get("x-bahi-position")).toBe(first.headers.get("x-bahi-position"));
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("an invoice whose process died after recording everything: the re-run takes no second number and creates no second invoice", async () => {
    const { owner, userId, scope, invoice } = await invoicing(app);
    const key = randomUUID();
    const first = await keyed(owner, "POST", "/api/invoices", key, invoice);
    expect(first.status).toBe(201);
    const before = await countEvents(app.sql);
    await app.sql.query("DELETE FROM bahi_idempotency WHERE scope = $1 AND key = $2", [scope, key]);
    await app.stores.idempotency.claim(scope, key, fingerprintOf("POST", "/api/invoices", JSON.stringify(invoice)), new Date(now.getTime() - 31 * SECOND));

    const rerun = await keyed(owner, "POST", "/api/invoices", key, invoice);
    expect(rerun.status).toBe(201);
    expect([rerun.body.id, rerun.body.invoiceNumber]).toEqual([first.body.id, first.body.invoiceNumber]);
    expect(await countEvents(app.sql)).toBe(before);
    expect((await eventsOfType(app.sql, ["InvoiceCreated"])).filter((e) => e.data.ownerId === userId)).toHaveLength(1);
  });

  it("after 24 h the key is forgotten: the sweep deletes it and the key can name a new request", async () => {
    const { owner, scope } = await signedIn(app);
    const key = randomUUID();
    expect((await keyed(owner, "POST", "/api/customers", key, { name: "Day One", stateCode: "27" })).status).toBe(201);
    now = new Date(now.getTime() + 23 * HOUR);
    expect((await keyed(owner, "POST", "/api/customers", key, { name: "Day Two", stateCode: "27" })).status).toBe(422);
    expect(await app.stores.idempotency.deleteExpired(now)).toBe(0);

    now = new Date(now.getTime() + 1 * HOUR + SECOND);
    const kept = async () => (await app.sql.query("SELECT 1 FROM bahi_idempotency WHERE scope = $1 AND key = $2", [scope, key])).length;
    expect(await kept()).toBe(1);
    expect(await app.stores.idempotency.deleteExpired(now)).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(0);
    const dayTwo = await keyed(owner, "POST", "/api/customers", key, { name: "Day Two", stateCode: "27" });
    expect([dayTwo.status, dayTwo.body.name]).toEqual([201, "Day Two"]);
  });

  it("an expired key is claimed afresh even before the sweep has run", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    const first = await keyed(owner, "POST", "/api/customers", key, { name: "Before", stateCode: "27" });
    now = new Date(now.getTime() + 24 * HOUR + SECOND);
    const later = await keyed(owner, "POST", "/api/customers", key, { name: "After", stateCode: "27" });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });
});

describe.skipIf(postgresSkipReason !== null)("Idempotency-Key on commands (PostgreSQL)", () => {
  const backend: Backend = "postgres";
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a retried create is replayed, and two racing sends of one key record one customer", async () => {
    const { owner } = await signedIn(app);
    const key = randomUUID();
    const body = { name: "Postgres Traders", stateCode: "27" };
    const first = await keyed(owner, "POST", "/api/customers", key, body);
    expect(first.status).toBe(201);
    const before = await countEvents(app.sql);
    const again = await keyed(owner, "POST", "/api/customers", key, body);
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(await countEvents(app.sql)).toBe(before);

    const raceKey = randomUUID();
    const race = { name: "Racing Traders", stateCode: "27" };
    const answers = await Promise.all(Array.from({ length: 4 }, () => keyed(owner, "POST", "/api/customers", raceKey, race)));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const ran = answers.filter((a) => a.status === 201);
    expect(new Set(ran.map((a) => a.body.id)).size).toBe(1);
    expect(await countEvents(app.sql)).toBe(before + 1);
  });
});
