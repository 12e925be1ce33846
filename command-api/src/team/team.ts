import { SEAT_LIMITS, type InvitableRole, type SubscriptionPlan } from "@bahi/shared/contract";
import type { BahiEventOf } from "@bahi/shared/events";
import { DomainError, ValidationError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

/**
 * Issue 11: a business's team, one aggregate per business (`team-{businessId}`). Invitations,
 * acceptances, role changes and removals all append to it with the revision they read, so an
 * invitation is used once and the plan's seats hold however many requests race.
 */
export type TeamEvent = BahiEventOf<"MemberInvited" | "InvitationRevoked" | "InvitationAccepted" | "MemberRoleChanged" | "MemberRemoved">;

export interface Invitation {
  id: string;
  email: string;
  role: InvitableRole;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  invitedAt: string;
  status: "pending" | "revoked" | "accepted";
}

export interface Member {
  id: string;
  email: string;
  name: string;
  role: InvitableRole;
  joinedAt: string;
}

export interface TeamState {
  invitations: Readonly<Record<string, Invitation>>;
  /** Active members only: a removed member is gone (and may be invited again). */
  members: Readonly<Record<string, Member>>;
}

export interface InviteMember {
  kind: "invite";
  businessId: string;
  invitationId: string;
  email: string;
  role: InvitableRole;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  at: string;
  /** The owner's own email and plan, from the owner's user stream. */
  ownerEmail: string;
  plan: SubscriptionPlan;
}

export interface RevokeInvitation {
  kind: "revoke";
  businessId: string;
  invitationId: string;
  at: string;
}

export interface AcceptInvitation {
  kind: "accept";
  businessId: string;
  invitationId: string;
  /** SHA-256 of the secret the invitee presented. */
  tokenHash: string;
  memberId: string;
  email: string;
  name: string;
  at: string;
}

export interface ChangeMemberRole {
  kind: "changeRole";
  businessId: string;
  memberId: string;
  role: InvitableRole;
  plan: SubscriptionPlan;
  at: string;
}

export interface RemoveMember {
  kind: "remove";
  businessId: string;
  memberId: string;
  at: string;
}

export type TeamCommand = InviteMember | RevokeInvitation | AcceptInvitation | ChangeMemberRole | RemoveMember;

const invitationNotFound = () => new DomainError("INVITATION_NOT_FOUND", "This invitation does not exist or was withdrawn. Ask the owner for a new one.");
const memberNotFound = () => new DomainError("NOT_FOUND", "Member not found");

/** Invitations still waiting for an answer at `at`: they hold a seat until they expire. */
export function pendingInvitations(state: TeamState, at: string): Invitation[] {
  return Object.values(state.invitations).filter((invitation) => invitation.status === "pending" && invitation.expiresAt > at);
}

/** Seats taken at `at`: members beside the owner, and unexpired invitations. */
export function seatsUsed(state: TeamState, at: string): number {
  return Object.keys(state.members).length + pendingInvitations(state, at).length;
}

/** The free plan's one seat is for someone who keeps or checks the books, not for day-to-day staff. */
function refuseStaffOnFree(plan: SubscriptionPlan, role: InvitableRole): void {
  if (plan === "free" && role === "staff") {
    throw new DomainError("SEAT_LIMIT_REACHED", "The free plan includes one accountant or auditor, not staff. Upgrade to Professional to add staff.");
  }
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: { invitations: {}, members: {} },
  evolve(state, event) {
    switch (event.type) {
      case "MemberInvited": {
        const { businessId: _b, invitationId, ...rest } = event.data;
        return { ...state, invitations: { ...state.invitations, [invitationId]: { id: invitationId, ...rest, status: "pending" } } };
      }
      case "InvitationRevoked": {
        const invitation = state.invitations[event.data.invitationId];
        return invitation ? { ...state, invitations: { ...state.invitations, [invitation.id]: { ...invitation, status: "revoked" } } } : state;
      }
      case "InvitationAccepted": {
        const { memberId, email, name, role, acceptedAt, invitationId } = event.data;
        const invitation = state.invitations[invitationId];
        return {
          invitations: invitation ? { ...state.invitations, [invitationId]: { ...invitation, status: "accepted" } } : state.invitations,
          members: { ...state.members, [memberId]: { id: memberId, email, name, role, joinedAt: acceptedAt } },
        };
      }
      case "MemberRoleChanged": {
        const member = state.members[event.data.memberId];
        return member ? { ...state, members: { ...state.members, [member.id]: { ...member, role: event.data.role } } } : state;
      }
      case "MemberRemoved": {
        const { [event.data.memberId]: _removed, ...members } = state.members;
        return { ...state, members };
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "invite": {
        if (command.email === command.ownerEmail) {
          throw new ValidationError([{ path: ["email"], message: "This is the owner's own email: the owner is already in the business" }]);
        }
        if (Object.values(state.members).some((member) => member.email === command.email)) {
          throw new DomainError("ALREADY_MEMBER", `${command.email} is already a member of this business`);
        }
        refuseStaffOnFree(command.plan, command.role);
        // Inviting the same email again replaces the earlier invitation (a lost link, another role).
        const replaced = pendingInvitations(state, command.at).filter((invitation) => invitation.email === command.email);
        const limit = SEAT_LIMITS[command.plan];
        if (limit !== null && seatsUsed(state, command.at) - replaced.length >= limit) {
          throw new DomainError(
            "SEAT_LIMIT_REACHED",
            command.plan === "free"
              ? "The free plan includes one accountant or auditor. Upgrade to Professional for up to 3 members."
              : `The ${command.plan} plan includes ${limit} members. Remove a member or withdraw an invitation, or upgrade to Enterprise.`,
          );
        }
        return [
          ...replaced.map((invitation): TeamEvent => ({ type: "InvitationRevoked", data: { businessId: command.businessId, invitationId: invitation.id, revokedAt: command.at } })),
          {
            type: "MemberInvited",
            data: {
              businessId: command.businessId,
              invitationId: command.invitationId,
              email: command.email,
              role: command.role,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              invitedBy: command.invitedBy,
              invitedAt: command.at,
            },
          },
        ];
      }
      case "revoke": {
        const invitation = state.invitations[command.invitationId];
        if (!invitation || invitation.status !== "pending") throw invitationNotFound();
        return [{ type: "InvitationRevoked", data: { businessId: command.businessId, invitationId: invitation.id, revokedAt: command.at } }];
      }
      case "accept": {
        const invitation = state.invitations[command.invitationId];
        // A wrong secret is answered as an unknown invitation: it tells a guesser nothing.
        if (!invitation || invitation.tokenHash !== command.tokenHash || invitation.status === "revoked") throw invitationNotFound();
        if (invitation.status === "accepted") throw new DomainError("INVITATION_USED", "This invitation has already been used");
        if (invitation.expiresAt <= command.at) throw new DomainError("INVITATION_EXPIRED", "This invitation has expired. Ask the owner for a new one.");
        if (command.memberId === command.businessId) {
          throw new ValidationError([{ path: ["token"], message: "You own this business: there is nothing to accept" }]);
        }
        if (command.email !== invitation.email) {
          throw new DomainError("INVITATION_FOR_ANOTHER_EMAIL", `This invitation is for ${invitation.email}. Sign in with that email to accept it.`);
        }
        if (state.members[command.memberId]) throw new DomainError("ALREADY_MEMBER", "You are already a member of this business");
        return [
          {
            type: "InvitationAccepted",
            data: {
              businessId: command.businessId,
              invitationId: invitation.id,
              memberId: command.memberId,
              email: command.email,
              name: command.name,
              role: invitation.role,
              acceptedAt: command.at,
            },
          },
        ];
      }
      case "changeRole": {
        const member = state.members[command.memberId];
        if (!member) throw memberNotFound();
        if (member.role === command.role) return [];
        refuseStaffOnFree(command.plan, command.role);
        return [{ type: "MemberRoleChanged", data: { businessId: command.businessId, memberId: member.id, role: command.role, changedAt: command.at } }];
      }
      case "remove": {
        if (!state.members[command.memberId]) throw memberNotFound();
        return [{ type: "MemberRemoved", data: { businessId: command.businessId, memberId: command.memberId, removedAt: command.at } }];
      }
    }
  },
};
