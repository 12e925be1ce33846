import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER, indianDateOf } from "@bahi/shared/contract";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

const GSTIN = "27AAPFU0939F1ZV";
const BANK = { bankName: "State Bank of India", bankAccountNumber: "3012 3456 789", bankIfsc: "sbin0001234", upiId: "raostores@oksbi" };

describe("the invoice document: bank details, UPI QR and the thermal layout (PGlite)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  async function business() {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, businessAddress: "4 Market Yard, Mumbai" })).status).toBe(200);
    return owner;
  }

  const pdf = async (owner: ApiClient, id: string, query = "") => {
    const response = await fetch(`${app.baseUrl}/api/invoices/${id}/pdf${query}`, {
      headers: { cookie: owner.cookie!, ...(owner.position ? { [AFTER_HEADER]: owner.position } : {}) },
    });
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  it("keeps bank details and the UPI id on the profile: normalised, kept when not sent, cleared on null", async () => {
    const owner = await business();
    const saved = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, ...BANK });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bankName: "State Bank of India", bankAccountNumber: "30123456789", bankIfsc: "SBIN0001234", upiId: "raostores@oksbi" });
    // An older client that does not send them keeps them.
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN })).body).toMatchObject({ bankIfsc: "SBIN0001234", upiId: "raostores@oksbi" });
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, upiId: null, bankName: "" })).body).toMatchObject({
      bankName: null,
      upiId: null,
      bankIfsc: "SBIN0001234",
    });
  });

  it("refuses a malformed IFSC, UPI id or account number with 400 and changes nothing", async () => {
    const owner = await business();
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, ...BANK });
    for (const [field, value] of [
      ["bankIfsc", "SBIN1001234"],
      ["bankIfsc", "SBI0001234"],
      ["upiId", "raostores"],
      ["upiId", "a@b1"],
      ["bankAccountNumber", "12AB5678"],
      ["bankName", 42],
    ] as const) {
      const refused = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body.errors[0].path).toBe(field);
    }
    expect((await owner.get("/api/profile")).body).toMatchObject({ bankIfsc: "SBIN0001234", upiId: "raostores@oksbi", bankAccountNumber: "30123456789" });
  });

  it("Rule 46: the PDF prints the particulars, the bank details and a UPI link for the amount due; ?layout=thermal is 226 pt wide", async () => {
    const owner = await business();
    await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, businessAddress: "4 Market Yard, Mumbai", ...BANK });
    await owner.post("/api/profile/plan", { plan: "professional" });
    const product = await owner.post("/api/products", { name: "Hair oil", sku: `OIL-${randomUUID().slice(0, 8)}`, category: "Books", price: "1000", stock: 50, hsnCode: "3305" });
    const customer = await owner.post("/api/customers", {
      name: "Reddy Retail",
      stateCode: "29",
      gstNumber: "29AABCR1718E1ZL",
      address: "5 Residency Road, Bengaluru",
      shippingAddress: "Godown 3, Peenya, Bengaluru",
    });
    expect([product.status, customer.status], JSON.stringify([product.body, customer.body])).toEqual([201, 201]);
    const created = await owner.post("/api/invoices", {
      customerId: customer.body.id,
      issueDate: indianDateOf(new Date()),
      dueDate: null,
      items: [{ productId: product.body.id, quantity: 2, price: "1000", gstRate: "18", amount: "2360.00" }],
      subtotal: "2000.00",
      gstAmount: "360.00",
      total: "2360.00",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const total = created.body.total as string;
    const number = created.body.invoiceNumber as string;

    const a4 = await pdf(owner, created.body.id);
    expect([a4.status, a4.type]).toEqual([200, "application/pdf"]);
    const document = pdfText(a4.body);
    const text = document.text.replace(/\s+/g, " ");
    for (const particular of [
      "Rao Stores",
      "GSTIN: 27AAPFU0939F1ZV",
      "State: Maharashtra (27)",
      `Invoice No: ${number}`,
      "Reddy Retail",
      "GSTIN: 29AABCR1718E1ZL",
      "State: Karnataka (29)",
      "Godown 3, Peenya, Bengaluru",
      "Place of Supply: Karnataka (29)",
      "Tax payable on reverse charge: No",
      "3305",
      "IGST rate",
      "18%",
      "Bank: State Bank of India",
      "IFSC: SBIN0001234",
      "For Rao Stores",
      "Authorised signatory",
    ])
      expect(text, particular).toContain(particular);
    const upi = `upi://pay?pa=raostores@oksbi&pn=Rao%20Stores&am=${total}&cu=INR&tn=${encodeURIComponent(`Invoice ${number}`)}`;
    expect(document.links).toEqual([upi]);

    const thermal = await pdf(owner, created.body.id, "?layout=thermal");
    expect(thermal.status).toBe(200);
    expect(thermal.disposition).toContain("-receipt.pdf");
    const receipt = pdfText(thermal.body);
    expect(receipt.pages).toHaveLength(1);
    expect(receipt.pages[0]!.width).toBe(226);
    expect(receipt.links).toEqual([upi]);

    expect((await pdf(owner, created.body.id, "?layout=letter")).status).toBe(400);
    // Paid: nothing left to pay, so no QR.
    expect((await owner.patch(`/api/invoices/${created.body.id}/status`, { status: "paid" })).status).toBe(200);
    expect(pdfText((await pdf(owner, created.body.id)).body).links).toEqual([]);

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    stranger.position = owner.position;
    expect((await pdf(stranger, created.body.id, "?layout=thermal")).status).toBe(404);
  });
});
