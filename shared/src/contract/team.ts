import { z } from "zod";
import { emailField, isRecordId } from "./fields.ts";
import type { SubscriptionPlan } from "./auth.ts";

/**
 * Issue 11: who may do what in a business. The owner is the person who registered it; the
 * others join by invitation in one of the three roles an owner can give.
 */
export const TEAM_ROLES = ["owner", "accountant", "staff", "auditor"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const INVITABLE_ROLES = ["accountant", "staff", "auditor"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** What the sidebar and the team screen call each role. */
export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  accountant: "Accountant",
  staff: "Staff",
  auditor: "Auditor",
};

const invitableRole = z.enum(INVITABLE_ROLES, { error: "Choose Accountant, Staff or Auditor" });

export const inviteSchema = z.object({
  email: emailField,
  role: invitableRole,
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const changeRoleSchema = z.object({ role: invitableRole });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const switchBusinessSchema = z.object({
  businessId: z.string({ error: "Choose a business" }).refine((value) => isRecordId(value), "Choose a business"),
});
export type SwitchBusinessInput = z.infer<typeof switchBusinessSchema>;

/** POST /api/team/invitations → 201. `url` is what the owner sends; `token` is its last part. */
export interface InvitationCreated {
  id: string;
  token: string;
  url: string;
  email: string;
  role: InvitableRole;
  expiresAt: string;
}

/** GET /api/team/invitations/:token: what the invitee sees before accepting. */
export interface InvitationPreview {
  companyName: string;
  invitedBy: string;
  email: string;
  role: InvitableRole;
  expiresAt: string;
}

/** POST /api/team/invitations/:token/accept and POST /api/me/business: the business now worked in. */
export interface BusinessAccess {
  businessId: string;
  companyName: string;
  role: TeamRole;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  owner: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  invitedAt: string;
  expiresAt: string;
}

/** GET /api/team. `seats.limit` null: unlimited (Enterprise). Pending invitations take a seat. */
export interface Team {
  plan: SubscriptionPlan;
  seats: { used: number; limit: number | null };
  members: TeamMember[];
  invitations: PendingInvitation[];
}

/** GET /api/me: the person, and every business they may work in (their own first). */
export interface Me {
  person: { id: string; email: string; firstName: string; lastName: string };
  current: BusinessAccess;
  businesses: (BusinessAccess & { current: boolean })[];
}

/** How many members (beside the owner) each plan allows; null: unlimited. */
export const SEAT_LIMITS: Record<SubscriptionPlan, number | null> = {
  free: 1,
  professional: 3,
  enterprise: null,
};

/** Days an invitation stays valid. */
export const INVITATION_DAYS = 7;

/**
 * An invitation token is `{businessId}.{invitationId}.{secret}`: the first two say which team
 * stream to read, the secret (32 random bytes, base64url) proves the link was sent, and only its
 * SHA-256 is recorded. Null when the text cannot be one.
 */
export function parseInvitationToken(raw: unknown): { businessId: string; invitationId: string; secret: string } | null {
  if (typeof raw !== "string" || raw.length > 200) return null;
  const [businessId, invitationId, secret, extra] = raw.split(".");
  if (extra !== undefined || !isRecordId(businessId) || !isRecordId(invitationId) || !secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { businessId: businessId.toLowerCase(), invitationId: invitationId.toLowerCase(), secret };
}
