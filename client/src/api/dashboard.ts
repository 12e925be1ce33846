import type { DashboardStats } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { withAsOf } from "../components/as-of/as-of.ts";
import { requestJson } from "./http.ts";
import { DASHBOARD_STATS_KEY } from "./resource.ts";

/** The dashboard's figures now, or (issue 11) as they stood at `asOf`. */
export function useDashboardStats(asOf: string | null = null) {
  return useQuery<DashboardStats>({
    queryKey: asOf ? [...DASHBOARD_STATS_KEY, { asOf }] : DASHBOARD_STATS_KEY,
    queryFn: () => requestJson<DashboardStats>("GET", withAsOf(DASHBOARD_STATS_KEY[0], asOf)),
  });
}
