import { z } from "zod";
import { emailField, optionalText, requiredText, safeString } from "./fields.ts";

export const PASSWORD_MIN = 6;

export const registerSchema = z.object({
  email: emailField,
  password: safeString("Password must be at least 6 characters").min(PASSWORD_MIN, "Password must be at least 6 characters").max(200, "Password must be at most 200 characters"),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  companyName: optionalText(200),
  phone: optionalText(30),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form also asks for the password twice; the confirmation is never sent. */
export const registerFormSchema = registerSchema.extend({ confirmPassword: z.string() }).refine((form) => form.password === form.confirmPassword, {
  message: "Passwords don't match",
  path: ["confirmPassword"],
});

export const loginSchema = z.object({
  email: emailField,
  password: safeString("Password is required").min(1, "Password is required").max(200, "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export type SubscriptionPlan = "free" | "professional" | "enterprise";

/** The signed-in user as the API returns it: never a password or its hash. */
export interface User extends Partial<import("./profile.ts").BusinessProfile> {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  phone: string | null;
  subscriptionPlan: SubscriptionPlan;
  /** null: unlimited (Professional and Enterprise). */
  invoiceLimit: number | null;
  invoicesUsed: number;
  isActive: boolean;
  createdAt: string;
}
