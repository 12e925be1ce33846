import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { customerInputSchema, loginSchema, registerFormSchema, registerSchema, vendorInputSchema } from "./index.ts";

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
    expect(messages(customerInputSchema, { name: "" })).toEqual({ name: "Name is required" });
    expect(messages(customerInputSchema, { name: "A", email: "bad" })).toEqual({ email: "Please enter a valid email address" });
    expect(messages(customerInputSchema, { name: "A", creditLimit: "abc" })).toEqual({ creditLimit: "Credit limit must be an amount like 5000 or 5000.50" });
    expect(customerInputSchema.parse({ name: "A", email: "", creditLimit: "" })).toEqual({ name: "A", email: null, phone: null, address: null, gstNumber: null, creditLimit: "0.00" });
    expect(customerInputSchema.parse({ name: "A", creditLimit: 1500.5, gstNumber: " 27aapfu0939f1zv " })).toMatchObject({ creditLimit: "1500.50", gstNumber: "27AAPFU0939F1ZV" });
  });

  it("vendors: only the name is required", () => {
    expect(messages(vendorInputSchema, {})).toEqual({ name: "Name is required" });
    expect(vendorInputSchema.parse({ name: "Shah" })).toEqual({ name: "Shah", email: null, phone: null, address: null, gstNumber: null });
  });
});
