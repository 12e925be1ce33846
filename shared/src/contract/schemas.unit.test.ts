import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  customerInputSchema,
  DUE_DATE_BEFORE_ISSUE,
  dueDateProblem,
  STATE_OPTIONS,
  loginSchema,
  profileSchema,
  registerFormSchema,
  registerSchema,
  vendorInputSchema,
} from "./index.ts";

function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("SPEC §5 validation messages", () => {
  it("registration", () => {
    expect(messages(registerSchema, { email: "nope", password: "12345", firstName: "", lastName: "" })).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(messages(registerSchema, {})).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(messages(registerFormSchema, { email: "a@b.co", password: "secret1", confirmPassword: "secret2", firstName: "A", lastName: "B" })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    const ok = registerSchema.parse({ email: " A@B.CO ", password: "secret1", firstName: " Asha ", lastName: "Rao", companyName: "", phone: undefined });
    expect(ok).toEqual({ email: "a@b.co", password: "secret1", firstName: "Asha", lastName: "Rao", companyName: null, phone: null });
  });

  it("login", () => {
    expect(messages(loginSchema, { email: "x", password: "" })).toEqual({
      email: "Please enter a valid email address",
      password: "Password is required",
    });
  });

  it("customers: name required, optional email must be valid, credit limit as money", () => {
    expect(messages(customerInputSchema, { name: "", stateCode: "27" })).toEqual({ name: "Name is required" });
    expect(messages(customerInputSchema, { name: "A", stateCode: "27", email: "bad" })).toEqual({ email: "Please enter a valid email address" });
    expect(messages(customerInputSchema, { name: "A", stateCode: "27", creditLimit: "abc" })).toEqual({ creditLimit: "Credit limit must be an amount like 5000 or 5000.50" });
    expect(customerInputSchema.parse({ name: "A", email: "", creditLimit: "", stateCode: "27" })).toEqual({
      name: "A",
      email: null,
      phone: null,
      address: null,
      gstNumber: null,
      creditLimit: "0.00",
      stateCode: "27",
      shippingAddress: null,
      shippingStateCode: null,
      isSez: false,
    });
    expect(customerInputSchema.parse({ name: "A", creditLimit: 1500.5, gstNumber: " 27aapfu0939f1zv " })).toMatchObject({ creditLimit: "1500.50", gstNumber: "27AAPFU0939F1ZV" });
  });

  it("Rule 46(e)/s.10(1) IGST Act: a customer's state is required without a GSTIN (the place of supply follows it)", () => {
    expect(messages(customerInputSchema, { name: "A" })).toEqual({ stateCode: "Choose the customer's state" });
    expect(messages(customerInputSchema, { name: "A", stateCode: "" })).toEqual({ stateCode: "Choose the customer's state" });
    expect(messages(customerInputSchema, { name: "A", stateCode: "99" })).toEqual({ stateCode: "Choose the customer's state from the list" });
    expect(messages(customerInputSchema, { name: "A", stateCode: "39" })).toEqual({ stateCode: "Choose the customer's state from the list" });
    expect(customerInputSchema.parse({ name: "A", stateCode: "96" })).toMatchObject({ stateCode: "96" });
  });

  it("GST.md §1: with a GSTIN the state is the GSTIN's, prefilled, and a different one is refused", () => {
    expect(customerInputSchema.parse({ name: "A", gstNumber: "29AABCR1718E1ZL" })).toMatchObject({ stateCode: "29" });
    expect(customerInputSchema.parse({ name: "A", gstNumber: "29AABCR1718E1ZL", stateCode: "29" })).toMatchObject({ stateCode: "29" });
    expect(messages(customerInputSchema, { name: "A", gstNumber: "29AABCR1718E1ZL", stateCode: "32" })).toEqual({
      stateCode: "The GSTIN is registered in 29-Karnataka: the state must match it",
    });
  });

  it("s.16 IGST Act: only a registered person (with a GSTIN) can be marked SEZ", () => {
    expect(messages(customerInputSchema, { name: "A", stateCode: "32", isSez: true })).toEqual({
      isSez: "An SEZ unit or developer has a GSTIN: enter it to mark the customer as SEZ",
    });
    expect(customerInputSchema.parse({ name: "A", gstNumber: "29AABCR1718E1ZL", isSez: true, shippingAddress: " Plot 4, SEZ " })).toMatchObject({
      isSez: true,
      shippingAddress: "Plot 4, SEZ",
    });
    expect(customerInputSchema.parse({ name: "A", gstNumber: "29AABCR1718E1ZL", isSez: null })).toMatchObject({ isSez: false });
  });

  it("Rule 46: a due date before the invoice date is refused, compared as Indian dates", () => {
    expect(dueDateProblem("2026-04-10", "2026-04-09")).toBe(DUE_DATE_BEFORE_ISSUE);
    expect(dueDateProblem("2026-04-10", "2026-04-10")).toBeNull();
    expect(dueDateProblem("2026-04-10", null)).toBeNull();
    // 20:00 UTC on 31 March is 1 April in India: the same day as a 1 April due date.
    expect(dueDateProblem("2026-03-31T20:00:00Z", "2026-04-01")).toBeNull();
    expect(dueDateProblem("2026-04-01", "2026-03-31T20:00:00Z")).toBeNull();
    expect(dueDateProblem("2026-04-01T10:00:00+05:30", "2026-03-31")).toBe(DUE_DATE_BEFORE_ISSUE);
  });

  it("lists the states 01–38, then 97, then 96", () => {
    const codes = STATE_OPTIONS.map((state) => state.code);
    expect(codes.slice(-2)).toEqual(["97", "96"]);
    expect(codes.slice(0, -2)).toEqual([...codes.slice(0, -2)].sort());
    expect(codes[0]).toBe("01");
    expect(codes).toContain("38");
    expect(codes).not.toContain("99");
    expect(STATE_OPTIONS.find((state) => state.code === "32")).toEqual({ code: "32", name: "Kerala", label: "32-Kerala" });
  });

  it("vendors: only the name is required", () => {
    expect(messages(vendorInputSchema, {})).toEqual({ name: "Name is required" });
    expect(vendorInputSchema.parse({ name: "Shah" })).toEqual({ name: "Shah", email: null, phone: null, address: null, gstNumber: null });
  });
});

describe("the business's registration (issue 9)", () => {
  it("s.22, s.25, s.31 CGST Act: a regular or composition business has a GSTIN; without one it is Unregistered and charges no GST", () => {
    expect(messages(profileSchema, { stateCode: "27", gstCategory: "Regular" })).toEqual({ gstNumber: "A regular GST business has a GSTIN: enter it, or choose Unregistered" });
    expect(messages(profileSchema, { stateCode: "27", gstCategory: "Composition", compositionCategory: "trader" })).toEqual({
      gstNumber: "A composition GST business has a GSTIN: enter it, or choose Unregistered",
    });
    expect(messages(profileSchema, { stateCode: "27", gstCategory: "Unregistered" })).toEqual({});
    expect(messages(profileSchema, { gstNumber: "27AAPFU0939F1ZV", gstCategory: "Regular" })).toEqual({});
  });
});
