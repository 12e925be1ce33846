import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { ApiClient } from "./apiClient.ts";
import type { TestApp } from "./app.ts";

/** A registered Maharashtra business on Professional selling ₹1,000 + 18% hair oil (the party suites' shop). */
export async function oilShop(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV" })).status).toBe(200);
  expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
  const oil = (
    await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })
  ).body.id as string;
  const customer = async (name: string, creditLimit = "0") => {
    const created = await owner.post("/api/customers", { name, stateCode: "27", creditLimit });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  /** The invoice body for `quantity` oils: ₹1,180 each. */
  const body = (customerId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    customerId,
    subtotal: String(1000 * quantity),
    gstAmount: String(180 * quantity),
    total: String(1180 * quantity),
    items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
    ...extra,
  });
  /** Creates an invoice of `quantity` oils. */
  const invoice = (customerId: string, quantity: number, extra: Record<string, unknown> = {}) => owner.post("/api/invoices", body(customerId, quantity, extra));
  return { owner, oil, customer, body, invoice };
}
