/** Issue 10: archived customers and vendors, and archiving/unarchiving them. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { refreshAfterWrite } from "./resource.ts";

export type PartyPath = "/api/customers" | "/api/vendors";

export interface ArchivedParty {
  id: string;
  name: string;
  gstNumber: string | null;
  archived: boolean;
}

const archivedKey = (path: PartyPath) => [`${path}?archived=true`] as const;

/** The collapsed "Archived" section's list; the page's main list (and the pickers) leave them out. */
export function useArchivedParties(path: PartyPath) {
  return useQuery<ArchivedParty[]>({ queryKey: archivedKey(path) });
}

/** POST {path}/{id}/archive or /unarchive; refreshes both lists. */
export function useSetArchived(path: PartyPath) {
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      requestJson<ArchivedParty>("POST", `${path}/${encodeURIComponent(id)}/${archived ? "archive" : "unarchive"}`),
    onSuccess: () => refreshAfterWrite([[path], archivedKey(path)]),
  });
}
