import { describe, expect, it } from "vitest";
import type { ProductCreateInput } from "@bahi/shared/contract";
import { productDecider, productForInvoice, type ProductEvent, type ProductState } from "./product.ts";

const input: ProductCreateInput = {
  name: "Cotton shirt",
  description: null,
  sku: "SHIRT-01",
  category: "Clothing",
  price: "999.50",
  minStock: 10,
  gstRate: 500,
  hsnCode: "6205",
  cessRate: 0,
  cessPerUnit: 0,
  taxability: "taxable",
  barcode: null,
  stock: 40,
  isActive: true,
};
const given = (...events: ProductEvent[]): ProductState => events.reduce(productDecider.evolve, productDecider.initialState);
const creationStarted: ProductEvent = { type: "ProductCreationStarted", data: { productId: "p-1", ownerId: "u-1", sku: "SHIRT-01", startedAt: "2026-11-01" } };
const [added] = productDecider.decide({ kind: "add", id: "p-1", ownerId: "u-1", input, at: "2026-11-01" }, given(creationStarted));

describe("the product decider", () => {
  it("adds a product with its price in paise and its opening stock", () => {
    expect(added).toEqual({
      type: "ProductAdded",
      data: {
        productId: "p-1",
        ownerId: "u-1",
        name: "Cotton shirt",
        description: null,
        sku: "SHIRT-01",
        category: "Clothing",
        pricePaise: 99950,
        minStock: 10,
        gstRateBasisPoints: 500,
        hsnCode: "6205",
        kind: "goods",
        unit: "NOS",
        openingStock: 40,
        isActive: true,
        addedAt: "2026-11-01",
      },
    });
    expect(productForInvoice(given(added!))).toEqual({
      id: "p-1",
      ownerId: "u-1",
      isActive: true,
      name: "Cotton shirt",
      hsnCode: "6205",
      price: "999.50",
      gstRate: "5",
      cessBasisPoints: 0,
      cessPerUnitMillirupees: 0,
      taxability: "taxable",
      unit: "NOS",
      kind: "goods",
    });
  });

  it("Rule 46(g), issue 9: stock moves in fractions only for a measured unit", () => {
    const shirts = given(added!);
    expect(() => productDecider.decide({ kind: "receiveStock", ownerId: "u-1", quantity: 2.5, note: null, at: "x" }, shirts)).toThrow(
      "Quantity of Cotton shirt must be a whole number (it is counted in NOS)",
    );
    expect(() => productDecider.decide({ kind: "adjustStock", ownerId: "u-1", quantityDelta: -0.5, reason: "Torn", at: "x" }, shirts)).toThrow("whole number");
    const [rice] = productDecider.decide({ kind: "add", id: "p-1", ownerId: "u-1", input: { ...input, name: "Rice", unit: "KGS", stock: 12.5 }, at: "x" }, given(creationStarted));
    expect(rice!.data).toMatchObject({ unit: "KGS", openingStock: 12.5 });
    expect(productDecider.decide({ kind: "receiveStock", ownerId: "u-1", quantity: 2.5, note: null, at: "x" }, given(rice!))[0]!.data).toMatchObject({ quantity: 2.5 });
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
    expect(deleted).toEqual({ type: "ProductDeleted", data: { productId: "p-1", ownerId: "u-1", deletedAt: "x", sku: "SHIRT-01" } });
    expect(() => productDecider.decide({ kind: "delete", ownerId: "u-1", at: "x" }, given(added!, deleted!))).toThrow("Product not found");
    expect(productForInvoice(given(added!, deleted!))).toBeNull();
  });
});

describe("the product's processes on its own stream", () => {
  const abandonCreation = { kind: "abandonCreation" as const, reason: "taken", code: "CONFLICT", at: "t" };
  const creationAbandoned: ProductEvent = { type: "ProductCreationAbandoned", data: { productId: "p-1", ownerId: "u-1", reason: "taken", code: "CONFLICT", abandonedAt: "t" } };
  const addCommand = { kind: "add" as const, id: "p-1", ownerId: "u-1", input, at: "2026-11-01" };

  it("adds a product only after its creation was started, and never after the fence", () => {
    expect(() => productDecider.decide(addCommand, given())).toThrow("was not started");
    expect(productDecider.decide(abandonCreation, given(creationStarted))).toEqual([creationAbandoned]);
    expect(() => productDecider.decide(addCommand, given(creationStarted, creationAbandoned))).toThrow("rolled back");
    // The other way round: a fence after the commit appends nothing.
    expect(productDecider.decide(abandonCreation, given(creationStarted, added!))).toEqual([]);
    expect(() => productDecider.decide({ kind: "receiveStock", ownerId: "u-1", quantity: 1, note: null, at: "x" }, given(creationStarted, creationAbandoned))).toThrow(
      "Product not found",
    );
  });

  const renamed = { ...input, sku: "SHIRT-02" };
  const changeStarted: ProductEvent = { type: "ProductSkuChangeStarted", data: { productId: "p-1", ownerId: "u-1", fromSku: "SHIRT-01", toSku: "SHIRT-02", startedAt: "t" } };
  const abandonChange = { kind: "abandonSkuChange" as const, reason: "stale", code: "STALE", at: "t" };

  it("a SKU change records from and to, and blocks other updates and deletion until it ends", () => {
    expect(productDecider.decide({ kind: "startSkuChange", ownerId: "u-1", toSku: "SHIRT-02", at: "t" }, given(added!))).toEqual([changeStarted]);
    const pending = given(added!, changeStarted);
    expect(() => productDecider.decide({ kind: "delete", ownerId: "u-1", at: "x" }, pending)).toThrow("still being saved");
    expect(() => productDecider.decide({ kind: "update", ownerId: "u-1", input, at: "x" }, pending)).toThrow("still being saved");
    expect(() => productDecider.decide({ kind: "startSkuChange", ownerId: "u-1", toSku: "SHIRT-03", at: "t" }, pending)).toThrow("still being saved");
    // A plain update never carries a new SKU.
    expect(() => productDecider.decide({ kind: "update", ownerId: "u-1", input: renamed, at: "x" }, given(added!))).toThrow("changed meanwhile");
  });

  it("commit first: the fence appends nothing, the old SKU is what the end releases", () => {
    const [commit] = productDecider.decide({ kind: "commitSkuChange", ownerId: "u-1", input: renamed, at: "t" }, given(added!, changeStarted));
    expect(commit!.type).toBe("ProductUpdated");
    const committed = given(added!, changeStarted, commit!);
    expect(productDecider.decide(abandonChange, committed)).toEqual([]);
    expect(productDecider.decide({ kind: "finishSkuChange", at: "t" }, committed)).toEqual([
      { type: "ProductSkuChangeCompleted", data: { productId: "p-1", ownerId: "u-1", fromSku: "SHIRT-01", toSku: "SHIRT-02", completedAt: "t" } },
    ]);
  });

  it("fence first: the commit is refused and the end compensates", () => {
    const [fence] = productDecider.decide(abandonChange, given(added!, changeStarted));
    expect(fence!.type).toBe("ProductSkuChangeAbandoned");
    const fenced = given(added!, changeStarted, fence!);
    expect(() => productDecider.decide({ kind: "commitSkuChange", ownerId: "u-1", input: renamed, at: "t" }, fenced)).toThrow("rolled back");
    const [end] = productDecider.decide({ kind: "finishSkuChange", at: "t" }, fenced);
    expect(end!.type).toBe("ProductSkuChangeCompensated");
    const settled = given(added!, changeStarted, fence!, end!);
    expect(settled.status === "active" && settled.fields.sku).toBe("SHIRT-01");
    expect(productDecider.decide({ kind: "delete", ownerId: "u-1", at: "x" }, settled)[0]!.type).toBe("ProductDeleted");
  });
});
