/**
 * Issue 12: a return reads its period's books, not the whole history. The GSTR-1 and GSTR-3B of
 * a month are prepared from the invoices, credit notes, delivery challans and voided numbers
 * reported in that month (through the keys those read models declare), GSTR-1 reads no purchases
 * at all, and the return comes out exactly as it does from the whole books.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections } from "@bahi/shared/read-models";
import { loadReturnBooks, prepareReturn, returnScope, type ReadStore } from "@bahi/shared/server";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { oilShop } from "../support/oilShop.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const SEPTEMBER = new Date("2026-09-29T06:30:00Z");
const OCTOBER = new Date("2026-10-01T06:30:00Z");
const GSTIN = "27AAPFU0939F1ZV";

/** The read store as it is, noting every collection read whole (list). */
function noting(readStore: ReadStore, listed: string[]): ReadStore {
  return new Proxy(readStore, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name === "list") {
        return (collection: string, ownerId: string) => {
          listed.push(collection);
          return target.list(collection, ownerId);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe.each(backends)("a return reads its period's books (issue 12) on %s", (backend) => {
  let now = SEPTEMBER;
  let app: TestApp;
  let userId: string;

  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => now });
    const { owner, oil, body } = await oilShop(app);
    userId = (await owner.get("/api/auth/me")).body.id as string;
    const customer = (await owner.post("/api/customers", { address: "12 MG Road", stateCode: "29", name: "Rajesh Oils", gstNumber: "29AABCR1718E1ZL" })).body.id as string;
    const vendor = (await owner.post("/api/vendors", { name: "Gupta Wholesale", gstNumber: "27AABCU9603R1ZM", stateCode: "27" })).body.id as string;
    // Each month: a sale, a credit note on it, a delivery challan and a purchase.
    for (const [month, quantity] of [
      [SEPTEMBER, 3],
      [OCTOBER, 5],
    ] as const) {
      now = month;
      const sale = await owner.post("/api/invoices", body(customer, quantity));
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
      const note = await owner.post("/api/credit-notes", { invoiceId: sale.body.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      const challan = await owner.post("/api/delivery-challans", { customerId: customer, purpose: "not_supply", items: [{ productId: oil, quantity: 1 }] });
      expect(challan.status, JSON.stringify(challan.body)).toBe(201);
      const day = month.toISOString().slice(0, 10);
      const bought = await owner.post("/api/expenses", {
        category: "Supplies",
        description: "Oil drums",
        amount: "1000",
        gstRate: "18",
        date: day,
        vendorInvoiceDate: day,
        vendorId: vendor,
        vendorInvoiceNumber: `GW-${quantity}`,
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    }
    // The read side has everything before the books are read (the client's reads wait on its writes).
    expect((await owner.get("/api/delivery-challans")).body).toHaveLength(2);
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const returnType of ["GSTR1", "GSTR3B"] as const) {
    it(`${returnType} of September: only September's documents are read, and the return equals the one from the whole books`, async () => {
      const listed: string[] = [];
      const scoped = await loadReturnBooks(noting(app.stores.readStore, listed), app.stores.blobStore, userId, returnScope(returnType, "092026"));
      // Invoices, notes, challans and voided numbers come through their period keys, never whole.
      for (const collection of [collections.invoices, collections.salesNotes, collections.deliveryChallans, collections.voidedNumbers]) expect(listed).not.toContain(collection);
      // GSTR-1 reads no purchases; GSTR-3B reads them all (a month's credit depends on every earlier 2B).
      if (returnType === "GSTR1") expect(listed).not.toContain(collections.expenses);
      else expect(listed).toContain(collections.expenses);
      expect(scoped.invoices.map((invoice) => invoice.issueDate.slice(0, 7))).toEqual(["2026-09"]);
      expect(scoped.notes?.map((note) => note.reportingPeriod)).toEqual(["092026"]);
      expect(scoped.challans?.map((challan) => challan.issueDate.slice(0, 7))).toEqual(["2026-09"]);

      const whole = await loadReturnBooks(app.stores.readStore, app.stores.blobStore, userId);
      expect(whole.notes).toHaveLength(2);
      const options = { returnType, period: "092026", gstin: GSTIN, stateCode: "27", today: OCTOBER };
      const fromScoped = prepareReturn(scoped, options);
      const fromWhole = prepareReturn(whole, options);
      expect(fromScoped.json).toEqual(fromWhole.json);
      expect(fromScoped.totals).toEqual(fromWhole.totals);
      expect(fromScoped.problems).toEqual(fromWhole.problems);
    });
  }
});
