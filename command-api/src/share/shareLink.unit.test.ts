import { describe, expect, it } from "vitest";
import { shareLinkDecider, type ShareLinkEvent, type ShareLinkState } from "./shareLink.ts";

const at = "2026-11-24T05:00:00.000Z";
const run = (events: ShareLinkEvent[]): ShareLinkState => events.reduce(shareLinkDecider.evolve, shareLinkDecider.initialState);
const share = (token: string, ownerId = "u-1", invoiceCancelled = false) => ({ kind: "share", invoiceId: "i-1", ownerId, token, invoiceCancelled, at }) as const;
const revoke = (ownerId = "u-1") => ({ kind: "revoke", invoiceId: "i-1", ownerId, at }) as const;

describe("issue 10: an invoice's share link", () => {
  it("is made once: sharing again while active gives the same link and records nothing", () => {
    const first = shareLinkDecider.decide(share("t-1"), run([]));
    expect(first).toEqual([{ type: "InvoiceShareLinkCreated", data: { invoiceId: "i-1", ownerId: "u-1", token: "t-1", createdAt: at } }]);
    const state = run(first);
    expect(state.active).toEqual({ token: "t-1", createdAt: at });
    expect(shareLinkDecider.decide(share("t-2"), state)).toEqual([]);
  });

  it("revoking names the token it ends; revoking again records nothing; a new share is a new token", () => {
    const created = shareLinkDecider.decide(share("t-1"), run([]));
    const revoked = shareLinkDecider.decide(revoke(), run(created));
    expect(revoked).toEqual([{ type: "InvoiceShareLinkRevoked", data: { invoiceId: "i-1", ownerId: "u-1", token: "t-1", revokedAt: at } }]);
    const after = run([...created, ...revoked]);
    expect(shareLinkDecider.decide(revoke(), after)).toEqual([]);
    expect(shareLinkDecider.decide(share("t-2"), after)[0]!.data.token).toBe("t-2");
  });

  it("refuses another owner (404) and a new link for a cancelled invoice (409), but keeps one made before", () => {
    const state = run(shareLinkDecider.decide(share("t-1"), run([])));
    expect(() => shareLinkDecider.decide(share("t-9", "u-2"), state)).toThrow(/Invoice not found/);
    expect(() => shareLinkDecider.decide(revoke("u-2"), state)).toThrow(/Invoice not found/);
    expect(() => shareLinkDecider.decide(share("t-1", "u-1", true), run([]))).toThrow(/cancelled invoice cannot be shared/);
    expect(shareLinkDecider.decide(share("t-2", "u-1", true), state)).toEqual([]);
  });
});
