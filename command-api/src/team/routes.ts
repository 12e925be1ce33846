import { createHash, randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import {
  changeRoleSchema,
  INVITATION_DAYS,
  inviteSchema,
  parseInvitationToken,
  switchBusinessSchema,
  type BusinessAccess,
  type InvitationCreated,
  type TeamMember,
} from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { currentSession, DomainError, notFound, requireAccess, type Access } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle, type CommandContext } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { businessName, personName, readTeam, readUser } from "./access.ts";
import { teamDecider, type TeamCommand } from "./team.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationSecretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

const invitationNotFound = () => new DomainError("INVITATION_NOT_FOUND", "This invitation does not exist or was withdrawn. Ask the owner for a new one.");

/** The roles middleware already keeps everyone else out; this is the route's own guard. */
function requireOwner(req: Request): Access {
  const access = requireAccess(req);
  if (access.role !== "owner") throw new DomainError("ROLE_FORBIDDEN", "Only the owner manages the team");
  return access;
}

/**
 * Issue 11, the team's commands: POST /invitations, DELETE /invitations/:id,
 * POST /invitations/:token/accept, PATCH /:memberId, DELETE /:memberId. Everything appends to
 * the business's one team stream, with the revision it read.
 */
export function teamRoutes(deps: CommandDeps): Router {
  const router = Router();

  async function decide(businessId: string, command: TeamCommand, context: CommandContext) {
    return handle(deps.eventStore, streams.team(businessId), teamDecider, command, context);
  }

  router.post("/invitations", async (req, res) => {
    const access = requireOwner(req);
    const input = inviteSchema.parse(req.body);
    const now = deps.clock();
    const owner = await readUser(deps.eventStore, access.businessId);
    if (!owner.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
    const invitationId = deps.newId();
    const secret = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
    const command: TeamCommand = {
      kind: "invite",
      businessId: access.businessId,
      invitationId,
      email: input.email,
      role: input.role,
      tokenHash: invitationSecretHash(secret),
      expiresAt,
      invitedBy: access.name || personName(owner),
      at: now.toISOString(),
      ownerEmail: owner.email,
      plan: owner.subscriptionPlan,
    };
    const result = await decide(access.businessId, command, commandContext(req, access.businessId, now));
    sendPosition(res, result.position);
    const token = `${access.businessId}.${invitationId}.${secret}`;
    const body: InvitationCreated = {
      id: invitationId,
      token,
      url: `${req.protocol}://${req.get("host") ?? "localhost"}/invite/${token}`,
      email: input.email,
      role: input.role,
      expiresAt,
    };
    res.status(201).json(body);
  });

  router.post("/invitations/:token/accept", async (req, res) => {
    const access = requireAccess(req);
    const token = parseInvitationToken(req.params.token);
    if (!token) throw invitationNotFound();
    const now = deps.clock();
    const [person, owner, team] = await Promise.all([
      readUser(deps.eventStore, access.personId),
      readUser(deps.eventStore, token.businessId),
      readTeam(deps.eventStore, token.businessId),
    ]);
    if (!person.registered || !owner.registered) throw invitationNotFound();
    const name = personName(person);
    const role = team.invitations[token.invitationId]?.role;
    // The person acts here, in the business they are joining, not the one their session is in.
    const context: CommandContext = {
      ...commandContext(req, token.businessId, now),
      actor: `user:${access.personId}`,
      businessId: token.businessId,
      actorName: name,
      ...(role ? { actorRole: role } : {}),
    };
    const command: TeamCommand = {
      kind: "accept",
      businessId: token.businessId,
      invitationId: token.invitationId,
      tokenHash: invitationSecretHash(token.secret),
      memberId: access.personId,
      email: person.email,
      name,
      at: now.toISOString(),
    };
    const result = await decide(token.businessId, command, context);
    const member = result.state.members[access.personId]!;
    // Accepting is joining: the session now works in the business it joined.
    const session = currentSession(req);
    if (session) await deps.sessionStore.switchBusiness(session.sessionId, token.businessId);
    sendPosition(res, result.position);
    const body: BusinessAccess = { businessId: token.businessId, role: member.role, companyName: businessName(owner) };
    res.json(body);
  });

  router.delete("/invitations/:id", async (req, res) => {
    const access = requireOwner(req);
    const invitationId = recordId(req.params.id, "Invitation");
    const now = deps.clock();
    const result = await decide(
      access.businessId,
      { kind: "revoke", businessId: access.businessId, invitationId, at: now.toISOString() },
      commandContext(req, access.businessId, now),
    );
    sendPosition(res, result.position);
    res.status(204).end();
  });

  router.patch("/:memberId", async (req, res) => {
    const access = requireOwner(req);
    const memberId = recordId(req.params.memberId, "Member");
    const { role } = changeRoleSchema.parse(req.body);
    const now = deps.clock();
    const owner = await readUser(deps.eventStore, access.businessId);
    if (!owner.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
    const command: TeamCommand = { kind: "changeRole", businessId: access.businessId, memberId, role, plan: owner.subscriptionPlan, at: now.toISOString() };
    const result = await decide(access.businessId, command, commandContext(req, access.businessId, now));
    sendPosition(res, result.position);
    const member = result.state.members[memberId]!;
    const body: TeamMember = { id: member.id, name: member.name, email: member.email, role: member.role, joinedAt: member.joinedAt, owner: false };
    res.json(body);
  });

  router.delete("/:memberId", async (req, res) => {
    const access = requireOwner(req);
    const memberId = recordId(req.params.memberId, "Member");
    const now = deps.clock();
    const result = await decide(access.businessId, { kind: "remove", businessId: access.businessId, memberId, at: now.toISOString() }, commandContext(req, access.businessId, now));
    sendPosition(res, result.position);
    res.status(204).end();
  });

  return router;
}

/** POST /api/me/business {businessId}: work in one's own business or one the person is an active member of. */
export function meRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post("/business", async (req, res) => {
    const access = requireAccess(req);
    const { businessId: raw } = switchBusinessSchema.parse(req.body);
    const businessId = raw.toLowerCase();
    const own = businessId === access.personId;
    const [owner, team] = await Promise.all([readUser(deps.eventStore, businessId), own ? null : readTeam(deps.eventStore, businessId)]);
    const member = team?.members[access.personId];
    // Someone else's business the person is not in is as good as not there.
    if (!owner.registered || (!own && !member)) throw notFound("Business");
    const session = currentSession(req);
    if (session) await deps.sessionStore.switchBusiness(session.sessionId, own ? null : businessId);
    const body: BusinessAccess = { businessId, companyName: businessName(owner), role: own ? "owner" : member!.role };
    res.json(body);
  });

  return router;
}
