/** Issue 10: archiving a customer keeps it (and its edits) but flags it. */
import { describe, expect, it } from "vitest";
import { DomainError } from "@bahi/shared/server";
import { customerDecider, customerView, type CustomerEvent, type CustomerState } from "./customer.ts";

const OWNER = "owner-1";
const added: CustomerEvent = {
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
const given = (...events: CustomerEvent[]): CustomerState => events.reduce(customerDecider.evolve, customerDecider.initialState);

describe("archiving a customer (issue 10)", () => {
  it("archives and unarchives; asking twice appends nothing; an edit keeps the flag", () => {
    const [archived] = customerDecider.decide({ kind: "archive", ownerId: OWNER, at: "2026-01-02" }, given(added));
    expect(archived).toEqual({ type: "CustomerArchived", data: { customerId: "c-1", ownerId: OWNER, archivedAt: "2026-01-02" } });
    expect(customerView(given(added, archived!))).toMatchObject({ archived: true });
    expect(customerDecider.decide({ kind: "archive", ownerId: OWNER, at: "x" }, given(added, archived!))).toEqual([]);
    const { addedAt: _added, ...fields } = added.data as Extract<CustomerEvent, { type: "CustomerAdded" }>["data"];
    const updated: CustomerEvent = { type: "CustomerUpdated", data: { ...fields, name: "Reddy Retail LLP", updatedAt: "2026-01-03" } };
    expect(customerView(given(added, archived!, updated))).toMatchObject({ name: "Reddy Retail LLP", archived: true });
    expect(customerDecider.decide({ kind: "unarchive", ownerId: OWNER, at: "2026-01-04" }, given(added, archived!))).toEqual([
      { type: "CustomerUnarchived", data: { customerId: "c-1", ownerId: OWNER, unarchivedAt: "2026-01-04" } },
    ]);
    expect(customerView(given(added))).toMatchObject({ archived: false });
  });

  it("another owner's or a deleted customer is not found", () => {
    const deleted: CustomerEvent = { type: "CustomerDeleted", data: { customerId: "c-1", ownerId: OWNER, deletedAt: "x" } };
    expect(() => customerDecider.decide({ kind: "archive", ownerId: "someone", at: "x" }, given(added))).toThrow(DomainError);
    expect(() => customerDecider.decide({ kind: "archive", ownerId: OWNER, at: "x" }, given(added, deleted))).toThrow(DomainError);
  });
});
