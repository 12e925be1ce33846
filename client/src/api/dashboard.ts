import type { DashboardStats } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { DASHBOARD_STATS_KEY } from "./resource.ts";

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: DASHBOARD_STATS_KEY });
}
