import { describe, expect, it } from "vitest";
import { DomainError, ValidationError } from "@bahi/shared/server";
import { seatsUsed, teamDecider, type TeamCommand, type TeamEvent, type TeamState } from "./team.ts";

const business = "b-1";
const hash = (c: string) => c.repeat(64);
const given = (events: TeamEvent[]): TeamState => events.reduce(teamDecider.evolve, teamDecider.initialState);
const codeOf = (command: TeamCommand, state: TeamState): string => {
  try {
    teamDecider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    if (error instanceof ValidationError) return "VALIDATION_FAILED";
    throw error;
  }
  return "ok";
};

const invite = (over: Partial<Extract<TeamCommand, { kind: "invite" }>> = {}): TeamCommand => ({
  kind: "invite",
  businessId: business,
  invitationId: "i-1",
  email: "meera@example.com",
  role: "auditor",
  tokenHash: hash("a"),
  expiresAt: "2026-01-08T00:00:00.000Z",
  invitedBy: "Asha Rao",
  at: "2026-01-01T00:00:00.000Z",
  ownerEmail: "asha@example.com",
  plan: "free",
  ...over,
});

const invited = (id: string, email: string, role: "accountant" | "staff" | "auditor" = "auditor"): TeamEvent => ({
  type: "MemberInvited",
  data: {
    businessId: business,
    invitationId: id,
    email,
    role,
    tokenHash: hash("a"),
    expiresAt: "2026-01-08T00:00:00.000Z",
    invitedBy: "Asha Rao",
    invitedAt: "2026-01-01T00:00:00.000Z",
  },
});

const accept = (over: Partial<Extract<TeamCommand, { kind: "accept" }>> = {}): TeamCommand => ({
  kind: "accept",
  businessId: business,
  invitationId: "i-1",
  tokenHash: hash("a"),
  memberId: "m-1",
  email: "meera@example.com",
  name: "Meera Iyer",
  at: "2026-01-02T00:00:00.000Z",
  ...over,
});

describe("team decider", () => {
  it("invites, and the invitation holds a seat until it expires", () => {
    const events = teamDecider.decide(invite(), given([]));
    expect(events).toEqual([invited("i-1", "meera@example.com")]);
    const state = given(events);
    expect(seatsUsed(state, "2026-01-02T00:00:00.000Z")).toBe(1);
    expect(seatsUsed(state, "2026-01-09T00:00:00.000Z")).toBe(0);
  });

  it("keeps the free plan to one accountant or auditor, never staff; Professional to 3; Enterprise unlimited", () => {
    expect(codeOf(invite({ role: "staff" }), given([]))).toBe("SEAT_LIMIT_REACHED");
    const one = given([invited("i-1", "a@example.com")]);
    expect(codeOf(invite({ invitationId: "i-2", email: "b@example.com" }), one)).toBe("SEAT_LIMIT_REACHED");
    // Once the invitation expired its seat is free again.
    expect(codeOf(invite({ invitationId: "i-2", email: "b@example.com", at: "2026-01-09T00:00:00.000Z" }), one)).toBe("ok");
    const three = given([invited("i-1", "a@example.com"), invited("i-2", "b@example.com"), invited("i-3", "c@example.com", "staff")]);
    expect(codeOf(invite({ invitationId: "i-4", email: "d@example.com", plan: "professional" }), three)).toBe("SEAT_LIMIT_REACHED");
    expect(codeOf(invite({ invitationId: "i-4", email: "d@example.com", plan: "enterprise", role: "staff" }), three)).toBe("ok");
  });

  it("re-inviting an email replaces its pending invitation instead of taking another seat", () => {
    const events = teamDecider.decide(invite({ invitationId: "i-2", role: "accountant" }), given([invited("i-1", "meera@example.com")]));
    expect(events.map((e) => e.type)).toEqual(["InvitationRevoked", "MemberInvited"]);
    expect(seatsUsed(given([invited("i-1", "meera@example.com"), ...events]), "2026-01-02T00:00:00.000Z")).toBe(1);
  });

  it("refuses inviting the owner (400) and a member already in (409)", () => {
    expect(codeOf(invite({ email: "asha@example.com" }), given([]))).toBe("VALIDATION_FAILED");
    const member = given([invited("i-1", "meera@example.com"), ...teamDecider.decide(accept(), given([invited("i-1", "meera@example.com")]))]);
    expect(codeOf(invite({ invitationId: "i-2", plan: "professional" }), member)).toBe("ALREADY_MEMBER");
  });

  it("accepts once, for the invited email, before it expires, with the right secret", () => {
    const state = given([invited("i-1", "meera@example.com")]);
    expect(teamDecider.decide(accept(), state)).toEqual([
      {
        type: "InvitationAccepted",
        data: {
          businessId: business,
          invitationId: "i-1",
          memberId: "m-1",
          email: "meera@example.com",
          name: "Meera Iyer",
          role: "auditor",
          acceptedAt: "2026-01-02T00:00:00.000Z",
        },
      },
    ]);
    expect(codeOf(accept({ tokenHash: hash("b") }), state)).toBe("INVITATION_NOT_FOUND");
    expect(codeOf(accept({ invitationId: "i-9" }), state)).toBe("INVITATION_NOT_FOUND");
    expect(codeOf(accept({ at: "2026-01-08T00:00:00.000Z" }), state)).toBe("INVITATION_EXPIRED");
    expect(codeOf(accept({ email: "someone@example.com" }), state)).toBe("INVITATION_FOR_ANOTHER_EMAIL");
    expect(codeOf(accept({ memberId: business }), state)).toBe("VALIDATION_FAILED");
    const used = given([invited("i-1", "meera@example.com"), ...teamDecider.decide(accept(), state)]);
    expect(codeOf(accept(), used)).toBe("INVITATION_USED");
    const revoked = given([
      invited("i-1", "meera@example.com"),
      { type: "InvitationRevoked", data: { businessId: business, invitationId: "i-1", revokedAt: "2026-01-01T01:00:00.000Z" } },
    ]);
    expect(codeOf(accept(), revoked)).toBe("INVITATION_NOT_FOUND");
  });

  it("changes a member's role and removes them; a removed member is no longer in the team", () => {
    const start = given([invited("i-1", "meera@example.com")]);
    const member = given([invited("i-1", "meera@example.com"), ...teamDecider.decide(accept(), start)]);
    expect(teamDecider.decide({ kind: "changeRole", businessId: business, memberId: "m-1", role: "auditor", plan: "free", at: "x" }, member)).toEqual([]);
    expect(codeOf({ kind: "changeRole", businessId: business, memberId: "m-1", role: "staff", plan: "free", at: "x" }, member)).toBe("SEAT_LIMIT_REACHED");
    const changed = teamDecider.decide({ kind: "changeRole", businessId: business, memberId: "m-1", role: "accountant", plan: "free", at: "x" }, member);
    expect(teamDecider.evolve(member, changed[0]!).members["m-1"]!.role).toBe("accountant");
    const removed = teamDecider.decide({ kind: "remove", businessId: business, memberId: "m-1", at: "y" }, member);
    expect(teamDecider.evolve(member, removed[0]!).members).toEqual({});
    expect(codeOf({ kind: "remove", businessId: business, memberId: "m-2", at: "y" }, member)).toBe("NOT_FOUND");
  });
});
