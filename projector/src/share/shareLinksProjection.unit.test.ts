import { describe, expect, it } from "vitest";
import type { BahiEventOf } from "@bahi/shared/events";
import { projectInMemory } from "../projection.ts";
import { shareLinksProjection } from "./shareLinksProjection.ts";

type ShareLinkEvent = BahiEventOf<"InvoiceShareLinkCreated" | "InvoiceShareLinkRevoked">;
const at = "2026-11-24T05:00:00.000Z";

describe("issue 10: the share links read model", () => {
  it("projects each active link under its token and its invoice; a revoked token finds nothing, the newer link stays", () => {
    const events: ShareLinkEvent[] = [
      { type: "InvoiceShareLinkCreated", data: { invoiceId: "i-1", ownerId: "u-1", token: "t-1", createdAt: at } },
      { type: "InvoiceShareLinkRevoked", data: { invoiceId: "i-1", ownerId: "u-1", token: "t-1", revokedAt: at } },
      { type: "InvoiceShareLinkCreated", data: { invoiceId: "i-1", ownerId: "u-1", token: "t-2", createdAt: at } },
    ];
    const docs = projectInMemory(shareLinksProjection, events);
    expect(docs.get("t-1")).toBeNull();
    expect(docs.get("t-2")).toEqual({ invoiceId: "i-1", ownerId: "u-1", token: "t-2", createdAt: at });
    expect(docs.get("i-1")).toEqual(docs.get("t-2"));
  });
});
