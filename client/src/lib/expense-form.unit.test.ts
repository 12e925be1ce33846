import type { Expense } from "@bahi/shared/contract";
import { describe, expect, it } from "vitest";
import {
  buildExpenseBody,
  expenseFormSchema,
  expenseFormValues,
  expenseTaxPreview,
  hasPurchaseDetails,
  indianDayToIso,
  itcDefaultText,
  keptGstAmount,
  NONE,
  type ExpenseFormValues,
} from "./expense-form.ts";

const KARNATAKA_VENDOR = "29AABCR1718E1ZL";
const today = new Date("2026-07-15T06:00:00Z");

function values(overrides: Partial<ExpenseFormValues> = {}): ExpenseFormValues {
  return { ...expenseFormValues(null, today), category: "Supplies", description: "Printer paper", amount: "1000", ...overrides };
}

const expense: Expense = {
  id: "exp-1",
  userId: "user-1",
  vendorId: "vendor-1",
  vendor: { name: "Rao Stationers", gstNumber: KARNATAKA_VENDOR },
  category: "Supplies",
  description: "Printer paper",
  amount: "1000.00",
  gstRate: "18",
  gstAmount: "180.00",
  cgstAmount: "0.00",
  sgstAmount: "0.00",
  igstAmount: "180.00",
  total: "1180.00",
  date: "2026-06-30T18:30:00.000Z",
  placeOfSupply: null,
  vendorInvoiceNumber: "RS/412",
  vendorInvoiceDate: "2026-06-29",
  hsnCode: null,
  eligibleForItc: true,
  documentType: "bill",
  againstExpenseId: null,
  taxability: "taxable",
  reverseCharge: false,
  reverseChargeService: null,
  selfInvoiceNumber: null,
  itcReason: null,
  itcDefault: true,
  isCapitalGoods: false,
  reportingPeriod: "072026",
  recipientGstin: null,
  businessStateCode: "27",
  createdAt: "2026-07-01T05:00:00.000Z",
  updatedAt: "2026-07-01T05:00:00.000Z",
};

describe("the expense form's schema", () => {
  it("says what is missing in the contract's words", () => {
    const result = expenseFormSchema.safeParse(values({ category: "" as ExpenseFormValues["category"], description: "", amount: "" }));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue: { path: PropertyKey[]; message: string }) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({ amount: "Amount is required", category: "Category is required", description: "Description is required" });
  });

  it("reads the selects' 'none' as not given", () => {
    const parsed = expenseFormSchema.parse(values({ vendorId: NONE, placeOfSupply: NONE }));
    expect(parsed.vendorId).toBeNull();
    expect(parsed.placeOfSupply).toBeNull();
    expect(expenseFormSchema.parse(values({ vendorId: "vendor-1", placeOfSupply: "29" }))).toMatchObject({ vendorId: "vendor-1", placeOfSupply: "29" });
  });

  it("refuses a place of supply that is not a state code", () => {
    const result = expenseFormSchema.safeParse(values({ placeOfSupply: "42" }));
    expect(result.error?.issues[0]?.message).toBe("Place of supply must be a two-digit state code");
  });
});

describe("the request body", () => {
  it("sends the date as the ISO instant India's day begins, the vendor invoice date as a calendar date", () => {
    const body = buildExpenseBody(expenseFormSchema.parse(values({ date: "2026-07-01", vendorInvoiceDate: "2026-06-29", vendorId: NONE })));
    expect(body).toMatchObject({
      vendorId: null,
      category: "Supplies",
      amount: "1000.00",
      // Not typed: the server computes it.
      gstAmount: null,
      gstRate: "18",
      date: "2026-06-30T18:30:00.000Z",
      vendorInvoiceDate: "2026-06-29",
      documentType: "bill",
      againstExpenseId: null,
      eligibleForItc: true,
      itcReason: null,
    });
    expect(indianDayToIso("2026-01-01")).toBe("2025-12-31T18:30:00.000Z");
  });

  it("leaves the optional purchase details out as null", () => {
    const body = buildExpenseBody(expenseFormSchema.parse(values()));
    expect(body).toMatchObject({ vendorInvoiceNumber: null, vendorInvoiceDate: null, placeOfSupply: null, hsnCode: null, reverseChargeService: null });
  });

  it("sends the GST typed from the bill, and no rate for a nil-rated bill", () => {
    expect(buildExpenseBody(expenseFormSchema.parse(values({ gstAmount: "180.4" }))).gstAmount).toBe("180.40");
    expect(buildExpenseBody(expenseFormSchema.parse(values({ taxability: "nil" })))).toMatchObject({ taxability: "nil", gstRate: null });
  });

  it("s.17(5)(b)(i): claiming ITC on food needs a reason, which is then sent", () => {
    const food = values({ category: "Food & Beverages", eligibleForItc: true });
    expect(expenseFormSchema.safeParse(food).error?.issues[0]).toMatchObject({ path: ["itcReason"], message: "Say why ITC is claimed although s.17(5)(b)(i) blocks it" });
    const body = buildExpenseBody(expenseFormSchema.parse({ ...food, itcReason: "Catering resold to a client (outward supply)" }));
    expect(body).toMatchObject({ eligibleForItc: true, itcReason: "Catering resold to a client (outward supply)" });
    // Following the default needs no reason, and sends none.
    expect(buildExpenseBody(expenseFormSchema.parse(values({ category: "Food & Beverages", eligibleForItc: false, itcReason: "stale" }))).itcReason).toBeNull();
  });

  it("s.31(3)(f): a reverse-charge bill names its notified supply; a note names its bill", () => {
    expect(expenseFormSchema.safeParse(values({ reverseCharge: true })).error?.issues[0]?.path).toEqual(["reverseChargeService"]);
    expect(buildExpenseBody(expenseFormSchema.parse(values({ reverseCharge: true, reverseChargeService: "renting-unregistered" })))).toMatchObject({
      reverseCharge: true,
      reverseChargeService: "renting-unregistered",
    });
    expect(expenseFormSchema.safeParse(values({ documentType: "credit_note" })).error?.issues[0]?.path).toEqual(["againstExpenseId"]);
    expect(buildExpenseBody(expenseFormSchema.parse(values({ documentType: "credit_note", againstExpenseId: "exp-1" })))).toMatchObject({
      documentType: "credit_note",
      againstExpenseId: "exp-1",
    });
  });
});

describe("editing", () => {
  it("starts from the expense, its dates as India's calendar has them", () => {
    expect(expenseFormValues(expense, today)).toEqual({
      vendorId: "vendor-1",
      category: "Supplies",
      description: "Printer paper",
      amount: "1000.00",
      date: "2026-07-01",
      vendorInvoiceNumber: "RS/412",
      vendorInvoiceDate: "2026-06-29",
      placeOfSupply: NONE,
      hsnCode: "",
      documentType: "bill",
      againstExpenseId: NONE,
      taxability: "taxable",
      gstRate: "18",
      gstAmount: "",
      reverseCharge: false,
      reverseChargeService: NONE,
      eligibleForItc: true,
      itcReason: "",
      isCapitalGoods: false,
    });
    expect(expenseFormValues(null, new Date("2026-06-30T19:00:00Z")).date).toBe("2026-07-01");
  });

  it("keeps a GST figure typed from the bill, and lets a computed one follow the amount", () => {
    expect(keptGstAmount(expense, { computedGstPaise: 18000 })).toBe("");
    expect(keptGstAmount({ ...expense, gstAmount: "180.40" }, { computedGstPaise: 18000 })).toBe("180.40");
    expect(keptGstAmount(null, { computedGstPaise: 18000 })).toBe("");
  });

  it("opens the purchase details when the expense has any", () => {
    expect(hasPurchaseDetails(expense)).toBe(true);
    expect(hasPurchaseDetails({ ...expense, vendorInvoiceNumber: null, vendorInvoiceDate: null })).toBe(false);
    expect(hasPurchaseDetails(null)).toBe(false);
  });
});

const preview = (overrides: Partial<Parameters<typeof expenseTaxPreview>[0]>) =>
  expenseTaxPreview({ amount: "1000", vendorGstin: KARNATAKA_VENDOR, placeOfSupply: null, businessState: "27", billDate: "2026-07-15", ...overrides });

describe("the GST summary", () => {
  it("s.5(1) IGST Act: IGST when the vendor's GSTIN is in another state", () => {
    expect(preview({})).toMatchObject({
      basePaise: 100000,
      igstPaise: 18000,
      cgstPaise: 0,
      sgstPaise: 0,
      gstPaise: 18000,
      totalPaise: 118000,
      taxKind: "inter",
      basis: "vendor-gstin",
      supplierState: "29",
    });
  });

  it("CGST + SGST from a vendor in the same state: the GST first, then halved half up", () => {
    // 100050 × 18% = 18009 paise; CGST = round(18009 / 2) = 9005, SGST the rest.
    expect(preview({ amount: "1000.50", businessState: "29" })).toMatchObject({
      cgstPaise: 9005,
      sgstPaise: 9004,
      igstPaise: 0,
      gstPaise: 18009,
      totalPaise: 118059,
      taxKind: "intra",
    });
  });

  it("the bill's rate, in force on the bill date: 5% now, 12% refused after 22 Sep 2025", () => {
    expect(preview({ gstRate: "5", businessState: "29" })).toMatchObject({ cgstPaise: 2500, sgstPaise: 2500, ratePercent: "5", error: null });
    expect(preview({ gstRate: "12" })?.error).toMatchObject({ path: "gstRate" });
    expect(preview({ gstRate: "12", billDate: "2025-09-21" })).toMatchObject({ igstPaise: 12000, error: null });
  });

  it("the GST typed from the bill wins within ₹1, and is refused beyond", () => {
    expect(preview({ typedGst: "180.80" })).toMatchObject({ gstPaise: 18080, computedGstPaise: 18000, error: null });
    expect(preview({ typedGst: "185" })?.error?.message).toBe("GST amount ₹185.00 does not match 18% of ₹1000.00 (₹180.00)");
  });

  it("s.9(1): a supplier without a GSTIN charges no GST, unless under reverse charge (s.9(3))", () => {
    expect(preview({ vendorGstin: null })).toMatchObject({ gstPaise: 0, totalPaise: 100000, noTaxReason: "A supplier without a GSTIN charges no GST" });
    // The business pays the tax itself; the supplier is paid the amount alone.
    expect(preview({ vendorGstin: null, reverseCharge: true })).toMatchObject({ cgstPaise: 9000, sgstPaise: 9000, gstPaise: 18000, totalPaise: 100000, noTaxReason: null });
  });

  it("Notification 2/2017-CT(R): a nil-rated or exempt bill carries no GST", () => {
    expect(preview({ taxability: "nil" })).toMatchObject({ gstPaise: 0, totalPaise: 100000, noTaxReason: "A nil-rated supply carries no GST" });
    expect(preview({ taxability: "exempt", typedGst: "5" })?.error).toMatchObject({ path: "gstAmount" });
  });

  it("uses the place of supply when the vendor has no GSTIN, and names UTGST in a union territory without legislature", () => {
    expect(preview({ vendorGstin: null, reverseCharge: true, placeOfSupply: "29" })).toMatchObject({ basis: "place-of-supply", supplierState: "29" });
    expect(preview({ vendorGstin: null, reverseCharge: true, businessState: "04" })).toMatchObject({ stateTaxLabel: "UTGST", taxKind: "intra" });
  });

  it("shows nothing until the amount is an amount above 0", () => {
    for (const amount of ["", "0", "0.00", "abc", "-5", "10.505", undefined]) {
      expect(preview({ amount })).toBeNull();
    }
  });
});

describe("the ITC default", () => {
  it("names the section that decides it", () => {
    expect(itcDefaultText("Supplies")).toBe("Input tax credit: eligible (s.16(1))");
    expect(itcDefaultText("Food & Beverages")).toBe("Input tax credit: blocked — s.17(5)(b)(i)");
    expect(itcDefaultText("Motor Vehicles")).toBe("Input tax credit: blocked — s.17(5)(a)");
    expect(itcDefaultText("")).toBeNull();
  });
});
