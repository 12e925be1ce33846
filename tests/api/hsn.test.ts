/**
 * Issue 9: the official HSN/SAC master over the HTTP API (search and lookup), and the codes
 * products carry — Rule 46(g) CGST Rules with Notification 78/2020-Central Tax (digits by
 * turnover). The master and the rule do not depend on the store, so PGlite is enough.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";

const product = (extra: Record<string, unknown>) => ({ name: "Item", sku: `H-${randomBytes(3).toString("hex")}`, category: "Other", price: "100", gstRate: 18, ...extra });

describe("the HSN/SAC master and product codes (issue 9)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  async function owner(profile: Record<string, unknown> = {}) {
    const client = new ApiClient(app.baseUrl);
    await client.register();
    expect((await client.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", ...profile })).status).toBe(200);
    return client;
  }

  it("Rule 46(g): searches the master by words, with Bahi's rate where its table has one", async () => {
    const client = await owner();
    const found = await client.get("/api/gst/hsn?q=shampoo");
    expect(found.status).toBe(200);
    const codes = found.body as { code: string; description: string; kind: string; gstRate: string | null }[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThanOrEqual(20);
    expect(codes).toContainEqual(expect.objectContaining({ code: "330510", description: "SHAMPOOS", kind: "goods", category: "goods", gstRate: "5", effectiveFrom: "2025-09-22" }));
    const rice = (await client.get("/api/gst/hsn?q=rice")).body;
    expect(rice[0]).toMatchObject({ code: "1006", description: "RICE", gstRate: null, rateNote: expect.stringMatching(/not in Bahi's table/) });
    expect((await client.get("/api/gst/hsn?q=it%20consulting")).body[0]).toMatchObject({ code: "998313", kind: "services", gstRate: "18" });
  });

  it("Rule 46(g): searches by code prefix, the exact code first, and looks up an 8-digit code", async () => {
    const client = await owner();
    const prefix = (await client.get("/api/gst/hsn?q=3305")).body as { code: string }[];
    expect(prefix[0]!.code).toBe("3305");
    expect(prefix.every((c) => c.code.startsWith("3305"))).toBe(true);
    const exact = await client.get("/api/gst/hsn/33051010");
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({
      code: "33051010",
      description: "PREPARATIONS FOR USE ON THE HAIR SHAMPOOS: CONTAINING SPIRIT",
      heading: "Preparations for use on the hair",
      gstRate: "5",
      rateFrom: "3305",
    });
    expect((await client.get("/api/gst/hsn/3306%2010%2010")).body).toMatchObject({ code: "33061010", gstRate: "5" });
    expect((await client.get("/api/gst/hsn/12345678")).status).toBe(404);
    expect((await client.get("/api/gst/hsn/12a4")).body).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refuses an empty or too long query with 400, and strangers with 401", async () => {
    const client = await owner();
    for (const path of ["/api/gst/hsn", "/api/gst/hsn?q=", "/api/gst/hsn?q=%20%20", `/api/gst/hsn?q=${"a".repeat(101)}`, "/api/gst/hsn?q=a&q=b"]) {
      const refused = await client.get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.code).toBe("VALIDATION_FAILED");
    }
    expect((await client.get("/api/gst/hsn?q=zzzzqq")).body).toEqual([]);
    // The table of rates Bahi knows stays where it was.
    expect((await client.get("/api/gst/hsn-codes")).body).toContainEqual(expect.objectContaining({ code: "3305", gstRate: "5", category: "goods" }));
    expect((await new ApiClient(app.baseUrl).get("/api/gst/hsn?q=rice")).status).toBe(401);
  });

  it("Notification 78/2020: a 4-digit HSN is enough up to ₹5 crore, 6 above", async () => {
    const small = await owner();
    const four = await small.post("/api/products", product({ hsnCode: "3305" }));
    expect(four.status, JSON.stringify(four.body)).toBe(201);
    // Up to ₹5 crore the code may be left out: B2C invoices need none.
    expect((await small.post("/api/products", product({}))).status).toBe(201);
    const products = (await small.get("/api/products")).body as { id: string; hsnCode: string | null; kind: string }[];
    expect(products.find((p) => p.id === four.body.id)).toMatchObject({ hsnCode: "3305", kind: "goods" });

    const large = await owner({ turnoverAbove5Crore: true });
    expect((await large.get("/api/auth/me")).body).toMatchObject({ turnoverAbove5Crore: true });
    const before = await countEvents(app.sql);
    const short = await large.post("/api/products", product({ hsnCode: "3305" }));
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "hsnCode", message: expect.stringMatching(/at least 6 digits.*Notification 78\/2020/) }] });
    const missing = await large.post("/api/products", product({}));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/HSN code is required/);
    expect(await countEvents(app.sql)).toBe(before);
    expect((await large.post("/api/products", product({ hsnCode: "330510" }))).status).toBe(201);
    expect((await large.post("/api/products", product({ hsnCode: "3305 10 10" }))).status).toBe(201);
  });

  it("Rule 46(g): services take a SAC (99…), goods an HSN; the kind defaults from the code", async () => {
    const client = await owner();
    const service = await client.post("/api/products", product({ name: "Website design", hsnCode: "998314", kind: "services" }));
    expect(service.status).toBe(201);
    const defaulted = await client.post("/api/products", product({ name: "Audit", hsnCode: "998221" }));
    expect(defaulted.status).toBe(201);
    const products = (await client.get("/api/products")).body as { id: string; kind: string }[];
    expect(products.find((p) => p.id === service.body.id)?.kind).toBe("services");
    expect(products.find((p) => p.id === defaulted.body.id)?.kind).toBe("services");

    const hsnForService = await client.post("/api/products", product({ hsnCode: "3305", kind: "services" }));
    expect(hsnForService.status).toBe(400);
    expect(hsnForService.body.message).toMatch(/Services take a SAC code, which starts with 99/);
    const sacForGoods = await client.post("/api/products", product({ hsnCode: "998314", kind: "goods" }));
    expect(sacForGoods.status).toBe(400);
    expect(sacForGoods.body.message).toMatch(/SAC code for services/);
    expect((await client.post("/api/products", product({ kind: "parts" }))).status).toBe(400);
  });

  it("Rule 46(g): a code not in the master is refused, on create and on edit", async () => {
    const client = await owner();
    const unknown = await client.post("/api/products", product({ hsnCode: "1234" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "VALIDATION_FAILED", message: "HSN 1234 is not in the GST HSN list" });
    const unknownSac = await client.post("/api/products", product({ hsnCode: "999999" }));
    expect(unknownSac.body.message).toBe("SAC 999999 is not in the GST SAC list");
    const body = product({ hsnCode: "3305" });
    const id = (await client.post("/api/products", body)).body.id as string;
    expect((await client.put(`/api/products/${id}`, { ...body, hsnCode: "33059999" })).status).toBe(400);
    expect((await client.put(`/api/products/${id}`, { ...body, hsnCode: "33059011" })).status).toBe(200);
    expect(((await client.get("/api/products")).body as { id: string; hsnCode: string }[]).find((p) => p.id === id)?.hsnCode).toBe("33059011");
  });

  it("a product saved without a code stays editable; the turnover answer is kept when a profile update leaves it out", async () => {
    const client = await owner();
    const body = product({});
    const id = (await client.post("/api/products", body)).body.id as string;
    expect((await client.put(`/api/products/${id}`, { ...body, price: "120" })).status).toBe(200);
    expect((await client.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", turnoverAbove5Crore: true })).status).toBe(200);
    expect((await client.put("/api/profile", { companyName: "Rao Stores Pvt", gstNumber: "27AAPFU0939F1ZV" })).body).toMatchObject({ turnoverAbove5Crore: true });
    // Above ₹5 crore now: the next save of that product asks for a 6-digit code.
    const edit = await client.put(`/api/products/${id}`, { ...body, price: "130" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/required/);
    expect((await client.put(`/api/products/${id}`, { ...body, price: "130", hsnCode: "847130" })).status).toBe(200);
    expect((await client.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", turnoverAbove5Crore: "yes" })).status).toBe(400);
  });
});
