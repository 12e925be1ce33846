/**
 * Issue 10: a customer's statement of account, GET /api/customers/{id}/ledger?from&to and its
 * PDF, on a fixed clock (today in India is 2026-06-30, so the default period is the financial
 * year from 2026-04-01). On PGlite and PostgreSQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER } from "@bahi/shared/contract";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
/** Noon in India on 2026-06-30. */
const NOW = new Date("2026-06-30T06:30:00.000Z");

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Oil Mills", stateCode: "27" })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 1000, gstRate: 18 })).body
    .id as string;
  const customer = async (name: string) => (await owner.post("/api/customers", { name, stateCode: "27" })).body.id as string;
  /** `quantity` oils at ₹1,180 each, issued on `issueDate`. */
  const invoice = async (customerId: string, issueDate: string, quantity = 1) => {
    const created = await owner.post("/api/invoices", {
      customerId,
      issueDate,
      dueDate: issueDate,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  const pay = async (invoiceId: string, amount: string, date: string, mode = "upi", reference?: string) => {
    const paid = await owner.post(`/api/invoices/${invoiceId}/payments`, { amount, date, mode, reference });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    return paid.body as { status: string; balanceDue: string };
  };
  const creditNote = async (invoiceId: string, issueDate: string, quantity = 1) => {
    const note = await owner.post("/api/credit-notes", { invoiceId, issueDate, reason: "sales_return", items: [{ productId: oil, quantity, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    return note.body as { id: string; number: string };
  };
  return { owner, customer, invoice, pay, creditNote };
}

type Row = { date: string; kind: string; number: string | null; debit: string; credit: string; balance: string };
const rows = (entries: Row[]) => entries.map((e) => [e.date, e.kind, e.number, e.debit, e.credit, e.balance]);

describe.each(backends)("customer ledger / statement of account (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { clock: () => NOW });
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * Rao: A ₹1,180 (2026-03-20, last financial year, unpaid); B ₹2,360 (2026-04-10) paid ₹1,000
   * on 04-15, one oil returned on a credit note on 05-02, the last ₹180 paid on 05-20; C ₹1,180
   * (06-01) cancelled today; D ₹1,180 (06-10) unpaid.
   */
  async function raoHistory() {
    const b = await business(app);
    const rao = await b.customer("Rao Traders");
    const a = await b.invoice(rao, "2026-03-20");
    const inv = await b.invoice(rao, "2026-04-10", 2);
    expect(await b.pay(inv.id, "1000", "2026-04-15", "upi", "UPI-101")).toMatchObject({ status: "partially_paid", balanceDue: "1360.00" });
    const note = await b.creditNote(inv.id, "2026-05-02");
    expect(await b.pay(inv.id, "180", "2026-05-20", "cash")).toMatchObject({ status: "paid", balanceDue: "0.00" });
    const c = await b.invoice(rao, "2026-06-01");
    expect((await b.owner.post(`/api/invoices/${c.id}/cancel`, { reason: "Wrong customer" })).status).toBe(200);
    const d = await b.invoice(rao, "2026-06-10");
    return { ...b, rao, a, inv, note, c, d };
  }

  it("s.31/s.34 CGST Act: invoice, part payment, credit note, full payment and a cancelled invoice, with running balance; default period is the financial year to today; closing = /balance", async () => {
    const { owner, rao, a, inv, note, c, d } = await raoHistory();
    const res = await owner.get(`/api/customers/${rao}/ledger`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      customer: { id: rao, name: "Rao Traders", gstNumber: null },
      from: "2026-04-01",
      to: "2026-06-30",
      openingBalance: "1180.00",
      totalDebit: "4720.00",
      totalCredit: "3540.00",
      closingBalance: "2360.00",
    });
    expect(rows(res.body.entries)).toEqual([
      ["2026-04-10", "invoice", inv.invoiceNumber, "2360.00", "0.00", "3540.00"],
      ["2026-04-15", "payment", "UPI-101", "0.00", "1000.00", "2540.00"],
      ["2026-05-02", "credit_note", note.number, "0.00", "1180.00", "1360.00"],
      ["2026-05-20", "payment", null, "0.00", "180.00", "1180.00"],
      ["2026-06-01", "invoice", c.invoiceNumber, "1180.00", "0.00", "2360.00"],
      ["2026-06-10", "invoice", d.invoiceNumber, "1180.00", "0.00", "3540.00"],
      ["2026-06-30", "cancellation", c.invoiceNumber, "0.00", "1180.00", "2360.00"],
    ]);
    expect(res.body.entries.map((e: { documentId: string }) => e.documentId)).toEqual([inv.id, inv.id, note.id, inv.id, c.id, d.id, c.id]);
    expect(res.body.entries[1].description).toBe(`Payment for ${inv.invoiceNumber} (UPI)`);
    // One computation: the statement's closing balance is the balance the invoice form and the credit-limit check use.
    expect((await owner.get(`/api/customers/${rao}/balance`)).body).toMatchObject({ balance: "2360.00" });

    // Last financial year: A alone, from nothing.
    const march = (await owner.get(`/api/customers/${rao}/ledger?from=2026-03-01&to=2026-03-31`)).body;
    expect(march).toMatchObject({ openingBalance: "0.00", closingBalance: "1180.00", totalDebit: "1180.00", totalCredit: "0.00" });
    expect(rows(march.entries)).toEqual([["2026-03-20", "invoice", a.invoiceNumber, "1180.00", "0.00", "1180.00"]]);
  });

  it("opening balance is everything before `from`; entries after `to` are left out", async () => {
    const { owner, rao, note } = await raoHistory();
    const may = (await owner.get(`/api/customers/${rao}/ledger?from=2026-05-01&to=2026-05-31`)).body;
    // A ₹1,180 + B ₹2,360 − ₹1,000 paid in April.
    expect(may).toMatchObject({ from: "2026-05-01", to: "2026-05-31", openingBalance: "2540.00", totalDebit: "0.00", totalCredit: "1360.00", closingBalance: "1180.00" });
    expect(rows(may.entries)).toEqual([
      ["2026-05-02", "credit_note", note.number, "0.00", "1180.00", "1360.00"],
      ["2026-05-20", "payment", null, "0.00", "180.00", "1180.00"],
    ]);
    // Both ends are inclusive: an entry on `from` is in the period, not in the opening balance; one on `to` is in too.
    const edges = (await owner.get(`/api/customers/${rao}/ledger?from=2026-05-02&to=2026-05-20`)).body;
    expect(edges).toMatchObject({ openingBalance: "2540.00", totalCredit: "1360.00", closingBalance: "1180.00" });
    expect(edges.entries.map((e: Row) => e.date)).toEqual(["2026-05-02", "2026-05-20"]);
    const dayBefore = (await owner.get(`/api/customers/${rao}/ledger?from=2026-05-03&to=2026-05-19`)).body;
    expect(dayBefore).toMatchObject({ openingBalance: "1360.00", entries: [], closingBalance: "1360.00" });
    // Only `to` given: from is 1 April of to's financial year.
    const toOnly = (await owner.get(`/api/customers/${rao}/ledger?to=2026-03-31`)).body;
    expect(toOnly).toMatchObject({ from: "2025-04-01", to: "2026-03-31", openingBalance: "0.00", closingBalance: "1180.00" });
    // A period with nothing in it: no entries, opening = closing.
    const quiet = (await owner.get(`/api/customers/${rao}/ledger?from=2026-06-11&to=2026-06-29`)).body;
    expect(quiet).toMatchObject({ entries: [], openingBalance: "3540.00", closingBalance: "3540.00", totalDebit: "0.00", totalCredit: "0.00" });
  });

  it("same day: the invoice comes before its note and the note before the payment, whatever order they were recorded in; Mark Paid is a payment dated today", async () => {
    const b = await business(app);
    const mehta = await b.customer("Mehta Stores");
    const inv = await b.invoice(mehta, "2026-06-15", 2);
    await b.pay(inv.id, "500", "2026-06-15", "cheque", "CHQ-7");
    const note = await b.creditNote(inv.id, "2026-06-15");
    // ₹2,360 − ₹500 − ₹1,180 = ₹680 left; Mark Paid settles it today.
    expect((await b.owner.patch(`/api/invoices/${inv.id}/status`, { status: "paid" })).status).toBe(200);
    const ledger = (await b.owner.get(`/api/customers/${mehta}/ledger`)).body;
    expect(rows(ledger.entries)).toEqual([
      ["2026-06-15", "invoice", inv.invoiceNumber, "2360.00", "0.00", "2360.00"],
      ["2026-06-15", "credit_note", note.number, "0.00", "1180.00", "1180.00"],
      ["2026-06-15", "payment", "CHQ-7", "0.00", "500.00", "680.00"],
      ["2026-06-30", "payment", null, "0.00", "680.00", "0.00"],
    ]);
    expect(ledger.entries[3].description).toBe(`Payment for ${inv.invoiceNumber} (Marked paid)`);
    expect(ledger.closingBalance).toBe("0.00");
    expect((await b.owner.get(`/api/customers/${mehta}/balance`)).body).toMatchObject({ balance: "0.00" });
  });

  it("bad dates and from after to are 400 VALIDATION_FAILED with field messages and append nothing", async () => {
    const { owner, customer } = await business(app);
    const rao = await customer("Rao Traders");
    const before = await countEvents(app.sql);
    const cases: [string, string, RegExp][] = [
      ["from=2026-13-01", "from", /not a real calendar date/],
      ["to=2026-02-30", "to", /not a real calendar date/],
      ["from=yesterday", "from", /From date must be a date like/],
      ["from=2026-06-01T10:00:00Z", "from", /From date must be a date like/],
      ["from=2026-06-10&to=2026-06-01", "from", /cannot be after the to date/],
      ["from=2026-06-01&from=2026-06-02", "from", /From date must be a date like/],
    ];
    for (const [query, field, message] of cases) {
      const res = await owner.get(`/api/customers/${rao}/ledger?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("VALIDATION_FAILED");
      const errors = res.body.errors as { field?: string; path?: string; message: string }[];
      expect(JSON.stringify(errors), query).toMatch(message);
      expect(JSON.stringify(errors), query).toContain(field);
    }
    // An explicit from after the default to (today) is refused too.
    expect((await owner.get(`/api/customers/${rao}/ledger?from=2026-07-01`)).status).toBe(400);
    expect((await owner.get(`/api/customers/${rao}/ledger/pdf?from=2026-13-01`)).status).toBe(400);
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("another business's customer, an unknown id and a non-id are 404 (JSON and PDF)", async () => {
    const { owner, customer, invoice } = await business(app);
    const rao = await customer("Rao Traders");
    await invoice(rao, "2026-06-01");
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    for (const path of [`/api/customers/${rao}/ledger`, `/api/customers/${rao}/ledger/pdf`]) {
      const res = await stranger.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await owner.get(`/api/customers/${randomUUID()}/ledger`)).status).toBe(404);
    expect((await owner.get(`/api/customers/not-an-id/ledger`)).status).toBe(404);
    expect((await new ApiClient(app.baseUrl).get(`/api/customers/${rao}/ledger`)).status).toBe(401);
  });

  it("the statement PDF: title, business, customer, period, opening, rows with running balance, closing", async () => {
    const { owner, rao, inv, note } = await raoHistory();
    const response = await fetch(`${app.baseUrl}/api/customers/${rao}/ledger/pdf?from=2026-04-01&to=2026-06-30`, {
      headers: { cookie: owner.cookie!, ...(owner.position ? { [AFTER_HEADER]: owner.position } : {}) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statement-Rao_Traders-2026-04-01-2026-06-30.pdf"');
    const { text } = pdfText(Buffer.from(await response.arrayBuffer()));
    for (const expected of [
      "Statement of account",
      "Rao Oil Mills",
      "Rao Traders",
      "Period: 01 Apr 2026 to 30 Jun 2026",
      "Opening balance: ₹1,180.00 Dr",
      inv.invoiceNumber,
      note.number,
      "UPI-101",
      "₹2,540.00 Dr",
      "Total debit",
      "₹4,720.00",
      "₹3,540.00",
      "Closing balance",
      "₹2,360.00 Dr",
    ]) {
      expect(text).toContain(expected);
    }
  });
});
