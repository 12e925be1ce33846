import { describe, expect, it } from "vitest";
import { EXPENSE_CATEGORIES, expenseInputSchema, ITC_DEFAULTS, RCM_SERVICES } from "../expenses.ts";
import { itcDefaultFor, purchaseTax, selfInvoiceNumber, type PurchaseTaxInput } from "./purchase.ts";

const KARNATAKA = "29";
const MAHARASHTRA = "27";

/** A ₹1,000 taxable bill from a registered supplier in the business's own state, dated after GST 2.0. */
const bill = (overrides: Partial<PurchaseTaxInput> = {}): PurchaseTaxInput => ({
  amountPaise: 100_000,
  ratePercent: "18",
  date: "2026-10-15",
  taxability: "taxable",
  supplierHasGstin: true,
  reverseCharge: false,
  supplierState: MAHARASHTRA,
  placeOfSupply: MAHARASHTRA,
  ...overrides,
});

describe("purchaseTax: the GST a supplier's bill carries", () => {
  it("Notification 2/2017-CT(R): a nil-rated milk bill of ₹1,000 carries no GST", () => {
    expect(purchaseTax(bill({ taxability: "nil" }))).toEqual({ ok: true, rateBasisPoints: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, gstPaise: 0 });
    expect(purchaseTax(bill({ taxability: "exempt", ratePercent: "18" }))).toMatchObject({ ok: true, gstPaise: 0 });
    expect(purchaseTax(bill({ taxability: "non-gst" }))).toMatchObject({ ok: true, gstPaise: 0 });
  });

  it("s.9(1) with IGST Act s.8: a 5% intra-state bill of ₹1,000 is CGST ₹25 + SGST ₹25", () => {
    expect(purchaseTax(bill({ ratePercent: "5" }))).toEqual({ ok: true, rateBasisPoints: 500, cgstPaise: 2500, sgstPaise: 2500, igstPaise: 0, gstPaise: 5000 });
  });

  it("IGST Act s.7: an 18% bill from another state is all IGST", () => {
    expect(purchaseTax(bill({ supplierState: KARNATAKA }))).toEqual({ ok: true, rateBasisPoints: 1800, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000, gstPaise: 18_000 });
  });

  it("Notification 9/2025-CT(R): the 40% slab applies from 22 Sep 2025", () => {
    expect(purchaseTax(bill({ ratePercent: 40 }))).toMatchObject({ ok: true, rateBasisPoints: 4000, cgstPaise: 20_000, sgstPaise: 20_000 });
  });

  it("intra-state: the total is rounded half-up once, CGST is its rounded half and SGST the rest", () => {
    // ₹1,000.50 at 18% = ₹180.09: CGST round(90.045) = 90.05, SGST 90.04.
    expect(purchaseTax(bill({ amountPaise: 100_050 }))).toMatchObject({ cgstPaise: 9005, sgstPaise: 9004, gstPaise: 18_009 });
  });

  it("GST 2.0 (Notification 9/2025-CT(R)): the old 12% slab is valid on 2025-09-21 but refused on 2025-09-22", () => {
    expect(purchaseTax(bill({ ratePercent: "12", date: "2025-09-21" }))).toMatchObject({ ok: true, gstPaise: 12_000 });
    expect(purchaseTax(bill({ ratePercent: "12", date: "2025-09-22" }))).toEqual({
      ok: false,
      path: "gstRate",
      message: "GST rate 12% is not in force on 2025-09-22 (rates then: 0, 5, 18, 40)",
    });
    expect(purchaseTax(bill({ ratePercent: "7" }))).toMatchObject({ ok: false, path: "gstRate" });
    expect(purchaseTax(bill({ date: "2016-05-01" }))).toEqual({
      ok: false,
      path: "gstRate",
      message: "There was no GST on 2016-05-01 (it began on 2017-07-01): record the bill as non-GST",
    });
    expect(purchaseTax(bill({ date: "2016-05-01", taxability: "non-gst" }))).toMatchObject({ ok: true, gstPaise: 0 });
    expect(purchaseTax(bill({ ratePercent: "abc" }))).toMatchObject({ ok: false, path: "gstRate", message: "GST rate must be a percentage such as 5 or 18" });
  });

  it("s.31 with Rule 46: the GST typed from the bill wins within ₹1 of rate × amount", () => {
    expect(purchaseTax(bill({ ratePercent: "5", typedGstPaise: 5099 }))).toMatchObject({ ok: true, cgstPaise: 2550, sgstPaise: 2549, gstPaise: 5099 });
    expect(purchaseTax(bill({ ratePercent: "5", typedGstPaise: 4900 }))).toMatchObject({ ok: true, gstPaise: 4900 });
  });

  it("s.16(2)(c): a typed GST more than ₹1 away from rate × amount is refused, naming both", () => {
    expect(purchaseTax(bill({ ratePercent: "5", typedGstPaise: 5101 }))).toEqual({
      ok: false,
      path: "gstAmount",
      message: "GST amount ₹51.01 does not match 5% of ₹1000.00 (₹50.00)",
    });
  });

  it("s.9(1) and s.31: a supplier without a GSTIN charges no GST, and a typed GST from one is refused", () => {
    expect(purchaseTax(bill({ supplierHasGstin: false }))).toMatchObject({ ok: true, rateBasisPoints: 0, gstPaise: 0 });
    expect(purchaseTax(bill({ supplierHasGstin: false, typedGstPaise: 18_000 }))).toEqual({
      ok: false,
      path: "gstAmount",
      message: "A supplier without a GSTIN cannot charge GST",
    });
    expect(purchaseTax(bill({ supplierHasGstin: false, typedGstPaise: 0 }))).toMatchObject({ ok: true, gstPaise: 0 });
  });

  it("s.9(3), Notification 13/2017-CT(R) entry 5AB: rent from an unregistered landlord at 18% is tax the business pays", () => {
    expect(purchaseTax(bill({ supplierHasGstin: false, reverseCharge: true, amountPaise: 5_000_000 }))).toEqual({
      ok: true,
      rateBasisPoints: 1800,
      cgstPaise: 450_000,
      sgstPaise: 450_000,
      igstPaise: 0,
      gstPaise: 900_000,
    });
  });

  it("a nil-rated bill showing GST is refused", () => {
    expect(purchaseTax(bill({ taxability: "nil", typedGstPaise: 100 }))).toEqual({ ok: false, path: "gstAmount", message: "A nil-rated bill carries no GST" });
  });
});

describe("ITC defaults by category", () => {
  it("s.17(5)(b)(i): food and beverages are blocked", () => {
    expect(itcDefaultFor("Food & Beverages")).toEqual({ eligible: false, rule: "s.17(5)(b)(i)" });
  });
  it("s.17(5)(b)(i): health and life insurance are blocked", () => {
    expect(itcDefaultFor("Health & Life Insurance")).toEqual({ eligible: false, rule: "s.17(5)(b)(i)" });
  });
  it("s.17(5)(b)(ii): club memberships are blocked", () => {
    expect(itcDefaultFor("Club Membership")).toEqual({ eligible: false, rule: "s.17(5)(b)(ii)" });
  });
  it("s.17(5)(a): motor vehicles are blocked", () => {
    expect(itcDefaultFor("Motor Vehicles")).toEqual({ eligible: false, rule: "s.17(5)(a)" });
  });
  it("s.17(5)(c)/(d): works contracts for immovable property are blocked", () => {
    expect(itcDefaultFor("Works Contract")).toEqual({ eligible: false, rule: "s.17(5)(c)/(d)" });
  });
  it("s.17(5)(g): goods for personal consumption are blocked", () => {
    expect(itcDefaultFor("Personal Consumption")).toEqual({ eligible: false, rule: "s.17(5)(g)" });
  });
  it("s.16(1): rent, utilities, professional services, supplies, equipment and general insurance are eligible", () => {
    for (const category of ["Office Rent", "Utilities", "Professional Services", "Supplies", "Equipment", "Insurance"] as const) {
      expect(itcDefaultFor(category)).toEqual({ eligible: true, rule: "s.16(1)" });
    }
    expect(Object.keys(ITC_DEFAULTS).sort()).toEqual([...EXPENSE_CATEGORIES].sort());
  });
});

describe("the expense input schema", () => {
  const plain = { category: "Supplies", description: "Paper", amount: "1000", date: "2026-10-15" };

  it("SPEC §5: a plain call is a taxable bill at the default rate, eligible as its category says", () => {
    const input = expenseInputSchema.parse(plain);
    expect(input).toMatchObject({
      documentType: "bill",
      taxability: "taxable",
      gstRate: null,
      gstAmount: null,
      reverseCharge: false,
      eligibleForItc: true,
      isCapitalGoods: false,
      reportInNextOpenPeriod: false,
    });
    expect(expenseInputSchema.parse({ ...plain, category: "Food & Beverages" }).eligibleForItc).toBe(false);
  });

  it("s.17(5): claiming a blocked credit needs a reason, and so does giving up an eligible one", () => {
    const blocked = expenseInputSchema.safeParse({ ...plain, category: "Food & Beverages", eligibleForItc: true });
    expect(blocked.success).toBe(false);
    expect(blocked.error!.issues).toEqual([
      expect.objectContaining({ path: ["itcReason"], message: "Give a reason for claiming ITC on Food & Beverages: its credit is blocked by s.17(5)(b)(i)" }),
    ]);
    expect(
      expenseInputSchema.parse({ ...plain, category: "Food & Beverages", eligibleForItc: true, itcReason: "Meals served to customers as our outward supply" }).eligibleForItc,
    ).toBe(true);
    expect(expenseInputSchema.safeParse({ ...plain, eligibleForItc: false }).success).toBe(false);
  });

  it("s.9(3): a reverse-charge bill names the notified service", () => {
    const missing = expenseInputSchema.safeParse({ ...plain, reverseCharge: true });
    expect(missing.error!.issues).toEqual([expect.objectContaining({ path: ["reverseChargeService"] })]);
    expect(expenseInputSchema.parse({ ...plain, reverseCharge: true, reverseChargeService: "renting-unregistered" }).reverseChargeService).toBe("renting-unregistered");
    expect(RCM_SERVICES["renting-unregistered"]).toContain("5AB");
    expect(expenseInputSchema.safeParse({ ...plain, reverseCharge: true, reverseChargeService: "haircut" }).success).toBe(false);
  });

  it("s.34: a credit or debit note names the bill it is against", () => {
    expect(expenseInputSchema.safeParse({ ...plain, documentType: "credit_note" }).error!.issues).toEqual([expect.objectContaining({ path: ["againstExpenseId"] })]);
    expect(expenseInputSchema.safeParse({ ...plain, documentType: "receipt" }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ ...plain, gstAmount: "12.345" }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ ...plain, gstRate: "eighteen" }).success).toBe(false);
    expect(expenseInputSchema.parse({ ...plain, gstRate: 5, gstAmount: "50.5" })).toMatchObject({ gstRate: 500, gstAmount: 5050 });
  });
});

describe("self-invoice numbers", () => {
  it("s.31(3)(f): one series per financial year, RCM/26-27/0001", () => {
    expect(selfInvoiceNumber("2026-27", 1)).toBe("RCM/26-27/0001");
    expect(selfInvoiceNumber("2099-00", 12)).toBe("RCM/99-00/0012");
  });
});
