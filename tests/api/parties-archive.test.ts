/**
 * Issue 10: customers and vendors with documents are archived, not deleted; an archived
 * customer leaves the pickers and cannot be invoiced; the credit limit needs the owner's
 * confirmation to be passed. On PGlite and PostgreSQL.
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

describe.each(backends)("parties: archive instead of delete, credit limit (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a customer named on invoices cannot be deleted: 409 PARTY_HAS_DOCUMENTS with the count, nothing appended", async () => {
    const { owner, customer, invoice } = await business(app);
    const reddy = await customer("Reddy Retail");
    for (let i = 0; i < 3; i++) expect((await invoice(reddy, 1)).status).toBe(201);
    const before = await countEvents(app.sql);
    const refused = await owner.delete(`/api/customers/${reddy}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "PARTY_HAS_DOCUMENTS", message: "Reddy Retail has 3 invoices: archive it instead" });
    expect(await countEvents(app.sql)).toBe(before);
    expect((await owner.get(`/api/customers/${reddy}`)).status).toBe(200);
  });

  it("documents the projector has not applied yet still block a deletion (read from the log past the read models)", async () => {
    const { owner, customer, invoice } = await business(app);
    // Stock is checked on the read model; with negative stock allowed, invoicing needs no projector.
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", allowNegativeStock: true })).status).toBe(200);
    const reddy = await customer("Reddy Retail");
    const vendor = (await owner.post("/api/vendors", { name: "Pune Power" })).body.id as string;
    expect((await invoice(reddy, 1)).status).toBe(201);
    expect((await owner.get("/api/invoices")).body).toHaveLength(1);
    await app.bahi.projector!.stop();
    try {
      expect((await invoice(reddy, 1)).status).toBe(201);
      expect((await owner.post("/api/expenses", { vendorId: vendor, category: "Utilities", description: "Electricity", amount: "500", date: today })).status).toBe(201);
      const before = await countEvents(app.sql);
      const refused = await owner.delete(`/api/customers/${reddy}`);
      expect(refused.body).toMatchObject({ code: "PARTY_HAS_DOCUMENTS", message: "Reddy Retail has 2 invoices: archive it instead" });
      expect((await owner.delete(`/api/vendors/${vendor}`)).body).toMatchObject({ code: "PARTY_HAS_DOCUMENTS", message: "Pune Power has 1 expense: archive it instead" });
      expect(await countEvents(app.sql)).toBe(before);
    } finally {
      app.bahi.projector!.start();
    }
  });

  it("a customer or vendor without documents is still deleted; a foreign one is 404", async () => {
    const { owner, customer } = await business(app);
    const walkIn = await customer("Walk-in");
    expect((await owner.delete(`/api/customers/${walkIn}`)).status).toBe(204);
    expect((await owner.get(`/api/customers/${walkIn}`)).status).toBe(404);
    const vendor = (await owner.post("/api/vendors", { name: "Pune Power" })).body.id as string;
    expect((await owner.delete(`/api/vendors/${vendor}`)).status).toBe(204);

    const other = await business(app);
    const theirs = await other.customer("Not yours");
    expect((await owner.delete(`/api/customers/${theirs}`)).status).toBe(404);
    expect((await owner.post(`/api/customers/${theirs}/archive`)).status).toBe(404);
  });

  it("a vendor named on expenses cannot be deleted: 409 PARTY_HAS_DOCUMENTS, archived instead", async () => {
    const { owner } = await business(app);
    const vendor = (await owner.post("/api/vendors", { name: "Pune Power" })).body.id as string;
    const expense = await owner.post("/api/expenses", { vendorId: vendor, category: "Utilities", description: "Electricity", amount: "1000", date: today });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    const before = await countEvents(app.sql);
    const refused = await owner.delete(`/api/vendors/${vendor}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "PARTY_HAS_DOCUMENTS", message: "Pune Power has 1 expense: archive it instead" });
    expect(await countEvents(app.sql)).toBe(before);

    const archived = await owner.post(`/api/vendors/${vendor}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: vendor, archived: true });
    expect(((await owner.get("/api/vendors")).body as { id: string }[]).map((v) => v.id)).not.toContain(vendor);
    expect(((await owner.get("/api/vendors?archived=true")).body as { id: string }[]).map((v) => v.id)).toEqual([vendor]);
  });

  it("an archived customer leaves the picker's list, shows under ?archived=true, cannot be invoiced (400) until unarchived", async () => {
    const { owner, customer, invoice } = await business(app);
    const reddy = await customer("Reddy Retail");
    const kumar = await customer("Kumar Traders");
    const ids = async (query = "") => ((await owner.get(`/api/customers${query}`)).body as { id: string; archived: boolean }[]).map((c) => c.id).sort();

    const archived = await owner.post(`/api/customers/${reddy}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: reddy, name: "Reddy Retail", archived: true });
    expect(await ids()).toEqual([kumar]);
    expect(await ids("?archived=true")).toEqual([reddy]);
    expect(await ids("?archived=all")).toEqual([kumar, reddy].sort());
    expect((await owner.get("/api/customers?archived=maybe")).status).toBe(400);

    // Archiving again appends nothing.
    const before = await countEvents(app.sql);
    expect((await owner.post(`/api/customers/${reddy}/archive`)).status).toBe(200);
    expect(await countEvents(app.sql)).toBe(before);

    const refused = await invoice(reddy, 1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "PARTY_ARCHIVED", message: "Reddy Retail is archived: unarchive it on the Customers page first" });
    expect(await countEvents(app.sql)).toBe(before);

    const back = await owner.post(`/api/customers/${reddy}/unarchive`);
    expect(back.body).toMatchObject({ archived: false });
    expect(await ids()).toEqual([kumar, reddy].sort());
    expect((await invoice(reddy, 1)).status).toBe(201);
  });

  it("credit limit (SPEC creditLimit): an invoice taking the balance over it is 409 CREDIT_LIMIT_EXCEEDED with balance and limit, nothing appended; confirmed, 201", async () => {
    const { owner, customer, invoice } = await business(app);
    const reddy = await customer("Reddy Retail", "3000");
    expect((await invoice(reddy, 2)).status).toBe(201); // balance 2,360.00
    expect((await owner.get(`/api/customers/${reddy}/balance`)).body).toEqual({ customerId: reddy, balance: "2360.00", creditLimit: "3000.00" });

    const before = await countEvents(app.sql);
    const refused = await invoice(reddy, 1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "CREDIT_LIMIT_EXCEEDED", balance: "2360.00", creditLimit: "3000.00", balanceAfter: "3540.00" });
    expect(refused.body.message).toContain("Reddy Retail");
    expect(await countEvents(app.sql)).toBe(before);

    const confirmed = await invoice(reddy, 1, { overCreditLimit: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect((await owner.get(`/api/customers/${reddy}/balance`)).body).toMatchObject({ balance: "3540.00" });
    expect((await invoice(reddy, 1, { overCreditLimit: "yes" })).status).toBe(400);
  });

  it("credit limit: exactly reaching it passes, a cancelled invoice no longer counts, and 0 means no limit", async () => {
    const { owner, customer, invoice } = await business(app);
    const reddy = await customer("Reddy Retail", "2360");
    const first = await invoice(reddy, 2);
    expect(first.status).toBe(201); // balance 2,360.00 = the limit: allowed
    expect((await invoice(reddy, 1)).status).toBe(409);
    expect((await owner.post(`/api/invoices/${first.body.id}/cancel`, { reason: "Entered by mistake" })).status).toBe(200);
    expect((await owner.get(`/api/customers/${reddy}/balance`)).body).toMatchObject({ balance: "0.00" });
    expect((await invoice(reddy, 1)).status).toBe(201);

    const unlimited = await customer("Kumar Traders");
    const big = await invoice(unlimited, 20);
    expect(big.status, JSON.stringify(big.body)).toBe(201);
  });
});
