/** Issue 9, part 3: credit and debit notes (s.34) in the GSTR-1 and GSTR-3B previews, over the HTTP API. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { financialYearOf, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const today = indianDateOf(new Date());
const fy = financialYearOf(today);
const short = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
const period = returnPeriodOf(new Date());
const portalToday = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

describe.each(backends)("credit and debit notes in the returns (issue 9, s.34) on %s", (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("GSTR-1 Table 9B cdnr, b2cs net, Table 13 natures 4/5, and GSTR-3B 3.1(a) net of the notes", async () => {
    const owner = new ApiClient(app.baseUrl);
    await owner.register();
    expect((await owner.put("/api/profile", { companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", gstRegistrationDate: `${Number(fy.slice(0, 4)) - 3}-04-01` })).status).toBe(
      200,
    );
    expect((await owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const oil = (
      await owner.post("/api/products", {
        name: "Hair oil",
        sku: `P-${randomBytes(3).toString("hex")}`,
        category: "Other",
        price: "1000",
        stock: 100,
        gstRate: 18,
        hsnCode: "3305",
      })
    ).body.id as string;
    const registered = await owner.post("/api/customers", { address: "12 MG Road", stateCode: "29", name: "Rajesh Oils", gstNumber: "29AABCR1718E1ZL" });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const walkIn = (await owner.post("/api/customers", { stateCode: "27", name: "Walk-in" })).body.id as string;
    const sell = async (customerId: string, quantity: number) => {
      const created = await owner.post("/api/invoices", {
        customerId,
        subtotal: String(1000 * quantity),
        gstAmount: String(180 * quantity),
        total: String(1180 * quantity),
        items: [{ productId: oil, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string };
    };
    // Karnataka, registered: 3000 + IGST 540. Maharashtra walk-in (B2C Small): 2000 + CGST 180 + SGST 180.
    const b2b = await sell(registered.body.id as string, 3);
    const b2c = await sell(walkIn, 2);
    // CN: one bottle back from Karnataka, 1000 + IGST 180 = 1180. DN: ₹100 more to the walk-in, 100 + CGST 9 + SGST 9 = 118.
    const cn = await owner.post("/api/credit-notes", { invoiceId: b2b.id, reason: "sales_return", items: [{ productId: oil, quantity: 1, price: "1000" }] });
    expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    const dn = await owner.post("/api/debit-notes", { invoiceId: b2c.id, reason: "correction", items: [{ productId: oil, quantity: 1, price: "100" }] });
    expect(dn.status, JSON.stringify(dn.body)).toBe(201);

    const gstr1 = await owner.get(`/api/gst/returns/preview?type=GSTR1&period=${period}`);
    expect(gstr1.status, JSON.stringify(gstr1.body)).toBe(200);
    expect(gstr1.body.json.cdnr).toEqual([
      {
        ctin: "29AABCR1718E1ZL",
        nt: [
          {
            ntty: "C",
            nt_num: `CN/${short}/0001`,
            nt_dt: portalToday,
            val: 1180,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    // The walk-in's debit note raises the B2C Small row: 2000 + 100, CGST = SGST 180 + 9.
    expect(gstr1.body.json.b2cs).toEqual([{ sply_ty: "INTRA", rt: 18, typ: "OE", pos: "27", txval: 2100, iamt: 0, camt: 189, samt: 189, csamt: 0 }]);
    expect(gstr1.body.json.doc_issue.doc_det.filter((d: { doc_num: number }) => d.doc_num !== 1)).toEqual([
      { doc_num: 4, docs: [{ num: 1, from: `DN/${short}/0001`, to: `DN/${short}/0001`, totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 5, docs: [{ num: 1, from: `CN/${short}/0001`, to: `CN/${short}/0001`, totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
    // Net: 3000 + 2000 − 1000 + 100 = 4100; tax 540 + 360 − 180 + 18 = 738.
    expect(gstr1.body.totals).toMatchObject({ totalTaxableValue: "4100.00", totalTax: "738.00" });

    const gstr3b = await owner.get(`/api/gst/returns/preview?type=GSTR3B&period=${period}`);
    expect(gstr3b.status, JSON.stringify(gstr3b.body)).toBe(200);
    expect(gstr3b.body.json.sup_details.osup_det).toEqual({ txval: 4100, iamt: 360, camt: 189, samt: 189, csamt: 0 });
    expect(gstr3b.body.totals).toMatchObject({ outwardTaxableValue: "4100.00", outputTax: "738.00" });
  });
});
