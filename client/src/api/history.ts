import { useQuery } from "@tanstack/react-query";
import { HISTORY_PATHS, type HistoryKind, type RecordHistory } from "@bahi/shared/contract";

/**
 * Issue 11: GET /api/{kind}/{id}/history, each change of a record in order (the server tells
 * it from the record's events: shared/src/server/audit/history.ts).
 */
export const historyKey = (kind: HistoryKind, id: string) => [HISTORY_PATHS[kind], encodeURIComponent(id), "history"] as const;

/**
 * A record's history. Fetched each time it is opened: every write of the record adds a line,
 * and no write refreshes this key, so it must not be served from the cache.
 */
export function useRecordHistory(kind: HistoryKind, id: string) {
  return useQuery<RecordHistory>({ queryKey: historyKey(kind, id), staleTime: 0, gcTime: 0, refetchOnMount: "always" });
}
