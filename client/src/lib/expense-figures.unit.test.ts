import type { Expense } from "@bahi/shared/contract";
import { describe, expect, it } from "vitest";
import { expenseCategoryTotals, expenseCounters, expenseTaxHeads } from "./expense-figures.ts";

function expense(overrides: Partial<Expense>): Expense {
  return {
    id: "exp",
    userId: "user-1",
    vendorId: null,
    vendor: null,
    category: "Supplies",
    description: "Paper",
    amount: "100.00",
    gstRate: "18",
    gstAmount: "18.00",
    cgstAmount: "9.00",
    sgstAmount: "9.00",
    igstAmount: "0.00",
    total: "118.00",
    date: "2026-07-10T00:00:00.000Z",
    placeOfSupply: null,
    vendorInvoiceNumber: null,
    vendorInvoiceDate: null,
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
    businessStateCode: null,
    createdAt: "2026-07-10T00:00:00.000Z",
    updatedAt: "2026-07-10T00:00:00.000Z",
    ...overrides,
  };
}

describe("the expense counters", () => {
  const today = new Date("2026-07-15T06:00:00Z");

  it("sum base amounts and GST exactly, and count", () => {
    const counters = expenseCounters([expense({ amount: "0.10", gstAmount: "0.02" }), expense({ amount: "0.20", gstAmount: "0.04" })], today);
    expect(counters).toEqual({ totalPaise: 30, count: 2, gstPaise: 6, thisMonthPaise: 30 });
  });

  it("take this month by the month and year of the expense date in India", () => {
    const counters = expenseCounters(
      [
        // 30 Jun 19:00 UTC is already 1 July in India.
        expense({ amount: "100.00", date: "2026-06-30T19:00:00.000Z" }),
        expense({ amount: "200.00", date: "2026-06-30T18:00:00.000Z" }),
        // Same month a year earlier.
        expense({ amount: "400.00", date: "2025-07-10T06:00:00.000Z" }),
        expense({ amount: "800.00", date: "2026-07-31" }),
      ],
      today,
    );
    expect(counters.thisMonthPaise).toBe(90000);
    expect(counters.totalPaise).toBe(150000);
  });

  it("are zero with no expenses", () => {
    expect(expenseCounters([], today)).toEqual({ totalPaise: 0, count: 0, gstPaise: 0, thisMonthPaise: 0 });
  });
});

describe("the category cards", () => {
  it("list categories with expenses in the form's order, with count and sum", () => {
    const totals = expenseCategoryTotals([
      expense({ category: "Travel", amount: "500.00" }),
      expense({ category: "Office Rent", amount: "20000.00" }),
      expense({ category: "Travel", amount: "250.50" }),
    ]);
    expect(totals).toEqual([
      { category: "Office Rent", count: 1, totalPaise: 2000000 },
      { category: "Travel", count: 2, totalPaise: 75050 },
    ]);
  });
});

describe("the GST heads shown in the table", () => {
  it("says IGST or CGST + SGST, or nothing without GST", () => {
    expect(expenseTaxHeads(expense({ igstAmount: "18.00", cgstAmount: "0.00", sgstAmount: "0.00" }))).toBe("IGST");
    expect(expenseTaxHeads(expense({}))).toBe("CGST + SGST");
    expect(expenseTaxHeads(expense({ cgstAmount: "0.00", sgstAmount: "0.00" }))).toBeNull();
  });
});

describe("credit notes", () => {
  it("s.34(1): a supplier's credit note takes its amount and GST back off the counters", () => {
    const counters = expenseCounters(
      [
        expense({ id: "bill", amount: "1000.00", gstAmount: "180.00" }),
        expense({ id: "note", documentType: "credit_note", againstExpenseId: "bill", amount: "200.00", gstAmount: "36.00" }),
      ],
      new Date("2026-07-15T06:00:00Z"),
    );
    expect(counters).toEqual({ totalPaise: 80000, count: 2, gstPaise: 14400, thisMonthPaise: 80000 });
    expect(expenseCategoryTotals([expense({ amount: "1000.00" }), expense({ documentType: "credit_note", amount: "200.00" })])).toEqual([{ category: "Supplies", count: 2, totalPaise: 80000 }]);
  });
});
