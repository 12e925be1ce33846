import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessJobQueue } from "@bahi/shared/server";
import { ApiClient } from "../../../tests/support/apiClient.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { OVERDUE_QUEUE } from "./overdueWorker.ts";

/** One bad record must not stop the sweep for every other business (issue 7). */
describe("the overdue sweep over a bad record", () => {
  const jobs = new InProcessJobQueue();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { jobs });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("skips an invoice whose due date is not a date and marks the others", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    await owner.put("/api/profile", { stateCode: "27" });
    const product = (await owner.post("/api/products", { name: "Thing", sku: "T-1", category: "Other", price: "100", gstRate: 18 })).body.id;
    const customer = (await owner.post("/api/customers", { name: "Late payer" })).body.id;
    const body = (number: string) => ({ customerId: customer, invoiceNumber: number, dueDate: "2026-01-15", subtotal: "100", gstAmount: "18", total: "118", items: [{ productId: product, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }] });
    const bad = (await owner.post("/api/invoices", body("BAD-1"))).body;
    const late = (await owner.post("/api/invoices", body("LATE-1"))).body;
    await app.bahi.projector!.catchUp();
    // A due date the edge accepted before it checked calendar dates ("2025-02-30" threw in the sweep).
    await app.sql.query(`UPDATE bahi_rm_documents SET data = jsonb_set(data, '{dueDate}', '"2025-02-30 GMT"') WHERE collection = 'invoices' AND id = $1`, [bad.id]);

    await jobs.enqueue(OVERDUE_QUEUE, "sweep-over-bad", {});
    expect(await jobs.outcome(OVERDUE_QUEUE, "sweep-over-bad", 10_000)).toMatchObject({ state: "completed", result: { marked: 1, skipped: 1 } });
    expect((await app.stores.eventStore.readStream(`invoice-${late.id}`)).at(-1)).toMatchObject({ type: "InvoiceBecameOverdue" });
  });
});
