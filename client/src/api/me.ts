import type { BusinessAccess, Me } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

export const ME_KEY = ["/api/me"] as const;

/** Issue 11: the business the session works in, and every business the person belongs to (own first). */
export function useMe(enabled = true) {
  return useQuery<Me>({ queryKey: ME_KEY, enabled });
}

/**
 * Every cached read belongs to the business the session was in, so a switch resets them all:
 * nothing of one business may show while working in another, and the screens on view (the
 * sidebar's /api/me first) read again from the new one.
 */
export function useSwitchBusiness() {
  return useMutation({
    mutationFn: (businessId: string) => requestJson<BusinessAccess>("POST", "/api/me/business", { businessId }),
    onSuccess: () => {
      void queryClient.resetQueries();
    },
  });
}
