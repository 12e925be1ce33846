import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { postgresClient, type SqlClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";
import { startRole, stop, type BahiProcess, type StartedRole } from "../support/processes.ts";
import { dropPrefix, REDIS_URL, redisUnavailableReason } from "../support/redis.ts";

const skipReason = (await postgresUnavailableReason()) ?? (await redisUnavailableReason());

/** command-api, read-api, projector and BullMQ workers as processes over PostgreSQL and Redis. */
describe.skipIf(skipReason !== null)(`a worker killed in the middle of filing${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let database: TestDatabase;
  let sql: SqlClient;
  const prefix = `bahi-test-${randomBytes(4).toString("hex")}`;
  const processes: BahiProcess[] = [];
  let env: Record<string, string>;

  async function start(role: string, extra: Record<string, string> = {}): Promise<StartedRole> {
    return startRole(role, { ...env, ...extra }, processes);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgresClient(database.url);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      BAHI_QUEUE_PREFIX: prefix,
      BAHI_JOB_LOCK_MS: "1500",
      BAHI_SESSION_SECRET: randomBytes(32).toString("base64url"),
      BAHI_AUTH_LIMIT_PER_IP: "100000",
    };
  });

  afterAll(async () => {
    for (const p of processes) await stop(p, "SIGKILL");
    await sql?.close();
    await database?.drop();
    await dropPrefix(prefix);
  });

  it("files the return exactly once after another worker picks the job up", async () => {
    const commandApi = await start("command-api");
    const readApi = await start("read-api");
    await start("projector");
    const slowWorker = await start("worker", { BAHI_SANDBOX_GSP_DELAY_MS: "4000" });

    const owner = new ApiClient(readApi.url, { commandUrl: commandApi.url });
    await owner.register();
    // Last month's return: a month can be filed once it has ended, by a business registered then.
    const lastMonth = previousPeriod(returnPeriodOf(new Date()));
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: lastMonth.from });
    const product = (await owner.post("/api/products", { name: "Oil", sku: "OIL-1", category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })).body.id;
    const customer = (await owner.post("/api/customers", { address: "12 MG Road", name: "Reddy Retail", gstNumber: "29AABCR1718E1ZL" })).body.id;
    await owner.post("/api/invoices", {
      customerId: customer,
      invoiceNumber: "K-1",
      issueDate: `${lastMonth.from.slice(0, 8)}15`,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
    });

    const period = lastMonth.fp;
    const filing = owner.post("/api/gst/file-gstr1", { period });
    // The worker is now inside the (slow) GSP call: kill it there, then bring up a healthy one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const inFlight = (await owner.get("/api/gst/returns")).body.find((r: { returnType: string }) => r.returnType === "GSTR1");
    expect(inFlight).toMatchObject({ status: "pending", arn: null });
    await stop(slowWorker.process, "SIGKILL");
    await start("worker");

    const answer = await filing;
    expect([200, 202]).toContain(answer.status);
    const deadline = Date.now() + 30_000;
    let filed: { status: string; arn: string | null } | undefined;
    while (Date.now() < deadline) {
      filed = (await owner.get("/api/gst/returns")).body.find((r: { returnType: string }) => r.returnType === "GSTR1");
      if (filed?.status === "filed") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(filed).toMatchObject({ status: "filed", arn: expect.stringMatching(/^AA27/) });
    const events = await sql.query<{ type: string }>("SELECT type FROM bahi_events WHERE stream_id LIKE 'gstreturn-%' ORDER BY position");
    expect(events.map((e) => e.type)).toEqual(["GstReturnFilingRequested", "GstReturnFiled"]);
    if (answer.status === 200) expect(answer.body.arn).toBe(filed!.arn);
  });
});
