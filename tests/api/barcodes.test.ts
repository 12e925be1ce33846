/**
 * Issue 10: products carry an optional barcode (GS1 EAN-8 / UPC-A / EAN-13 with their check digit,
 * or any other 8–40 character code), over the HTTP API on PGlite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { eventsOfType } from "../support/reservations.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const product = (extra: Record<string, unknown>) => ({ name: "Item", sku: `B-${randomBytes(3).toString("hex")}`, category: "Other", price: "100", gstRate: 18, ...extra });

describe.each(backends)("product barcodes (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function owner() {
    const client = new ApiClient(app.baseUrl);
    await client.register();
    return client;
  }

  async function productOf(client: ApiClient, id: string) {
    const found = await client.get(`/api/products/${id}`);
    expect(found.status).toBe(200);
    return found.body as { id: string; barcode: string | null; sku: string; name: string };
  }

  it("GS1 EAN-13: a barcode with a valid check digit is stored trimmed and returned; none is null", async () => {
    const client = await owner();
    const created = await client.post("/api/products", product({ barcode: " 4006381333931 " }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await productOf(client, created.body.id)).toMatchObject({ barcode: "4006381333931" });
    const none = await client.post("/api/products", product({}));
    expect(none.status).toBe(201);
    expect((await productOf(client, none.body.id)).barcode).toBeNull();
    const empty = await client.post("/api/products", product({ barcode: "" }));
    expect((await productOf(client, empty.body.id)).barcode).toBeNull();
    // Events carry the barcode only when there is one, so products without keep their old shape.
    const added = await eventsOfType(app.sql, ["ProductAdded"]);
    const dataOf = (id: string) => added.find((row) => (row.data as { productId: string }).productId === id)!.data as Record<string, unknown>;
    expect(dataOf(created.body.id).barcode).toBe("4006381333931");
    expect("barcode" in dataOf(none.body.id)).toBe(false);
  });

  it("GS1 check digit: EAN-13, UPC-A and EAN-8 one digit off are refused with 400 and nothing recorded", async () => {
    const client = await owner();
    const before = await countEvents(app.sql);
    for (const [barcode, name] of [
      ["4006381333932", "EAN-13"],
      ["036000291453", "UPC-A"],
      ["96385075", "EAN-8"],
    ] as const) {
      const refused = await client.post("/api/products", product({ barcode }));
      expect(refused.status, barcode).toBe(400);
      expect(refused.body).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [{ path: "barcode", message: expect.stringContaining(`${name} barcode but its last digit (the check digit) does not match`) }],
      });
    }
    for (const [barcode, message] of [
      ["1234567", "Barcode must be 8 to 40 characters"],
      ["X".repeat(41), "Barcode must be 8 to 40 characters"],
      ["ABC 12345", "Barcode may contain only letters, digits and symbols, without spaces"],
      [12345678, "Barcode must be text"],
    ] as const) {
      const refused = await client.post("/api/products", product({ barcode }));
      expect(refused.status, String(barcode)).toBe(400);
      expect(refused.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "barcode", message }] });
    }
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("UPC-A, EAN-8, UPC-E and other symbologies (Code 128 labels) are accepted", async () => {
    const client = await owner();
    for (const barcode of ["036000291452", "96385074", "06543217", "SHOP-LABEL-0042", "12345678901"]) {
      const created = await client.post("/api/products", product({ barcode }));
      expect(created.status, barcode).toBe(201);
      expect((await productOf(client, created.body.id)).barcode).toBe(barcode);
    }
  });

  it("an edit sets, changes and clears the barcode; a bad one is refused and the old one kept", async () => {
    const client = await owner();
    const body = product({});
    const created = await client.post("/api/products", body);
    const id = created.body.id as string;
    expect((await client.put(`/api/products/${id}`, { ...body, barcode: "96385074" })).status).toBe(200);
    expect((await productOf(client, id)).barcode).toBe("96385074");
    const refused = await client.put(`/api/products/${id}`, { ...body, barcode: "96385075" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ path: "barcode" });
    expect((await productOf(client, id)).barcode).toBe("96385074");
    expect((await client.put(`/api/products/${id}`, { ...body, barcode: null })).status).toBe(200);
    expect((await productOf(client, id)).barcode).toBeNull();
  });

  it("the global search finds a product by its barcode, only the owner's", async () => {
    const client = await owner();
    const created = await client.post("/api/products", product({ name: "Highlighter", barcode: "4006381333931" }));
    const found = await client.get("/api/search?q=4006381333931");
    expect(found.status).toBe(200);
    expect(found.body.products).toEqual([expect.objectContaining({ id: created.body.id, name: "Highlighter" })]);
    const stranger = await owner();
    expect((await stranger.get("/api/search?q=4006381333931")).body.products).toEqual([]);
  });
});
