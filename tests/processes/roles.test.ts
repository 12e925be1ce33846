import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareWirePositions } from "@bahi/shared/contract";
import { postgresClient, type SqlClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { snapshotReadModels } from "../support/app.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { freePort, runBahi, stop, waitForHealth, type BahiProcess } from "../support/processes.ts";

const skipReason = await postgresUnavailableReason();

/** command-api, projector and read-api as three processes over one PostgreSQL database. */
describe.skipIf(skipReason !== null)("the roles as separate processes on PostgreSQL", () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let env: Record<string, string>;
  let commandApi: BahiProcess;
  let readApi: BahiProcess;
  let projector: BahiProcess;
  let commandUrl: string;
  let readUrl: string;
  let projectorUrl = "";

  /** A tiny batch size makes the first run commit often, so a kill lands mid-stream. */
  async function startProjector(options: { waitForHealth: boolean; batchSize: number }): Promise<BahiProcess> {
    const port = await freePort();
    projectorUrl = `http://127.0.0.1:${port}`;
    const started = runBahi(["projector"], { ...env, PORT: String(port), BAHI_PROJECTOR_BATCH_SIZE: String(options.batchSize) });
    if (options.waitForHealth) await waitForHealth(projectorUrl, started);
    return started;
  }

  /** The lowest checkpoint over every projection (null until each has one): what reads wait for. */
  async function checkpoint(): Promise<string | null> {
    const rows = await sql.query<{ position: string | null }>(
      "SELECT c.position FROM bahi_rm_generations g LEFT JOIN bahi_rm_checkpoints c ON c.generation = g.generation WHERE g.status = 'active'",
    );
    if (rows.length === 0) return null;
    return rows.map((row) => row.position).reduce((low, p) => (compareWirePositions(p, low) < 0 ? p : low));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgresClient(database.url);
    env = { DATABASE_URL: database.url, BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"), BAHI_AUTH_LIMIT_PER_IP: "100000" };
    const [commandPort, readPort] = [await freePort(), await freePort()];
    commandUrl = `http://127.0.0.1:${commandPort}`;
    readUrl = `http://127.0.0.1:${readPort}`;
    commandApi = runBahi(["command-api"], { ...env, PORT: String(commandPort) });
    await waitForHealth(commandUrl, commandApi);
    readApi = runBahi(["read-api"], { ...env, PORT: String(readPort) });
    await waitForHealth(readUrl, readApi);
  });

  afterAll(async () => {
    for (const p of [commandApi, readApi, projector]) if (p) await stop(p);
    await sql?.close();
    await database?.drop();
  });

  it("each process plays only its own role", async () => {
    expect((await (await fetch(`${commandUrl}/api/health`)).json()).roles).toEqual(["command-api"]);
    expect((await (await fetch(`${readUrl}/api/health`)).json()).roles).toEqual(["read-api"]);
    expect((await fetch(`${commandUrl}/api/customers`)).status).toBe(404);
    expect((await fetch(`${readUrl}/api/customers`, { method: "POST" })).status).toBe(404);
  });

  it("drives the flow through three processes, survives a SIGKILLed projector and matches a clean rebuild", async () => {
    const owner = new ApiClient(readUrl, { commandUrl });
    await owner.register();

    // The log grows while no projector runs...
    const created: string[] = [];
    const queue = Array.from({ length: 400 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const response = await owner.post("/api/customers", { stateCode: "27", name: `Customer ${i}`, creditLimit: `${i}.50` });
          expect(response.status).toBe(201);
          created.push(response.body.id);
        }
      }),
    );
    const vendor = (await owner.post("/api/vendors", { name: "Shah Supplies" })).body;
    await owner.put(`/api/vendors/${vendor.id}`, { name: "Shah Supplies Ltd" });
    await owner.delete(`/api/customers/${created[0]}`);
    const head = owner.position!;

    // ...then a projector starts catching up and is killed as soon as its first batches land.
    projector = await startProjector({ waitForHealth: false, batchSize: 2 });
    let seen = await checkpoint();
    while (seen === null) {
      await new Promise((r) => setTimeout(r, 2));
      seen = await checkpoint();
    }
    await stop(projector, "SIGKILL");
    const atKill = await checkpoint();
    expect(projectorUrl).not.toBe("");
    console.log(`projector killed at checkpoint ${atKill}, first seen ${seen} (head ${head})`);
    expect(compareWirePositions(atKill, head)).toBeLessThan(0);

    // More writes while it is down, then it comes back and finishes from its checkpoint.
    await owner.post("/api/customers", { stateCode: "27", name: "Written while the projector was dead" });
    projector = await startProjector({ waitForHealth: true, batchSize: 500 });
    const customers = await owner.get("/api/customers");
    expect(customers.headers.get("x-bahi-stale")).toBeNull();
    expect(customers.body).toHaveLength(400);
    expect(customers.body.map((c: { name: string }) => c.name)).toContain("Written while the projector was dead");
    expect((await owner.get("/api/vendors")).body).toMatchObject([{ id: vendor.id, name: "Shah Supplies Ltd" }]);

    // The read models kept across the crash equal a clean rebuild from the log.
    const live = await snapshotReadModels(sql);
    await stop(projector);
    const rebuild = runBahi(["projector", "rebuild"], env);
    expect(await rebuild.exited).toBe(0);
    expect(rebuild.output()).toMatch(/rebuilt read models from \d+ events/);
    expect(await snapshotReadModels(sql)).toEqual(live);
    expect(live.length).toBeGreaterThan(400);
  });

  it("issue 11: a member the owner removes through the command-api process is refused by the read-api process on the very next request", async () => {
    // No read here waits for a projector: access is folded from the team's stream in each process.
    const owner = new ApiClient(readUrl, { commandUrl, readYourWrites: false });
    await owner.register({ companyName: "Rao Oils" });
    const email = `auditor-${randomBytes(4).toString("hex")}@example.com`;
    const invited = await owner.post("/api/team/invitations", { email, role: "auditor" });
    expect(invited.status).toBe(201);
    const auditor = new ApiClient(readUrl, { commandUrl, readYourWrites: false });
    const person = await auditor.register({ email });
    expect((await auditor.post(`/api/team/invitations/${invited.body.token}/accept`)).status).toBe(200);
    const verify = await auditor.get("/api/ledger/verify");
    expect([verify.status, verify.body.ok]).toEqual([200, true]);

    expect((await owner.delete(`/api/team/${person.id}`)).status).toBe(204);
    const refused = await auditor.get("/api/ledger/verify");
    expect([refused.status, refused.body.code]).toEqual([403, "NOT_A_MEMBER"]);
  });
});
