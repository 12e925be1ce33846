import { LIST_LIMIT_DEFAULT, type Page } from "@bahi/shared/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { plainQueryOf, serverQueryOf, type ListParams } from "../lib/list-url.ts";
import { requestJson } from "./http.ts";

/** Rows per page of every list. */
export const PAGE_SIZE = LIST_LIMIT_DEFAULT;

/**
 * One page of a list the server searches, filters, sorts and pages (issue 10). The key starts
 * with the list's path, so refreshAfterWrite([path]) after a create, payment or delete refreshes
 * the page and its summary. While the next page or filter loads, the rows shown stay (no flash).
 */
export function usePagedList<T, S>(path: string, params: ListParams) {
  const query = serverQueryOf(params, PAGE_SIZE);
  return useQuery<Page<T, S | null>>({
    queryKey: [path, "page", query],
    queryFn: async () => {
      const answer = await requestJson<Page<T, S> | T[]>("GET", `${path}?${query}`);
      // A server that does not page yet answers SPEC's array: one page, no counters.
      return Array.isArray(answer) ? { items: answer, nextCursor: null, total: answer.length, summary: null } : { ...answer, summary: answer.summary ?? null };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every row the filters select, as SPEC's plain array (the CSV export). */
export function fetchFilteredList<T>(path: string, params: ListParams): Promise<T[]> {
  const query = plainQueryOf(params);
  return requestJson<T[]>("GET", query ? `${path}?${query}` : path);
}
