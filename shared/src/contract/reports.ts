/** The Reports screen's periods; the year is the April–March financial year. */
export const REPORT_PERIODS = ["this-month", "last-month", "this-quarter", "this-year"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** GET /api/reports?period=…: money as numbers in rupees, for display only. */
export interface Report {
  period: ReportPeriod;
  /** "Jun 2026", "Apr–Jun 2026", "FY 2026-27" */
  label: string;
  /** First and last Indian calendar day, "YYYY-MM-DD". */
  from: string;
  to: string;
  totalIncome: number;
  totalExpenses: number;
  netProfit: number;
  /** Percent, one decimal; 0 with no income. */
  profitMargin: number;
  /** Percent against the previous period of the same length; null when that period had no income. */
  revenueGrowth: number | null;
  newCustomers: number;
  averagePaymentDays: number | null;
  revenueVsExpenses: { month: string; revenue: number; expenses: number }[];
  /** Output tax on the period's invoices, input tax on its ITC-eligible expenses; netPayable is never below 0. */
  gst: { outputTax: number; inputTax: number; netPayable: number };
  invoiceCount: number;
  expenseCount: number;
}
