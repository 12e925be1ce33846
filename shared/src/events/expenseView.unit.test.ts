import { describe, expect, it } from "vitest";
import { expenseView } from "./expenseView.ts";

/** An ExpenseRecorded of before issue 8: none of the purchase-document fields. */
const older = {
  expenseId: "e-1",
  ownerId: "u-1",
  vendor: { id: "v-1", name: "Pune Power", gstNumber: "27AAPFU0939F1ZV" },
  category: "Utilities",
  description: "Electricity",
  amountPaise: 100_000,
  gstRateBasisPoints: 1800,
  cgstPaise: 9000,
  sgstPaise: 9000,
  igstPaise: 0,
  date: "2025-10-31T20:00:00.000Z",
  placeOfSupply: null,
  vendorInvoiceNumber: "PP/1",
  vendorInvoiceDate: null,
  hsnCode: null,
  eligibleForItc: true,
};

describe("expenseView", () => {
  it("reads an expense recorded before issue 8 as a taxable bill without reverse charge, reported in its date's period (India)", () => {
    expect(expenseView(older, "t0", "t1")).toMatchObject({
      documentType: "bill",
      againstExpenseId: null,
      taxability: "taxable",
      reverseCharge: false,
      reverseChargeService: null,
      selfInvoiceNumber: null,
      itcReason: null,
      itcDefault: true,
      isCapitalGoods: false,
      reportingPeriod: "112025",
      recipientGstin: null,
      businessStateCode: null,
      total: "1180.00",
    });
  });

  it("s.9(3): under reverse charge the supplier is paid the bare amount; the tax is the business's", () => {
    const rent = { ...older, category: "Office Rent", reverseCharge: true, reverseChargeService: "renting-unregistered", selfInvoiceNumber: "RCM/25-26/0001" };
    expect(expenseView(rent, "t0", "t0")).toMatchObject({ gstAmount: "180.00", total: "1000.00", selfInvoiceNumber: "RCM/25-26/0001" });
  });

  it("s.17(5)(b)(i): a blocked category shows its default beside the choice made", () => {
    expect(expenseView({ ...older, category: "Food & Beverages", eligibleForItc: true, itcReason: "Resold" }, "t0", "t0")).toMatchObject({
      itcDefault: false,
      eligibleForItc: true,
      itcReason: "Resold",
    });
  });
});
