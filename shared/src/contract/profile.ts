import { z } from "zod";
import { optionalGstinField, optionalText, safeString } from "./fields.ts";
import { STATE_NAMES } from "./gstin.ts";

export const BUSINESS_TYPES = ["Proprietorship", "Partnership", "LLP", "Private Limited", "Public Limited", "Other"] as const;
export const GST_CATEGORIES = ["Regular", "Composition", "Unregistered"] as const;

/** PUT /api/profile. A GSTIN fixes the state and PAN; without one the business picks its state. */
export const profileSchema = z
  .object({
    companyName: optionalText(200),
    phone: optionalText(30),
    gstNumber: optionalGstinField,
    businessAddress: optionalText(500),
    businessType: z.enum(BUSINESS_TYPES, { error: "Choose a business type" }).nullish().transform((v) => v ?? null),
    gstCategory: z.enum(GST_CATEGORIES, { error: "Choose a GST category" }).nullish().transform((v) => v ?? null),
    stateCode: safeString("Choose your state")
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || Object.hasOwn(STATE_NAMES, value), "Choose your state"),
  })
  .superRefine((profile, ctx) => {
    if (!profile.gstNumber && !profile.stateCode) ctx.addIssue({ code: "custom", path: ["stateCode"], message: "Choose your state" });
    if (profile.gstNumber && profile.stateCode && profile.gstNumber.slice(0, 2) !== profile.stateCode) {
      ctx.addIssue({ code: "custom", path: ["stateCode"], message: `State must match your GSTIN's state code (${profile.gstNumber.slice(0, 2)})` });
    }
  });
export type ProfileInput = z.infer<typeof profileSchema>;

export const planChangeSchema = z.object({
  plan: z.literal("professional", { error: "Only the Professional plan can be chosen here" }),
});

export interface BusinessProfile {
  companyName: string | null;
  phone: string | null;
  gstNumber: string | null;
  businessAddress: string | null;
  businessType: (typeof BUSINESS_TYPES)[number] | null;
  gstCategory: (typeof GST_CATEGORIES)[number] | null;
  stateCode: string | null;
  panNumber: string | null;
}
