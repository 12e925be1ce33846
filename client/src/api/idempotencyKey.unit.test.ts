import { afterEach, describe, expect, it, vi } from "vitest";

/** Issue 12: every write carries an Idempotency-Key of its own; reads carry none. */
async function setup() {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal("window", { localStorage: { getItem: () => null } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)["Idempotency-Key"]);
      return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  vi.resetModules();
  const http = await import("./http.ts");
  return { http, keys };
}

describe("the Idempotency-Key apiRequest sends", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a fresh key on every POST, PUT, PATCH and DELETE call, and absent on reads", async () => {
    const { http, keys } = await setup();
    await http.apiRequest("GET", "/api/customers");
    await http.apiRequest("POST", "/api/customers", { name: "A" });
    await http.apiRequest("POST", "/api/customers", { name: "A" });
    await http.apiRequest("PUT", "/api/customers/1", { name: "B" });
    await http.apiRequest("PATCH", "/api/invoices/1/status", { status: "paid" });
    await http.apiRequest("DELETE", "/api/customers/1");
    expect(keys[0]).toBeUndefined();
    const writes = keys.slice(1);
    for (const key of writes) expect(key).toMatch(/^[\x20-\x7e]{1,200}$/);
    expect(new Set(writes).size).toBe(5);
  });

  it("is still sent where crypto.randomUUID is missing (the app opened over plain http on a LAN)", async () => {
    const original = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => original.getRandomValues(bytes) });
    const { http, keys } = await setup();
    await http.apiRequest("POST", "/api/customers", { name: "A" });
    await http.apiRequest("POST", "/api/customers", { name: "A" });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
