import { describe, expect, it } from "vitest";
import { emailReservationDecider, userDecider, userView, type RegisterUser } from "./user.ts";
import { hashPassword, verifyPassword } from "./password.ts";

const register: RegisterUser = {
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
    expect(event).toEqual({ type: "UserRegistered", data: { ...register, subscriptionPlan: "free", invoiceLimit: 10 } });
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
