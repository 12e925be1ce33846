/**
 * Issue 10, gaps left by the parties round: the credit limit on an invoice's edit, archived
 * customers and vendors on challans, notes and expenses, archived customers out of the global
 * search. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";
import { oilShop } from "../support/oilShop.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());

const business = oilShop;

describe.each(backends)("party gaps (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("credit limit on edit (PUT /api/invoices/{id}): the new total less the old one counts; 409 CREDIT_LIMIT_EXCEEDED unless confirmed, nothing appended", async () => {
    const { owner, customer, body } = await business(app);
    const reddy = await customer("Reddy Retail", "3000");
    const created = await owner.post("/api/invoices", body(reddy, 2));
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const before = await countEvents(app.sql);
    const refused = await owner.put(`/api/invoices/${id}`, body(reddy, 3));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "CREDIT_LIMIT_EXCEEDED", balance: "2360.00", creditLimit: "3000.00", balanceAfter: "3540.00" });
    expect(refused.body.message).toContain("Reddy Retail");
    expect(await countEvents(app.sql)).toBe(before);
    expect((await owner.get(`/api/invoices/${id}`)).body).toMatchObject({ total: "2360.00" });

    const confirmed = await owner.put(`/api/invoices/${id}`, body(reddy, 3, { overCreditLimit: true }));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await owner.get(`/api/customers/${reddy}/balance`)).body).toMatchObject({ balance: "3540.00" });

    // Over the limit already: an edit adding nothing (a note) or lowering the total needs no confirmation.
    expect((await owner.put(`/api/invoices/${id}`, body(reddy, 3, { notes: "Deliver by Friday" }))).status).toBe(200);
    expect((await owner.put(`/api/invoices/${id}`, body(reddy, 2))).status).toBe(200);
    expect((await owner.get(`/api/customers/${reddy}/balance`)).body).toMatchObject({ balance: "2360.00" });

    // Moved to another customer, the whole total is theirs.
    const small = await customer("Small Shop", "1000");
    const moved = await owner.put(`/api/invoices/${id}`, body(small, 2));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: "CREDIT_LIMIT_EXCEEDED", balance: "0.00", creditLimit: "1000.00", balanceAfter: "2360.00" });
  });

  it("an archived customer gets no delivery challan (400 PARTY_ARCHIVED, nothing appended) but s.34 CGST Act credit notes and edits of old invoices still correct them", async () => {
    const { owner, oil, customer, body } = await business(app);
    const reddy = await customer("Reddy Retail");
    const invoice = (await owner.post("/api/invoices", body(reddy, 2))).body.id as string;
    const other = (await owner.post("/api/invoices", body(reddy, 1))).body.id as string;
    expect((await owner.post(`/api/customers/${reddy}/archive`)).status).toBe(200);

    const before = await countEvents(app.sql);
    const challan = await owner.post("/api/delivery-challans", { customerId: reddy, purpose: "job_work", items: [{ productId: oil, quantity: 1 }] });
    expect(challan.status).toBe(400);
    expect(challan.body).toMatchObject({ code: "PARTY_ARCHIVED", message: "Reddy Retail is archived: unarchive it on the Customers page first" });
    expect(await countEvents(app.sql)).toBe(before);

    const note = await owner.post("/api/credit-notes", { invoiceId: invoice, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const edit = await owner.put(`/api/invoices/${other}`, body(reddy, 1, { notes: "Corrected" }));
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    expect((await owner.post(`/api/customers/${reddy}/unarchive`)).status).toBe(200);
    expect((await owner.post("/api/delivery-challans", { customerId: reddy, purpose: "job_work", items: [{ productId: oil, quantity: 1 }] })).status).toBe(201);
  });

  it("an archived vendor gets no new expense (400 PARTY_ARCHIVED, nothing appended); an expense already naming it can still be corrected", async () => {
    const { owner } = await business(app);
    const vendor = (await owner.post("/api/vendors", { name: "Pune Power" })).body.id as string;
    const rent = await owner.post("/api/expenses", { vendorId: vendor, category: "Utilities", description: "Electricity", amount: "1000.50", date: today });
    expect(rent.status).toBe(201);
    expect((await owner.post(`/api/vendors/${vendor}/archive`)).status).toBe(200);

    const before = await countEvents(app.sql);
    const refused = await owner.post("/api/expenses", { vendorId: vendor, category: "Utilities", description: "Electricity", amount: "900", date: today });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "PARTY_ARCHIVED", message: "Pune Power is archived: unarchive it on the Vendors page first" });
    expect(await countEvents(app.sql)).toBe(before);

    const corrected = await owner.put(`/api/expenses/${rent.body.id}`, {
      vendorId: vendor,
      category: "Utilities",
      description: "Electricity (March)",
      amount: "1000.50",
      date: today,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
  });

  it("global search (GET /api/search) leaves archived customers out", async () => {
    const { owner, customer } = await business(app);
    const live = await customer("Reddy Retail");
    const gone = await customer("Reddy Wholesale");
    expect((await owner.post(`/api/customers/${gone}/archive`)).status).toBe(200);
    const found = await owner.get("/api/search?q=reddy");
    expect(found.status).toBe(200);
    expect(found.body.customers.map((c: { id: string }) => c.id)).toEqual([live]);
  });
});
