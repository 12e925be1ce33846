import type { BusinessAccess, InvitableRole, InvitationCreated, InvitationPreview, InviteInput, Team, TeamMember } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";

export const TEAM_KEY = ["/api/team"] as const;

export function useTeam() {
  return useQuery<Team>({ queryKey: TEAM_KEY });
}

function refreshTeam() {
  return queryClient.invalidateQueries({ queryKey: TEAM_KEY });
}

export function useInvite() {
  return useMutation({
    mutationFn: (input: InviteInput) => requestJson<InvitationCreated>("POST", "/api/team/invitations", input),
    onSuccess: refreshTeam,
  });
}

export function useChangeRole() {
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: InvitableRole }) => requestJson<TeamMember>("PATCH", `/api/team/${encodeURIComponent(memberId)}`, { role }),
    onSuccess: refreshTeam,
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: (memberId: string) => requestJson<undefined>("DELETE", `/api/team/${encodeURIComponent(memberId)}`),
    onSuccess: refreshTeam,
  });
}

export function useRevokeInvitation() {
  return useMutation({
    mutationFn: (invitationId: string) => requestJson<undefined>("DELETE", `/api/team/invitations/${encodeURIComponent(invitationId)}`),
    onSuccess: refreshTeam,
  });
}

/** The token is the link's secret: it travels in the path, as the server's URL gives it. */
export function useInvitationPreview(token: string) {
  return useQuery<InvitationPreview>({ queryKey: ["/api/team/invitations", encodeURIComponent(token)] });
}

/** Accepting switches the session into the inviting business, so every cached read is dropped. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) => requestJson<BusinessAccess>("POST", `/api/team/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () => queryClient.removeQueries(),
  });
}
