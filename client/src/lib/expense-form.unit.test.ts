import type { Expense } from "@bahi/shared/contract";
import { describe, expect, it } from "vitest";
import { buildExpenseBody, expenseFormSchema, expenseFormValues, expenseTaxPreview, hasPurchaseDetails, indianDayToIso, NONE, type ExpenseFormValues } from "./expense-form.ts";

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
  createdAt: "2026-07-01T05:00:00.000Z",
  updatedAt: "2026-07-01T05:00:00.000Z",
};

describe("the expense form's schema", () => {
  it("says what is missing in the contract's words", () => {
    const result = expenseFormSchema.safeParse(values({ category: "" as ExpenseFormValues["category"], description: "", amount: "" }));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
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
    const body = buildExpenseBody(expenseFormSchema.parse(values({ date: "2026-07-01", vendorInvoiceDate: "2026-06-29", vendorId: NONE })), 18000);
    expect(body).toMatchObject({
      vendorId: null,
      category: "Supplies",
      amount: "1000.00",
      gstAmount: "180.00",
      date: "2026-06-30T18:30:00.000Z",
      vendorInvoiceDate: "2026-06-29",
      eligibleForItc: true,
    });
    expect(indianDayToIso("2026-01-01")).toBe("2025-12-31T18:30:00.000Z");
  });

  it("leaves the optional purchase details out as null", () => {
    const body = buildExpenseBody(expenseFormSchema.parse(values()), 0);
    expect(body).toMatchObject({ vendorInvoiceNumber: null, vendorInvoiceDate: null, placeOfSupply: null, hsnCode: null });
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
      eligibleForItc: true,
    });
    expect(expenseFormValues(null, new Date("2026-06-30T19:00:00Z")).date).toBe("2026-07-01");
  });

  it("opens the purchase details when the expense has any", () => {
    expect(hasPurchaseDetails(expense)).toBe(true);
    expect(hasPurchaseDetails({ ...expense, vendorInvoiceNumber: null, vendorInvoiceDate: null })).toBe(false);
    expect(hasPurchaseDetails({ ...expense, vendorInvoiceNumber: null, vendorInvoiceDate: null, eligibleForItc: false })).toBe(true);
    expect(hasPurchaseDetails(null)).toBe(false);
  });
});

describe("the GST summary", () => {
  it("is IGST when the vendor's GSTIN is in another state", () => {
    const preview = expenseTaxPreview({ amount: "1000", vendorGstin: KARNATAKA_VENDOR, placeOfSupply: null, businessState: "27" });
    expect(preview).toMatchObject({ basePaise: 100000, igstPaise: 18000, cgstPaise: 0, sgstPaise: 0, gstPaise: 18000, totalPaise: 118000, taxKind: "inter", basis: "vendor-gstin", supplierState: "29" });
  });

  it("is CGST + SGST from a vendor in the same state, and the vendor's GSTIN outranks a place of supply", () => {
    const preview = expenseTaxPreview({ amount: "1000.50", vendorGstin: KARNATAKA_VENDOR, placeOfSupply: "27", businessState: "29" });
    // 100050 × 9% = 9004.5 paise: each head rounds half up on its own.
    expect(preview).toMatchObject({ cgstPaise: 9005, sgstPaise: 9005, igstPaise: 0, gstPaise: 18010, totalPaise: 118060, taxKind: "intra", basis: "vendor-gstin" });
  });

  it("uses the place of supply when the vendor has no GSTIN", () => {
    expect(expenseTaxPreview({ amount: "500", vendorGstin: null, placeOfSupply: "29", businessState: "27" })).toMatchObject({ taxKind: "inter", basis: "place-of-supply", igstPaise: 9000 });
    expect(expenseTaxPreview({ amount: "500", vendorGstin: null, placeOfSupply: NONE, businessState: "27" })).toMatchObject({ taxKind: "intra", basis: "local", cgstPaise: 4500 });
  });

  it("names UTGST in a union territory without legislature, and takes a purchase as local without a business state", () => {
    expect(expenseTaxPreview({ amount: "100", vendorGstin: null, placeOfSupply: null, businessState: "04" })).toMatchObject({ stateTaxLabel: "UTGST", taxKind: "intra" });
    expect(expenseTaxPreview({ amount: "100", vendorGstin: KARNATAKA_VENDOR, placeOfSupply: null, businessState: null })).toMatchObject({ taxKind: "intra", businessState: null });
  });

  it("shows nothing until the amount is an amount above 0", () => {
    for (const amount of ["", "0", "0.00", "abc", "-5", "10.505", undefined]) {
      expect(expenseTaxPreview({ amount, vendorGstin: null, placeOfSupply: null, businessState: "27" })).toBeNull();
    }
  });
});
