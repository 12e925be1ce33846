import { collections, membershipId, type MembershipDocument, type TeamDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/**
 * Issue 11: a business's team (read-api/src/team): members as they are now, and every
 * invitation with its status, so the invitation page can say "used" or "withdrawn" as the
 * accept command would. Who may act is never decided from here (command-api/src/team/access.ts
 * folds the team stream on every request); this is what the screens show.
 */
export const teamsProjection: Projection<TeamDocument> = {
  collection: collections.teams,
  handles: ["MemberInvited", "InvitationRevoked", "InvitationAccepted", "MemberRoleChanged", "MemberRemoved"],
  documentIds(event) {
    switch (event.type) {
      case "MemberInvited":
      case "InvitationRevoked":
      case "InvitationAccepted":
      case "MemberRoleChanged":
      case "MemberRemoved":
        return [event.data.businessId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    const team: TeamDocument = doc ?? { id: "", businessId: "", members: [], invitations: [] };
    const invitationStatus = (invitationId: string, status: "accepted" | "revoked") =>
      team.invitations.map((invitation) => (invitation.id === invitationId ? { ...invitation, status } : invitation));
    switch (event.type) {
      case "MemberInvited": {
        const { businessId, invitationId, email, role, tokenHash, invitedBy, invitedAt, expiresAt } = event.data;
        return {
          ...team,
          id: businessId,
          businessId,
          invitations: [...team.invitations.filter((i) => i.id !== invitationId), { id: invitationId, email, role, tokenHash, invitedBy, invitedAt, expiresAt, status: "pending" }],
        };
      }
      case "InvitationRevoked":
        return doc && { ...team, invitations: invitationStatus(event.data.invitationId, "revoked") };
      case "InvitationAccepted": {
        if (!doc) return doc;
        const { memberId, name, email, role, acceptedAt } = event.data;
        return {
          ...team,
          invitations: invitationStatus(event.data.invitationId, "accepted"),
          members: [...team.members.filter((m) => m.id !== memberId), { id: memberId, name, email, role, joinedAt: acceptedAt }],
        };
      }
      case "MemberRoleChanged":
        return doc && { ...team, members: team.members.map((m) => (m.id === event.data.memberId ? { ...m, role: event.data.role } : m)) };
      case "MemberRemoved":
        return doc && { ...team, members: team.members.filter((m) => m.id !== event.data.memberId) };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.businessId,
};

/** Issue 11: the businesses a person belongs to besides their own (GET /api/me), one document each. */
export const membershipsProjection: Projection<MembershipDocument> = {
  collection: collections.memberships,
  // A person's documents gather events of every business they work in (issue 12: split by document).
  partitionBy: "document",
  handles: ["InvitationAccepted", "MemberRoleChanged", "MemberRemoved"],
  documentIds(event) {
    switch (event.type) {
      case "InvitationAccepted":
      case "MemberRoleChanged":
      case "MemberRemoved":
        return [membershipId(event.data.memberId, event.data.businessId)];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "InvitationAccepted": {
        const { memberId, businessId, role, acceptedAt } = event.data;
        return { id: membershipId(memberId, businessId), memberId, businessId, role, joinedAt: acceptedAt };
      }
      case "MemberRoleChanged":
        return doc && { ...doc, role: event.data.role };
      case "MemberRemoved":
        return null;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.memberId,
};
