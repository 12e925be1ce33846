import { z } from "zod";
import { isUqc, MAX_QUANTITY, quantityDecimalsProblem, UQC_REQUIRED_MESSAGE, type Uqc } from "./gst/uqc.ts";

/**
 * Issue 9: a quantity from a number or a numeric string with at most 3 decimals ("2.5",
 * 0.125); empty means `fallback`. Whether the product's unit allows a fraction is checked
 * where the unit is known (the product decider, the invoice draft): see gst/uqc.ts.
 */
export function quantityField(message: string, fallback: number, max = 1_000_000_000) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? fallback : Number(value)))
    .refine((value) => Number.isFinite(value), message)
    .refine((value) => quantityDecimalsProblem(value) === null, "Quantity can have at most 3 decimals, like 2.5 or 0.125")
    .refine((value) => Math.abs(value) <= max, `Quantity must be at most ${max}`);
}

/** An invoice or note line's quantity: more than 0, at most a million, up to 3 decimals. */
export const lineQuantityField = quantityField("Quantity must be more than 0", 0, MAX_QUANTITY).refine((value) => value > 0, "Quantity must be more than 0");

/** A UQC ("kgs" is read as "KGS"); absent: undefined (a new product takes NOS, an edit keeps its unit). */
export const uqcField = z
  .string({ error: UQC_REQUIRED_MESSAGE })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => isUqc(value), UQC_REQUIRED_MESSAGE)
  .transform((value) => value as Uqc)
  .optional();
