import { describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { customersProjection } from "./parties/customersProjection.ts";
import { vendorsProjection } from "./parties/vendorsProjection.ts";
import { projectInMemory, type AnyProjection } from "./projection.ts";
import { usersProjection } from "./users/usersProjection.ts";

/** The documents these events make, read loosely: the assertions name the fields they check. */
const project = (projection: AnyProjection, events: BahiEvent[]) => projectInMemory<any>(projection, events);

const history: BahiEvent[] = [
  {
    type: "UserRegistered",
    data: {
      userId: "u-1",
      email: "a@b.co",
      passwordHash: "scrypt$secret",
      firstName: "Asha",
      lastName: "Rao",
      companyName: null,
      phone: null,
      subscriptionPlan: "free",
      invoiceLimit: 10,
      registeredAt: "2026-01-01",
    },
  },
  {
    type: "CustomerAdded",
    data: { customerId: "c-1", ownerId: "u-1", name: "Ravi", email: null, phone: null, address: null, gstNumber: null, creditLimitPaise: 123456, addedAt: "2026-01-02" },
  },
  {
    type: "CustomerUpdated",
    data: { customerId: "c-1", ownerId: "u-1", name: "Ravi & Sons", email: "r@s.in", phone: null, address: null, gstNumber: null, creditLimitPaise: 0, updatedAt: "2026-01-03" },
  },
  {
    type: "CustomerAdded",
    data: { customerId: "c-2", ownerId: "u-1", name: "Gone", email: null, phone: null, address: null, gstNumber: null, creditLimitPaise: 0, addedAt: "2026-01-04" },
  },
  { type: "CustomerDeleted", data: { customerId: "c-2", ownerId: "u-1", deletedAt: "2026-01-05" } },
  { type: "VendorAdded", data: { vendorId: "v-1", ownerId: "u-1", name: "Shah", email: null, phone: null, address: null, gstNumber: "29AABCR1718E1ZL", addedAt: "2026-01-06" } },
];

describe("projections", () => {
  it("users: everything but the password hash", () => {
    const user = project(usersProjection, history).get("u-1");
    expect(user).toMatchObject({ id: "u-1", email: "a@b.co", firstName: "Asha", invoicesByMonth: {}, isActive: true, createdAt: "2026-01-01" });
    expect(JSON.stringify(user)).not.toContain("scrypt");
  });

  it("customers: updates replace fields, credit limits become two-decimal strings, deletes leave a tombstone", () => {
    const docs = project(customersProjection, history);
    expect(docs.get("c-1")).toEqual({
      id: "c-1",
      userId: "u-1",
      name: "Ravi & Sons",
      email: "r@s.in",
      phone: null,
      address: null,
      gstNumber: null,
      creditLimit: "0.00",
      stateCode: null,
      shippingAddress: null,
      shippingStateCode: null,
      isSez: false,
      archived: false,
      createdAt: "2026-01-02",
      updatedAt: "2026-01-03",
    });
    expect(docs.get("c-2")).toBeNull();
  });

  it("customers: the issue-9 state, shipping address and SEZ flag; an older customer takes its GSTIN's state", () => {
    const docs = project(customersProjection, [
      {
        type: "CustomerAdded",
        data: {
          customerId: "c-3",
          ownerId: "u-1",
          name: "Kochi Stores",
          email: null,
          phone: null,
          address: null,
          gstNumber: null,
          creditLimitPaise: 0,
          stateCode: "32",
          shippingAddress: "Kochi",
          addedAt: "2026-01-02",
        },
      },
      {
        type: "CustomerAdded",
        data: { customerId: "c-4", ownerId: "u-1", name: "Old", email: null, phone: null, address: null, gstNumber: "29AABCR1718E1ZL", creditLimitPaise: 0, addedAt: "2026-01-02" },
      },
      {
        type: "CustomerUpdated",
        data: {
          customerId: "c-4",
          ownerId: "u-1",
          name: "Old",
          email: null,
          phone: null,
          address: null,
          gstNumber: "29AABCR1718E1ZL",
          creditLimitPaise: 0,
          stateCode: "29",
          shippingAddress: null,
          isSez: true,
          updatedAt: "2026-01-03",
        },
      },
    ]);
    expect(docs.get("c-3")).toMatchObject({ stateCode: "32", shippingAddress: "Kochi", isSez: false });
    expect(docs.get("c-4")).toMatchObject({ stateCode: "29", shippingAddress: null, isSez: true });
  });

  it("vendors", () => {
    expect(project(vendorsProjection, history).get("v-1")).toMatchObject({ id: "v-1", userId: "u-1", gstNumber: "29AABCR1718E1ZL", createdAt: "2026-01-06" });
  });

  it("replayed twice gives the same documents", () => {
    for (const projection of [usersProjection, customersProjection, vendorsProjection]) {
      expect(project(projection, history)).toEqual(project(projection, [...history]));
    }
  });
});
