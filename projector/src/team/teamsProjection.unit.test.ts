import { describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { projectInMemory } from "../projection.ts";
import { membershipsProjection, teamsProjection } from "./teamsProjection.ts";

const h = "a".repeat(64);
const history: BahiEvent[] = [
  {
    type: "MemberInvited",
    data: { businessId: "b-1", invitationId: "i-1", email: "m@x.in", role: "auditor", tokenHash: h, expiresAt: "2026-01-08", invitedBy: "Asha Rao", invitedAt: "2026-01-01" },
  },
  {
    type: "MemberInvited",
    data: { businessId: "b-1", invitationId: "i-2", email: "n@x.in", role: "staff", tokenHash: h, expiresAt: "2026-01-08", invitedBy: "Asha Rao", invitedAt: "2026-01-01" },
  },
  { type: "InvitationAccepted", data: { businessId: "b-1", invitationId: "i-1", memberId: "m-1", email: "m@x.in", name: "Meera Iyer", role: "auditor", acceptedAt: "2026-01-02" } },
  { type: "InvitationRevoked", data: { businessId: "b-1", invitationId: "i-2", revokedAt: "2026-01-03" } },
  { type: "MemberRoleChanged", data: { businessId: "b-1", memberId: "m-1", role: "accountant", changedAt: "2026-01-04" } },
];

describe("team projections", () => {
  it("teams: members as they are now and every invitation with its status", () => {
    const team = projectInMemory(teamsProjection, history).get("b-1");
    expect(team).toMatchObject({ id: "b-1", businessId: "b-1", members: [{ id: "m-1", name: "Meera Iyer", email: "m@x.in", role: "accountant", joinedAt: "2026-01-02" }] });
    expect(team!.invitations.map((i) => [i.id, i.status])).toEqual([
      ["i-1", "accepted"],
      ["i-2", "revoked"],
    ]);
    const removed = projectInMemory(teamsProjection, [...history, { type: "MemberRemoved", data: { businessId: "b-1", memberId: "m-1", removedAt: "2026-01-05" } }]).get("b-1");
    expect(removed!.members).toEqual([]);
  });

  it("memberships: one per person and business, gone when removed", () => {
    expect(projectInMemory(membershipsProjection, history).get("m-1-b-1")).toEqual({
      id: "m-1-b-1",
      memberId: "m-1",
      businessId: "b-1",
      role: "accountant",
      joinedAt: "2026-01-02",
    });
    expect(
      projectInMemory(membershipsProjection, [...history, { type: "MemberRemoved", data: { businessId: "b-1", memberId: "m-1", removedAt: "2026-01-05" } }]).get("m-1-b-1"),
    ).toBeNull();
  });

  it("replayed twice gives the same documents", () => {
    for (const projection of [teamsProjection, membershipsProjection] as const) {
      const once = projectInMemory<unknown>(projection, history);
      const twice = projectInMemory<unknown>(projection, [...history, ...history]);
      expect(twice).toEqual(once);
    }
  });
});
