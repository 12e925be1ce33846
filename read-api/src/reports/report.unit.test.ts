import { describe, expect, it } from "vitest";
import { formatPaise, toPaise, type Customer, type Expense, type Invoice } from "@bahi/shared/contract";
import { MemoryReadStore } from "@bahi/shared/server";
import { buildReport as reportOver, reportRanges, type MonthlyGst } from "./report.ts";

/** The report over these documents, through the tallies a read store keeps of them. */
function buildReport(
  period: Parameters<typeof reportOver>[2],
  now: Date,
  data: { invoices: Invoice[]; expenses: Expense[]; customers: Customer[]; gstOfMonth?: (period: string) => MonthlyGst },
) {
  const docs = (collection: string, rows: object[]) => rows.map((data, i) => ({ collection, id: `${collection}-${i}`, ownerId: "u", data, position: "1:1" }));
  const store = new MemoryReadStore([...docs("invoices", data.invoices), ...docs("expenses", data.expenses), ...docs("customers", data.customers)]);
  return reportOver(store, "u", period, now, data.gstOfMonth);
}

const now = new Date("2026-11-22T10:00:00Z");

describe("report periods (Indian calendar, financial year)", () => {
  it("this month, last month, this quarter and this financial year, each with the period before", async () => {
    expect(reportRanges("this-month", now)).toMatchObject({ current: { from: "2026-11-01", to: "2026-11-30" }, previous: { from: "2026-10-01", to: "2026-10-31" } });
    expect(reportRanges("last-month", new Date("2026-01-10T00:00:00Z"))).toMatchObject({
      current: { from: "2025-12-01", to: "2025-12-31" },
      previous: { from: "2025-11-01", to: "2025-11-30" },
    });
    expect(reportRanges("this-quarter", now)).toMatchObject({ current: { from: "2026-10-01", to: "2026-12-31" }, previous: { from: "2026-07-01", to: "2026-09-30" } });
    expect(reportRanges("this-year", now)).toMatchObject({
      current: { from: "2026-04-01", to: "2027-03-31", label: "FY 2026-27" },
      previous: { from: "2025-04-01", to: "2026-03-31" },
    });
    expect(reportRanges("this-year", new Date("2026-02-01T00:00:00Z")).current).toMatchObject({ from: "2025-04-01", to: "2026-03-31" });
  });
});

describe("the report", () => {
  const invoice = (issueDate: string, total: string, gstAmount: string, paidAt: string | null = null) =>
    ({ issueDate, total, gstAmount, paidAt, subtotal: formatPaise(toPaise(total) - toPaise(gstAmount)) }) as Invoice;
  const expense = (date: string, amount: string, gstAmount: string, eligibleForItc = true) => ({ date, amount, gstAmount, eligibleForItc }) as Expense;
  const data = {
    invoices: [
      invoice("2026-11-02T05:00:00Z", "1180.00", "180.00", "2026-11-12T05:00:00Z"),
      invoice("2026-11-20T05:00:00Z", "2360.00", "360.00"),
      invoice("2026-10-05T05:00:00Z", "2000.00", "305.08", "2026-11-01T05:00:00Z"),
    ],
    expenses: [expense("2026-11-03", "1000.00", "180.00"), expense("2026-11-04", "500.00", "90.00", false), expense("2026-10-04", "999.00", "0.00")],
    customers: [{ createdAt: "2026-11-01T00:00:00Z" }, { createdAt: "2026-09-01T00:00:00Z" }] as Customer[],
  };

  it("adds up income, expenses, profit, margin, growth, customers, payment days and GST", async () => {
    expect(await buildReport("this-month", now, data)).toMatchObject({
      // Income is the taxable value: 1,000 + 2,000 (the tax collected is not income).
      totalIncome: 3000,
      totalExpenses: 1500,
      netProfit: 1500,
      profitMargin: 50,
      // October's taxable value: 2,000 − 305.08 = 1,694.92.
      revenueGrowth: 77,
      newCustomers: 1,
      // Paid in November: 10 days and 27 days.
      averagePaymentDays: 18.5,
      revenueVsExpenses: [{ month: "2026-11", revenue: 3000, expenses: 1500 }],
      gst: { outputTax: 540, inputTax: 180, netPayable: 360 },
    });
  });

  it("shows 0 margin and no growth without income", async () => {
    expect(await buildReport("this-month", now, { invoices: [], expenses: [], customers: [] })).toMatchObject({
      totalIncome: 0,
      profitMargin: 0,
      revenueGrowth: null,
      averagePaymentDays: null,
    });
  });

  it("GST lines are the monthly GSTR-3B figures summed over the report's months (design §3)", async () => {
    const gstOfMonth = (period: string) => (period === "112026" ? { outputTax: 54_000, inputTax: 12_345, netPayable: 41_700 } : { outputTax: 1, inputTax: 1, netPayable: 1 });
    expect((await buildReport("this-month", now, { ...data, gstOfMonth })).gst).toEqual({ outputTax: 540, inputTax: 123.45, netPayable: 417 });
    // The financial year: twelve months, each month's return once (the eleven others add a paisa each).
    expect((await buildReport("this-year", now, { ...data, gstOfMonth })).gst).toEqual({ outputTax: 540.11, inputTax: 123.56, netPayable: 417.11 });
  });
});
