/**
 * Issue 11, "History of every record": GET /api/{kind}/{id}/history tells each change of a record
 * from its events, in order, with who did it and, for an edit, each field's old and new value
 * (Companies (Accounts) Rules 2014, Rule 3(1): an edit log of each change, with its date).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { OVERDUE_QUEUE } from "@bahi/command-api";
import { InProcessJobQueue } from "@bahi/shared/server";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
if (postgresSkipReason) console.warn(`history suite on PostgreSQL skipped: ${postgresSkipReason}`);
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());

interface Entry {
  position: string;
  recordedAt: string;
  at: string;
  actor: { kind: "member"; id: string; name: string; role: string } | { kind: "system"; name: string };
  type: string;
  summary: string;
  changes: { field: string; label: string; from: string | null; to: string | null }[];
}

/** A business in Maharashtra selling hair oil at ₹1,000 + 18%, and one customer there. */
async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const me = await owner.register();
  await owner.put("/api/profile", { stateCode: "27" });
  const product = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 1000, gstRate: 18 }))
    .body.id as string;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Rao Traders" })).body.id as string;
  const invoiceBody = (quantity: number, extra: Record<string, unknown> = {}) => ({
    customerId: customer,
    subtotal: String(1000 * quantity),
    gstAmount: String(180 * quantity),
    total: String(1180 * quantity),
    items: [{ productId: product, quantity, price: "1000", gstRate: "18", amount: String(1180 * quantity) }],
    ...extra,
  });
  return { owner, ownerId: me.id, product, customer, invoiceBody };
}

describe.each(backends)("history of every record (issue 11) on %s", (backend) => {
  const jobs = new InProcessJobQueue();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend, { jobs });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Rule 3(1) edit log: an invoice created, edited, partly paid and credited shows four lines with who, when and the edit's fields", async () => {
    const { owner, ownerId, product, invoiceBody } = await business(app);
    const created = await owner.post("/api/invoices", invoiceBody(1));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const number = created.body.invoiceNumber as string;
    const edited = await owner.put(`/api/invoices/${id}`, invoiceBody(2, { dueDate: "2026-12-31", notes: "Deliver by noon" }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const paid = await owner.post(`/api/invoices/${id}/payments`, { amount: "500", date: today, mode: "upi", reference: "UPI-77" });
    expect(paid.status).toBe(201);
    const note = await owner.post("/api/credit-notes", { invoiceId: id, reason: "sales_return", items: [{ productId: product, quantity: 1, price: "1000" }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);

    const history = await owner.get(`/api/invoices/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.record).toEqual({ kind: "invoice", id, label: `Invoice ${number}` });
    const entries = history.body.entries as Entry[];
    expect(entries.map((e) => e.type)).toEqual(["InvoiceCreated", "InvoiceRevised", "InvoicePaymentRecorded", "SalesNoteApplied"]);
    for (const entry of entries) {
      expect(entry.actor).toEqual({ kind: "member", id: ownerId, name: "Asha Rao", role: "owner" });
      expect(entry.at).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    }
    // Oldest first, in the log's order.
    expect(entries.map((e) => e.recordedAt)).toEqual([...entries.map((e) => e.recordedAt)].sort());

    expect(entries[0]!.summary).toBe(`Created invoice ${number} for Rao Traders, ₹1,180.00`);
    expect(entries[0]!.changes).toEqual([]);
    expect(entries[1]!.summary).toBe("Edited the invoice (now ₹2,360.00)");
    expect(entries[1]!.changes).toEqual([
      { field: "dueDate", label: "Due date", from: null, to: "31 Dec 2026" },
      { field: "items", label: "Items", from: "Hair oil × 1", to: "Hair oil × 2" },
      { field: "lines", label: "Lines", from: "1 line, ₹1,180.00", to: "1 line, ₹2,360.00" },
      { field: "subtotalPaise", label: "Taxable value", from: "₹1,000.00", to: "₹2,000.00" },
      { field: "gstAmountPaise", label: "GST", from: "₹180.00", to: "₹360.00" },
      { field: "totalPaise", label: "Total", from: "₹1,180.00", to: "₹2,360.00" },
      { field: "notes", label: "Notes", from: null, to: "Deliver by noon" },
    ]);
    expect(entries[2]!.summary).toBe("Recorded a payment of ₹500.00 (UPI, ref UPI-77)");
    expect(entries[3]!.summary).toBe(`Credit note ${note.body.number} issued against this invoice, ₹1,000.00 of taxable value`);

    // The note and the payment have their own histories.
    const noteHistory = await owner.get(`/api/credit-notes/${note.body.id}/history`);
    expect(noteHistory.status).toBe(200);
    expect(noteHistory.body.record).toEqual({ kind: "credit-note", id: note.body.id, label: `Credit note ${note.body.number}` });
    expect((noteHistory.body.entries as Entry[]).map((e) => e.summary)).toEqual([`Issued credit note ${note.body.number} against ${number} for ₹1,180.00 (sales return)`]);
    expect((await owner.get(`/api/debit-notes/${note.body.id}/history`)).body).toMatchObject({ code: "NOT_FOUND" });
    const paymentId = (paid.body.payments as { id: string }[])[0]!.id;
    const paymentHistory = await owner.get(`/api/payments/${paymentId}/history`);
    expect(paymentHistory.status).toBe(200);
    expect(paymentHistory.body.record).toEqual({ kind: "payment", id: paymentId, label: "Payment of ₹500.00" });
    expect((paymentHistory.body.entries as Entry[]).map((e) => e.type)).toEqual(["InvoicePaymentRecorded"]);
  });

  it("a customer's edit shows each changed field, old and new, in words", async () => {
    const { owner, customer } = await business(app);
    const edited = await owner.put(`/api/customers/${customer}`, { stateCode: "29", name: "Rao Traders Pvt Ltd", creditLimit: "50000", phone: "9876543210" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const history = await owner.get(`/api/customers/${customer}/history`);
    expect(history.status).toBe(200);
    expect(history.body.record).toEqual({ kind: "customer", id: customer, label: "Customer Rao Traders Pvt Ltd" });
    const entries = history.body.entries as Entry[];
    expect(entries.map((e) => e.summary)).toEqual(["Added customer Rao Traders", "Edited the customer"]);
    expect(entries[1]!.changes).toEqual([
      { field: "name", label: "Name", from: "Rao Traders", to: "Rao Traders Pvt Ltd" },
      { field: "phone", label: "Phone", from: null, to: "9876543210" },
      { field: "stateCode", label: "State", from: "27-Maharashtra", to: "29-Karnataka" },
      { field: "creditLimitPaise", label: "Credit limit", from: null, to: "₹50,000.00" },
    ]);
  });

  it("an expense's edit and a product's stock moves are told; a product's creation shows once", async () => {
    const { owner, product } = await business(app);
    const expense = await owner.post("/api/expenses", {
      category: "Utilities",
      description: "Electricity",
      amount: "1000",
      date: today,
      eligibleForItc: false,
      itcReason: "Personal",
    });
    expect(expense.status).toBe(201);
    expect(
      (
        await owner.put(`/api/expenses/${expense.body.id}`, {
          category: "Utilities",
          description: "Electricity",
          amount: "1250.50",
          date: today,
          eligibleForItc: false,
          itcReason: "Personal",
        })
      ).status,
    ).toBe(200);
    const expenseEntries = (await owner.get(`/api/expenses/${expense.body.id}/history`)).body.entries as Entry[];
    expect(expenseEntries.map((e) => e.summary)).toEqual(["Recorded an expense of ₹1,000.00 (Utilities)", "Edited the expense"]);
    expect(expenseEntries[1]!.changes).toContainEqual({ field: "amountPaise", label: "Amount", from: "₹1,000.00", to: "₹1,250.50" });

    expect((await owner.post(`/api/products/${product}/stock`, { quantity: 5, note: "From Pune" })).status).toBeLessThan(300);
    const productEntries = (await owner.get(`/api/products/${product}/history`)).body.entries as Entry[];
    // The creation process's first step is not a change anyone made: only "Added" shows.
    expect(productEntries.map((e) => e.type)).toEqual(["ProductAdded", "StockReceived"]);
    expect(productEntries[1]!.summary).toBe("Received 5 into stock (From Pune)");
  });

  it("a job's change names the job: the overdue check", async () => {
    const { owner, invoiceBody } = await business(app);
    const late = (await owner.post("/api/invoices", invoiceBody(1, { issueDate: "2026-01-10", dueDate: "2026-01-20" }))).body.id as string;
    // The sweep takes its candidates from the read model: wait for the invoice there.
    for (let i = 0; i < 100 && (await owner.get(`/api/invoices/${late}`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    const sweep = `sweep-${randomUUID()}`;
    await jobs.enqueue(OVERDUE_QUEUE, sweep, {});
    expect(await jobs.outcome(OVERDUE_QUEUE, sweep, 10_000)).toMatchObject({ state: "completed" });
    const entries = (await owner.get(`/api/invoices/${late}/history`)).body.entries as Entry[];
    const overdue = entries.find((e) => e.type === "InvoiceBecameOverdue");
    expect(overdue).toMatchObject({ actor: { kind: "system", name: "Overdue check" }, summary: "Became overdue (due 20 Jan 2026)" });
  });

  it("every other record has its history: vendor, delivery challan, e-way bill, advance, GST return, GSTR-2B reconciliation", async () => {
    const period = previousPeriod(returnPeriodOf(new Date())).fp;
    const gstin = "27AAPFU0939F1ZV";
    const owner = new ApiClient(app.baseUrl);
    const me = await owner.register();
    const profile = {
      companyName: "Rao Stores",
      phone: "98",
      gstNumber: gstin,
      businessAddress: "Pune",
      businessType: "Proprietorship",
      gstCategory: "Regular",
      stateCode: "27",
      gstRegistrationDate: `${period.slice(2)}-${period.slice(0, 2)}-01`,
    };
    expect((await owner.put("/api/profile", profile)).status).toBe(200);
    const ok = async (response: Promise<{ status: number; body: any }>) => {
      const { status, body } = await response;
      expect(status, JSON.stringify(body)).toBeLessThan(300);
      return body;
    };
    const customer = (await ok(owner.post("/api/customers", { name: "Reddy Retail", address: "Bengaluru", gstNumber: "29AABCR1718E1ZL", stateCode: "29" }))).id as string;
    const vendor = (await ok(owner.post("/api/vendors", { name: "Shah Supplies", gstNumber: "29AABCR1718E1ZL" }))).id as string;
    const product = (
      await ok(
        owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" }),
      )
    ).id as string;
    const invoice = (
      await ok(
        owner.post("/api/invoices", {
          customerId: customer,
          subtotal: "1000",
          gstAmount: "180",
          total: "1180",
          items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
        }),
      )
    ).id as string;
    const challan = await ok(owner.post("/api/delivery-challans", { customerId: customer, purpose: "job_work", items: [{ productId: product, quantity: 2 }] }));
    const ewayBill = await ok(
      owner.post("/api/ewaybills", {
        invoiceId: invoice,
        dispatchPincode: "411001",
        deliveryPincode: "560001",
        distanceKm: 850,
        vehicleNumber: "MH12AB1234",
        reasonCode: 1,
        transportMode: "road",
        vehicleType: "regular",
        transporterName: "Fast Movers",
      }),
    );
    const advance = await ok(owner.post(`/api/customers/${customer}/advances`, { amount: "2500", date: today, mode: "cash", reference: "R-9" }));
    await ok(owner.post("/api/gst/file-gstr1", { period }));
    const dt = `01-${period.slice(0, 2)}-${period.slice(2)}`;
    const b2b = [
      {
        ctin: "29AABCR1718E1ZL",
        trdnm: "Reddy Supplies",
        inv: [{ inum: "RS-42", dt, val: 1180, pos: "27", rev: "N", itcavl: "Y", items: [{ num: 1, rt: 18, txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }] }],
      },
    ];
    await ok(owner.post("/api/gst/gstr2b", { period, data: { gstin, rtnprd: period, docdata: { b2b } } }));

    const summaries = async (path: string) => {
      const history = await owner.get(path);
      expect(history.status, `${path}: ${JSON.stringify(history.body)}`).toBe(200);
      return history.body as { record: { label: string }; entries: Entry[] };
    };
    expect((await summaries(`/api/vendors/${vendor}/history`)).entries.map((e) => e.summary)).toEqual(["Added vendor Shah Supplies"]);
    const challanHistory = await summaries(`/api/delivery-challans/${challan.id}/history`);
    expect(challanHistory.record.label).toBe(`Delivery challan ${challan.number}`);
    expect(challanHistory.entries[0]!.summary).toMatch(new RegExp(`^Issued delivery challan ${challan.number} to Reddy Retail for job work, ₹`));
    const ewayHistory = await summaries(`/api/ewaybills/${ewayBill.id}/history`);
    expect(ewayHistory.entries[0]!.summary).toMatch(/^Generated e-way bill \d+ for .+, ₹1,180\.00, valid until /);
    expect((await summaries(`/api/advances/${advance.id}/history`)).entries.map((e) => e.summary)).toEqual([
      `Received an advance of ₹2,500.00 (Cash, ref R-9) on ${new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${today}T00:00:00Z`))}`,
    ]);
    // A return answers to its list id ({business}-GSTR1-MMYYYY) and to GSTR1-MMYYYY alike.
    const returnHistory = await summaries(`/api/gst/returns/${me.id}-GSTR1-${period}/history`);
    expect(returnHistory.entries[0]!.summary).toMatch(/^Asked to file GSTR-1 for [A-Z][a-z]{2} \d{4}$/);
    expect((await summaries(`/api/gst/returns/GSTR1-${period}/history`)).entries.length).toBe(returnHistory.entries.length);
    expect((await summaries(`/api/gst/reconciliations/${period}/history`)).entries[0]!.summary).toMatch(/^Uploaded GSTR-2B for [A-Z][a-z]{2} \d{4} with 1 invoice$/);
    // Another business's return id, even a well-formed one, is not found.
    expect((await owner.get(`/api/gst/returns/${randomUUID()}-GSTR1-${period}/history`)).status).toBe(404);
  });

  it("an invited accountant's change names them and their role; the owner's lines stay the owner's", async () => {
    const { owner, ownerId, customer } = await business(app);
    const email = `kiran-${randomBytes(4).toString("hex")}@example.com`;
    const invited = await owner.post("/api/team/invitations", { email, role: "accountant" });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accountant = new ApiClient(app.baseUrl);
    const person = await accountant.register({ email, firstName: "Kiran", lastName: "Iyer" });
    expect((await accountant.post(`/api/team/invitations/${invited.body.token}/accept`)).status).toBe(200);
    expect((await accountant.put(`/api/customers/${customer}`, { stateCode: "27", name: "Rao Traders", email: "accounts@rao.example" })).status).toBe(200);

    // Both the accountant (working in the owner's business) and the owner read the same history.
    for (const reader of [accountant, owner]) {
      const entries = (await reader.get(`/api/customers/${customer}/history`)).body.entries as Entry[];
      expect(entries.map((e) => e.actor)).toEqual([
        { kind: "member", id: ownerId, name: "Asha Rao", role: "owner" },
        { kind: "member", id: person.id, name: "Kiran Iyer", role: "accountant" },
      ]);
      expect(entries[1]!.changes).toEqual([{ field: "email", label: "Email", from: null, to: "accounts@rao.example" }]);
    }
  });

  it("another business's record, an unknown id and a malformed id are all 404 NOT_FOUND", async () => {
    const { owner, invoiceBody, customer } = await business(app);
    const invoice = (await owner.post("/api/invoices", invoiceBody(1))).body.id as string;
    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    for (const path of [`/api/invoices/${invoice}/history`, `/api/customers/${customer}/history`]) {
      const refused = await stranger.get(path);
      expect(refused.status, path).toBe(404);
      expect(refused.body.code).toBe("NOT_FOUND");
    }
    for (const path of [
      `/api/invoices/${randomUUID()}/history`,
      "/api/invoices/not-a-uuid/history",
      `/api/payments/${randomUUID()}/history`,
      "/api/gst/returns/GSTR1-132026/history",
      "/api/gst/reconciliations/102026/history",
    ]) {
      const missing = await owner.get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.code).toBe("NOT_FOUND");
    }
    // The owner still sees their own.
    expect((await owner.get(`/api/invoices/${invoice}/history`)).status).toBe(200);
    // Signed out: no history at all.
    expect((await new ApiClient(app.baseUrl).get(`/api/invoices/${invoice}/history`)).status).toBe(401);
  });
});
