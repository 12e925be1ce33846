import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, snapshotReadModels, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const VALID_GSTIN = "27AAPFU0939F1ZV";

describe.each(backends)("the spine over HTTP on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  const client = () => new ApiClient(app.baseUrl);

  it("registers, logs in and out, and knows who is signed in", async () => {
    const asha = client();
    const user = await asha.register({ email: "  Asha.Rao@Example.com ", companyName: "Rao Stores", phone: "98450 00000" });
    expect(user).toMatchObject({ email: "asha.rao@example.com", firstName: "Asha", lastName: "Rao", companyName: "Rao Stores", subscriptionPlan: "free", invoiceLimit: 10 });
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/i);
    expect((await asha.get("/api/auth/me")).body).toMatchObject({ id: user.id, email: "asha.rao@example.com" });

    const logout = await asha.post("/api/auth/logout");
    expect(logout.status).toBe(204);
    expect(asha.cookie).toBeNull();
    expect((await asha.get("/api/auth/me")).status).toBe(401);

    expect((await asha.post("/api/auth/login", { email: "asha.rao@example.com", password: "wrong-one" })).body).toEqual({
      code: "INVALID_CREDENTIALS",
      message: "Invalid email or password",
    });
    expect((await asha.post("/api/auth/login", { email: "nobody@example.com", password: "secret123" })).status).toBe(401);
    const login = await asha.post("/api/auth/login", { email: "ASHA.RAO@example.com", password: "secret123" });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(user.id);
    expect((await asha.get("/api/auth/me")).body.id).toBe(user.id);
  });

  it("refuses a second account with the same email, even when both race", async () => {
    const email = `race-${Date.now()}@example.com`;
    const attempts = await Promise.all(Array.from({ length: 6 }, () => client().post("/api/auth/register", { email, password: "secret123", firstName: "A", lastName: "B" })));
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(attempts.find((a) => a.status === 409)!.body).toEqual({ code: "EMAIL_TAKEN", message: "An account with this email already exists" });
  });

  it("creates, updates and deletes customers and vendors, and the lists follow at once", async () => {
    const owner = client();
    await owner.register();
    const created = await owner.post("/api/customers", {
      name: "Ravi Traders",
      email: "ravi@example.com",
      phone: "022 2222",
      address: "Pune",
      gstNumber: VALID_GSTIN.toLowerCase(),
      creditLimit: "50000.5",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-bahi-position")).toMatch(/^\d+:\d+$/);
    expect(created.body).toMatchObject({ name: "Ravi Traders", gstNumber: VALID_GSTIN, creditLimit: "50000.50" });

    let customers = (await owner.get("/api/customers")).body;
    expect(customers).toEqual([created.body]);

    const updated = await owner.put(`/api/customers/${created.body.id}`, { stateCode: "27", name: "Ravi Traders Pvt Ltd", creditLimit: 0 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: "Ravi Traders Pvt Ltd", email: null, creditLimit: "0.00" });
    customers = (await owner.get("/api/customers")).body;
    expect(customers).toEqual([updated.body]);
    expect((await owner.get(`/api/customers/${created.body.id}`)).body).toEqual(updated.body);

    const vendor = await owner.post("/api/vendors", { name: "Shah Supplies", gstNumber: "29AABCR1718E1ZL" });
    expect(vendor.status).toBe(201);
    expect((await owner.get("/api/vendors")).body).toEqual([vendor.body]);
    const vendorUpdated = await owner.put(`/api/vendors/${vendor.body.id}`, { name: "Shah Supplies", email: "shah@example.com" });
    expect(vendorUpdated.body).toMatchObject({ email: "shah@example.com", gstNumber: null });

    expect((await owner.delete(`/api/customers/${created.body.id}`)).status).toBe(204);
    expect((await owner.get("/api/customers")).body).toEqual([]);
    expect((await owner.get(`/api/customers/${created.body.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/customers/${created.body.id}`)).status).toBe(404);
    expect((await owner.put(`/api/customers/${created.body.id}`, { stateCode: "27", name: "Back" })).status).toBe(404);

    expect((await owner.delete(`/api/vendors/${vendor.body.id}`)).status).toBe(204);
    expect((await owner.get("/api/vendors")).body).toEqual([]);
  });

  it("keeps each business's records to itself", async () => {
    const asha = client();
    const ravi = client();
    const ashaUser = await asha.register();
    const raviUser = await ravi.register();
    const customer = (await asha.post("/api/customers", { stateCode: "27", name: "Asha's customer" })).body;
    const vendor = (await asha.post("/api/vendors", { name: "Asha's vendor" })).body;

    ravi.position = asha.position;
    expect((await ravi.get("/api/customers")).body).toEqual([]);
    expect((await ravi.get("/api/vendors")).body).toEqual([]);
    expect((await ravi.get(`/api/customers/${customer.id}`)).status).toBe(404);
    expect((await ravi.get(`/api/vendors/${vendor.id}`)).status).toBe(404);
    expect((await ravi.put(`/api/customers/${customer.id}`, { stateCode: "27", name: "Stolen" })).status).toBe(404);
    expect((await ravi.delete(`/api/customers/${customer.id}`)).status).toBe(404);
    expect((await ravi.put(`/api/vendors/${vendor.id}`, { name: "Stolen" })).status).toBe(404);
    expect((await ravi.delete(`/api/vendors/${vendor.id}`)).status).toBe(404);

    // The x-user-id header is never trusted: not without a session, not over another session.
    const anonymous = client();
    expect((await anonymous.request("GET", "/api/customers", undefined, { "x-user-id": ashaUser.id })).status).toBe(401);
    expect((await anonymous.request("POST", "/api/customers", { stateCode: "27", name: "x" }, { "x-user-id": ashaUser.id })).status).toBe(401);
    const spoofed = await ravi.request("GET", "/api/customers", undefined, { "x-user-id": ashaUser.id });
    expect(spoofed.body).toEqual([]);
    expect(raviUser.id).not.toBe(ashaUser.id);

    // A forged or tampered cookie is no session at all.
    const forger = client();
    forger.cookie = asha.cookie!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await forger.get("/api/customers")).status).toBe(401);
    expect((await asha.get("/api/customers")).body).toEqual([customer]);
  });

  it("reads its own writes: a read carrying X-Bahi-After waits for the projector", async () => {
    const owner = client();
    await owner.register();
    await app.bahi.projector!.stop();
    try {
      const created = await owner.post("/api/customers", { stateCode: "27", name: "Written while the projector sleeps" });
      expect(created.status).toBe(201);
      const stale = await new ApiClient(app.baseUrl, { readYourWrites: false });
      stale.cookie = owner.cookie;
      expect((await stale.get("/api/customers")).body).toEqual([]);

      const waiting = owner.get("/api/customers");
      await new Promise((resolve) => setTimeout(resolve, 300));
      app.bahi.projector!.start();
      const fresh = await waiting;
      expect(fresh.body).toEqual([created.body]);
      expect(fresh.headers.get("x-bahi-stale")).toBeNull();
    } finally {
      app.bahi.projector!.start();
    }
  });

  it("rejects bad input with clear messages and appends nothing", async () => {
    const owner = client();
    await owner.register();
    const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Valid" })).body;
    const before = await countEvents(app.sql);

    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ["POST", "/api/customers", {}, 400, /Name is required/],
      ["POST", "/api/customers", { stateCode: "27", name: "   " }, 400, /Name is required/],
      ["POST", "/api/customers", { stateCode: "27", name: "A", email: "not-an-email" }, 400, /Please enter a valid email address/],
      ["POST", "/api/customers", { name: "A", gstNumber: "27AAPFU0939F1ZO" }, 400, /check character/],
      ["POST", "/api/customers", { name: "A", gstNumber: "39AAPFU0939F1ZQ" }, 400, /state code/],
      ["POST", "/api/customers", { stateCode: "27", name: "A", creditLimit: "-5" }, 400, /Credit limit must be an amount/],
      ["POST", "/api/customers", { stateCode: "27", name: "A", creditLimit: "12.345" }, 400, /Credit limit must be an amount/],
      ["POST", "/api/customers", { stateCode: "27", name: "A", creditLimit: "1e5" }, 400, /Credit limit must be an amount/],
      ["POST", "/api/customers", { stateCode: "27", name: 42 }, 400, /Expected text|Name/],
      ["POST", "/api/customers", { stateCode: "27", name: "x".repeat(201) }, 400, /at most 200/],
      ["POST", "/api/customers", "{not json", 400, /not valid JSON/],
      ["POST", "/api/customers", "[1,2,3]", 400, /./],
      ["POST", "/api/customers", "null", 400, /./],
      ["PUT", `/api/customers/${customer.id}`, { stateCode: "27", name: "" }, 400, /Name is required/],
      ["PUT", "/api/customers/not-a-uuid", { name: "A" }, 404, /Customer not found/],
      ["DELETE", "/api/vendors/not-a-uuid", undefined, 404, /Vendor not found/],
      ["POST", "/api/vendors", { email: "x@y.z" }, 400, /Name is required/],
      [
        "POST",
        "/api/auth/register",
        { email: "bad", password: "123", firstName: "", lastName: "" },
        400,
        /Please enter a valid email address, Password must be at least 6 characters, First name is required, Last name is required/,
      ],
      ["POST", "/api/auth/register", {}, 400, /Please enter a valid email address/],
      ["POST", "/api/auth/login", { email: "", password: "" }, 400, /Please enter a valid email address, Password is required/],
      ["POST", "/api/customers", { stateCode: "27", name: "A".repeat(10), address: "x".repeat(200_000) }, 413, /too large/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const response = await owner.request(method, path, body);
      expect({ path, body: typeof body === "string" ? body : JSON.stringify(body)?.slice(0, 80), status: response.status }).toEqual({
        path,
        body: typeof body === "string" ? body : JSON.stringify(body)?.slice(0, 80),
        status,
      });
      expect(response.body.message).toMatch(message);
      if (status === 400 && typeof body === "object" && body !== null) expect(Array.isArray(response.body.errors)).toBe(true);
    }
    const wrongType = await owner.request("POST", "/api/customers", undefined, { "content-type": "text/plain" });
    expect(wrongType.status).toBe(400);
    const textBody = await fetch(`${app.baseUrl}/api/customers`, { method: "POST", headers: { "content-type": "text/plain", cookie: owner.cookie! }, body: "name=A" });
    expect(textBody.status).toBe(415);
    expect((await owner.get("/api/nothing-here")).status).toBe(404);

    expect(await countEvents(app.sql)).toBe(before);
  });

  it("answers a version race with 409 and records only the winners", async () => {
    const owner = client();
    await owner.register();
    const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Contended" })).body;
    const before = await countEvents(app.sql);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.put(`/api/customers/${customer.id}`, { stateCode: "27", name: `Name ${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const winners = statuses.filter((s) => s === 200).length;
    expect(await countEvents(app.sql)).toBe(before + winners);
    const conflict = results.find((r) => r.status === 409);
    if (conflict) expect(conflict.body.message).toMatch(/changed at the same time/);
  });

  it("rebuilds read models identical to the ones kept live", async () => {
    const owner = client();
    await owner.register();
    for (let i = 0; i < 5; i++) await owner.post("/api/customers", { stateCode: "27", name: `Customer ${i}`, creditLimit: `${i}000` });
    const doomed = (await owner.post("/api/vendors", { name: "Short-lived" })).body;
    await owner.delete(`/api/vendors/${doomed.id}`);
    await owner.get("/api/customers");
    await app.bahi.projector!.catchUp();

    const live = await snapshotReadModels(app.sql);
    const { events } = await app.bahi.projector!.rebuild();
    expect(events).toBeGreaterThan(0);
    const rebuilt = await snapshotReadModels(app.sql);
    expect(rebuilt).toEqual(live);
    expect((await owner.get("/api/customers")).body).toHaveLength(5);
  });
});

describe("login and registration are rate limited", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { authLimits: { perIp: 100, perEmail: 3, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("per email", async () => {
    const attacker = new ApiClient(app.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attacker.post("/api/auth/login", { email: "victim@example.com", password: `guess${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await attacker.post("/api/auth/login", { email: "victim@example.com", password: "x" });
    expect(limited.body.message).toMatch(/Too many attempts/);
    expect((await attacker.post("/api/auth/login", { email: "other@example.com", password: "x" })).status).toBe(401);
  });
});
