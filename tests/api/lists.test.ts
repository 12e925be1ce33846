/**
 * Issue 10: the five lists (invoices, expenses, products, customers, vendors) searched, filtered,
 * sorted and paged by the server. With `limit` or `cursor` a page `{ items, nextCursor, total,
 * summary }`; without both, SPEC's plain array. Paging is by keyset, so invoices created while
 * someone pages never make a row repeat or go missing.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPaise, indianDateOf } from "@bahi/shared/contract";
import { ApiClient, type ApiResponse } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());

interface Row {
  id: string;
}
interface PageBody<T = Row> {
  items: T[];
  nextCursor: string | null;
  total: number;
  summary: Record<string, unknown>;
}

const ids = (rows: Row[]) => rows.map((row) => row.id);

/** Every page of `path` (which carries its own query) with `limit`, following nextCursor to the end. */
async function allPages(client: ApiClient, path: string, limit: number, between?: () => Promise<void>): Promise<{ ids: string[]; pages: PageBody[] }> {
  const pages: PageBody[] = [];
  let cursor: string | null = null;
  const glue = path.includes("?") ? "&" : "?";
  for (let i = 0; i < 100; i++) {
    if (between && i > 0) await between();
    const response: ApiResponse<PageBody> = await client.get<PageBody>(`${path}${glue}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(response.status).toBe(200);
    pages.push(response.body);
    cursor = response.body.nextCursor;
    if (cursor === null) break;
  }
  return { ids: pages.flatMap((page) => ids(page.items)), pages };
}

/** A business on the Professional plan (no monthly invoice cap) selling within Maharashtra. */
async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  await owner.put("/api/profile", { stateCode: "27" });
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const product = (
    await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 100000, gstRate: 18 })
  ).body.id as string;
  const rao = (await owner.post("/api/customers", { stateCode: "27", name: "Rao Traders", gstNumber: "27AAPFU0939F1ZV", address: "12 MG Road, Pune" })).body.id as string;
  const mehta = (await owner.post("/api/customers", { stateCode: "27", name: "mehta stores" })).body.id as string;
  /** quantity × price + 18% GST. */
  const invoice = async (client: ApiClient, customerId: string, quantity: number, price: number, extra: Record<string, unknown> = {}) => {
    // In paise: whole rupee prices, so 18% is a whole number of paise.
    const subtotal = quantity * price * 100;
    const gst = (subtotal * 18) / 100;
    const created = await client.post("/api/invoices", {
      customerId,
      subtotal: formatPaise(subtotal),
      gstAmount: formatPaise(gst),
      total: formatPaise(subtotal + gst),
      items: [{ productId: product, quantity, price: String(price), gstRate: "18", amount: formatPaise(subtotal + gst) }],
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; invoiceNumber: string };
  };
  return { owner, product, rao, mehta, invoice };
}

describe.each(backends)("lists: search, filters, sort and paging by the server (issue 10) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keyset paging returns every invoice that existed exactly once while other invoices are being created", async () => {
    const { owner, rao, invoice } = await business(app);
    const before: string[] = [];
    for (let i = 0; i < 30; i++) before.push((await invoice(owner, rao, 1, 100 + 50 * i)).id);
    const existing = new Set(ids((await owner.get<Row[]>("/api/invoices")).body));
    expect(existing).toEqual(new Set(before));

    // A second tab of the same business keeps creating invoices the whole time the first one pages.
    const creator = new ApiClient(app.baseUrl);
    creator.cookie = owner.cookie;
    const createdDuring: string[] = [];
    let stop = false;
    let signal: () => void = () => {};
    let nextCreation = new Promise<void>((resolve) => (signal = resolve));
    const loop = (async () => {
      try {
        while (!stop) {
          createdDuring.push((await invoice(creator, rao, 1, 500)).id);
          signal();
          nextCreation = new Promise<void>((resolve) => (signal = resolve));
        }
      } finally {
        // A failed create must not leave the pager waiting for the next one.
        stop = true;
        signal();
      }
    })();
    // Before each next page at least one more invoice has been created, and the pager reads after it.
    const afterACreation = async () => {
      await nextCreation;
      owner.position = creator.position;
    };
    try {
      for (const sort of ["newest", "date-desc", "amount-asc"]) {
        // What exists when this paging begins (those created by the earlier passes included).
        owner.position = creator.position;
        const existingNow = ids((await owner.get<Row[]>("/api/invoices")).body);
        const { ids: seen, pages } = await allPages(owner, `/api/invoices?sort=${sort}`, 7, afterACreation);
        expect(new Set(seen).size, `${sort}: no invoice twice`).toBe(seen.length);
        for (const id of existingNow) expect(seen, `${sort}: every invoice that existed`).toContain(id);
        for (const id of seen) expect(existing.has(id) || createdDuring.includes(id), `${sort}: only this business's invoices`).toBe(true);
        expect(pages.length).toBeGreaterThanOrEqual(5);
        expect(pages.at(-1)!.nextCursor).toBeNull();
      }
    } finally {
      stop = true;
      await loop;
    }
    expect(createdDuring.length).toBeGreaterThan(10);
  });

  describe("invoices", () => {
    let owner: ApiClient;
    let rao: string;
    let mehta: string;
    let i1: { id: string; invoiceNumber: string };
    let i2: { id: string; invoiceNumber: string };
    let i3: { id: string; invoiceNumber: string };
    let i4: { id: string; invoiceNumber: string };
    let i5: { id: string; invoiceNumber: string };
    const page = async (query: string) => {
      const response = await owner.get<PageBody>(`/api/invoices?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const list = async (query: string) => {
      const response = await owner.get<Row[]>(`/api/invoices?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      return ids(response.body);
    };

    beforeAll(async () => {
      const b = await business(app);
      ({ owner, rao, mehta } = b);
      // i1 paid ₹1,180; i2 part paid (₹2,360, ₹1,000 received); i3 pending ₹590 with no due date;
      // i4 overdue ₹3,540; i5 cancelled ₹5,900.
      i1 = await b.invoice(owner, rao, 1, 1000, { issueDate: "2026-01-05", dueDate: "2026-02-04" });
      i2 = await b.invoice(owner, mehta, 2, 1000, { issueDate: "2026-02-10", dueDate: "2026-02-20" });
      i3 = await b.invoice(owner, rao, 1, 500, { issueDate: "2026-03-15" });
      i4 = await b.invoice(owner, mehta, 3, 1000, { issueDate: "2026-03-01", dueDate: "2026-03-31" });
      i5 = await b.invoice(owner, rao, 5, 1000, { issueDate: "2026-01-20", dueDate: "2026-02-01" });
      expect((await owner.patch(`/api/invoices/${i1.id}/status`, { status: "paid" })).status).toBe(200);
      expect((await owner.post(`/api/invoices/${i2.id}/payments`, { amount: "1000", date: "2026-02-15", mode: "upi" })).status).toBe(201);
      expect((await owner.patch(`/api/invoices/${i4.id}/status`, { status: "overdue" })).status).toBe(200);
      expect((await owner.post(`/api/invoices/${i5.id}/cancel`, { reason: "Customer did not take it" })).status).toBe(200);
    });

    it("SPEC's plain array without limit or cursor: newest first, with amountPaid and balanceDue", async () => {
      const response = await owner.get("/api/invoices");
      expect(Array.isArray(response.body)).toBe(true);
      expect(ids(response.body)).toEqual([i5.id, i4.id, i3.id, i2.id, i1.id]);
      expect(response.body.find((row: Row) => row.id === i2.id)).toMatchObject({ status: "partially_paid", amountPaid: "1000.00", balanceDue: "1360.00" });
      // Filters and sort apply to the plain array too.
      expect(await list("status=unpaid&sort=date-asc")).toEqual([i2.id, i4.id, i3.id]);
    });

    it("each sort order", async () => {
      expect(await list("sort=newest")).toEqual([i5.id, i4.id, i3.id, i2.id, i1.id]);
      expect(await list("sort=oldest")).toEqual([i1.id, i2.id, i3.id, i4.id, i5.id]);
      expect(await list("sort=date-desc")).toEqual([i3.id, i4.id, i2.id, i5.id, i1.id]);
      expect(await list("sort=date-asc")).toEqual([i1.id, i5.id, i2.id, i4.id, i3.id]);
      // No due date (due on receipt) comes last.
      expect(await list("sort=due-asc")).toEqual([i5.id, i1.id, i2.id, i4.id, i3.id]);
      expect(await list("sort=amount-desc")).toEqual([i5.id, i4.id, i2.id, i1.id, i3.id]);
      expect(await list("sort=amount-asc")).toEqual([i3.id, i1.id, i2.id, i4.id, i5.id]);
      // Case aside: "mehta stores" before "Rao Traders"; within a customer newest issue date first.
      expect(await list("sort=customer-asc")).toEqual([i4.id, i2.id, i3.id, i5.id, i1.id]);
      // Paged, the same order across pages.
      const { ids: paged, pages } = await allPages(owner, "/api/invoices?sort=amount-desc", 2);
      expect(paged).toEqual([i5.id, i4.id, i2.id, i1.id, i3.id]);
      expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(pages[0]!.nextCursor).toEqual(expect.any(String));
      expect(pages[2]!.nextCursor).toBeNull();
    });

    it("status filters: each status, and unpaid = pending + partially paid + overdue", async () => {
      expect(await list("status=paid")).toEqual([i1.id]);
      expect(await list("status=partially_paid")).toEqual([i2.id]);
      expect(await list("status=pending")).toEqual([i3.id]);
      expect(await list("status=overdue")).toEqual([i4.id]);
      expect(await list("status=cancelled")).toEqual([i5.id]);
      expect(await list("status=unpaid")).toEqual([i4.id, i3.id, i2.id]);
      const unpaid = await page("status=unpaid&limit=2");
      expect(unpaid).toMatchObject({ total: 3, nextCursor: expect.any(String) });
      expect(ids(unpaid.items)).toEqual([i4.id, i3.id]);
      const rest = await page(`status=unpaid&limit=2&cursor=${unpaid.nextCursor}`);
      expect(rest).toMatchObject({ total: 3, nextCursor: null });
      expect(ids(rest.items)).toEqual([i2.id]);
    });

    it("from/to on the issue date, both inclusive; customerId; q on number, customer name and GSTIN", async () => {
      expect(await list("from=2026-02-10&to=2026-03-01")).toEqual([i4.id, i2.id]);
      expect(await list("from=2026-03-01")).toEqual([i4.id, i3.id]);
      expect(await list("to=2026-01-20")).toEqual([i5.id, i1.id]);
      expect(await list("from=2026-03-16")).toEqual([]);
      expect(await list(`customerId=${mehta}`)).toEqual([i4.id, i2.id]);
      expect(await list(`customerId=${rao.toUpperCase()}&status=pending`)).toEqual([i3.id]);
      expect(await list("q=MEHTA")).toEqual([i4.id, i2.id]);
      expect(await list("q=27aapfu0939")).toEqual([i5.id, i3.id, i1.id]);
      expect(await list(`q=${encodeURIComponent(i2.invoiceNumber)}`)).toEqual([i2.id]);
      expect(await list("q=nobody")).toEqual([]);
      expect(await page("q=rao&limit=1")).toMatchObject({ total: 3 });
    });

    it("summary: counters for the whole book whatever the filters; outstanding equals the dashboard's", async () => {
      const expected = { count: 5, paid: 1, pending: 2, overdue: 1, cancelled: 1, outstanding: "5490.00" };
      expect((await page("limit=1")).summary).toEqual(expected);
      expect((await page("status=paid&q=rao&limit=10")).summary).toEqual(expected);
      expect((await owner.get("/api/dashboard/stats")).body.outstanding).toBe(5490);
      // The sum of balances due over the unpaid ones: ₹1,360 + ₹590 + ₹3,540.
      const unpaid = (await owner.get("/api/invoices?status=unpaid")).body as { balanceDue: string }[];
      expect(unpaid.map((i) => i.balanceDue).sort()).toEqual(["1360.00", "3540.00", "590.00"]);
    });

    it("another business's invoices never appear, even by its customer's id", async () => {
      const other = await business(app);
      await other.invoice(other.owner, other.rao, 1, 1000, { issueDate: "2026-03-02" });
      expect(await list("")).toHaveLength(5);
      expect(await list(`customerId=${other.rao}`)).toEqual([]);
      expect((await page("limit=100")).total).toBe(5);
      expect((await page("limit=100")).summary).toMatchObject({ count: 5 });
      expect(((await other.owner.get("/api/invoices?limit=5")).body as PageBody).total).toBe(1);
    });

    it("bad query parameters are 400 VALIDATION_FAILED on the field; repeated ones are a 400, not a 500", async () => {
      const first = await page("limit=2");
      const bad: [string, string][] = [
        ["limit=0", "limit"],
        ["limit=101", "limit"],
        ["limit=abc", "limit"],
        ["limit=2.5", "limit"],
        ["cursor=not-a-cursor", "cursor"],
        ["cursor=%25%25%25", "cursor"],
        [`cursor=${Buffer.from("[1,2").toString("base64url")}`, "cursor"],
        [`cursor=${Buffer.from(JSON.stringify(["newest", 5, "x"])).toString("base64url")}`, "cursor"],
        [`sort=amount-desc&cursor=${first.nextCursor}`, "cursor"],
        // Same shape of key (a date-time and the id), another sort: still not this sort's cursor.
        [`sort=oldest&cursor=${first.nextCursor}`, "cursor"],
        ["sort=cheapest", "sort"],
        ["status=unknown", "status"],
        ["status=paid&status=pending", "status"],
        ["from=2026-13-01", "from"],
        ["to=yesterday", "to"],
        ["from=2026-03-02&to=2026-03-01", "to"],
        [`q=${"x".repeat(101)}`, "q"],
        ["q=a&q=b", "q"],
      ];
      for (const [query, field] of bad) {
        const response = await owner.get(`/api/invoices?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body, query).toMatchObject({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ path: field })] });
      }
      // Unknown parameters are ignored.
      expect(await list("colour=blue")).toHaveLength(5);
    });
  });

  it("expenses: paging by date, category, vendor and date filters, q on description, vendor and bill number, summary", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { stateCode: "27" });
    const power = (await owner.post("/api/vendors", { name: "Pune Power", gstNumber: "27AAPFU0939F1ZV" })).body.id as string;
    const landlord = (await owner.post("/api/vendors", { name: "Mr Joshi" })).body.id as string;
    const expense = async (body: Record<string, unknown>) => {
      const created = await owner.post("/api/expenses", body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string; gstAmount: string };
    };
    const e1 = await expense({
      vendorId: power,
      category: "Utilities",
      description: "Electricity January",
      amount: "1000",
      gstRate: 18,
      date: "2026-01-31",
      vendorInvoiceNumber: "PP/123",
      vendorInvoiceDate: "2026-01-31",
    });
    const e2 = await expense({ vendorId: landlord, category: "Office Rent", description: "Shop rent", amount: "20000", gstRate: 0, date: "2026-02-01" });
    const e3 = await expense({ vendorId: power, category: "Utilities", description: "Electricity now", amount: "500.50", gstRate: 18, date: today });
    const e4 = await expense({ category: "Travel", description: "Taxi to client", amount: "300", date: "2026-02-01" });
    // The supplier's credit note (s.34) counts negative in the amounts and the sums.
    const e5 = await expense({
      vendorId: power,
      category: "Utilities",
      description: "Refund on meter rent",
      amount: "100",
      gstRate: 18,
      date: "2026-02-01",
      documentType: "credit_note",
      againstExpenseId: e1.id,
      vendorInvoiceNumber: "CN-7",
    });

    const all = await owner.get<Row[]>("/api/expenses");
    expect(ids(all.body)).toEqual([e3.id, e5.id, e4.id, e2.id, e1.id]);
    const { ids: paged, pages } = await allPages(owner, "/api/expenses", 3);
    expect(paged).toEqual([e3.id, e5.id, e4.id, e2.id, e1.id]);
    expect(pages.map((p) => [p.items.length, p.total, p.nextCursor === null])).toEqual([
      [3, 5, false],
      [2, 5, true],
    ]);
    expect(ids((await owner.get("/api/expenses?sort=amount-desc")).body)).toEqual([e2.id, e1.id, e3.id, e4.id, e5.id]);
    expect(ids((await owner.get("/api/expenses?sort=date-asc")).body)).toEqual([e1.id, e2.id, e4.id, e5.id, e3.id]);
    expect(ids((await owner.get("/api/expenses?category=Utilities")).body)).toEqual([e3.id, e5.id, e1.id]);
    expect(ids((await owner.get(`/api/expenses?vendorId=${landlord}`)).body)).toEqual([e2.id]);
    expect(ids((await owner.get("/api/expenses?from=2026-01-31&to=2026-02-01")).body)).toEqual([e5.id, e4.id, e2.id, e1.id]);
    expect(ids((await owner.get("/api/expenses?q=pune")).body)).toEqual([e3.id, e5.id, e1.id]);
    expect(ids((await owner.get("/api/expenses?q=cn-7")).body)).toEqual([e5.id]);
    expect(ids((await owner.get("/api/expenses?q=pp%2F12")).body)).toEqual([e1.id]);
    expect(ids((await owner.get("/api/expenses?q=TAXI")).body)).toEqual([e4.id]);
    expect(ids((await owner.get("/api/expenses?q=office")).body)).toEqual([e2.id]);

    const gst = [e1, e2, e3, e4].reduce((sum, e) => sum + Math.round(Number(e.gstAmount) * 100), 0);
    // No vendor: an unregistered supplier, no GST on the bill.
    expect(gst).toBe(18000 + 0 + 9009 + 0);
    // ₹1,000 + ₹20,000 + ₹500.50 + ₹300 − ₹100; GST ₹180 + ₹90.09 − ₹18.
    const summary = {
      count: 5,
      totalAmount: "21700.50",
      totalGst: "252.09",
      thisMonthAmount: "500.50",
      // The category cards: every expense, in the form's order, the credit note taken off its category.
      byCategory: [
        { category: "Office Rent", count: 1, amount: "20000.00" },
        { category: "Utilities", count: 3, amount: "1400.50" },
        { category: "Travel", count: 1, amount: "300.00" },
      ],
    };
    expect(pages[0]!.summary).toEqual(summary);
    expect(((await owner.get("/api/expenses?category=Travel&limit=1")).body as PageBody).summary).toEqual(summary);
    for (const query of ["category=Food", "sort=biggest", "from=2026-02-02&to=2026-02-01", "limit=-1", "cursor=abc"]) {
      const response = await owner.get(`/api/expenses?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it("products: paging, status (low stock as /products/low-stock decides it) and category, q on sku and barcode, stock value = Σ price × stock", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const product = async (body: Record<string, unknown>) => {
      const created = await owner.post("/api/products", { gstRate: 18, ...body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const oil = await product({ name: "Hair oil", sku: "OIL-1", category: "Other", price: "120.50", stock: 10, minStock: 10 });
    const rice = await product({ name: "basmati rice", sku: "RICE-5", category: "Other", price: "99.99", stock: 7.5, unit: "KGS", minStock: 10 });
    const soap = await product({ name: "Soap", sku: "SOAP-2", category: "Other", price: "35", stock: 0, minStock: 5, barcode: "ZX-778100" });
    const old = await product({ name: "Old stock", sku: "OLD-9", category: "Other", price: "10", stock: 3, minStock: 5, isActive: false });

    expect(ids((await owner.get("/api/products")).body)).toEqual([old, soap, rice, oil]);
    const { ids: paged, pages } = await allPages(owner, "/api/products?sort=name-asc", 3);
    expect(paged).toEqual([rice, oil, old, soap]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, true]);
    expect(ids((await owner.get("/api/products?sort=stock-asc")).body)).toEqual([soap, old, rice, oil]);
    expect(ids((await owner.get("/api/products?sort=price-desc")).body)).toEqual([oil, rice, soap, old]);
    // At the minimum counts as low (as /products/low-stock); an inactive product never does.
    expect(ids((await owner.get("/api/products?status=low-stock")).body)).toEqual([soap, rice, oil]);
    expect(ids((await owner.get("/api/products?status=out-of-stock")).body)).toEqual([soap]);
    expect(ids((await owner.get("/api/products?status=inactive")).body)).toEqual([old]);
    expect(ids((await owner.get("/api/products?status=active&sort=name-asc")).body)).toEqual([rice, oil, soap]);
    expect(ids((await owner.get("/api/products?category=Other&q=rice-")).body)).toEqual([rice]);
    expect(ids((await owner.get("/api/products?q=zx-77")).body)).toEqual([soap]);
    expect(ids((await owner.get("/api/products?category=Electronics")).body)).toEqual([]);

    const lowStock = (await owner.get("/api/products/low-stock")).body as Row[];
    // 120.50 × 10 + 99.99 × 7.5 (749.925 → 749.93) + 35 × 0 + 10 × 3.
    const summary = { count: 4, lowStock: lowStock.length, stockValue: "1984.93" };
    expect(lowStock).toHaveLength(3);
    expect(pages[0]!.summary).toEqual(summary);
    expect(((await owner.get("/api/products?status=inactive&limit=5")).body as PageBody).summary).toEqual(summary);
    for (const query of ["status=cheap", "category=Nope", "sort=stock-desc", "limit=1000"]) {
      expect((await owner.get(`/api/products?${query}`)).status, query).toBe(400);
    }
  });

  it("customers and vendors: paging, archived filter, q on name, email, phone and GSTIN, summary over live parties", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    const customer = async (body: Record<string, unknown>) => {
      const created = await owner.post("/api/customers", { stateCode: "27", ...body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const c1 = await customer({ name: "Rao Traders", email: "accounts@rao.example", creditLimit: "200000" });
    const c2 = await customer({ name: "Anand Stores", phone: "9876543210", creditLimit: "50000.50" });
    const c3 = await customer({ name: "Zenith Exports", gstNumber: "27AAPFU0939F1ZV" });
    const c4 = await customer({ name: "Gone Away", creditLimit: "1000" });
    expect((await owner.post(`/api/customers/${c4}/archive`)).status).toBe(200);

    expect(ids((await owner.get("/api/customers")).body)).toEqual([c3, c2, c1]);
    expect(ids((await owner.get("/api/customers?archived=true")).body)).toEqual([c4]);
    expect(ids((await owner.get("/api/customers?archived=all&sort=name-asc")).body)).toEqual([c2, c4, c1, c3]);
    const { ids: paged, pages } = await allPages(owner, "/api/customers?sort=name-asc", 2);
    expect(paged).toEqual([c2, c1, c3]);
    expect(pages.map((p) => [p.total, p.nextCursor === null])).toEqual([
      [3, false],
      [3, true],
    ]);
    expect(ids((await owner.get("/api/customers?q=RAO.EXAMPLE")).body)).toEqual([c1]);
    expect(ids((await owner.get("/api/customers?q=98765")).body)).toEqual([c2]);
    expect(ids((await owner.get("/api/customers?q=27aapfu")).body)).toEqual([c3]);
    expect(ids((await owner.get("/api/customers?q=gone&archived=all")).body)).toEqual([c4]);
    const customerSummary = { count: 3, withCreditLimit: 2, totalCreditLimit: "250000.50" };
    expect(pages[0]!.summary).toEqual(customerSummary);
    expect(((await owner.get("/api/customers?archived=true&limit=1")).body as PageBody).summary).toEqual(customerSummary);

    // A 200-character Devanagari name (600 bytes) still pages: the cursor stays within the contract's 400 characters.
    const long = await customer({ name: `A${"क".repeat(199)}` });
    const byName = await allPages(owner, "/api/customers?sort=name-asc", 1);
    expect(byName.ids).toEqual([c2, long, c1, c3]);
    for (const p of byName.pages) expect((p.nextCursor ?? "").length).toBeLessThanOrEqual(400);

    const vendor = async (body: Record<string, unknown>) => (await owner.post("/api/vendors", body)).body.id as string;
    const v1 = await vendor({ name: "Pune Power", gstNumber: "27AAPFU0939F1ZV" });
    const v2 = await vendor({ name: "Mr Joshi", email: "joshi@example.com" });
    const v3 = await vendor({ name: "Bengaluru Ads", gstNumber: "29AABCR1718E1ZL" });
    expect((await owner.post(`/api/vendors/${v3}/archive`)).status).toBe(200);
    const vendors = await allPages(owner, "/api/vendors", 1);
    expect(vendors.ids).toEqual([v2, v1]);
    expect(vendors.pages[0]).toMatchObject({ total: 2, summary: { count: 2, gstRegistered: 1 } });
    expect(ids((await owner.get("/api/vendors?q=JOSHI@")).body)).toEqual([v2]);
    expect(ids((await owner.get("/api/vendors?archived=all&sort=name-asc")).body)).toEqual([v3, v2, v1]);

    const other = new ApiClient(app.baseUrl);
    await other.register();
    expect((await other.get("/api/customers?limit=10")).body).toMatchObject({
      items: [],
      total: 0,
      nextCursor: null,
      summary: { count: 0, withCreditLimit: 0, totalCreditLimit: "0.00" },
    });
    expect((await other.get("/api/vendors")).body).toEqual([]);
    for (const query of ["archived=maybe", "sort=oldest", "limit=0", `cursor=${vendors.pages[0]!.nextCursor}&sort=name-asc`]) {
      const response = await owner.get(`/api/vendors?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it("issue 12: credit notes, debit notes and delivery challans page newest first with ?limit&cursor, each exactly once; SPEC's array without", async () => {
    const { owner, product, rao, invoice } = await business(app);
    const sold = await invoice(owner, rao, 10, 100);
    const notes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const note = await owner.post("/api/credit-notes", { invoiceId: sold.id, reason: "sales_return", items: [{ productId: product, quantity: 1, price: "100" }] });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      notes.push(note.body.id as string);
    }
    const debit = await owner.post("/api/debit-notes", { invoiceId: sold.id, reason: "correction", items: [{ productId: product, quantity: 1, price: "10" }] });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    const challans: string[] = [];
    for (let i = 0; i < 3; i++) {
      const challan = await owner.post("/api/delivery-challans", { customerId: rao, purpose: "not_supply", items: [{ productId: product, quantity: 1 }] });
      expect(challan.status, JSON.stringify(challan.body)).toBe(201);
      challans.push(challan.body.id as string);
    }

    const credit = await allPages(owner, "/api/credit-notes", 2);
    expect(credit.ids).toEqual([...notes].reverse());
    expect(credit.pages[0]).toMatchObject({ total: 3 });
    expect(credit.pages[0]!.items[0]).not.toHaveProperty("facts");
    expect(ids((await owner.get("/api/credit-notes")).body)).toEqual([...notes].reverse());
    expect(ids((await owner.get("/api/debit-notes")).body)).toEqual([debit.body.id]);

    const issued = await allPages(owner, "/api/delivery-challans", 2);
    expect(issued.ids).toEqual([...challans].reverse());
    expect(issued.pages).toHaveLength(2);
    expect(ids((await owner.get("/api/delivery-challans")).body)).toEqual([...challans].reverse());

    for (const path of ["/api/credit-notes?limit=0", "/api/delivery-challans?limit=101", `/api/delivery-challans?cursor=${credit.pages[0]!.nextCursor}x`]) {
      const response = await owner.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.code).toBe("VALIDATION_FAILED");
    }
  });
});
