import type { ProfileInput, User } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

export const PROFILE_KEY = ["/api/profile"] as const;

/** The signed-in user with the business profile, plan and this month's invoice count. */
export function useProfile() {
  return useQuery<User>({ queryKey: PROFILE_KEY });
}

/** The command answers with the whole profile, so it replaces the cached one without a refetch. */
function storeProfile(user: User): void {
  queryClient.setQueryData(PROFILE_KEY, user);
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: ProfileInput) => requestJson<User>("PUT", "/api/profile", input),
    onSuccess: storeProfile,
  });
}

export function useUpgradePlan() {
  return useMutation({
    mutationFn: () => requestJson<User>("POST", "/api/profile/plan", { plan: "professional" }),
    onSuccess: storeProfile,
  });
}
