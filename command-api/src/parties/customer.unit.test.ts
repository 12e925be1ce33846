import { describe, expect, it } from "vitest";
import type { CustomerInput } from "@bahi/shared/contract";
import { DomainError } from "@bahi/shared/server";
import { customerDecider, customerView, type CustomerEvent, type CustomerState } from "./customer.ts";
import type { RecordCommand } from "../handling/ownedRecord.ts";

const OWNER = "owner-1";
const input: CustomerInput = {
  name: "Ravi Traders",
  email: "ravi@example.com",
  phone: null,
  address: "Pune",
  gstNumber: "27AAPFU0939F1ZV",
  creditLimit: "5000.50",
  stateCode: "27",
  shippingAddress: null,
  shippingStateCode: null,
  isSez: false,
};
const added: CustomerEvent = {
  type: "CustomerAdded",
  data: {
    customerId: "c-1",
    ownerId: OWNER,
    name: "Ravi Traders",
    email: "ravi@example.com",
    phone: null,
    address: "Pune",
    gstNumber: "27AAPFU0939F1ZV",
    creditLimitPaise: 500050,
    stateCode: "27",
    shippingAddress: null,
    shippingStateCode: null,
    isSez: false,
    addedAt: "2026-01-01T00:00:00.000Z",
  },
};

function given(...events: CustomerEvent[]): CustomerState {
  return events.reduce(customerDecider.evolve, customerDecider.initialState);
}
const when = (state: CustomerState, command: RecordCommand<CustomerInput>) => () => customerDecider.decide(command, state);

describe("the customer decider", () => {
  it("adds a customer to an empty stream, with the credit limit in paise", () => {
    expect(when(given(), { kind: "add", id: "c-1", ownerId: OWNER, input, at: "2026-01-01T00:00:00.000Z" })()).toEqual([added]);
  });

  it("refuses to add twice", () => {
    expect(when(given(added), { kind: "add", id: "c-1", ownerId: OWNER, input, at: "x" })).toThrow(DomainError);
  });

  it("updates its owner's live customer", () => {
    const events = when(given(added), { kind: "update", ownerId: OWNER, input: { ...input, name: "Ravi & Sons", creditLimit: "0.00" }, at: "2026-02-01T00:00:00.000Z" })();
    const { addedAt: _added, ...unchanged } = added.data;
    expect(events).toEqual([{ type: "CustomerUpdated", data: { ...unchanged, name: "Ravi & Sons", creditLimitPaise: 0, updatedAt: "2026-02-01T00:00:00.000Z" } }]);
    const state = given(added, events[0]!);
    expect(customerView(state)).toMatchObject({ name: "Ravi & Sons", creditLimit: "0.00", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-02-01T00:00:00.000Z" });
  });

  it("treats another owner's, a missing and a deleted customer alike: not found", () => {
    const deleted: CustomerEvent = { type: "CustomerDeleted", data: { customerId: "c-1", ownerId: OWNER, deletedAt: "x" } };
    for (const [state, ownerId] of [
      [given(added), "someone-else"],
      [given(), OWNER],
      [given(added, deleted), OWNER],
    ] as const) {
      expect(when(state, { kind: "update", ownerId, input, at: "x" })).toThrow("Customer not found");
      expect(when(state, { kind: "delete", ownerId, at: "x" })).toThrow("Customer not found");
    }
  });

  it("deletes its owner's customer", () => {
    expect(when(given(added), { kind: "delete", ownerId: OWNER, at: "2026-03-01" })()).toEqual([
      { type: "CustomerDeleted", data: { customerId: "c-1", ownerId: OWNER, deletedAt: "2026-03-01" } },
    ]);
  });

  it("shows a customer recorded before states were asked with its GSTIN's state, else no state", () => {
    const { stateCode: _s, shippingAddress: _a, shippingStateCode: _d, isSez: _z, ...old } = added.data;
    expect(customerView(given({ type: "CustomerAdded", data: old }))).toMatchObject({ stateCode: "27", shippingAddress: null, shippingStateCode: null, isSez: false });
    const unregistered = given({ type: "CustomerAdded", data: { ...old, gstNumber: null } });
    expect(customerView(unregistered)).toMatchObject({ stateCode: null, isSez: false });
  });

  it("records the state, shipping address and SEZ flag it is given", () => {
    const sez = { ...input, shippingAddress: "Plot 7, SEZ, Pune", isSez: true };
    const events = when(given(), { kind: "add", id: "c-1", ownerId: OWNER, input: sez, at: "2026-01-01T00:00:00.000Z" })();
    expect(events[0]!.data).toMatchObject({ stateCode: "27", shippingAddress: "Plot 7, SEZ, Pune", isSez: true });
    expect(customerView(given(...events))).toMatchObject({ stateCode: "27", shippingAddress: "Plot 7, SEZ, Pune", isSez: true });
  });
});
