import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

/**
 * Issue 11: the audit trail cannot be disabled from the application (Companies (Accounts) Rules
 * 2014, Rule 3(1) proviso): the application's own connection cannot edit, delete or truncate
 * recorded events; the database refuses.
 */
describe.each(backends)("the event log is append-only on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Rule 3(1) proviso: UPDATE, DELETE and TRUNCATE of bahi_events are refused and change nothing", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.post("/api/customers", { name: "Rao Traders", stateCode: "27" })).status).toBe(201);
    const before = await app.sql.query<{ position: string; type: string; data: unknown }>("SELECT position::text, type, data FROM bahi_events ORDER BY position");
    const count = await countEvents(app.sql);
    expect(count).toBeGreaterThan(0);

    for (const statement of [
      "UPDATE bahi_events SET type = 'CustomerDeleted' WHERE type = 'CustomerAdded'",
      "DELETE FROM bahi_events WHERE type = 'CustomerAdded'",
      "TRUNCATE bahi_events",
    ]) {
      await expect(app.sql.query(statement), statement).rejects.toThrow(/bahi_events is append-only: (UPDATE|DELETE|TRUNCATE) is refused/);
    }
    expect(await app.sql.query("SELECT position::text, type, data FROM bahi_events ORDER BY position")).toEqual(before);

    // Appending still works.
    expect((await owner.post("/api/customers", { name: "Iyer Stores", stateCode: "27" })).status).toBe(201);
    expect(await countEvents(app.sql)).toBeGreaterThan(count);
  });
});
