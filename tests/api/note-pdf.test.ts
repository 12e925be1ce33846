/** Issue 9: the credit and debit note document (s.34, CGST Rule 53(1A)) over the HTTP API, on PGlite. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER } from "@bahi/shared/contract";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

const GSTIN = "27AAPFU0939F1ZV";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("credit and debit note PDFs (issue 9, Rule 53)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  const pdf = async (client: ApiClient, path: string) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      headers: { ...(client.cookie ? { cookie: client.cookie } : {}), ...(client.position ? { [AFTER_HEADER]: client.position } : {}) },
    });
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  /** A Maharashtra business selling to a Karnataka GSTIN (IGST) and to a local walk-in (CGST + SGST). */
  async function business() {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: GSTIN, businessAddress: "4 Market Yard, Pune", pinCode: "411001" })).status).toBe(200);
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const oil = (
      await owner.post("/api/products", {
        name: "Hair oil",
        sku: `P-${randomBytes(3).toString("hex")}`,
        category: "Other",
        price: "1000",
        stock: 100,
        gstRate: 18,
        hsnCode: "3305",
      })
    ).body.id as string;
    const reddy = (await owner.post("/api/customers", { name: "Reddy Retail", gstNumber: "29AABCR1718E1ZL", address: "5 Residency Road, Bengaluru" })).body.id as string;
    const invoice = async (customerId: string, quantity = 2) => {
      const created = await owner.post("/api/invoices", {
        customerId,
        subtotal: String(1000 * quantity),
        gstAmount: String(180 * quantity),
        total: String(1180 * quantity),
        items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string; invoiceNumber: string };
    };
    return { owner, oil, reddy, invoice };
  }

  it("Rule 53(1A): a credit note's PDF names itself, its number and date, the original invoice, both GSTINs, the reason, the lines' HSN and tax heads, and the total", async () => {
    const { owner, oil, reddy, invoice } = await business();
    const original = await invoice(reddy);
    const note = await owner.post("/api/credit-notes", {
      invoiceId: original.id,
      reason: "sales_return",
      items: [{ productId: oil, quantity: 1, price: "1000" }],
      notes: "One bottle leaked",
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);

    const document = await pdf(owner, `/api/credit-notes/${note.body.id}/pdf`);
    expect(document.status).toBe(200);
    expect(document.type).toBe("application/pdf");
    expect(document.disposition).toContain(`${(note.body.number as string).replace(/\//g, "_")}.pdf`);
    const text = flat(pdfText(document.body).text);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(`Credit Note No: ${note.body.number}`);
    expect(text).toMatch(new RegExp(`Against invoice: ${original.invoiceNumber.replace(/\//g, "\\/")} dated \\d{2} \\w{3} \\d{4}`));
    expect(text).toContain("Reason: Sales return (goods returned)");
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).toContain("GSTIN: 29AABCR1718E1ZL");
    expect(text).toContain("5 Residency Road, Bengaluru");
    expect(text).toContain("Karnataka (29)");
    expect(text).toContain("PIN: 411001");
    expect(text).toContain("3305");
    expect(text).toContain("IGST rate");
    expect(text).toContain("180.00");
    expect(text).toContain("Credit Note total");
    expect(text).toContain("₹1,180.00");
    expect(text).toContain("One bottle leaked");
    expect(text).toContain("Authorised signatory");
  });

  it("Rule 53(1A)(h): a debit note against two invoices lists both with their dates, intra-state heads split CGST/SGST; the logo is drawn when uploaded", async () => {
    const { owner, oil, invoice } = await business();
    const local = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "27", address: "Kothrud, Pune" })).body.id as string;
    const a = await invoice(local, 1);
    const b = await invoice(local, 3);
    expect((await owner.put("/api/profile/logo", { image: `data:image/png;base64,${PNG.toString("base64")}` })).status).toBe(200);
    const note = await owner.post("/api/debit-notes", { invoiceIds: [a.id, b.id], reason: "correction", items: [{ productId: oil, quantity: 1, price: "50" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const document = await pdf(owner, `/api/debit-notes/${note.body.id}/pdf`);
    expect(document.status).toBe(200);
    const text = flat(pdfText(document.body).text);
    expect(text).toContain("DEBIT NOTE");
    expect(text).toContain(`Debit Note No: ${note.body.number}`);
    expect(text).toContain(`Against invoices: ${a.invoiceNumber} dated`);
    expect(text).toContain(`, ${b.invoiceNumber} dated`);
    expect(text).toContain("Reason: Correction of rate or value");
    expect(text).toContain("GSTIN: Unregistered");
    expect(text).toContain("CGST rate");
    expect(text).toContain("9%");
    expect(/\/Subtype\s*\/Image/.test(document.body.toString("latin1"))).toBe(true);
  });

  it("a note's PDF is 404 for another business, for the other kind's path and for an id that is no note", async () => {
    const { owner, oil, reddy, invoice } = await business();
    const original = await invoice(reddy);
    const note = (await owner.post("/api/credit-notes", { invoiceId: original.id, reason: "post_sale_discount", items: [{ productId: oil, quantity: 1, price: "100" }] })).body;
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    const foreign = await pdf(stranger, `/api/credit-notes/${note.id}/pdf`);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body.toString())).toMatchObject({ code: "NOT_FOUND", message: "Credit note not found" });
    expect((await pdf(owner, `/api/debit-notes/${note.id}/pdf`)).status).toBe(404);
    expect((await pdf(owner, `/api/credit-notes/${original.id}/pdf`)).status).toBe(404);
    expect((await pdf(owner, "/api/credit-notes/not-an-id/pdf")).status).toBe(404);
    expect((await pdf(new ApiClient(app.baseUrl), `/api/credit-notes/${note.id}/pdf`)).status).toBe(401);
  });
});
