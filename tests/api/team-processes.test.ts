import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresClient, storesOnClient, type Stores } from "@bahi/shared/server";
import type { RunningBahi } from "../../bin/server.ts";
import { ApiClient } from "../support/apiClient.ts";
import { serveTestApp, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

/**
 * Issue 11: who may act is read from the team's stream on every request, in every process, so
 * a removal made through one API process is seen by the very next request to another.
 */
describe.each(backends)("team access across API processes on %s", (backend) => {
  let app: TestApp;
  let second: RunningBahi;
  let secondStores: Stores | null = null;
  let secondUrl: string;
  beforeAll(async () => {
    app = await startTestApp(backend);
    // Another API process on the same store: its own pool on PostgreSQL; on PGlite (one
    // process by nature) a second app over the same store.
    secondStores = app.databaseUrl ? await storesOnClient(postgresClient(app.databaseUrl), "postgres") : null;
    ({ bahi: second, baseUrl: secondUrl } = await serveTestApp(secondStores ?? app.stores, { roles: ["command-api", "read-api"] }));
  });
  afterAll(async () => {
    await second?.close();
    await secondStores?.close();
    await app?.close();
  });

  it("a member removed through one process is refused by the other on the very next request, for reads and writes", async () => {
    const owner = new ApiClient(app.baseUrl);
    const business = await owner.register({ companyName: "Rao Oils" });
    const email = `acct-${randomBytes(4).toString("hex")}@example.com`;
    const invited = (await owner.post("/api/team/invitations", { email, role: "accountant" })).body;
    const member = new ApiClient(app.baseUrl);
    await member.register({ email });
    expect((await member.post(`/api/team/invitations/${invited.token}/accept`)).status).toBe(200);
    const personId = (await member.get("/api/me")).body.person.id as string;

    // The same session, served by the second process (no read-your-writes wait: its reads
    // come from the first process's projector).
    const elsewhere = new ApiClient(secondUrl, { readYourWrites: false });
    elsewhere.cookie = member.cookie;
    const created = await elsewhere.post("/api/customers", { stateCode: "27", name: "From the second process" });
    expect(created.status).toBe(201);
    const [row] = await app.sql.query<{ metadata: any }>("SELECT metadata FROM bahi_events WHERE stream_id = $1", [`customer-${created.body.id}`]);
    const metadata = typeof row!.metadata === "string" ? JSON.parse(row!.metadata) : row!.metadata;
    expect(metadata).toMatchObject({ actor: `user:${personId}`, businessId: business.id, actorRole: "accountant" });

    expect((await owner.delete(`/api/team/${personId}`)).status).toBe(204);
    const refusedWrite = await elsewhere.post("/api/customers", { stateCode: "27", name: "After removal" });
    expect([refusedWrite.status, refusedWrite.body.code]).toEqual([403, "NOT_A_MEMBER"]);
    // The session went home: the next request, to either process, is in the member's own books.
    const home = await member.get("/api/customers");
    expect(home.status).toBe(200);
    expect((home.body.items ?? home.body) as unknown[]).toEqual([]);
  });

  it("a removed member's read on the other process is refused too", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const email = `aud-${randomBytes(4).toString("hex")}@example.com`;
    const invited = (await owner.post("/api/team/invitations", { email, role: "auditor" })).body;
    const member = new ApiClient(app.baseUrl);
    await member.register({ email });
    expect((await member.post(`/api/team/invitations/${invited.token}/accept`)).status).toBe(200);
    const personId = (await member.get("/api/me")).body.person.id as string;
    const elsewhere = new ApiClient(secondUrl, { readYourWrites: false });
    elsewhere.cookie = member.cookie;
    expect((await elsewhere.get("/api/invoices")).status).toBe(200);
    expect((await owner.delete(`/api/team/${personId}`)).status).toBe(204);
    const refused = await elsewhere.get("/api/invoices");
    expect([refused.status, refused.body.code]).toEqual([403, "NOT_A_MEMBER"]);
  });
});
