import type { Report, ReportPeriod } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { withAsOf } from "../components/as-of/as-of.ts";
import { downloadBlob } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";
import { REPORTS_KEY } from "./resource.ts";

/** The selector's options, in SPEC's order. */
export const REPORT_PERIODS: readonly { value: ReportPeriod; label: string }[] = [
  { value: "this-month", label: "This Month" },
  { value: "last-month", label: "Last Month" },
  { value: "this-quarter", label: "This Quarter" },
  { value: "this-year", label: "This Year" },
];
export type { Report, ReportPeriod };

const REPORTS_PATH = REPORTS_KEY[0];
const query = (period: ReportPeriod) => `period=${encodeURIComponent(period)}`;

/** One period's report (issue 11: as it stood at `asOf`); the key's prefix is REPORTS_KEY, which every write refreshes. */
export function useReport(period: ReportPeriod, asOf: string | null = null) {
  return useQuery<Report>({
    queryKey: asOf ? [REPORTS_PATH, period, { asOf }] : [REPORTS_PATH, period],
    queryFn: () => requestJson<Report>("GET", withAsOf(`${REPORTS_PATH}?${query(period)}`, asOf)),
  });
}

/** The name the server gives the file (Content-Disposition), else `bahi-report-<period>.pdf`. */
export function reportFileName(contentDisposition: string | null, period: ReportPeriod): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? "");
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, "-").trim() : "";
  return name || `bahi-report-${period}.pdf`;
}

/** Fetches the period's PDF (P&L, sales and GST summary) with the session's credentials and saves it. */
export async function downloadReportPdf(period: ReportPeriod, asOf: string | null = null): Promise<void> {
  const response = await apiRequest("GET", withAsOf(`${REPORTS_PATH}/pdf?${query(period)}`, asOf));
  downloadBlob(await response.blob(), reportFileName(response.headers.get("Content-Disposition"), period));
}
