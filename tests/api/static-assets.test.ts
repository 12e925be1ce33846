import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_DIR } from "../../bin/server.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

/**
 * Issue 12 ("Operating it"): the built client's assets go out pre-compressed (brotli where the
 * browser takes it, else gzip), hashed assets are cached for a year as immutable, and
 * index.html is revalidated on every visit so a release shows at once. `npm test` builds the
 * client before this runs.
 */
describe("the client's static assets", () => {
  let app: TestApp;
  let script: string;
  beforeAll(async () => {
    app = await startTestApp("pglite", { clientDir: DEFAULT_CLIENT_DIR });
    const assets = readdirSync(join(DEFAULT_CLIENT_DIR, "assets"));
    script = assets.find((name) => /^index-[\w-]{8,}\.js$/.test(name))!;
    expect(script, "the client is built").toBeDefined();
    expect(assets).toContain(`${script}.br`);
    expect(assets).toContain(`${script}.gz`);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, acceptEncoding: string) => fetch(`${app.baseUrl}${path}`, { headers: { "accept-encoding": acceptEncoding } });

  it("sends a hashed script as brotli, else gzip, else plain, cached immutable for a year", async () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await get(`/assets/${script}`, accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(response.headers.get("content-type"), accept).toMatch(/javascript/);
      expect(response.headers.get("cache-control"), accept).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary") ?? "", accept).toMatch(/Accept-Encoding/i);
      // fetch decodes what it was sent: the same script whichever way it travelled.
      expect((await response.text()).length, accept).toBeGreaterThan(1000);
    }
  });

  it("index.html, by name or as any screen's page, is revalidated on every visit", async () => {
    for (const path of ["/index.html", "/invoices", "/"]) {
      const response = await get(path, "gzip, br");
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
      expect(await response.text(), path).toContain(`/assets/${script}`);
    }
  });
});
