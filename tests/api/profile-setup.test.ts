/**
 * Issue 9, the document's setup: the business's PIN code (kept on the profile, printed with the
 * address, used for e-invoices and e-way bills), its logo on the A4 invoice, and the delivery
 * address snapshotted on the invoice (Rule 46(o)). PGlite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER } from "@bahi/shared/contract";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const GSTIN = "27AAPFU0939F1ZV";
/** A real 1×1 PNG and the smallest JPEG header: what the server checks is the bytes, not the claim. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const flat = (text: string) => text.replace(/\s+/g, " ");
/** pdfkit writes every embedded picture as an image XObject; the UPI QR is vector squares, not one. */
const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString("latin1"));

describe.each(backends)("business setup: PIN code, logo and delivery address (issue 9) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function business() {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const saved = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, businessAddress: "4 Market Yard, Pune", pinCode: "411001" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const product = (
      await owner.post("/api/products", {
        name: "Machine",
        sku: `M-${randomBytes(3).toString("hex")}`,
        category: "Electronics",
        price: "60000",
        stock: 10,
        gstRate: 18,
        hsnCode: "847130",
      })
    ).body.id as string;
    const invoice = async (customerId: string) => {
      const created = await owner.post("/api/invoices", {
        customerId,
        subtotal: "60000",
        gstAmount: "10800",
        total: "70800",
        items: [{ productId: product, quantity: 1, price: "60000", gstRate: "18", amount: "70800.00" }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string; invoiceNumber: string; supplier: { pinCode: string | null }; customer: { shippingAddress: string | null } };
    };
    return { owner, invoice };
  }

  const raw = async (client: ApiClient, path: string) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      headers: { ...(client.cookie ? { cookie: client.cookie } : {}), ...(client.position ? { [AFTER_HEADER]: client.position } : {}) },
    });
    return { status: response.status, type: response.headers.get("content-type"), body: Buffer.from(await response.arrayBuffer()) };
  };

  it("Rule 46(b)/e-invoice schema: the PIN code is 6 digits not starting with 0, kept when not sent, cleared by null; a bad one is a 400 that records nothing", async () => {
    const { owner } = await business();
    expect((await owner.get("/api/profile")).body).toMatchObject({ pinCode: "411001", logo: null });
    const before = await countEvents(app.sql);
    for (const pinCode of ["012345", "41100", "4110011", "41I001"]) {
      const bad = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, pinCode });
      expect(bad.status, pinCode).toBe(400);
      expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "pinCode", message: "PIN code must be 6 digits, not starting with 0" }] });
    }
    expect(await countEvents(app.sql)).toBe(before);
    // An older client that does not send it keeps it; spaces are dropped; null clears it.
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN })).body.pinCode).toBe("411001");
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, pinCode: "560 001" })).body.pinCode).toBe("560001");
    expect((await owner.get("/api/profile")).body.pinCode).toBe("560001");
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, pinCode: null })).body.pinCode).toBeNull();
  });

  it("Rule 46(b): the invoice keeps the business's PIN as it was when issued, prints it with the address, and e-invoices and e-way bills use it when the request omits it", async () => {
    const { owner, invoice } = await business();
    const customer = (await owner.post("/api/customers", { name: "Reddy Retail", gstNumber: "29AABCR1718E1ZL", address: "Bengaluru" })).body.id as string;
    const issued = await invoice(customer);
    expect(issued.supplier.pinCode).toBe("411001");
    // A later change of PIN does not rewrite the issued invoice.
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, pinCode: "411002" });
    expect((await owner.get(`/api/invoices/${issued.id}`)).body.supplier).toMatchObject({ address: "4 Market Yard, Pune", pinCode: "411001" });
    const pdf = await raw(owner, `/api/invoices/${issued.id}/pdf`);
    expect(flat(pdfText(pdf.body).text)).toContain("PIN: 411001");

    const einvoice = await owner.get(`/api/invoices/${issued.id}/einvoice?sellerLocation=Pune&buyerLocation=Bengaluru&buyerPincode=560001`);
    expect(einvoice.status, JSON.stringify(einvoice.body)).toBe(200);
    expect(einvoice.body.payload.SellerDtls).toMatchObject({ Pin: 411001, Loc: "Pune" });
    // A PIN in the request still wins.
    expect(
      (await owner.get(`/api/invoices/${issued.id}/einvoice?sellerLocation=Pune&sellerPincode=411038&buyerLocation=Bengaluru&buyerPincode=560001`)).body.payload.SellerDtls.Pin,
    ).toBe(411038);

    const bill = await owner.post("/api/ewaybills", { invoiceId: issued.id, deliveryPincode: "560001", distanceKm: 850, vehicleNumber: "MH12AB1234" });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);

    // Without any PIN (none on the invoice, none on the profile) the e-invoice still asks for one.
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, pinCode: null });
    const unpinned = await invoice(customer);
    expect(unpinned.supplier.pinCode).toBeNull();
    const asked = await owner.get(`/api/invoices/${unpinned.id}/einvoice?sellerLocation=Pune&buyerLocation=Bengaluru&buyerPincode=560001`);
    expect(asked.status).toBe(400);
    expect(asked.body.errors).toEqual([expect.objectContaining({ path: "sellerPincode" })]);
    expect((await owner.post("/api/ewaybills", { invoiceId: unpinned.id, deliveryPincode: "560001", distanceKm: 850, vehicleNumber: "MH12AB1234" })).status).toBe(400);
  });

  it("Rule 46: the uploaded logo (PNG or JPEG, at most 200 KB) is served to its owner only and drawn on the A4 invoice; removing it takes it off", async () => {
    const { owner, invoice } = await business();
    const customer = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "27", address: "Camp, Pune" })).body.id as string;
    const issued = await invoice(customer);
    expect((await raw(owner, "/api/profile/logo")).status).toBe(404);
    expect(hasImage((await raw(owner, `/api/invoices/${issued.id}/pdf`)).body)).toBe(false);

    const uploaded = await owner.put("/api/profile/logo", { image: dataUrl(PNG) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.logo).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), size: PNG.length, contentType: "image/png" });
    expect((await owner.get("/api/profile")).body.logo).toEqual(uploaded.body.logo);
    const served = await raw(owner, "/api/profile/logo");
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/png");
    expect(served.body.equals(PNG)).toBe(true);

    const pdf = await raw(owner, `/api/invoices/${issued.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(hasImage(pdf.body)).toBe(true);
    // The thermal receipt stays text only.
    expect(hasImage((await raw(owner, `/api/invoices/${issued.id}/pdf?layout=thermal`)).body)).toBe(false);

    // Someone else's session sees no logo of theirs, and none of this business's.
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    expect((await raw(stranger, "/api/profile/logo")).status).toBe(404);
    expect((await raw(new ApiClient(app.baseUrl), "/api/profile/logo")).status).toBe(401);

    const removed = await owner.delete("/api/profile/logo");
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await raw(owner, "/api/profile/logo")).status).toBe(404);
    expect(hasImage((await raw(owner, `/api/invoices/${issued.id}/pdf`)).body)).toBe(false);
  });

  it("a logo that is too big, not PNG/JPEG, or not an image is a 400 with a clear message and records nothing", async () => {
    const { owner } = await business();
    const before = await countEvents(app.sql);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    const cases: [unknown, RegExp][] = [
      [{ image: dataUrl(tooBig) }, /at most 200 KB; this image is 201 KB/],
      [{ image: dataUrl(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), "image/gif") }, /must be a PNG or JPEG image/],
      // Claimed PNG, bytes are not.
      [{ image: dataUrl(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")) }, /must be a PNG or JPEG image/],
      [{ image: "https://example.com/logo.png" }, /Choose a PNG or JPEG image/],
      [{ image: "data:image/png;base64," }, /Choose a PNG or JPEG image/],
      [{}, /Choose a PNG or JPEG image/],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.put("/api/profile/logo", body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.code).toBe("VALIDATION_FAILED");
      expect(refused.body.message).toMatch(message);
    }
    expect(await countEvents(app.sql)).toBe(before);
    // A JPEG is taken as such (by its bytes).
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    expect((await owner.put("/api/profile/logo", { image: dataUrl(jpeg, "image/jpeg") })).body.logo).toMatchObject({ contentType: "image/jpeg", size: jpeg.length });
  });

  it("Rule 46(o): the delivery address is the one on the customer when invoiced, printed as Ship To; a later change of the customer does not rewrite it", async () => {
    const { owner, invoice } = await business();
    const customer = (
      await owner.post("/api/customers", {
        name: "Reddy Retail",
        stateCode: "29",
        gstNumber: "29AABCR1718E1ZL",
        address: "5 Residency Road, Bengaluru",
        shippingAddress: "Godown 3, Peenya, Bengaluru",
      })
    ).body.id as string;
    const issued = await invoice(customer);
    expect(issued.customer.shippingAddress).toBe("Godown 3, Peenya, Bengaluru");
    const edited = await owner.put(`/api/customers/${customer}`, {
      name: "Reddy Retail",
      stateCode: "29",
      gstNumber: "29AABCR1718E1ZL",
      address: "5 Residency Road, Bengaluru",
      shippingAddress: "Unit 9, Hosur Road, Bengaluru",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await owner.get(`/api/invoices/${issued.id}`)).body.customer.shippingAddress).toBe("Godown 3, Peenya, Bengaluru");
    const text = flat(pdfText((await raw(owner, `/api/invoices/${issued.id}/pdf`)).body).text);
    expect(text).toContain("Ship To (delivery address)");
    expect(text).toContain("Godown 3, Peenya, Bengaluru");
    expect(text).not.toContain("Hosur Road");

    // An invoice to a customer without a shipping address prints no Ship To, whatever the customer later gets.
    const plain = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "27", address: "Pune" })).body.id as string;
    const walkIn = await invoice(plain);
    expect(walkIn.customer.shippingAddress).toBeNull();
    await owner.put(`/api/customers/${plain}`, { name: "Walk-in", stateCode: "27", address: "Pune", shippingAddress: "Later Godown, Pune" });
    expect(flat(pdfText((await raw(owner, `/api/invoices/${walkIn.id}/pdf`)).body).text)).not.toContain("Ship To");
  });
});
