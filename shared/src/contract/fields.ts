import { z } from "zod";
import { gstinProblem, normaliseGstin } from "./gstin.ts";
import { formatPaise, isMoneyString, toPaise } from "./money.ts";

/**
 * Field builders shared by every schema, so a missing field says the same friendly
 * message as an empty one instead of zod's generic "expected string, received undefined".
 */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : "Expected text") })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** Optional free text: absent, null and "" all mean "not given" and come out as null. */
export function optionalText(max = 500) {
  return z
    .string({ error: "Expected text" })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const emailField = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const optionalEmailField = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine((value) => value === null || z.email().safeParse(value).success, "Please enter a valid email address");

export const optionalGstinField = z
  .string({ error: "Expected text" })
  .trim()
  .nullish()
  .transform((value) => (value ? normaliseGstin(value) : null))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : gstinProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * A non-negative amount in rupees with at most two decimals, as a string or a number,
 * normalised to "1234.50". Defaults to "0.00" when absent or empty.
 */
export function optionalMoneyField(label: string) {
  const message = `${label} must be an amount like 5000 or 5000.50`;
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? "0" : String(value)))
    .refine((value) => isMoneyString(value), message)
    .transform((value) => formatPaise(toPaise(value)));
}
