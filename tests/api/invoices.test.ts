import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const KARNATAKA_GSTIN = "29AABCR1718E1ZL";

async function business(app: TestApp, profile: Record<string, unknown> = { companyName: "Rao Stores", gstNumber: MAHARASHTRA_GSTIN, businessAddress: "Pune" }) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  const saved = await owner.put("/api/profile", profile);
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return owner;
}

async function product(owner: ApiClient, overrides: Record<string, unknown> = {}) {
  const created = await owner.post("/api/products", {
    name: "Cotton shirt",
    sku: `SKU-${Math.random().toString(36).slice(2, 8)}`,
    category: "Clothing",
    price: "1000",
    stock: 50,
    minStock: 10,
    gstRate: 18,
    hsnCode: "6205",
    ...overrides,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.id as string;
}

function invoiceBody(customerId: string, items: Record<string, unknown>[], figures: Record<string, string>, number = `INV-${Math.floor(Math.random() * 1e8)}`) {
  return { customerId, invoiceNumber: number, dueDate: null, status: "pending", notes: "Thank you", items, ...figures };
}

describe.each(backends)("products, invoices and the dashboard on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keeps a business profile: a GSTIN fixes the state and PAN; without one a state is required", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "X" })).body.errors).toEqual([{ path: "stateCode", message: "Choose your state" }]);
    expect((await owner.put("/api/profile", { gstNumber: "27AAPFU0939F1ZO" })).body.message).toMatch(/check character/);
    const saved = await owner.put("/api/profile", {
      companyName: "Rao Stores",
      gstNumber: MAHARASHTRA_GSTIN.toLowerCase(),
      businessType: "Proprietorship",
      gstCategory: "Regular",
    });
    expect(saved.body).toMatchObject({
      companyName: "Rao Stores",
      gstNumber: MAHARASHTRA_GSTIN,
      stateCode: "27",
      panNumber: "AAPFU0939F",
      subscriptionPlan: "free",
      invoiceLimit: 10,
    });
    expect((await owner.get("/api/profile")).body).toMatchObject({ stateCode: "27", panNumber: "AAPFU0939F", invoicesUsed: 0 });
    const unregistered = await owner.put("/api/profile", { companyName: "Rao Stores", stateCode: "04" });
    expect(unregistered.body).toMatchObject({ gstNumber: null, stateCode: "04", panNumber: null });
  });

  it("manages products with unique SKUs, stock receipts and a low-stock list", async () => {
    const owner = await business(app);
    const shirt = await product(owner, { sku: "shirt-01", stock: 5, minStock: 10 });
    const duplicate = await owner.post("/api/products", { name: "Other", sku: "SHIRT-01", category: "Clothing", price: "1" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("A product with this SKU already exists");
    const racing = await Promise.all(["A", "B", "C", "D"].map((n) => owner.post("/api/products", { name: n, sku: "RACE-1", category: "Books", price: "1" })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);

    let products = (await owner.get("/api/products")).body;
    expect(products.find((p: { id: string }) => p.id === shirt)).toMatchObject({
      sku: "SHIRT-01",
      price: "1000.00",
      stock: 5,
      minStock: 10,
      gstRate: "18",
      hsnCode: "6205",
      isActive: true,
    });
    expect((await owner.get("/api/products/low-stock")).body.map((p: { id: string }) => p.id)).toContain(shirt);

    expect((await owner.post(`/api/products/${shirt}/stock`, { quantity: 20, note: "Supplier delivery" })).status).toBe(200);
    expect((await owner.post(`/api/products/${shirt}/stock-adjustments`, { quantityDelta: -2, reason: "Damaged" })).status).toBe(200);
    expect((await owner.get(`/api/products/${shirt}`)).body.stock).toBe(23);
    expect((await owner.get("/api/products/low-stock")).body.map((p: { id: string }) => p.id)).not.toContain(shirt);

    // Renaming the SKU frees the old one; deleting the product frees its SKU.
    expect(
      (await owner.put(`/api/products/${shirt}`, { name: "Cotton shirt", sku: "SHIRT-02", category: "Clothing", price: "999.50", minStock: 3, gstRate: "5", hsnCode: null }))
        .status,
    ).toBe(200);
    expect((await owner.post("/api/products", { name: "Reuse", sku: "SHIRT-01", category: "Clothing", price: "1" })).status).toBe(201);
    expect((await owner.patch(`/api/products/${shirt}/active`, { isActive: false })).status).toBe(200);
    expect((await owner.get(`/api/products/${shirt}`)).body).toMatchObject({ sku: "SHIRT-02", price: "999.50", gstRate: "5", isActive: false, stock: 23 });
    expect((await owner.delete(`/api/products/${shirt}`)).status).toBe(204);
    expect((await owner.post("/api/products", { name: "Reuse 2", sku: "SHIRT-02", category: "Clothing", price: "1" })).status).toBe(201);

    const bad = await owner.post("/api/products", { name: "", sku: "", category: "Food", price: "-1", stock: -1, minStock: -1, hsnCode: "12" });
    expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([
        "Product name is required",
        "SKU is required",
        "Category is required",
        "Stock cannot be negative",
        "Minimum stock cannot be negative",
        "HSN code must be 4, 6 or 8 digits",
      ]),
    );

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    stranger.position = owner.position;
    expect((await stranger.get("/api/products")).body).toEqual([]);
    products = (await owner.get("/api/products")).body;
    for (const path of [`/api/products/${products[0].id}`]) expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.put(`/api/products/${products[0].id}`, { name: "x", sku: "X", category: "Books", price: "1" })).status).toBe(404);
    expect((await stranger.post(`/api/products/${products[0].id}/stock`, { quantity: 1 })).status).toBe(404);
    expect((await stranger.delete(`/api/products/${products[0].id}`)).status).toBe(404);
  });

  it("creates a GST invoice the server recomputes, lowers stock, and moves the dashboard", async () => {
    const owner = await business(app);
    const shirt = await product(owner, { price: "1000", stock: 50 });
    const belt = await product(owner, { name: "Leather belt", price: "500", stock: 3, minStock: 5, hsnCode: "4203" });
    const karnataka = (await owner.post("/api/customers", { name: "Reddy Retail", gstNumber: KARNATAKA_GSTIN, address: "Bengaluru" })).body;

    const items = [
      { productId: shirt, quantity: 2, price: "1000.00", gstRate: "18", amount: "2360.00" },
      { productId: belt, quantity: 1, price: "500.00", gstRate: "18", amount: "590.00" },
    ];
    const wrong = await owner.post("/api/invoices", invoiceBody(karnataka.id, items, { subtotal: "2500.00", gstAmount: "225.00", total: "2725.00" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("gstAmount must be 450.00 (received 225.00), total must be 2950.00 (received 2725.00)");

    const oldRate = await owner.post(
      "/api/invoices",
      invoiceBody(karnataka.id, [{ ...items[0], gstRate: "12", amount: "2240.00" }], { subtotal: "2000.00", gstAmount: "240.00", total: "2240.00" }),
    );
    expect(oldRate.status).toBe(400);
    expect(oldRate.body.errors[0]).toMatchObject({ path: "items.0.gstRate" });
    expect(oldRate.body.errors[0].message).toMatch(/GST rate 12% is not in force/);

    const created = await owner.post("/api/invoices", invoiceBody(karnataka.id, items, { subtotal: "2500", gstAmount: "450", total: "2950.00" }, "INV-202611-001"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      invoiceNumber: "INV-202611-001",
      placeOfSupply: "29",
      taxKind: "inter",
      subtotal: "2500.00",
      igstAmount: "450.00",
      cgstAmount: "0.00",
      sgstAmount: "0.00",
      gstAmount: "450.00",
      total: "2950.00",
      status: "pending",
      customer: { name: "Reddy Retail", gstNumber: KARNATAKA_GSTIN },
      supplier: { name: "Rao Stores", gstin: MAHARASHTRA_GSTIN, stateCode: "27" },
    });
    expect(
      created.body.items.map((i: { product: { name: string }; hsnCode: string; igstAmount: string; amount: string }) => [i.product.name, i.hsnCode, i.igstAmount, i.amount]),
    ).toEqual([
      ["Cotton shirt", "6205", "360.00", "2360.00"],
      ["Leather belt", "4203", "90.00", "590.00"],
    ]);
    expect((await owner.get(`/api/invoices/${created.body.id}`)).body).toEqual(created.body);
    expect((await owner.post("/api/invoices", invoiceBody(karnataka.id, items, { subtotal: "2500", gstAmount: "450", total: "2950" }, "inv-202611-001"))).body).toEqual({
      code: "CONFLICT",
      message: "Invoice number already exists",
    });

    // An inactive product cannot be invoiced until it is activated again.
    await owner.patch(`/api/products/${belt}/active`, { isActive: false });
    const inactive = await owner.post("/api/invoices", invoiceBody(karnataka.id, [items[1]!], { subtotal: "500", gstAmount: "90", total: "590" }));
    expect(inactive.body.errors).toEqual([{ path: "items.0.productId", message: "Leather belt is inactive: activate it in Inventory to invoice it" }]);
    await owner.patch(`/api/products/${belt}/active`, { isActive: true });

    // An intra-state sale to an unregistered customer splits CGST and SGST, with a discount.
    const walkIn = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body;
    const local = await owner.post(
      "/api/invoices",
      invoiceBody(walkIn.id, [{ productId: shirt, quantity: 3, price: "1000", gstRate: "18", discount: "10", discountType: "percentage", amount: "3186.00" }], {
        subtotal: "2700.00",
        gstAmount: "486.00",
        total: "3186.00",
      }),
    );
    expect(local.status).toBe(201);
    expect(local.body).toMatchObject({ placeOfSupply: "27", taxKind: "intra", stateTaxLabel: "SGST", cgstAmount: "243.00", sgstAmount: "243.00", igstAmount: "0.00" });

    const products = (await owner.get("/api/products")).body;
    expect(products.find((p: { id: string }) => p.id === shirt).stock).toBe(45);
    expect(products.find((p: { id: string }) => p.id === belt).stock).toBe(2);
    expect((await owner.get("/api/products/low-stock")).body.map((p: { id: string }) => p.id)).toEqual([belt]);

    let stats = (await owner.get("/api/dashboard/stats")).body;
    // Sales are taxable values (2,500 + 2,700), the GST collected is not income; outstanding is what the customers owe.
    expect(stats).toMatchObject({ totalSales: 5200, outstanding: 6136, totalExpenses: 0, profitMargin: 100 });
    expect(stats.recentInvoices.map((r: { invoiceNumber: string }) => r.invoiceNumber)).toContain("INV-202611-001");
    expect(stats.salesByMonth).toHaveLength(12);
    expect(stats.salesByMonth.at(-1).amount).toBe(5200);

    // Mark paid: exactly one of two racing requests wins; the rest is a clear 409.
    const racing = await Promise.all([1, 2].map(() => owner.patch(`/api/invoices/${created.body.id}/status`, { status: "paid" })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await owner.patch(`/api/invoices/${created.body.id}/status`, { status: "pending" })).body.message).toMatch(/cannot become pending|already paid/);
    expect((await owner.patch(`/api/invoices/${local.body.id}/status`, { status: "overdue" })).status).toBe(200);
    expect((await owner.patch(`/api/invoices/${local.body.id}/status`, { status: "paid" })).status).toBe(200);
    stats = (await owner.get("/api/dashboard/stats")).body;
    expect(stats).toMatchObject({ totalSales: 5200, outstanding: 0 });
    expect((await owner.get("/api/invoices")).body.map((i: { status: string }) => i.status)).toEqual(["paid", "paid"]);

    const pdf = await fetch(`${app.baseUrl}/api/invoices/${created.body.id}/pdf`, { headers: { cookie: owner.cookie! } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const search = (await owner.get("/api/search?q=reddy")).body;
    expect(search.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(["INV-202611-001"]);
    expect(search.customers.map((c: { name: string }) => c.name)).toEqual(["Reddy Retail"]);

    const stranger = new ApiClient(app.baseUrl);
    await stranger.register();
    stranger.position = owner.position;
    expect((await stranger.get("/api/invoices")).body).toEqual([]);
    expect((await stranger.get(`/api/invoices/${created.body.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/invoices/${created.body.id}/pdf`)).status).toBe(404);
    expect((await stranger.patch(`/api/invoices/${created.body.id}/status`, { status: "overdue" })).status).toBe(404);
    expect((await stranger.get("/api/search?q=reddy")).body).toEqual({ invoices: [], customers: [], products: [] });
    await stranger.put("/api/profile", { stateCode: "27" });
    expect((await stranger.post("/api/invoices", invoiceBody(karnataka.id, items, { subtotal: "2500", gstAmount: "450", total: "2950" }))).status).toBe(404);
  });

  it("holds the free plan to 10 invoices a month under 20 parallel creates, until the business upgrades", async () => {
    const owner = await business(app);
    const shirt = await product(owner, { price: "100", stock: 1000 });
    const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Regular" })).body;
    const item = [{ productId: shirt, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }];
    const figures = { subtotal: "100.00", gstAmount: "18.00", total: "118.00" };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => owner.post("/api/invoices", invoiceBody(customer.id, item, figures, `FREE-${i}`))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.message).toBe("You have used all 10 invoices of the free plan this month. Upgrade to Professional for unlimited invoices.");
    expect((await owner.get("/api/invoices")).body).toHaveLength(10);
    expect((await owner.get("/api/profile")).body).toMatchObject({ invoicesUsed: 10, invoiceLimit: 10 });
    // A refused number was released: it can be used once the plan allows.
    const upgraded = await owner.post("/api/profile/plan", { plan: "professional" });
    expect(upgraded.body).toMatchObject({ subscriptionPlan: "professional", invoiceLimit: null });
    const failedNumber = results.findIndex((r) => r.status === 403);
    expect((await owner.post("/api/invoices", invoiceBody(customer.id, item, figures, `FREE-${failedNumber}`))).status).toBe(201);
    expect((await owner.get("/api/profile")).body).toMatchObject({ invoicesUsed: 11, subscriptionPlan: "professional" });
  });

  it("rejects invoices with missing or bad fields with SPEC's messages", async () => {
    const owner = await business(app);
    const empty = await owner.post("/api/invoices", { items: [] });
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { path: "customerId", message: "Customer is required" },
        { path: "items", message: "At least one item is required" },
      ]),
    );
    // A missing number is no longer an error: the invoice takes the next one of its series (issue 9).
    expect(empty.body.errors.map((e: { path: string }) => e.path)).not.toContain("invoiceNumber");
    const badItem = await owner.post("/api/invoices", {
      customerId: "x",
      invoiceNumber: "A-1",
      subtotal: "0",
      gstAmount: "0",
      total: "0",
      items: [{ productId: "", quantity: 0, price: "", gstRate: "" }],
    });
    expect(badItem.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(["Product is required", "Quantity must be more than 0", "Price is required", "GST rate is required"]),
    );
    expect((await owner.post("/api/invoices", { customerId: "x", invoiceNumber: "THIS-NUMBER-IS-TOO-LONG", items: [] })).body.message).toMatch(/at most 16 characters/);
  });
});
