import { describe, expect, it } from "vitest";
import type { ProductCreateInput } from "@bahi/shared/contract";
import { productDecider, productForInvoice, type ProductEvent, type ProductState } from "./product.ts";

const input: ProductCreateInput = { name: "Cotton shirt", description: null, sku: "SHIRT-01", category: "Clothing", price: "999.50", minStock: 10, gstRate: 500, hsnCode: "6205", stock: 40, isActive: true };
const given = (...events: ProductEvent[]): ProductState => events.reduce(productDecider.evolve, productDecider.initialState);
const [added] = productDecider.decide({ kind: "add", id: "p-1", ownerId: "u-1", input, at: "2026-11-01" }, given());

describe("the product decider", () => {
  it("adds a product with its price in paise and its opening stock", () => {
    expect(added).toEqual({
      type: "ProductAdded",
      data: { productId: "p-1", ownerId: "u-1", name: "Cotton shirt", description: null, sku: "SHIRT-01", category: "Clothing", pricePaise: 99950, minStock: 10, gstRateBasisPoints: 500, hsnCode: "6205", openingStock: 40, isActive: true, addedAt: "2026-11-01" },
    });
    expect(productForInvoice(given(added!))).toEqual({ id: "p-1", ownerId: "u-1", isActive: true, name: "Cotton shirt", hsnCode: "6205", price: "999.50", gstRate: "5" });
  });

  it("records stock movements and activation changes only for its owner", () => {
    const state = given(added!);
    expect(productDecider.decide({ kind: "receiveStock", ownerId: "u-1", quantity: 5, note: null, at: "x" }, state)[0]!.type).toBe("StockReceived");
    expect(productDecider.decide({ kind: "adjustStock", ownerId: "u-1", quantityDelta: -1, reason: "Damaged", at: "x" }, state)[0]!.type).toBe("StockAdjusted");
    expect(productDecider.decide({ kind: "setActive", ownerId: "u-1", isActive: true, at: "x" }, state)).toEqual([]);
    const [deactivated] = productDecider.decide({ kind: "setActive", ownerId: "u-1", isActive: false, at: "x" }, state);
    expect(given(added!, deactivated!).status).toBe("inactive");
    expect(() => productDecider.decide({ kind: "receiveStock", ownerId: "intruder", quantity: 5, note: null, at: "x" }, state)).toThrow("Product not found");
    const [deleted] = productDecider.decide({ kind: "delete", ownerId: "u-1", at: "x" }, state);
    expect(() => productDecider.decide({ kind: "delete", ownerId: "u-1", at: "x" }, given(added!, deleted!))).toThrow("Product not found");
    expect(productForInvoice(given(added!, deleted!))).toBeNull();
  });
});
