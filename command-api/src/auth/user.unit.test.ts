import { describe, expect, it } from "vitest";
import { emailReservationDecider, userDecider, userView, type RegisterUser } from "./user.ts";
import { hashPassword, verifyPassword } from "./password.ts";

const register: RegisterUser = {
  kind: "register",
  userId: "u-1",
  email: "asha@example.com",
  passwordHash: "scrypt$hash",
  firstName: "Asha",
  lastName: "Rao",
  companyName: null,
  phone: null,
  registeredAt: "2026-01-01T00:00:00.000Z",
};

describe("the email reservation decider", () => {
  it("reserves a free email for a user id", () => {
    expect(emailReservationDecider.decide({ email: "asha@example.com", userId: "u-1" }, emailReservationDecider.initialState)).toEqual([
      { type: "EmailReserved", data: { email: "asha@example.com", userId: "u-1" } },
    ]);
  });
  it("refuses a reserved email", () => {
    const state = emailReservationDecider.evolve(emailReservationDecider.initialState, { type: "EmailReserved", data: { email: "asha@example.com", userId: "u-1" } });
    expect(() => emailReservationDecider.decide({ email: "asha@example.com", userId: "u-2" }, state)).toThrow("An account with this email already exists");
  });
});

describe("the user decider", () => {
  it("registers a new user on the free plan with 10 invoices a month", () => {
    const [event] = userDecider.decide(register, userDecider.initialState);
    const { kind: _kind, ...registration } = register;
    expect(event).toEqual({ type: "UserRegistered", data: { ...registration, subscriptionPlan: "free", invoiceLimit: 10 } });
    const state = userDecider.evolve(userDecider.initialState, event!);
    if (!state.registered) throw new Error("not registered");
    const view = userView(state);
    expect(view).toMatchObject({ id: "u-1", email: "asha@example.com", subscriptionPlan: "free", invoiceLimit: 10, invoicesUsed: 0, isActive: true });
    expect(view).not.toHaveProperty("passwordHash");
  });
  it("refuses to register the same user twice", () => {
    const state = userDecider.evolve(userDecider.initialState, userDecider.decide(register, userDecider.initialState)[0]!);
    expect(() => userDecider.decide(register, state)).toThrow("An account with this email already exists");
  });
});

describe("password hashing", () => {
  it("verifies the right password only, and salts every hash", async () => {
    const hash = await hashPassword("secret123");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain("secret123");
    expect(await verifyPassword("secret123", hash)).toBe(true);
    expect(await verifyPassword("secret124", hash)).toBe(false);
    expect(await hashPassword("secret123")).not.toBe(hash);
    expect(await verifyPassword("secret123", "garbage")).toBe(false);
  });
});

describe("profile and plan", () => {
  const registered = userDecider.evolve(userDecider.initialState, userDecider.decide(register, userDecider.initialState)[0]!);
  const profile = {
    companyName: "Rao Stores",
    phone: null,
    gstNumber: "27AAPFU0939F1ZV",
    businessAddress: "Pune",
    businessType: "Proprietorship",
    gstCategory: "Regular",
    stateCode: "27",
    panNumber: "AAPFU0939F",
  };

  it("records a profile update and shows it on the user", () => {
    const events = userDecider.decide({ kind: "updateProfile", profile, at: "2026-02-01" }, registered);
    expect(events).toEqual([{ type: "ProfileUpdated", data: { userId: "u-1", ...profile, updatedAt: "2026-02-01" } }]);
    const state = userDecider.evolve(registered, events[0]!);
    if (!state.registered) throw new Error("not registered");
    expect(userView(state)).toMatchObject({ companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", stateCode: "27", panNumber: "AAPFU0939F" });
  });

  it("moves a free business to Professional once, lifting the invoice limit", () => {
    const [changed] = userDecider.decide({ kind: "changePlan", plan: "professional", at: "2026-02-02" }, registered);
    expect(changed).toEqual({ type: "PlanChanged", data: { userId: "u-1", plan: "professional", invoiceLimit: null, changedAt: "2026-02-02" } });
    const state = userDecider.evolve(registered, changed!);
    expect(state).toMatchObject({ subscriptionPlan: "professional", invoiceLimit: null });
    expect(() => userDecider.decide({ kind: "changePlan", plan: "professional", at: "x" }, state)).toThrow("already on the professional plan");
  });
});
