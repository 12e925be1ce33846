/**
 * Issue 9: customers' state and SEZ flag, the place of supply they give, and the due date.
 * A Karnataka (29) business; its sales of ₹1,000 + 18% (CGST 90 + SGST 90 within the state,
 * IGST 180 outside it or to an SEZ) dated the 15th of last month, whose returns are open.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();

const BUSINESS_GSTIN = "29AABCR1718E1ZL"; // Karnataka
const SEZ_GSTIN = "29AAGCB1286Q1Z0"; // an SEZ unit, also in Karnataka
const lastMonth = previousPeriod(returnPeriodOf(new Date()));
const saleDate = `${lastMonth.from.slice(0, 8)}15`;

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const { id: userId } = await owner.register();
  await owner.put("/api/profile", { companyName: "Bengaluru Oils", gstNumber: BUSINESS_GSTIN, gstRegistrationDate: lastMonth.from });
  const product = (
    await owner.post("/api/products", {
      name: "Hair oil",
      sku: `OIL-${randomBytes(3).toString("hex")}`,
      category: "Other",
      price: "1000",
      stock: 100,
      gstRate: 18,
      hsnCode: "3305",
    })
  ).body.id;
  let n = 0;
  const sell = (customerId: string, extra: Record<string, unknown> = {}) =>
    owner.post("/api/invoices", {
      customerId,
      invoiceNumber: `POS-${++n}`,
      issueDate: saleDate,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId: product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
      ...extra,
    });
  return { owner, userId, sell };
}

function suite(name: string, open: () => Promise<TestApp>) {
  describe(`customers' state, SEZ and due dates with ${name}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await open();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("s.10(1) IGST Act: an unregistered customer in Kerala buying from Karnataka pays IGST", async () => {
      const { owner, sell } = await business(app);
      const added = await owner.post("/api/customers", { name: "Kochi Stores", stateCode: "32", shippingAddress: "Godown 3, Kochi" });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ stateCode: "32", shippingAddress: "Godown 3, Kochi", isSez: false, gstNumber: null });
      expect((await owner.get(`/api/customers/${added.body.id}`)).body).toMatchObject({ stateCode: "32", shippingAddress: "Godown 3, Kochi", isSez: false });

      const sale = await sell(added.body.id);
      expect(sale.status).toBe(201);
      expect(sale.body).toMatchObject({
        placeOfSupply: "32",
        taxKind: "inter",
        igstAmount: "180.00",
        cgstAmount: "0.00",
        sgstAmount: "0.00",
        customer: { stateCode: "32", isSez: false },
      });

      // A local unregistered customer stays intra-state.
      const local = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "29" })).body.id;
      expect((await sell(local)).body).toMatchObject({ placeOfSupply: "29", taxKind: "intra", cgstAmount: "90.00", sgstAmount: "90.00", igstAmount: "0.00" });
    });

    it("Rule 46(e): a customer without a GSTIN needs a state, a GSTIN's state cannot be contradicted, SEZ needs a GSTIN: 400, nothing appended", async () => {
      const { owner } = await business(app);
      const before = await countEvents(app.sql);
      const noState = await owner.post("/api/customers", { name: "Walk-in" });
      expect(noState.status).toBe(400);
      expect(noState.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "stateCode", message: "Choose the customer's state" }] });

      const mismatch = await owner.post("/api/customers", { address: "12 MG Road", name: "Reddy Retail", gstNumber: SEZ_GSTIN, stateCode: "32" });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual([{ path: "stateCode", message: "The GSTIN is registered in 29-Karnataka: the state must match it" }]);

      const sezWithoutGstin = await owner.post("/api/customers", { name: "Zone Unit", stateCode: "29", isSez: true });
      expect(sezWithoutGstin.status).toBe(400);
      expect(sezWithoutGstin.body.errors[0].path).toBe("isSez");

      const unknownState = await owner.post("/api/customers", { name: "Far Away", stateCode: "99" });
      expect(unknownState.status).toBe(400);
      expect(await countEvents(app.sql)).toBe(before);

      // With a GSTIN the state is filled from it.
      expect((await owner.post("/api/customers", { address: "12 MG Road", name: "Reddy Retail", gstNumber: SEZ_GSTIN })).body).toMatchObject({ stateCode: "29", isSez: false });
    });

    it("s.16 IGST Act: an SEZ customer in the same state pays IGST; GSTR-1 b2b SEWP, GSTR-3B 3.1(b)", async () => {
      const { owner, sell } = await business(app);
      const sez = await owner.post("/api/customers", { address: "12 MG Road", name: "Electronic City SEZ Unit", gstNumber: SEZ_GSTIN, isSez: true });
      expect(sez.body).toMatchObject({ stateCode: "29", isSez: true });
      const sale = await sell(sez.body.id);
      expect(sale.status).toBe(201);
      expect(sale.body).toMatchObject({ placeOfSupply: "29", taxKind: "inter", igstAmount: "180.00", cgstAmount: "0.00", customer: { isSez: true } });

      // A local sale beside it stays in 3.1(a).
      const local = await owner.post("/api/customers", { name: "Walk-in", stateCode: "29" });
      expect((await sell(local.body.id)).status).toBe(201);

      const gstr1 = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${lastMonth.fp}`);
      expect(gstr1.status).toBe(200);
      expect(gstr1.body.json.b2b).toEqual([
        {
          ctin: SEZ_GSTIN,
          inv: [
            {
              inum: "POS-1",
              idt: expect.any(String),
              val: 1180,
              pos: "29",
              rchrg: "N",
              inv_typ: "SEWP",
              itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, camt: 0, samt: 0, csamt: 0 } }],
            },
          ],
        },
      ]);
      const gstr3b = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${lastMonth.fp}`);
      expect(gstr3b.body.json.sup_details.osup_zero).toEqual({ txval: 1000, iamt: 180, csamt: 0 });
      expect(gstr3b.body.json.sup_details.osup_det).toEqual({ txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 });
    });

    it("Rule 46: a due date before the invoice date is a 400 on dueDate, nothing appended", async () => {
      const { owner, sell } = await business(app);
      const customer = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "29" })).body.id;
      const before = await countEvents(app.sql);
      const early = await sell(customer, { dueDate: `${lastMonth.from.slice(0, 8)}14` });
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "dueDate", message: "Due date cannot be before the invoice date" }] });
      // Without an issue date the invoice is dated today (India), so yesterday is refused too.
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const undated = await sell(customer, { issueDate: undefined, dueDate: yesterday });
      expect(undated.status).toBe(400);
      expect(undated.body.errors[0].path).toBe("dueDate");
      expect(await countEvents(app.sql)).toBe(before);

      const sameDay = await sell(customer, { dueDate: saleDate });
      expect(sameDay.status).toBe(201);
      expect(sameDay.body.dueDate).toBe(saleDate);
    });

    it("Rule 46(d), (e): a tax invoice needs a registered buyer's address, and an unregistered buyer's address and state from ₹50,000 of taxable value (400, nothing appended)", async () => {
      const { owner, sell } = await business(app);
      const fifty = (quantity: number) => ({
        subtotal: String(1000 * quantity),
        gstAmount: String(180 * quantity),
        total: String(1180 * quantity),
        items: [{ productId: undefined as unknown, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      });
      const registered = (await owner.post("/api/customers", { name: "Reddy Retail", gstNumber: "29AAGCB1286Q1Z0" })).body.id as string;
      const walkIn = (await owner.post("/api/customers", { name: "Walk-in", stateCode: "29" })).body.id as string;
      const product = ((await owner.get("/api/products")).body as { id: string }[])[0]!.id;
      const withProduct = (figures: ReturnType<typeof fifty>) => ({ ...figures, items: figures.items.map((item) => ({ ...item, productId: product })) });

      const before = await countEvents(app.sql);
      const noAddress = await sell(registered);
      expect(noAddress.status).toBe(400);
      expect(noAddress.body.errors).toEqual([{ path: "customerId", message: expect.stringContaining("Add Reddy Retail's address") }]);
      const large = await sell(walkIn, withProduct(fifty(50)));
      expect(large.status).toBe(400);
      expect(large.body.errors).toEqual([{ path: "customerId", message: expect.stringContaining("₹50,000 or more to an unregistered buyer") }]);
      expect(await countEvents(app.sql)).toBe(before);

      // Below ₹50,000 an unregistered buyer's name is enough; with the address both go through.
      expect((await sell(walkIn, withProduct(fifty(49)))).status).toBe(201);
      await owner.put(`/api/customers/${walkIn}`, { name: "Walk-in", stateCode: "29", address: "4 Avenue Road, Bengaluru" });
      expect((await sell(walkIn, withProduct(fifty(50)))).status).toBe(201);
      await owner.put(`/api/customers/${registered}`, { name: "Reddy Retail", gstNumber: "29AAGCB1286Q1Z0", address: "5 Residency Road, Bengaluru" });
      expect((await sell(registered)).status).toBe(201);
    });

    it("s.10(1)(a) and s.12(2) IGST Act: goods delivered to another state are taxed there (IGST); services to the same customer stay in its state", async () => {
      const { owner, sell } = await business(app);
      const badState = await owner.post("/api/customers", { name: "Reddy Retail", stateCode: "29", shippingStateCode: "99" });
      expect(badState.status).toBe(400);
      expect(badState.body.errors).toEqual([{ path: "shippingStateCode", message: "Choose the delivery state from the list" }]);
      const added = await owner.post("/api/customers", { name: "Reddy Retail", stateCode: "29", shippingAddress: "Godown 3, Kochi", shippingStateCode: "32" });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body).toMatchObject({ stateCode: "29", shippingStateCode: "32" });

      const goods = await sell(added.body.id);
      expect(goods.status, JSON.stringify(goods.body)).toBe(201);
      expect(goods.body).toMatchObject({ placeOfSupply: "32", taxKind: "inter", igstAmount: "180.00", cgstAmount: "0.00" });

      const consulting = (
        await owner.post("/api/products", {
          name: "Store layout advice",
          sku: `SVC-${randomBytes(3).toString("hex")}`,
          category: "Other",
          price: "1000",
          gstRate: 18,
          hsnCode: "998311",
          kind: "services",
        })
      ).body.id;
      const service = await sell(added.body.id, { items: [{ productId: consulting, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }] });
      expect(service.status, JSON.stringify(service.body)).toBe(201);
      expect(service.body).toMatchObject({ placeOfSupply: "29", taxKind: "intra", cgstAmount: "90.00", igstAmount: "0.00" });
    });

    it("customers saved before states were asked still invoice: their GSTIN's state, else the business's", async () => {
      const { owner, userId, sell } = await business(app);
      const metadata = { userId, actor: `user:${userId}`, causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 };
      const oldCustomer = async (name: string, gstNumber: string | null) => {
        const customerId = randomUUID();
        const data = {
          customerId,
          ownerId: userId,
          name,
          email: null,
          phone: null,
          address: gstNumber ? "Shivaji Nagar, Pune" : null,
          gstNumber,
          creditLimitPaise: 0,
          addedAt: new Date().toISOString(),
        };
        await app.stores.eventStore.appendToStream(`customer-${customerId}`, [{ id: randomUUID(), type: "CustomerAdded", data, metadata }], "no_stream");
        return customerId;
      };
      const unregistered = await oldCustomer("Old walk-in", null);
      const registered = await oldCustomer("Old Pune buyer", "27AAPFU0939F1ZV");

      const local = await sell(unregistered);
      expect(local.status).toBe(201);
      expect(local.body).toMatchObject({ placeOfSupply: "29", taxKind: "intra", cgstAmount: "90.00", customer: { stateCode: "29", isSez: false } });
      const outOfState = await sell(registered);
      expect(outOfState.body).toMatchObject({ placeOfSupply: "27", taxKind: "inter", igstAmount: "180.00" });

      const listed = (await owner.get("/api/customers")).body as Array<{ id: string; stateCode: string | null }>;
      expect(listed.find((c) => c.id === unregistered)).toMatchObject({ stateCode: null, isSez: false, shippingAddress: null });
      expect(listed.find((c) => c.id === registered)).toMatchObject({ stateCode: "27" });
    });
  });
}

suite("PGlite", () => startTestApp("pglite"));

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  suite("PostgreSQL", () => startTestApp("postgres"));
});
