import { z } from "zod";
import { dateField, isSafeText, optionalGstinField, optionalText, safeString, UNSAFE_TEXT_MESSAGE } from "./fields.ts";
import { STATE_NAMES } from "./gstin.ts";
import { lutFields, lutProblems } from "./supply.ts";
import { COMPOSITION_CATEGORIES, COMPOSITION_CATEGORY_REQUIRED, type CompositionCategory } from "./gst/composition.ts";

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

/** An Indian postal PIN: six digits, the first not 0 (the e-invoice schema's rule). */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * The business's PIN code (issue 9): printed with the address and used for e-invoices and
 * e-way bills. Absent keeps the stored PIN (older clients do not send it); null or "" clears it.
 */
export const pinCodeField = z
  .union([z.string(), z.number(), z.null()], { error: "PIN code must be 6 digits" })
  .optional()
  .transform((value) => (value === undefined ? undefined : String(value ?? "").replace(/\s+/g, "") || null))
  .refine((value) => value == null || PIN_CODE_PATTERN.test(value), "PIN code must be 6 digits, not starting with 0");

/** The logo kept in the BlobStore (issue 9); the profile names it. PNG or JPEG, at most 200 KB. */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export const LOGO_MAX_BYTES = 200 * 1024;
export interface ProfileLogo {
  hash: string;
  size: number;
  contentType: (typeof LOGO_TYPES)[number];
}

export const BUSINESS_TYPES = ["Proprietorship", "Partnership", "LLP", "Private Limited", "Public Limited", "Other"] as const;
export const GST_CATEGORIES = ["Regular", "Composition", "Unregistered"] as const;

/** PUT /api/profile. A GSTIN fixes the state and PAN; without one the business picks its state. */
export const profileSchema = z
  .object({
    companyName: optionalText(200),
    phone: optionalText(30),
    gstNumber: optionalGstinField,
    businessAddress: optionalText(500),
    businessType: z
      .enum(BUSINESS_TYPES, { error: "Choose a business type" })
      .nullish()
      .transform((v) => v ?? null),
    gstCategory: z
      .enum(GST_CATEGORIES, { error: "Choose a GST category" })
      .nullish()
      .transform((v) => v ?? null),
    /**
     * Issue 9: what a composition business does, which fixes its Rule 7 rate. Required for
     * Composition (absent keeps the stored one; the decider refuses when there is none).
     */
    compositionCategory: z.enum(COMPOSITION_CATEGORIES, { error: COMPOSITION_CATEGORY_REQUIRED }).nullish(),
    stateCode: safeString("Choose your state")
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || Object.hasOwn(STATE_NAMES, value), "Choose your state"),
    gstRegistrationDate: gstRegistrationDateField,
    invoicePrefix: invoicePrefixField,
    /** Round invoice totals to the rupee (default on); absent keeps the stored choice. */
    roundOff: z.boolean({ error: "Round-off must be true or false" }).optional(),
    /** Aggregate turnover last financial year above ₹5 crore: 6-digit HSN (Notification 78/2020); absent keeps the stored answer. */
    turnoverAbove5Crore: z.boolean({ error: "Turnover above ₹5 crore must be true or false" }).optional(),
    /** Issue 9: sell more than is in stock (off: "Only N in stock"); absent keeps the stored choice. */
    allowNegativeStock: z.boolean({ error: "Allow negative stock must be true or false" }).optional(),
    pinCode: pinCodeField,
    ...bankFields,
    /** Issue 9: the Letter of Undertaking for exports and SEZ supplies without IGST. */
    ...lutFields,
  })
  .superRefine((profile, ctx) => {
    for (const problem of lutProblems(profile)) ctx.addIssue({ code: "custom", ...problem });
    if (!profile.gstNumber && !profile.stateCode) ctx.addIssue({ code: "custom", path: ["stateCode"], message: "Choose your state" });
    // s.22, s.25: a regular or composition taxpayer is registered, so it has a GSTIN; without one a
    // business may not charge GST (s.31) and issues bills without tax as "Unregistered".
    if (!profile.gstNumber && (profile.gstCategory === "Regular" || profile.gstCategory === "Composition")) {
      ctx.addIssue({ code: "custom", path: ["gstNumber"], message: `A ${profile.gstCategory.toLowerCase()} GST business has a GSTIN: enter it, or choose Unregistered` });
    }
    if (profile.gstCategory === "Composition" && profile.compositionCategory === null)
      ctx.addIssue({ code: "custom", path: ["compositionCategory"], message: COMPOSITION_CATEGORY_REQUIRED });
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
  /** Issue 9: set only when gstCategory is "Composition" (Rule 7's rate follows it). */
  compositionCategory: CompositionCategory | null;
  stateCode: string | null;
  panNumber: string | null;
  /** "YYYY-MM-DD"; null: not given, returns are due from the month the account was created. */
  gstRegistrationDate: string | null;
  /** The invoice series' prefix ("INV" unless changed). */
  invoicePrefix: string;
  /** Invoice totals are rounded to the rupee, the difference a "Round off" line (GST.md §2.3). */
  roundOff: boolean;
  /** Issue 9: aggregate turnover last financial year above ₹5 crore: products need 6-digit HSN/SAC, else 4 (Notification 78/2020). */
  turnoverAbove5Crore: boolean;
  /** Issue 9: selling more than is in stock is allowed (stock goes negative); off by default. */
  allowNegativeStock: boolean;
  /** Issue 9: printed on the invoice with a UPI QR for the amount due; null: not given. */
  bankName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  upiId: string | null;
  /** Issue 9: the Letter of Undertaking (its ARN) and the dates it covers, "YYYY-MM-DD"; null: none filed. */
  lutNumber: string | null;
  lutValidFrom: string | null;
  lutValidUntil: string | null;
  /** Issue 9: the business's PIN code, printed with its address and used for e-invoices and e-way bills. */
  pinCode: string | null;
  /** Issue 9: the logo printed on the invoice; null: none uploaded. GET /api/profile/logo serves it. */
  logo: ProfileLogo | null;
}
