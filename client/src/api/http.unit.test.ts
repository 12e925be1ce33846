import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type HttpModule = typeof import("./http.ts");

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fresh copy of http.ts (its remembered position is module state) over a scripted fetch. */
async function setup(responses: Response[], storedUser: object | null = null) {
  const calls: Recorded[] = [];
  const storage = new Map<string, string>(storedUser ? [["bahi.user", JSON.stringify(storedUser)]] : []);
  vi.stubGlobal("window", { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = responses.shift();
      if (!next) throw new Error(`unexpected call to ${url}`);
      return next;
    }),
  );
  vi.resetModules();
  const http: HttpModule = await import("./http.ts");
  const headersOf = (index: number) => (calls[index]?.init.headers ?? {}) as Record<string, string>;
  return { http, calls, headersOf };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

describe("apiRequest", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON only when there is a body, always with credentials, and the stored user's id", async () => {
    const { http, calls, headersOf } = await setup([json(200, []), json(201, { id: "c1" })], { id: "u1", firstName: "Asha" });
    await http.apiRequest("GET", "/api/customers");
    await http.apiRequest("POST", "/api/customers", { name: "Sharma Garments" });

    expect(headersOf(0)).toEqual({ "x-user-id": "u1" });
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(1)).toEqual({ "Content-Type": "application/json", "x-user-id": "u1", "Idempotency-Key": expect.any(String) });
    expect(calls[1]?.init.body).toBe('{"name":"Sharma Garments"}');
    expect(calls.every((call) => call.init.credentials === "include")).toBe(true);
  });

  it("raises '<status>: <body>' with the raw body and the parsed error body", async () => {
    const body = { code: "VALIDATION_FAILED", message: "Name is required", errors: [{ path: "name", message: "Name is required" }] };
    const { http } = await setup([json(400, body)]);
    const error = await http.apiRequest("POST", "/api/customers", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(http.HttpError);
    const httpError = error as InstanceType<HttpModule["HttpError"]>;
    expect(httpError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(httpError.body).toBe(JSON.stringify(body));
    expect(httpError.errorBody).toEqual(body);
  });

  it("uses the status text when the body is empty", async () => {
    const { http } = await setup([new Response(null, { status: 503, statusText: "Service Unavailable" })]);
    await expect(http.apiRequest("GET", "/api/vendors")).rejects.toThrow("503: Service Unavailable");
  });

  it("sends the highest position any command returned on later reads, also those sent by POST, never on commands", async () => {
    const { http, headersOf } = await setup([
      json(200, []),
      json(201, {}, { "X-Bahi-Position": "10:2" }),
      json(200, {}, { "X-Bahi-Position": "9:7" }),
      new Response(null, { status: 204, headers: { "X-Bahi-Position": "not-a-position" } }),
      new Response(null, { status: 204, headers: { "X-Bahi-Position": "10:3" } }),
      json(200, []),
      json(200, { valid: true }),
    ]);
    await http.apiRequest("GET", "/api/customers");
    await http.apiRequest("POST", "/api/customers", { name: "A" });
    await http.apiRequest("PUT", "/api/customers/1", { name: "B" });
    await http.apiRequest("DELETE", "/api/customers/2");
    await http.apiRequest("DELETE", "/api/customers/3");
    await http.apiRequest("GET", "/api/customers");
    // The GSTIN check names the party just saved: a read, though its GSTIN travels in a body.
    await http.apiRequest("POST", "/api/gst/validate-gstin", { gstin: "29AABCR1718E1ZL" });

    expect(headersOf(0)["X-Bahi-After"]).toBeUndefined();
    expect(headersOf(2)["X-Bahi-After"]).toBeUndefined();
    expect(headersOf(5)["X-Bahi-After"]).toBe("10:3");
    expect(headersOf(6)["X-Bahi-After"]).toBe("10:3");
  });

  it("reports a refused read (401 on GET) so the browser can sign out, but not a refused login", async () => {
    const { http } = await setup([json(401, { message: "Invalid email or password" }), json(401, { message: "Please sign in" })]);
    const listener = vi.fn();
    http.onUnauthorizedRead(listener);

    await expect(http.apiRequest("POST", "/api/auth/login", { email: "a@b.in", password: "x" })).rejects.toThrow(/^401: /);
    expect(listener).not.toHaveBeenCalled();
    await expect(http.apiRequest("GET", "/api/customers")).rejects.toThrow(/^401: /);
    expect(listener).toHaveBeenCalledOnce();
  });

  it("forgets a position the server's log never reached and reads again once, without it", async () => {
    const ahead = { code: "POSITION_AHEAD", message: "X-Bahi-After is beyond the newest recorded event" };
    const { http, calls, headersOf } = await setup([json(201, {}, { "X-Bahi-Position": "90:1" }), json(400, ahead), json(200, [{ id: "c1" }]), json(200, []), json(400, ahead)]);
    await http.apiRequest("POST", "/api/customers", { name: "Before the wipe" });
    expect(await http.requestJson("GET", "/api/customers")).toEqual([{ id: "c1" }]);
    expect(headersOf(1)["X-Bahi-After"]).toBe("90:1");
    expect(headersOf(2)["X-Bahi-After"]).toBeUndefined();
    // Forgotten for later reads too.
    await http.apiRequest("GET", "/api/vendors");
    expect(headersOf(3)["X-Bahi-After"]).toBeUndefined();
    // Without a position to forget, the 400 is the answer.
    await expect(http.apiRequest("GET", "/api/vendors")).rejects.toThrow(/^400: /);
    expect(calls).toHaveLength(5);
  });
});

describe("getQueryFn", () => {
  afterEach(() => vi.unstubAllGlobals());

  const context = (queryKey: readonly unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it("GETs the query key's segments joined with '/' and parses JSON", async () => {
    const { http, calls } = await setup([json(200, { totalSales: 0 })]);
    const data = await http.getQueryFn({ on401: "throw" })(context(["/api/dashboard", "stats"]));
    expect(calls[0]?.url).toBe("/api/dashboard/stats");
    expect(data).toEqual({ totalSales: 0 });
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    const { http } = await setup([json(401, { message: "no" }), json(401, { message: "no" })]);
    expect(await http.getQueryFn({ on401: "returnNull" })(context(["/api/auth/me"]))).toBeNull();
    await expect(http.getQueryFn({ on401: "throw" })(context(["/api/auth/me"]))).rejects.toThrow(/^401: /);
  });
});
