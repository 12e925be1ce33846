import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { freePort, runBahi, stop, waitForHealth } from "../support/processes.ts";

/** `bahi start` as a user runs it: one process, embedded store, data surviving restarts. */
describe("bahi start on the embedded store", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "bahi-embedded-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("locks its data directory, shuts down cleanly on SIGTERM and SIGINT, and keeps the data", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { BAHI_DATA_DIR: dataDir, PORT: String(port) };
    const first = runBahi(["start"], env);
    await waitForHealth(url, first);
    expect(await (await fetch(`${url}/api/health`)).json()).toMatchObject({ status: "ok", roles: ["command-api", "read-api", "projector"] });

    const owner = new ApiClient(url);
    await owner.register({ email: "keeper@example.com" });
    const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Kept across restarts" })).body;

    // A second process on the same directory refuses instead of corrupting it.
    const second = runBahi(["start"], { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Bahi process \(pid \d+\)/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/SIGTERM received, shutting down/);
    expect(existsSync(join(dataDir, "bahi.lock"))).toBe(false);

    const again = runBahi(["start"], env);
    try {
      await waitForHealth(url, again);
      const login = new ApiClient(url);
      expect((await login.post("/api/auth/login", { email: "keeper@example.com", password: "secret123" })).status).toBe(200);
      expect((await login.get("/api/customers")).body).toEqual([customer]);
      // The session cookie from before the restart still works: the secret is kept with the data.
      expect((await owner.get("/api/customers")).body).toEqual([customer]);
      again.child.kill("SIGINT");
      expect(await again.exited).toBe(0);
    } finally {
      await stop(again);
    }
  });

  it("rebuilds in a worker thread whose heap is capped (issue 13): a cap too small fails saying so, and the default rebuilds", async () => {
    const env = { BAHI_DATA_DIR: join(dataDir, "capped") };
    const starved = runBahi(["projector", "rebuild"], { ...env, BAHI_REBUILD_HEAP_MB: "16" });
    expect(await starved.exited).toBe(1);
    expect(starved.output()).toMatch(/the rebuild needed more than 16 MB of heap: set BAHI_REBUILD_HEAP_MB higher/);

    const unreadable = runBahi(["projector", "rebuild"], { ...env, BAHI_REBUILD_HEAP_MB: "lots" });
    expect(await unreadable.exited).toBe(1);
    expect(unreadable.output()).toMatch(/BAHI_REBUILD_HEAP_MB must be a whole number of megabytes, not "lots"/);

    const rebuild = runBahi(["projector", "rebuild"], env);
    expect(await rebuild.exited).toBe(0);
    expect(rebuild.output()).toMatch(/rebuilt read models from 0 events/);
  });
});
