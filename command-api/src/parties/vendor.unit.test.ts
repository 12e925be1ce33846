import { describe, expect, it } from "vitest";
import type { VendorInput } from "@bahi/shared/contract";
import type { RecordCommand } from "../handling/ownedRecord.ts";
import { vendorDecider, vendorView, type VendorEvent, type VendorState } from "./vendor.ts";

const OWNER = "owner-1";
const input: VendorInput = { name: "Shah Supplies", email: null, phone: "080 1234", address: null, gstNumber: null };
const added: VendorEvent = { type: "VendorAdded", data: { vendorId: "v-1", ownerId: OWNER, ...input, addedAt: "2026-01-01" } };
const given = (...events: VendorEvent[]): VendorState => events.reduce(vendorDecider.evolve, vendorDecider.initialState);
const decide = (state: VendorState, command: RecordCommand<VendorInput>) => vendorDecider.decide(command, state);

describe("the vendor decider", () => {
  it("adds, updates and deletes", () => {
    expect(decide(given(), { kind: "add", id: "v-1", ownerId: OWNER, input, at: "2026-01-01" })).toEqual([added]);
    const [updated] = decide(given(added), { kind: "update", ownerId: OWNER, input: { ...input, email: "shah@example.com" }, at: "2026-01-02" });
    expect(updated).toEqual({ type: "VendorUpdated", data: { vendorId: "v-1", ownerId: OWNER, ...input, email: "shah@example.com", updatedAt: "2026-01-02" } });
    expect(vendorView(given(added, updated!))).toMatchObject({ id: "v-1", userId: OWNER, email: "shah@example.com", createdAt: "2026-01-01", updatedAt: "2026-01-02" });
    expect(decide(given(added), { kind: "delete", ownerId: OWNER, at: "2026-01-03" })).toEqual([
      { type: "VendorDeleted", data: { vendorId: "v-1", ownerId: OWNER, deletedAt: "2026-01-03" } },
    ]);
  });

  it("hides other owners' vendors and deleted ones behind not found", () => {
    expect(() => decide(given(added), { kind: "update", ownerId: "intruder", input, at: "x" })).toThrow("Vendor not found");
    const deleted: VendorEvent = { type: "VendorDeleted", data: { vendorId: "v-1", ownerId: OWNER, deletedAt: "x" } };
    expect(() => decide(given(added, deleted), { kind: "delete", ownerId: OWNER, at: "x" })).toThrow("Vendor not found");
    expect(() => decide(given(added), { kind: "add", id: "v-1", ownerId: OWNER, input, at: "x" })).toThrow("This vendor already exists");
  });
});
