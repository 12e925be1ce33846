import { describe, expect, it } from "vitest";
import { emailReservationDecider, userDecider, userView, type RegisterUser } from "./user.ts";
import { OWASP_SCRYPT, PasswordHasher } from "./password.ts";

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
  const cheap = new PasswordHasher({ N: 1024, r: 8, p: 1 });

  it("verifies the right password only, and salts every hash", async () => {
    const hash = await cheap.hash("secret123");
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(hash).not.toContain("secret123");
    expect(await cheap.verify("secret123", hash)).toEqual({ ok: true, needsRehash: false });
    expect((await cheap.verify("secret124", hash)).ok).toBe(false);
    expect(await cheap.hash("secret123")).not.toBe(hash);
    expect((await cheap.verify("secret123", "garbage")).ok).toBe(false);
  });

  it("uses OWASP's scrypt cost by default, for new hashes and the dummy hash alike", () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const hasher = new PasswordHasher();
    expect(hasher.params).toEqual(OWASP_SCRYPT);
    expect(hasher.dummyHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("asks for a rehash when a right password's hash has other parameters", async () => {
    const old = await new PasswordHasher({ N: 16384, r: 8, p: 1 }).hash("secret123");
    expect(await cheap.verify("secret123", old)).toEqual({ ok: true, needsRehash: true });
    expect(await cheap.verify("wrong", old)).toEqual({ ok: false, needsRehash: false });
  });

  it("refuses stored parameters that would exhaust memory instead of trying them", async () => {
    const hostile = "scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + "A".repeat(86);
    expect((await cheap.verify("secret123", hostile)).ok).toBe(false);
  });
});

describe("password rehash", () => {
  it("records the new hash on the user's stream and folds it into the user", () => {
    const registered = userDecider.evolve(userDecider.initialState, userDecider.decide(register, userDecider.initialState)[0]!);
    const [event] = userDecider.decide({ kind: "rehashPassword", passwordHash: "scrypt$new", at: "2026-03-01T00:00:00.000Z" }, registered);
    expect(event).toEqual({ type: "PasswordRehashed", data: { userId: "u-1", passwordHash: "scrypt$new", rehashedAt: "2026-03-01T00:00:00.000Z" } });
    expect(userDecider.evolve(registered, event!)).toMatchObject({ passwordHash: "scrypt$new" });
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
    // No registration date sent: none recorded (the account's creation month stands in for it);
    // no invoice prefix sent: the series keeps the default "INV".
    expect(events).toEqual([
      {
        type: "ProfileUpdated",
        data: {
          userId: "u-1",
          ...profile,
          gstRegistrationDate: null,
          invoicePrefix: "INV",
          roundOff: true,
          compositionCategory: null,
          bankName: null,
          bankAccountNumber: null,
          bankIfsc: null,
          upiId: null,
          pinCode: null,
          lutNumber: null,
          lutValidFrom: null,
          lutValidUntil: null,
          allowNegativeStock: false,
          turnoverAbove5Crore: false,
          updatedAt: "2026-02-01",
        },
      },
    ]);
    const state = userDecider.evolve(registered, events[0]!);
    if (!state.registered) throw new Error("not registered");
    expect(userView(state)).toMatchObject({ companyName: "Rao Stores", gstNumber: "27AAPFU0939F1ZV", stateCode: "27", panNumber: "AAPFU0939F" });
  });

  it("keeps the GST registration date when an update does not send it, and clears it on null", () => {
    const dated = userDecider.evolve(
      registered,
      userDecider.decide({ kind: "updateProfile", profile: { ...profile, gstRegistrationDate: "2026-08-01" }, at: "2026-02-01" }, registered)[0]!,
    );
    const [kept] = userDecider.decide({ kind: "updateProfile", profile, at: "2026-02-02" }, dated);
    expect(kept!.data).toMatchObject({ gstRegistrationDate: "2026-08-01" });
    const [cleared] = userDecider.decide({ kind: "updateProfile", profile: { ...profile, gstRegistrationDate: null }, at: "2026-02-03" }, dated);
    expect(cleared!.data).toMatchObject({ gstRegistrationDate: null });
  });

  it("s.10 / Rule 7: a composition business must say what kind it is; the kind is kept when not sent and dropped when no longer composition", () => {
    const composition = { ...profile, gstCategory: "Composition" as const };
    expect(() => userDecider.decide({ kind: "updateProfile", profile: composition, at: "2026-02-01" }, registered)).toThrow("Choose what kind of composition business you are");
    const trader = userDecider.evolve(
      registered,
      userDecider.decide({ kind: "updateProfile", profile: { ...composition, compositionCategory: "trader" }, at: "2026-02-01" }, registered)[0]!,
    );
    expect(userDecider.decide({ kind: "updateProfile", profile: composition, at: "2026-02-02" }, trader)[0]!.data).toMatchObject({
      gstCategory: "Composition",
      compositionCategory: "trader",
    });
    expect(userDecider.decide({ kind: "updateProfile", profile: { ...profile, gstCategory: "Regular" }, at: "2026-02-02" }, trader)[0]!.data).toMatchObject({
      compositionCategory: null,
    });
  });

  it("moves a free business to Professional once, lifting the invoice limit", () => {
    const [changed] = userDecider.decide({ kind: "changePlan", plan: "professional", at: "2026-02-02" }, registered);
    expect(changed).toEqual({ type: "PlanChanged", data: { userId: "u-1", plan: "professional", invoiceLimit: null, changedAt: "2026-02-02" } });
    const state = userDecider.evolve(registered, changed!);
    expect(state).toMatchObject({ subscriptionPlan: "professional", invoiceLimit: null });
    expect(() => userDecider.decide({ kind: "changePlan", plan: "professional", at: "x" }, state)).toThrow("already on the professional plan");
  });
});
