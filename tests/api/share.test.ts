/** Issue 10, sharing: an invoice's link its customer opens without an account, on PGlite and PostgreSQL. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const TOKEN_URL = /^http:\/\/127\.0\.0\.1:\d+\/i\/([A-Za-z0-9_-]{43})$/;

/** A registered business with a UPI id, selling ₹1,000 + 18% hair oil to Meena within Maharashtra. */
async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const user = await owner.register();
  expect(
    (
      await owner.put("/api/profile", {
        companyName: "Rao Stores",
        gstNumber: "27AAPFU0939F1ZV",
        businessAddress: "4 Market Yard, Mumbai",
        upiId: "raostores@oksbi",
        bankName: "State Bank of India",
      })
    ).status,
  ).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const oil = (
    await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })
  ).body.id as string;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Meena Textiles", phone: "9876543210", email: "meena@example.com" })).body.id as string;
  const invoice = async (quantity = 1) => {
    const created = await owner.post("/api/invoices", {
      customerId: customer,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      dueDate: "2099-01-31",
      items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  return { owner, userId: user.id, oil, customer, invoice };
}

/** Someone without an account; sends the owner's position so the page shows what was just shared. */
function guestOf(app: TestApp, owner: ApiClient): ApiClient {
  const guest = new ApiClient(app.baseUrl);
  guest.position = owner.position;
  return guest;
}

const pathOf = (url: string) => new URL(url).pathname;

describe.each(backends)("invoice share links (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Rule 46 invoice over a link: opens without a session with the number, total and a UPI QR for the amount due; the same link again; its PDF beside it", async () => {
    const { owner, userId, oil, customer, invoice } = await business(app);
    const inv = await invoice(1);

    const shared = await owner.post(`/api/invoices/${inv.id}/share`);
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body.url).toMatch(TOKEN_URL);
    // Asked again while active: the link already sent, not a new one.
    const again = await owner.post(`/api/invoices/${inv.id}/share`);
    expect(again.status).toBe(200);
    expect(again.body.url).toBe(shared.body.url);
    expect((await owner.get(`/api/invoices/${inv.id}/share`)).body.url).toBe(shared.body.url);

    const guest = guestOf(app, owner);
    const page = await guest.get<string>(pathOf(shared.body.url));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("content-security-policy")).not.toMatch(/unsafe-inline|script-src/);
    const html = page.body;
    for (const text of [
      inv.invoiceNumber,
      "Rao Stores",
      "27AAPFU0939F1ZV",
      "Meena Textiles",
      "Hair oil",
      "₹1,000.00",
      "CGST",
      "₹90.00",
      "₹1,180.00",
      "Amount due",
      "31 Jan 2099",
      "Download PDF",
    ]) {
      expect(html).toContain(text);
    }
    // The QR and the button pay exactly what is due, to the business's UPI id.
    expect(html).toContain("<svg");
    expect(html).toContain("upi://pay?pa=raostores@oksbi&amp;pn=Rao%20Stores&amp;am=1180.00&amp;cu=INR");
    // Nothing else of the books: no record ids, no customer contact details, no inline script or style.
    for (const secret of [inv.id, userId, oil, customer, "meena@example.com", "9876543210"]) expect(html).not.toContain(secret);
    expect(html).not.toMatch(/<script|style=|<style/);

    const css = await guest.get<string>("/i/share.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);

    const pdf = await fetch(`${app.baseUrl}${pathOf(shared.body.url)}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The owner's Rule 46 PDF: its title names the invoice, its QR links the same payment.
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF-")).toBe(true);
    expect(bytes).toContain(`(Tax Invoice ${inv.invoiceNumber})`);
    expect(bytes).toContain(`/URI (upi://pay?pa=raostores@oksbi&pn=Rao%20Stores&am=1180.00&cu=INR&tn=Invoice%20${encodeURIComponent(inv.invoiceNumber)})`);
  });

  it("a revoked link is a 404, page and PDF; sharing again makes a new link and the old one stays dead", async () => {
    const { owner, invoice } = await business(app);
    const inv = await invoice(2);
    const first = (await owner.post(`/api/invoices/${inv.id}/share`)).body.url as string;
    expect((await guestOf(app, owner).get(pathOf(first))).status).toBe(200);

    const revoked = await owner.delete(`/api/invoices/${inv.id}/share`);
    expect(revoked.status).toBe(204);
    const guest = guestOf(app, owner);
    const gone = await guest.get<string>(pathOf(first));
    expect(gone.status).toBe(404);
    expect(gone.body).toContain("This link does not work any more");
    expect(gone.body).not.toContain(inv.invoiceNumber);
    expect((await guest.get(`${pathOf(first)}/pdf`)).status).toBe(404);
    expect((await owner.get(`/api/invoices/${inv.id}/share`)).body).toEqual({ url: null, createdAt: null });
    // Revoking what is not shared changes nothing.
    const events = await countEvents(app.sql);
    expect((await owner.delete(`/api/invoices/${inv.id}/share`)).status).toBe(204);
    expect(await countEvents(app.sql)).toBe(events);

    const second = await owner.post(`/api/invoices/${inv.id}/share`);
    expect(second.status).toBe(201);
    expect(second.body.url).not.toBe(first);
    expect((await guestOf(app, owner).get(pathOf(second.body.url))).status).toBe(200);
    expect((await guestOf(app, owner).get(pathOf(first))).status).toBe(404);
  });

  it("another business's invoice is a 404 to share, revoke or ask about, and nothing is appended", async () => {
    const a = await business(app);
    const b = await business(app);
    const inv = await a.invoice(1);
    const link = (await a.owner.post(`/api/invoices/${inv.id}/share`)).body.url as string;
    const unshared = await a.invoice(1);
    const events = await countEvents(app.sql);
    for (const response of [
      await b.owner.post(`/api/invoices/${unshared.id}/share`),
      await b.owner.delete(`/api/invoices/${unshared.id}/share`),
      await b.owner.post(`/api/invoices/${inv.id}/share`),
      await b.owner.delete(`/api/invoices/${inv.id}/share`),
      await b.owner.get(`/api/invoices/${inv.id}/share`),
      await b.owner.post(`/api/invoices/not-an-id/share`),
      await b.owner.post(`/api/invoices/${crypto.randomUUID()}/share`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: "NOT_FOUND", message: "Invoice not found" });
    }
    expect(await countEvents(app.sql)).toBe(events);
    // Without a session the owner's routes refuse; the link itself still works.
    const guest = guestOf(app, a.owner);
    expect((await guest.post(`/api/invoices/${inv.id}/share`)).status).toBe(401);
    expect((await guest.delete(`/api/invoices/${inv.id}/share`)).status).toBe(401);
    expect((await guest.get(pathOf(link))).status).toBe(200);
  });

  it("tokens cannot be guessed: 256 random bits in 43 base64url characters, all different; near misses and junk are the same 404", async () => {
    const { owner, invoice } = await business(app);
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const inv = await invoice(1);
      const url = (await owner.post(`/api/invoices/${inv.id}/share`)).body.url as string;
      tokens.push(TOKEN_URL.exec(url)![1]!);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(Buffer.from(token, "base64url")).toHaveLength(32);
    // Not one token with a counter in it: no two share even their first 8 characters.
    expect(new Set(tokens.map((t) => t.slice(0, 8))).size).toBe(tokens.length);

    const guest = guestOf(app, owner);
    const real = tokens[0]!;
    const flipped = `${real.slice(0, -1)}${real.endsWith("A") ? "B" : "A"}`;
    for (const path of [`/i/${flipped}`, `/i/${real.slice(0, -1)}`, `/i/${real}x`, "/i/..%2F..%2Fetc%2Fpasswd", `/i/${"A".repeat(43)}`, "/i/%00"]) {
      const response = await guest.get<string>(path);
      expect(response.status, path).toBe(404);
    }
  });

  it("s.34 / issue 9: a cancelled invoice gets no new link, and one shared before shows it cancelled with nothing to pay", async () => {
    const { owner, invoice } = await business(app);
    const shared = await invoice(1);
    const link = (await owner.post(`/api/invoices/${shared.id}/share`)).body.url as string;
    expect((await owner.post(`/api/invoices/${shared.id}/cancel`, { reason: "Wrong customer" })).status).toBe(200);
    const page = await guestOf(app, owner).get<string>(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.body).toContain("Cancelled");
    expect(page.body).not.toContain("upi://pay");
    expect(page.body).not.toContain("Amount due");

    const other = await invoice(1);
    expect((await owner.post(`/api/invoices/${other.id}/cancel`, { reason: "Duplicate" })).status).toBe(200);
    const events = await countEvents(app.sql);
    const refused = await owner.post(`/api/invoices/${other.id}/share`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cancelled invoice cannot be shared/);
    expect(await countEvents(app.sql)).toBe(events);
  });

  it("two clicks at once give one link", async () => {
    const { owner, invoice } = await business(app);
    const inv = await invoice(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.post(`/api/invoices/${inv.id}/share`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
  });
});

describe("the shared page after a part payment (issue 10) on pglite", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("s.31 / Rule 46: the page and its UPI QR ask for the balance due, not the total; a paid invoice asks for nothing", async () => {
    const { owner, invoice } = await business(app);
    const inv = await invoice(1);
    const link = (await owner.post(`/api/invoices/${inv.id}/share`)).body.url as string;
    const paid = await owner.post(`/api/invoices/${inv.id}/payments`, { amount: "500.00", date: indianDateOf(new Date()), mode: "cash", reference: "" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const page = (await guestOf(app, owner).get<string>(pathOf(link))).body;
    expect(page).toContain("Partly paid");
    expect(page).toMatch(/Paid<\/th><td class="num">₹500\.00/);
    expect(page).toMatch(/Balance due<\/th><td class="num">₹680\.00/);
    expect(page).toContain("am=680.00&amp;cu=INR");
    expect(page).not.toContain("am=1180.00");

    expect((await owner.post(`/api/invoices/${inv.id}/payments`, { amount: "680.00", date: indianDateOf(new Date()), mode: "upi", reference: "UTR1" })).status).toBe(201);
    const settled = (await guestOf(app, owner).get<string>(pathOf(link))).body;
    expect(settled).toContain(">Paid</span>");
    expect(settled).not.toContain("upi://pay");
    expect(settled).not.toContain("Amount due");
  });
});
