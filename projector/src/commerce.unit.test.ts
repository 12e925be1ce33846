import { describe, expect, it } from "vitest";
import type { BahiEvent, EventData } from "@bahi/shared/events";
import { dashboardProjection } from "./dashboard/dashboardProjection.ts";
import { invoicesProjection } from "./invoices/invoicesProjection.ts";
import { productsProjection } from "./products/productsProjection.ts";
import { projectInMemory, type AnyProjection } from "./projection.ts";

/** The documents these events make, read loosely: the assertions name the fields they check. */
const project = (projection: AnyProjection, events: BahiEvent[]) => projectInMemory<any>(projection, events);

const line = (productId: string, quantity: number, amountPaise: number) => ({
  lineId: `${productId}-${quantity}`,
  productId,
  productName: productId,
  hsnCode: null,
  quantity,
  pricePaise: 0,
  rateBasisPoints: 1800,
  discount: null,
  discountPaise: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  cessPaise: 0,
  amountPaise,
});
const invoice = (invoiceId: string, issueDate: string, totalPaise: number, lines: ReturnType<typeof line>[]): BahiEvent => ({
  type: "InvoiceCreated",
  data: {
    invoiceId,
    ownerId: "u-1",
    invoiceNumber: invoiceId,
    issueDate,
    dueDate: null,
    notes: null,
    placeOfSupply: "27",
    taxKind: "intra",
    stateTaxLabel: "SGST",
    supplier: { name: "S", gstin: null, address: null, stateCode: "27" },
    customer: { id: "c-1", name: "C", gstin: null, address: null, email: null, phone: null },
    // 18% within the state: the taxable value is 100/118 of the total.
    lines,
    subtotalPaise: (totalPaise * 100) / 118,
    cgstPaise: (totalPaise * 9) / 118,
    sgstPaise: (totalPaise * 9) / 118,
    igstPaise: 0,
    cessPaise: 0,
    gstAmountPaise: (totalPaise * 18) / 118,
    totalPaise,
    createdAt: issueDate,
  } satisfies EventData<"InvoiceCreated">,
});

const history: BahiEvent[] = [
  {
    type: "ProductAdded",
    data: {
      productId: "p-1",
      ownerId: "u-1",
      name: "Shirt",
      description: null,
      sku: "S1",
      category: "Clothing",
      pricePaise: 100000,
      minStock: 5,
      gstRateBasisPoints: 1800,
      hsnCode: "6205",
      openingStock: 10,
      isActive: true,
      addedAt: "2026-10-01",
    },
  },
  { type: "StockReceived", data: { productId: "p-1", ownerId: "u-1", quantity: 5, note: null, receivedAt: "2026-10-02" } },
  { type: "StockAdjusted", data: { productId: "p-1", ownerId: "u-1", quantityDelta: -1, reason: "Damaged", adjustedAt: "2026-10-03" } },
  invoice("i-1", "2026-10-31T20:00:00.000Z", 236000, [line("p-1", 2, 236000)]),
  invoice("i-2", "2026-11-05T10:00:00.000Z", 118000, [line("p-1", 1, 118000), line("p-2", 4, 0)]),
  { type: "InvoiceMarkedPaid", data: { invoiceId: "i-1", ownerId: "u-1", paidAt: "2026-11-06", amountPaise: 236000 } },
  { type: "InvoiceStatusChanged", data: { invoiceId: "i-2", ownerId: "u-1", from: "pending", to: "overdue", changedAt: "2026-11-20" } },
];

describe("commerce projections", () => {
  it("products: stock on hand folds receipts, adjustments and invoiced quantities", () => {
    expect(project(productsProjection, history).get("p-1")).toMatchObject({ stock: 11, price: "1000.00", gstRate: "18" });
    expect(project(productsProjection, history).get("p-2")).toBeNull();
  });

  it("invoices: status follows payments and status changes", () => {
    const docs = project(invoicesProjection, history);
    expect(docs.get("i-1")).toMatchObject({ status: "paid", paidAt: "2026-11-06", total: "2360.00" });
    expect(docs.get("i-2")).toMatchObject({ status: "overdue", paidAt: null });
  });

  it("dashboard: sales (taxable values) by Indian month and the recent list", () => {
    const doc = project(dashboardProjection, history).get("u-1");
    // 20:00 UTC on 31 Oct is 1 Nov in India; sales leave out the GST collected (3,540 − 540).
    expect(doc.salesByMonth).toEqual({ "2026-11": 300000 });
    expect(doc.recentInvoices.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      ["i-2", "overdue"],
      ["i-1", "paid"],
    ]);
  });

  it("replayed twice gives the same documents", () => {
    for (const projection of [productsProjection, invoicesProjection, dashboardProjection]) {
      expect(project(projection, history)).toEqual(project(projection, [...history]));
    }
  });
});
