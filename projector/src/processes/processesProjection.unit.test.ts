import { describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { invoicesProjection } from "../invoices/invoicesProjection.ts";
import { projectInMemory } from "../projection.ts";
import { processesProjection } from "./processesProjection.ts";

const project = (events: BahiEvent[]) => projectInMemory(processesProjection, events);

const started: BahiEvent = {
  type: "InvoiceCreationStarted",
  data: { invoiceId: "i-1", ownerId: "u-1", invoiceNumber: "A-1", quotaMonth: "202611", startedAt: "2026-11-30T10:00:00.000Z" },
};
const abandoned: BahiEvent = { type: "InvoiceCreationAbandoned", data: { invoiceId: "i-1", ownerId: "u-1", reason: "stale", code: "STALE", abandonedAt: "t" } };
const compensated: BahiEvent = { type: "InvoiceCreationCompensated", data: { invoiceId: "i-1", ownerId: "u-1", compensatedAt: "t" } };

describe("the processes read model", () => {
  it("nominates a started process until its commit or its terminal event", () => {
    expect(project([started]).get("createInvoice-i-1")).toEqual({
      id: "createInvoice-i-1",
      kind: "createInvoice",
      aggregateId: "i-1",
      ownerId: "u-1",
      startedAt: "2026-11-30T10:00:00.000Z",
      phase: "started",
    });
    expect(project([started, abandoned]).get("createInvoice-i-1")?.phase).toBe("abandoned");
    expect(project([started, abandoned, compensated]).get("createInvoice-i-1")?.phase).toBe("done");
  });

  it("reopens an ended process when a reservation lands after its end, until that hold is given back", () => {
    const numberReserved: BahiEvent = { type: "InvoiceNumberReserved", data: { userId: "u-1", invoiceNumber: "A-1", invoiceId: "i-1" } };
    const slotUsed: BahiEvent = { type: "InvoiceQuotaUsed", data: { userId: "u-1", month: "202611", invoiceId: "i-1", limit: 10 } };
    const numberReleased: BahiEvent = { type: "InvoiceNumberReleased", data: { userId: "u-1", invoiceNumber: "A-1", invoiceId: "i-1", reason: "stray", process: "createInvoice" } };
    const slotReturned: BahiEvent = { type: "InvoiceQuotaReturned", data: { userId: "u-1", month: "202611", invoiceId: "i-1", reason: "stray", process: "createInvoice" } };
    // While the process runs, its reservations are its own business.
    expect(project([started, slotUsed, numberReserved]).get("createInvoice-i-1")?.phase).toBe("started");
    // After the fence and the compensation, a stalled request's reservation is a stray hold.
    const late = project([started, abandoned, compensated, slotUsed, numberReserved]).get("createInvoice-i-1");
    expect(late).toMatchObject({ phase: "reopened", holds: ["quota:202611", "number:A-1"] });
    expect(project([started, abandoned, compensated, slotUsed, numberReserved, numberReleased]).get("createInvoice-i-1")).toMatchObject({
      phase: "reopened",
      holds: ["quota:202611"],
    });
    expect(project([started, abandoned, compensated, slotUsed, numberReserved, numberReleased, slotReturned]).get("createInvoice-i-1")?.phase).toBe("done");
    // Reservations of invoices from before process managers existed reopen nothing.
    expect(project([{ type: "InvoiceNumberReserved", data: { userId: "u-1", invoiceNumber: "OLD-1", invoiceId: "i-old" } }]).get("createInvoice-i-old")).toBeNull();
    // A SKU names its process; a reservation without one (older events) touches nothing.
    const productStarted: BahiEvent = { type: "ProductCreationStarted", data: { productId: "p-9", ownerId: "u-1", sku: "S-9", startedAt: "t" } };
    const productCompensated: BahiEvent = { type: "ProductCreationCompensated", data: { productId: "p-9", ownerId: "u-1", compensatedAt: "t" } };
    const skuLate: BahiEvent = { type: "SkuReserved", data: { userId: "u-1", sku: "S-9", productId: "p-9", process: "createProduct" } };
    expect(project([productStarted, productCompensated, skuLate]).get("createProduct-p-9")).toMatchObject({ phase: "reopened", holds: ["sku:S-9"] });
  });

  it("keeps a reservation that lands between the fence and the end of the compensation, unless the compensation gives it back", () => {
    // The compensation read the series before the stalled request's number was issued, so it voided nothing.
    const issued: BahiEvent = {
      type: "DocumentNumberIssued",
      data: { userId: "u-1", series: "invoice", gstin: "27AAAPL1234C1Z5", financialYear: "2026-27", sequence: 99, number: "INV/26-27/0099", documentId: "i-1", issuedAt: "t" },
    };
    const voided: BahiEvent = { type: "DocumentNumberVoided", data: { ...issued.data, reason: "not created", voidedAt: "t" } } as BahiEvent;
    expect(project([started, abandoned, issued]).get("createInvoice-i-1")).toMatchObject({ phase: "abandoned", holds: ["series:27AAAPL1234C1Z5:2026-27"] });
    expect(project([started, abandoned, issued, compensated]).get("createInvoice-i-1")).toMatchObject({
      phase: "reopened",
      holds: ["series:27AAAPL1234C1Z5:2026-27"],
    });
    // The compensation saw it and voided it: nothing is left to give back.
    expect(project([started, abandoned, issued, voided, compensated]).get("createInvoice-i-1")?.phase).toBe("done");
    // Before the fence, the number is the running process's own.
    expect(project([started, issued, abandoned, compensated]).get("createInvoice-i-1")?.phase).toBe("done");
  });

  it("nominates a deletion until the release of the SKU it freed, not any other release", () => {
    const deleted: BahiEvent = { type: "ProductDeleted", data: { productId: "p-1", ownerId: "u-1", deletedAt: "t", sku: "A" } };
    const otherRelease: BahiEvent = { type: "SkuReleased", data: { userId: "u-1", sku: "B", productId: "p-1", process: "changeProductSku" } };
    const release: BahiEvent = { type: "SkuReleased", data: { userId: "u-1", sku: "A", productId: "p-1", process: "deleteProduct" } };
    expect(project([deleted, otherRelease]).get("deleteProduct-p-1")?.kind).toBe("deleteProduct");
    expect(project([deleted, otherRelease, release]).get("deleteProduct-p-1")?.phase).toBe("done");
    // A deletion recorded before deletions carried their SKU nominates nothing.
    expect(project([{ type: "ProductDeleted", data: { productId: "p-2", ownerId: "u-1", deletedAt: "t" } }]).size).toBe(0);
  });

  it("the invoice list never sees a half-created invoice", () => {
    for (const event of [started, abandoned, compensated]) expect(invoicesProjection.handles).not.toContain(event.type);
  });
});
