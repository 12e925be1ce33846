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

/** Issue 9: the logo, sent as a data URL (PNG or JPEG, at most 200 KB); the answer names the stored image. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (image: string) => requestJson<{ logo: User["logo"] }>("PUT", "/api/profile/logo", { image }),
    onSuccess: ({ logo }) => queryClient.setQueryData<User>(PROFILE_KEY, (user) => user && { ...user, logo }),
  });
}

export function useRemoveLogo() {
  return useMutation({
    mutationFn: () => requestJson<{ logo: User["logo"] }>("DELETE", "/api/profile/logo"),
    onSuccess: () => queryClient.setQueryData<User>(PROFILE_KEY, (user) => user && { ...user, logo: null }),
  });
}

/** The logo's address; the hash changes with the image, so a browser never shows an old one. */
export const logoUrl = (logo: NonNullable<User["logo"]>) => `/api/profile/logo?v=${logo.hash.slice(0, 16)}`;

/**
 * The dashboard's setup reminder reads the profile on its own key, fresh at each visit: it must
 * not fill the shared profile cache early (a profile changed elsewhere would then look stale to
 * the invoice form), and after the setup it must see what was saved.
 */
export function useProfileForSetupReminder() {
  return useQuery<User>({ queryKey: ["setup-reminder", ...PROFILE_KEY], queryFn: () => requestJson<User>("GET", "/api/profile"), staleTime: 0, gcTime: 0 });
}
