import type { SearchResults } from "@bahi/shared/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";

/** GET /api/search?q=: results follow every write, so they are never cached as fresh. */
export function useSearch(text: string) {
  const q = text.trim();
  return useQuery<SearchResults>({
    queryKey: ["/api/search", q],
    queryFn: () => requestJson<SearchResults>("GET", `/api/search?q=${encodeURIComponent(q)}`),
    enabled: q.length > 0,
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
