import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./http.ts";

/** SPEC §4 "Data freshness": never stale, no retries, no refetch on focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
