import { createHash } from "node:crypto";
import { Router } from "express";
import { parseInvitationToken, SEAT_LIMITS, type InvitationPreview, type Me, type Team } from "@bahi/shared/contract";
import { collections, type MembershipDocument, type TeamDocument, type UserDocument } from "@bahi/shared/read-models";
import { DomainError, requireAccess, type ReadStore } from "@bahi/shared/server";

export interface TeamReadDeps {
  readStore: ReadStore;
  clock: () => Date;
}

const personName = (user: UserDocument | null) => (user ? `${user.firstName} ${user.lastName}`.trim() : "");
const companyName = (owner: UserDocument | null) => owner?.companyName || personName(owner);

/**
 * Issue 11, the team as the screens show it: GET /me (who am I, where may I work),
 * GET /team (the owner's team screen) and GET /team/invitations/:token (what the invitee sees
 * before signing in). Who may act is decided on the write path; these only show it.
 */
export function teamReadRoutes(deps: TeamReadDeps): Router {
  const router = Router();
  const { readStore } = deps;

  router.get("/me", async (req, res) => {
    const access = requireAccess(req);
    const [person, memberships] = await Promise.all([
      readStore.get<UserDocument>(collections.users, access.personId),
      readStore.list<MembershipDocument>(collections.memberships, access.personId),
    ]);
    const owners = await Promise.all(memberships.map((m) => readStore.get<UserDocument>(collections.users, m.businessId)));
    const others = memberships
      .map((m, i) => ({ businessId: m.businessId, companyName: companyName(owners[i] ?? null), role: m.role, joinedAt: m.joinedAt }))
      .sort((a, b) => a.companyName.localeCompare(b.companyName) || a.joinedAt.localeCompare(b.joinedAt));
    const businesses = [
      { businessId: access.personId, companyName: companyName(person), role: "owner" as const },
      ...others.map(({ joinedAt: _joined, ...business }) => business),
    ].map((business) => ({ ...business, current: business.businessId === access.businessId }));
    const current = businesses.find((business) => business.current);
    const body: Me = {
      person: { id: access.personId, email: person?.email ?? "", firstName: person?.firstName ?? "", lastName: person?.lastName ?? "" },
      // Just switched in, before the projector has seen the acceptance: the session's own word.
      current: current
        ? { businessId: current.businessId, companyName: current.companyName, role: current.role }
        : { businessId: access.businessId, companyName: companyName(await readStore.get<UserDocument>(collections.users, access.businessId)), role: access.role },
      businesses,
    };
    res.json(body);
  });

  router.get("/team", async (req, res) => {
    const { businessId } = requireAccess(req);
    const [owner, team] = await Promise.all([readStore.get<UserDocument>(collections.users, businessId), readStore.get<TeamDocument>(collections.teams, businessId)]);
    const now = deps.clock().toISOString();
    const plan = owner?.subscriptionPlan ?? "free";
    const members = team?.members ?? [];
    const invitations = (team?.invitations ?? []).filter((invitation) => invitation.status === "pending" && invitation.expiresAt > now);
    const body: Team = {
      plan,
      seats: { used: members.length + invitations.length, limit: SEAT_LIMITS[plan] },
      members: [
        { id: businessId, name: personName(owner), email: owner?.email ?? "", role: "owner", joinedAt: owner?.createdAt ?? "", owner: true },
        ...members.map((member) => ({ ...member, owner: false })),
      ],
      invitations: invitations.map(({ id, email, role, invitedAt, expiresAt }) => ({ id, email, role, invitedAt, expiresAt })),
    };
    res.json(body);
  });

  // Signed in or not: the invitee sees whose business and which role before registering.
  router.get("/team/invitations/:token", async (req, res) => {
    const token = parseInvitationToken(req.params.token);
    const team = token ? await readStore.get<TeamDocument>(collections.teams, token.businessId) : null;
    const invitation = token && team?.invitations.find((i) => i.id === token.invitationId);
    const secretHash = token ? createHash("sha256").update(token.secret).digest("hex") : null;
    if (!invitation || invitation.tokenHash !== secretHash || invitation.status === "revoked") {
      throw new DomainError("INVITATION_NOT_FOUND", "This invitation does not exist or was withdrawn. Ask the owner for a new one.");
    }
    if (invitation.status === "accepted") throw new DomainError("INVITATION_USED", "This invitation has already been used");
    if (invitation.expiresAt <= deps.clock().toISOString()) throw new DomainError("INVITATION_EXPIRED", "This invitation has expired. Ask the owner for a new one.");
    const owner = await readStore.get<UserDocument>(collections.users, team!.businessId);
    const body: InvitationPreview = {
      companyName: companyName(owner),
      invitedBy: invitation.invitedBy,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
    };
    res.json(body);
  });

  return router;
}
