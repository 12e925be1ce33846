import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPaise } from "@bahi/shared/contract";
import { interestPaise, periodLabel, previousPeriod, returnDueDate, returnPeriodOf, type ReturnPeriod } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();

// Registered three months back; data in those three months, whatever today is.
const current = returnPeriodOf(new Date());
const last = previousPeriod(current);
const middle = previousPeriod(last);
const first = previousPeriod(middle);
const on = (p: ReturnPeriod, day: number) => `${p.from.slice(0, 8)}${String(day).padStart(2, "0")}`;

async function business(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  await owner.register();
  const profile = await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: first.from });
  expect(profile.body).toMatchObject({ gstRegistrationDate: first.from });
  const sku = () => `P-${randomBytes(3).toString("hex")}`;
  const oil = (await owner.post("/api/products", { name: "Hair oil", sku: sku(), category: "Other", price: "1000", stock: 100, gstRate: 18, hsnCode: "3305" })).body.id;
  const unclassified = (await owner.post("/api/products", { name: "Gift hamper", sku: sku(), category: "Other", price: "1000", stock: 100, gstRate: 18 })).body.id;
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body.id;
  let n = 0;
  /** One ₹1,000 + 18% intra-state sale (CGST 90 + SGST 90) dated `issueDate`. */
  const sell = (issueDate: string, extra: Record<string, unknown> = {}, productId = oil) =>
    owner.post("/api/invoices", {
      customerId: customer,
      invoiceNumber: `R-${++n}`,
      issueDate,
      subtotal: "1000",
      gstAmount: "180",
      total: "1180",
      items: [{ productId, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
      ...extra,
    });
  return { owner, sell, unclassified };
}

function returnsSuite(name: string, open: () => Promise<TestApp>) {
  describe(`GST filing rules with ${name}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await open();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("period ended: the current month cannot be filed yet (409 PERIOD_NOT_ENDED), nothing recorded", async () => {
      const { owner } = await business(app);
      const before = await countEvents(app.sql);
      const response = await owner.post("/api/gst/file-gstr1", { period: current });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ success: false, code: "PERIOD_NOT_ENDED", message: expect.stringContaining(periodLabel(current)) });
      expect(await countEvents(app.sql)).toBe(before);
    });

    it("s.39(10), s.37(4), registration: returns are filed in order from the registration month", async () => {
      const { owner } = await business(app);
      const before = await countEvents(app.sql);
      const threeB = await owner.post("/api/gst/file-gstr3b", { period: first.fp });
      expect(threeB.status).toBe(409);
      expect(threeB.body).toMatchObject({ code: "OUT_OF_SEQUENCE", message: `File GSTR-1 for ${periodLabel(first)} first (s.39(10))` });
      const laterGstr1 = await owner.post("/api/gst/file-gstr1", { period: middle.fp });
      expect(laterGstr1.status).toBe(409);
      expect(laterGstr1.body).toMatchObject({ code: "OUT_OF_SEQUENCE", message: `File GSTR-1 for ${periodLabel(first)} first (s.37(4))` });
      const beforeRegistration = await owner.post("/api/gst/file-gstr1", { period: previousPeriod(first).fp });
      expect(beforeRegistration.body).toMatchObject({ code: "BEFORE_REGISTRATION" });
      expect(await countEvents(app.sql)).toBe(before);

      // The preview says the same before anyone clicks.
      const preview = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${first.fp}`);
      expect(preview.status).toBe(200);
      expect(preview.body.refusal).toEqual({ code: "OUT_OF_SEQUENCE", message: `File GSTR-1 for ${periodLabel(first)} first (s.39(10))` });

      expect((await owner.post("/api/gst/file-gstr1", { period: first.fp })).body).toMatchObject({ success: true });
      // Rule 59(6)(a): the next GSTR-1 waits for this period's GSTR-3B.
      expect((await owner.post("/api/gst/file-gstr1", { period: middle.fp })).body).toMatchObject({
        code: "OUT_OF_SEQUENCE",
        message: `File GSTR-3B for ${periodLabel(first)} first (Rule 59(6)(a))`,
      });
      expect((await owner.post("/api/gst/file-gstr3b", { period: first.fp })).body).toMatchObject({ success: true });
      expect((await owner.post("/api/gst/file-gstr1", { period: middle.fp })).body).toMatchObject({ success: true });

      const overview = (await owner.get("/api/gst/overview")).body;
      expect(overview.registrationDate).toBe(first.from);
      expect(overview.periods.map((p: { period: string }) => p.period)).toEqual([current, last.fp, middle.fp, first.fp]);
      const states = Object.fromEntries(
        overview.periods.map((p: { period: string; returns: { returnType: string; state: string }[] }) => [p.period, p.returns.map((r) => r.state)]),
      );
      expect(states[first.fp]).toEqual(["filed", "filed"]);
      expect(states[middle.fp]![0]).toBe("filed");
      expect(states[current]).toEqual(["not_due", "not_due"]);
    });

    it("a sale back-dated into a filed month: 409 PERIOD_FILED with its cost; confirmed, it is reported in the next open month", async () => {
      const { owner, sell } = await business(app);
      expect((await sell(on(first, 10))).status).toBe(201);
      expect((await owner.post("/api/gst/file-gstr1", { period: first.fp })).body).toMatchObject({ success: true });
      expect((await owner.post("/api/gst/file-gstr3b", { period: first.fp })).body).toMatchObject({ success: true });
      const interestBefore = (await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${middle.fp}`)).body.totals.interest;

      const before = await countEvents(app.sql);
      const refused = await sell(on(first, 20));
      expect(refused.status).toBe(409);
      // s.50(1): 18% a year on CGST 90 and SGST 90, from the month's GSTR-3B due date to the next one's.
      const from = returnDueDate(first, "GSTR3B");
      const until = returnDueDate(middle, "GSTR3B");
      const interest = interestPaise(9000, from, until) * 2;
      expect(refused.body).toEqual({
        code: "PERIOD_FILED",
        message: expect.stringContaining(`reported in ${periodLabel(middle)}`),
        period: first.fp,
        reportIn: middle.fp,
        effect: { returnTypes: ["GSTR1", "GSTR3B"], tax: "180.00", igst: "0.00", cgst: "90.00", sgst: "90.00", interest: (interest / 100).toFixed(2), interestUntil: until },
      });
      expect(interest).toBeGreaterThan(0);
      expect(await countEvents(app.sql)).toBe(before);

      const moved = await sell(on(first, 20), { reportInNextOpenPeriod: true });
      expect(moved.status).toBe(201);
      expect(moved.body).toMatchObject({ reportingPeriod: middle.fp, issueDate: on(first, 20) });

      // In the next month's GSTR-1 (keeping its own date), no longer in the filed month's.
      const gstr1 = (await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${middle.fp}`)).body;
      expect(gstr1.totals).toMatchObject({ totalTaxableValue: "1000.00", totalTax: "180.00" });
      const filedMonth = (await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${first.fp}`)).body;
      expect(filedMonth.totals).toMatchObject({ totalTaxableValue: "1000.00" });
      const threeB = (await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${middle.fp}`)).body;
      expect(toPaise(threeB.totals.interest)).toBeGreaterThan(toPaise(interestBefore));
    });

    it("a blocking problem (a line without HSN) refuses the filing with 409 RETURN_HAS_PROBLEMS, nothing recorded", async () => {
      const { owner, sell, unclassified } = await business(app);
      const sale = await sell(on(first, 5), {}, unclassified);
      expect(sale.status).toBe(201);
      const before = await countEvents(app.sql);
      const response = await owner.post("/api/gst/file-gstr1", { period: first.fp });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: "RETURN_HAS_PROBLEMS",
        success: false,
        problems: [expect.objectContaining({ code: "MISSING_HSN", blocking: true, record: expect.objectContaining({ kind: "invoice", id: sale.body.id }) })],
      });
      expect(await countEvents(app.sql)).toBe(before);
    });

    it("the preview answers the figures and the JSON the filed return records", async () => {
      const { owner, sell } = await business(app);
      await sell(on(first, 3));
      await sell(on(first, 4));
      expect((await owner.post("/api/gst/file-gstr1", { period: first.fp })).body).toMatchObject({ success: true });
      const preview = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${first.fp}`);
      expect(preview.body).toMatchObject({ returnType: "GSTR3B", period: first.fp, gstin: "27AAPFU0939F1ZV", refusal: null, filed: null });
      expect(preview.body.totals).toMatchObject({ outputTax: "360.00" });
      expect((await owner.post("/api/gst/file-gstr3b", { period: first.fp })).body).toMatchObject({ success: true });

      const filed = (await owner.get("/api/gst/returns")).body.find((r: { returnType: string; period: string }) => r.returnType === "GSTR3B" && r.period === first.fp);
      expect(filed).toMatchObject({
        status: "filed",
        totalTaxLiability: preview.body.totals.outputTax,
        totalItcClaimed: preview.body.totals.inputTax,
        netTaxPayable: preview.body.totals.netPayable,
      });
      expect((await owner.get(`/api/gst/returns/${filed.id}/json`)).body).toEqual(preview.body.json);
      expect((await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${first.fp}`)).body.filed).toEqual({ arn: filed.arn, filedAt: filed.filedAt });
    });

    it("refuses a bad preview request and a registration date that cannot be", async () => {
      const { owner } = await business(app);
      expect((await owner.get("/api/gst/returns/preview?type=GSTR9&period=13-2025")).body).toMatchObject({ code: "VALIDATION_FAILED" });
      expect((await owner.get("/api/gst/returns/preview?type=GSTR9&period=13-2025")).status).toBe(400);
      for (const gstRegistrationDate of ["2017-06-30", "2099-01-01", "2026-02-30", "yesterday"]) {
        const response = await owner.put("/api/profile", { gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate });
        expect(response.status, gstRegistrationDate).toBe(400);
        expect(response.body.errors[0].path).toBe("gstRegistrationDate");
      }
      // Not sent (an older client): the stored date stays.
      expect((await owner.put("/api/profile", { gstNumber: "27AAPFU0939F1ZV", companyName: "Rao & Sons" })).body).toMatchObject({ gstRegistrationDate: first.from });
    });
  });
}

returnsSuite("PGlite", () => startTestApp("pglite"));

describe.skipIf(postgresSkipReason !== null)(`PostgreSQL${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  returnsSuite("PostgreSQL", () => startTestApp("postgres"));
});
