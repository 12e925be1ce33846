import { z } from "zod";
import { dateField, isSafeText, optionalGstinField, optionalText, safeString, UNSAFE_TEXT_MESSAGE } from "./fields.ts";
import { STATE_NAMES } from "./gstin.ts";

/** GST came into force on 1 July 2017: no GSTIN was registered earlier. */
export const GST_START_DATE = "2017-07-01";

/**
 * The GSTIN's date of registration (its certificate's "date of liability"): returns are due
 * from its month. Absent keeps the stored date (older clients do not send it); null or ""
 * clears it. The route refuses a date after today (its clock, not the schema's).
 */
export const gstRegistrationDateField = z
  .union([z.literal(""), z.null(), dateField("GST registration date")], { error: "GST registration date must be a date like 2025-10-14" })
  .optional()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) ctx.addIssue({ code: "custom", message: "GST registration date must be a date like 2025-10-14, without a time" });
    else if (value < GST_START_DATE) ctx.addIssue({ code: "custom", message: `GST registration date cannot be before ${GST_START_DATE}, when GST came into force` });
  })
  .transform((value) => (value === undefined ? undefined : value || null));

/** The invoice series' prefix: "INV/26-27/0001" (issue 9). */
export const DEFAULT_INVOICE_PREFIX = "INV";
export const INVOICE_PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,4}$/;

/**
 * 1–5 letters, digits and "-", starting with a letter: the number it starts then fits the
 * e-invoice schema's 16 characters with the year and a four-digit serial. Absent keeps the
 * stored prefix (older clients do not send it); "" or null go back to "INV".
 */
export const invoicePrefixField = z
  .union([z.string(), z.null()], { error: "Invoice prefix must be text" })
  .optional()
  .transform((value) => (value === undefined ? undefined : (value ?? "").trim() || DEFAULT_INVOICE_PREFIX))
  .refine((value) => value === undefined || INVOICE_PREFIX_PATTERN.test(value), 'Invoice prefix must be 1 to 5 letters, digits or "-", starting with a letter');

/** Indian Financial System Code: four bank letters, a zero, six branch letters or digits (RBI). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI virtual payment address: "name@bank" (NPCI's handle rules). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

/**
 * Bank details printed on the invoice (issue 9). Absent keeps the stored value (older clients
 * do not send it); null or "" clears it.
 */
function bankField(label: string, max: number, pattern?: RegExp, patternMessage?: string, normalise: (value: string) => string = (value) => value) {
  return z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((value) => (value === undefined ? undefined : normalise((value ?? "").trim()) || null))
    .refine((value) => value == null || value.length <= max, `${label} must be at most ${max} characters`)
    .refine((value) => value == null || isSafeText(value), UNSAFE_TEXT_MESSAGE)
    .refine((value) => value == null || !pattern || pattern.test(value), patternMessage ?? `${label} is not valid`);
}

export const bankFields = {
  bankName: bankField("Bank name", 100),
  bankAccountNumber: bankField("Bank account number", 18, /^[0-9]{9,18}$/, "Bank account number must be 9 to 18 digits", (value) => value.replace(/\s+/g, "")),
  bankIfsc: bankField("IFSC", 11, IFSC_PATTERN, "IFSC must be 11 characters like SBIN0001234 (four letters, 0, then six letters or digits)", (value) => value.toUpperCase()),
  upiId: bankField("UPI ID", 321, UPI_ID_PATTERN, "UPI ID must look like name@bank"),
};

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
    gstRegistrationDate: gstRegistrationDateField,
    invoicePrefix: invoicePrefixField,
    /** Round invoice totals to the rupee (default on); absent keeps the stored choice. */
    roundOff: z.boolean({ error: "Round-off must be true or false" }).optional(),
    ...bankFields,
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
  /** "YYYY-MM-DD"; null: not given, returns are due from the month the account was created. */
  gstRegistrationDate: string | null;
  /** The invoice series' prefix ("INV" unless changed). */
  invoicePrefix: string;
  /** Invoice totals are rounded to the rupee, the difference a "Round off" line (GST.md §2.3). */
  roundOff: boolean;
  /** Issue 9: printed on the invoice with a UPI QR for the amount due; null: not given. */
  bankName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  upiId: string | null;
}
