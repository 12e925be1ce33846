import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;

/**
 * List, create, update and delete hooks for one REST collection. The query key is the path;
 * every write refreshes the list and the dashboard figures, and the mutation stays pending until
 * the refreshed list has arrived, so a dialog closes onto the new state.
 */
export function collectionHooks<Item extends { id: string }, Input>(path: string) {
  const listKey = [path] as const;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    ]);

  return {
    useList: () => useQuery<Item[]>({ queryKey: listKey }),
    useCreate: () =>
      useMutation({
        mutationFn: (input: Input) => requestJson<Item>("POST", path, input),
        onSuccess: refresh,
      }),
    useUpdate: () =>
      useMutation({
        mutationFn: ({ id, input }: { id: string; input: Input }) => requestJson<Item>("PUT", `${path}/${encodeURIComponent(id)}`, input),
        onSuccess: refresh,
      }),
    useDelete: () =>
      useMutation({
        mutationFn: (id: string) => requestJson<undefined>("DELETE", `${path}/${encodeURIComponent(id)}`),
        onSuccess: refresh,
      }),
  };
}
