/** Issue 10: the customers read model carries the archived flag. */
import { describe, expect, it } from "vitest";
import type { BahiEventOf } from "@bahi/shared/events";
import { customersProjection } from "./customersProjection.ts";

const OWNER = "owner-1";
const added: BahiEventOf<"CustomerAdded"> = {
  type: "CustomerAdded",
  data: {
    customerId: "c-1",
    ownerId: OWNER,
    name: "Reddy Retail",
    email: null,
    phone: null,
    address: null,
    gstNumber: null,
    creditLimitPaise: 0,
    stateCode: "36",
    addedAt: "2026-01-01",
  },
};

describe("customers projection: archiving (issue 10)", () => {
  it("the customers read model carries the flag (false for customers added before archiving)", () => {
    let doc = customersProjection.evolve(null, added);
    expect(doc).toMatchObject({ archived: false });
    doc = customersProjection.evolve(doc, { type: "CustomerArchived", data: { customerId: "c-1", ownerId: OWNER, archivedAt: "2026-01-02" } });
    expect(doc).toMatchObject({ archived: true, updatedAt: "2026-01-02" });
    doc = customersProjection.evolve(doc, { type: "CustomerUnarchived", data: { customerId: "c-1", ownerId: OWNER, unarchivedAt: "2026-01-03" } });
    expect(doc).toMatchObject({ archived: false });
  });
});
