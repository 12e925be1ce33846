import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInputSchema, ewayBillCreateSchema } from "@bahi/shared/contract";
import { REVISIONED_RECORDS, SESSION_COOKIE } from "@bahi/shared/server";
import { IDEMPOTENCY_HEADER as COMMAND_IDEMPOTENCY_HEADER, REPLAYED_HEADER as COMMAND_REPLAYED_HEADER } from "../../command-api/src/idempotency/middleware.ts";
import { IDEMPOTENCY_HEADER, jsonSchemaOf, REPLAYED_HEADER } from "../../read-api/src/openapi/document.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { mountedRoutes } from "../support/routes.ts";

/**
 * Issue 12 ("Operating it"): the HTTP API described by OpenAPI 3.1, generated from the shared
 * zod schemas, served at /api/openapi.json and rendered at /api/docs, both without a session.
 */

type Json = Record<string, any>;

/**
 * Mounted but not part of the public API, so not in the document: the docs page's own script
 * and stylesheet (Swagger UI's bundle and ours), fetched by the page, never by an integration.
 */
const NOT_IN_THE_DOCUMENT = new Set(["GET /api/docs/assets/{file}"]);

/** Every "METHOD /api/path/{param}" the app serves. */
function mountedOperations(app: TestApp): Set<string> {
  return new Set(mountedRoutes(app).map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`));
}

function documentedRoutes(document: Json): Set<string> {
  return new Set(Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));
}

/** Follows one local $ref ("#/components/…") to what it names. */
const resolve = (document: Json, node: Json): Json =>
  node.$ref
    ? (node.$ref as string)
        .slice(2)
        .split("/")
        .reduce((at: Json, key) => at[key], document)
    : node;

describe("the OpenAPI document (issue 12)", () => {
  let app: TestApp;
  let document: Json;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    // No cookie: a developer reads the document before having an account.
    const response = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    document = (await response.json()) as Json;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every $ref points at something (the validator checks the shape, not the references).
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) expect(resolve(document, JSON.parse(`{${ref}}`)), ref).toBeDefined();
    const operationIds = Object.values(document.paths as Record<string, Json>).flatMap((item) => Object.values(item).map((operation: Json) => operation.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("describes every route the app mounts under /api, and none it does not", () => {
    const mounted = mountedOperations(app);
    const documented = documentedRoutes(document);
    expect(mounted.size).toBeGreaterThan(100);
    const missing = [...mounted].filter((route) => !documented.has(route) && !NOT_IN_THE_DOCUMENT.has(route));
    expect(missing, "mounted but not in read-api/src/openapi/catalogue.ts").toEqual([]);
    const stale = [...documented].filter((route) => !mounted.has(route));
    expect(stale, "in the catalogue but not mounted").toEqual([]);
  });

  it("gives POST /api/customers the request body customerInputSchema accepts", () => {
    const operation = document.paths["/api/customers"].post;
    const body = resolve(document, operation.requestBody.content["application/json"].schema);
    expect(body).toEqual(jsonSchemaOf(customerInputSchema));
    // What a client must send, the same as the schema the handler parses: a name, and nothing else required.
    expect(body.required).toEqual(["name"]);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["name", "email", "gstNumber", "stateCode", "creditLimit", "isSez"]));
    const refused = customerInputSchema.safeParse({ stateCode: "27" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["name"]);
    expect(body.properties.name).toMatchObject({ type: "string", minLength: 1 });
  });

  it("documents the e-way bill body from the schema the command side parses", () => {
    const body = document.paths["/api/ewaybills"].post.requestBody.content["application/json"].schema;
    const resolved = body.$ref ? document.components.schemas[body.$ref.split("/").pop()] : body;
    expect(resolved).toEqual(jsonSchemaOf(ewayBillCreateSchema));
  });

  it("documents the session cookie, Idempotency-Key on every write, ETag and If-Match on records, read-your-writes headers", () => {
    expect(document.components.securitySchemes.session).toEqual(expect.objectContaining({ type: "apiKey", in: "cookie", name: SESSION_COOKIE }));
    expect(document.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/auth/login"].post.security).toEqual([]);
    expect([IDEMPOTENCY_HEADER, REPLAYED_HEADER]).toEqual([COMMAND_IDEMPOTENCY_HEADER, COMMAND_REPLAYED_HEADER]);

    const headerNames = (operation: Json) =>
      (operation.parameters as Json[])
        .map((parameter) => resolve(document, parameter))
        .filter((p) => p.in === "header")
        .map((p) => p.name);
    const revisioned = Object.keys(REVISIONED_RECORDS);
    let writes = 0;
    let guarded = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const label = `${method.toUpperCase()} ${path}`;
        expect(operation.responses["400"], label).toBeDefined();
        const record = /^\/api\/([^/]+)\/\{id\}/.exec(path)?.[1];
        const onRecord = record !== undefined && revisioned.includes(record);
        if (method === "get") {
          // The single-record reads the read side answers with an ETag (shared/src/server/recordRevision.ts).
          const etag = Object.keys(operation.responses["200"].headers ?? {}).includes("ETag");
          expect(etag, label).toBe(onRecord && /^\/api\/[^/]+\/\{id\}$/.test(path));
          continue;
        }
        writes++;
        expect(headerNames(operation), label).toContain("Idempotency-Key");
        if (operation.security?.length !== 0) expect(Object.keys(Object.values(operation.responses as Record<string, Json>)[0]!.headers ?? {}), label).toContain("X-Bahi-Position");
        const ifMatch = method !== "post" && onRecord;
        expect(headerNames(operation).includes("If-Match"), label).toBe(ifMatch);
        expect(operation.responses["412"] !== undefined, label).toBe(ifMatch);
        if (ifMatch) guarded++;
      }
    }
    expect(writes).toBeGreaterThanOrEqual(50);
    expect(guarded).toBeGreaterThanOrEqual(10);
    const stale = resolve(document, document.paths["/api/customers/{id}"].put.responses["412"]);
    expect(resolve(document, stale.content["application/json"].schema).properties.code).toEqual({ const: "STALE_REVISION" });

    const customer = document.paths["/api/customers/{id}"].get;
    expect(Object.keys(customer.responses["200"].headers)).toContain("ETag");
    expect(headerNames(customer)).toContain("X-Bahi-After");
    const invoices = document.paths["/api/invoices"].get;
    expect((invoices.parameters as Json[]).map((p) => resolve(document, p).name)).toEqual(expect.arrayContaining(["limit", "cursor", "status", "asOf"]));

    const error = resolve(document, document.components.responses.NotFound.content["application/json"].schema);
    expect(error.required).toEqual(["code", "message"]);
    expect(Object.keys(error.properties)).toEqual(["code", "message", "errors"]);
  });

  it("serves a docs page without a session, its script from this origin under the app's CSP", async () => {
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source, "no CDN").toMatch(/^\/api\/docs\/assets\//);
      const asset = await fetch(`${app.baseUrl}${source}`, { headers: { "accept-encoding": "gzip" } });
      expect(asset.status, source).toBe(200);
      expect(asset.headers.get("content-type"), source).toMatch(source.endsWith(".js") ? /javascript/ : /css/);
      expect((await asset.text()).length, source).toBeGreaterThan(50);
    }
    expect((await fetch(`${app.baseUrl}/api/docs/assets/package.json`)).status).toBe(404);
  });

  it("is served by a process that plays only the command API", async () => {
    const commandOnly = await startTestApp("pglite", { roles: ["command-api"] });
    try {
      const response = await fetch(`${commandOnly.baseUrl}/api/openapi.json`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Json).paths["/api/invoices"]).toBeDefined();
    } finally {
      await commandOnly.close();
    }
  });
});
