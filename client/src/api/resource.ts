import { useMutation, useQuery, type QueryKey } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;
/** Every period's report: the prefix of ["/api/reports", period]. */
export const REPORTS_KEY = ["/api/reports"] as const;

/**
 * Refetches the given reads (and the dashboard figures and reports, which most writes move).
 * Awaited by a mutation's onSuccess, so the mutation stays pending until the fresh data has
 * arrived and a dialog closes onto the new state. A read no screen shows is only marked stale,
 * and refetched when a screen next shows it.
 */
export function refreshAfterWrite(keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all([...keys, DASHBOARD_STATS_KEY, REPORTS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * List, create, update and delete hooks for one REST collection. The query key is the path;
 * every write refreshes the list, the `related` reads and the dashboard figures.
 * `Written` is what the server answers to a create or update (the item, or just `{ id }`).
 */
export function collectionHooks<Item extends { id: string }, Input, UpdateInput = Input, Written = Item>(path: string, options: { related?: readonly QueryKey[] } = {}) {
  const listKey = [path] as const;
  const refresh = () => refreshAfterWrite([listKey, ...(options.related ?? [])]);

  return {
    listKey,
    useList: () => useQuery<Item[]>({ queryKey: listKey }),
    useCreate: () =>
      useMutation({
        mutationFn: (input: Input) => requestJson<Written>("POST", path, input),
        onSuccess: refresh,
      }),
    useUpdate: () =>
      useMutation({
        // Issue 12: ifMatch, the ETag of the record as the form opened it (a 412 when it changed since).
        mutationFn: ({ id, input, ifMatch }: { id: string; input: UpdateInput; ifMatch?: string | null }) =>
          requestJson<Written>("PUT", `${path}/${encodeURIComponent(id)}`, input, { ifMatch }),
        onSuccess: refresh,
      }),
    useDelete: () =>
      useMutation({
        mutationFn: (id: string) => requestJson<undefined>("DELETE", `${path}/${encodeURIComponent(id)}`),
        onSuccess: refresh,
      }),
  };
}
