import { useQuery } from "@tanstack/react-query";
import { downloadBlob } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";
import { REPORTS_KEY } from "./resource.ts";

export const REPORT_PERIODS = [
  { value: "this-month", label: "This Month" },
  { value: "last-month", label: "Last Month" },
  { value: "this-quarter", label: "This Quarter" },
  { value: "this-year", label: "This Year" },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]["value"];

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
  invoiceCount?: number;
  expenseCount?: number;
}

const REPORTS_PATH = REPORTS_KEY[0];
const query = (period: ReportPeriod) => `period=${encodeURIComponent(period)}`;

/** One period's report; the key's prefix is REPORTS_KEY, which every write refreshes. */
export function useReport(period: ReportPeriod) {
  return useQuery<Report>({
    queryKey: [REPORTS_PATH, period],
    queryFn: () => requestJson<Report>("GET", `${REPORTS_PATH}?${query(period)}`),
  });
}

/** The name the server gives the file (Content-Disposition), else `bahi-report-<period>.pdf`. */
export function reportFileName(contentDisposition: string | null, period: ReportPeriod): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? "");
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, "-").trim() : "";
  return name || `bahi-report-${period}.pdf`;
}

/** Fetches the period's PDF (P&L, sales and GST summary) with the session's credentials and saves it. */
export async function downloadReportPdf(period: ReportPeriod): Promise<void> {
  const response = await apiRequest("GET", `${REPORTS_PATH}/pdf?${query(period)}`);
  downloadBlob(await response.blob(), reportFileName(response.headers.get("Content-Disposition"), period));
}
