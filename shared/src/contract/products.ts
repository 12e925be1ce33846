import { z } from "zod";
import { optionalText, requiredText } from "./fields.ts";
import { isMoneyString, toPaise, formatPaise } from "./money.ts";
import { GST_RATES, DEFAULT_GST_RATE } from "./gst/rates.ts";
import { percentToBasisPoints } from "./gst/tax.ts";
import { PRODUCT_TAXABILITIES, TAXABILITY_LABELS, type ProductTaxability } from "./gst/composition.ts";
import { quantityField, uqcField } from "./quantityFields.ts";
import { PRODUCT_KINDS, type ProductKind } from "./gst/hsnDigits.ts";
import { barcodeField } from "./barcode.ts";

export * from "./barcode.ts";

export const PRODUCT_CATEGORIES = ["Electronics", "Clothing", "Home & Garden", "Books", "Sports", "Other"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** A whole number from a number or a numeric string; empty means `fallback` (SPEC §5: empty becomes 0). */
function wholeNumber(message: string, fallback: number) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? fallback : Number(value)))
    .refine((value) => Number.isInteger(value) && Math.abs(value) <= 1_000_000_000, "Must be a whole number");
}

export function moneyField(label: string, options: { required?: string } = {}) {
  const message = `${label} must be an amount like 499 or 499.50`;
  return z
    .union([z.string(), z.number()], { error: options.required ?? message })
    .nullish()
    .refine((value) => !(options.required && (value === undefined || value === null || value === "")), options.required ?? message)
    .transform((value) => (value === undefined || value === null || value === "" ? "0" : String(value)))
    .refine((value) => isMoneyString(value), message)
    .transform((value) => formatPaise(toPaise(value)));
}

const KNOWN_RATES = new Set(GST_RATES.map((rate) => rate.rateBasisPoints));

/** A GST rate in percent ("18", 18, "0.25"); one of the rates GST has had. Comes out as basis points. */
export function gstRateField(requiredMessage = "GST rate is required") {
  return z
    .union([z.string(), z.number()], { error: requiredMessage })
    .refine((value) => value !== "", requiredMessage)
    .transform((value, ctx) => {
      try {
        return percentToBasisPoints(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "GST rate must be a percentage such as 5 or 18" });
        return z.NEVER;
      }
    })
    .refine((basisPoints) => KNOWN_RATES.has(basisPoints), "GST rate must be one of the GST slabs (0, 5, 12, 18, 28 or 40)");
}

const hsnField = z
  .string({ error: "HSN code must be 4, 6 or 8 digits" })
  .trim()
  .nullish()
  // Typed as printed ("3306 10 10", "3306.10"): the code is its digits.
  .transform((value) => (value ? value.replace(/[\s.]/g, "") : null))
  .refine((value) => value === null || /^(\d{4}|\d{6}|\d{8})$/.test(value), "HSN code must be 4, 6 or 8 digits");

/**
 * Compensation cess (GST.md §2.2), ad valorem: a percent with up to two decimals, 0–100;
 * empty is none. Comes out as basis points.
 */
const cessRateField = z
  .union([z.string(), z.number()], { error: "Cess rate must be a percentage such as 5 or 12.5" })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return 0;
    try {
      return percentToBasisPoints(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Cess rate must be a percentage from 0 to 100 with at most two decimals" });
      return z.NEVER;
    }
  });

const CESS_PER_UNIT = /^(\d{1,7})(?:\.(\d{1,3}))?$/;

/** "1.591" → 1591 thousandths of a rupee; specific cess is stated per thousand units, so 3 decimals. */
export function parseCessPerUnit(text: string): number | null {
  const match = CESS_PER_UNIT.exec(text.trim());
  return match ? Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0")) : null;
}

/** 1591 → "1.591", 0 → "0.000". */
export function formatCessPerUnit(millirupees: number): string {
  return `${Math.trunc(millirupees / 1000)}.${(millirupees % 1000).toString().padStart(3, "0")}`;
}

/** Specific cess in rupees per unit with up to three decimals ("1.591" for Rs 1591 per thousand); empty is none. */
const cessPerUnitField = z
  .union([z.string(), z.number()], { error: "Cess per unit must be an amount like 1.591" })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return 0;
    const parsed = parseCessPerUnit(String(value));
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: "Cess per unit must be an amount in rupees with at most three decimals, like 1.591" });
      return z.NEVER;
    }
    return parsed;
  });

const skuField = requiredText("SKU is required", 40)
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[A-Z0-9][A-Z0-9._/-]*$/.test(value), "SKU may contain only letters, digits, '.', '_', '/' and '-'");

const productFields = {
  name: requiredText("Product name is required"),
  description: optionalText(1000),
  sku: skuField,
  category: z.enum(PRODUCT_CATEGORIES, { error: "Category is required" }),
  price: moneyField("Price"),
  minStock: wholeNumber("Minimum stock cannot be negative", 10).refine((n) => n >= 0, "Minimum stock cannot be negative"),
  /** Absent: 18% for a taxable product, 0 for the others (rateFollowsTaxability). */
  gstRate: gstRateField().optional(),
  /** Issue 9: nil-rated, exempt or non-GST supplies carry no rate and go on bills of supply (Rule 49). */
  taxability: z.enum(PRODUCT_TAXABILITIES, { error: "Tax treatment must be taxable, nil, exempt or nonGst" }).optional().default("taxable"),
  hsnCode: hsnField,
  /** Issue 9: goods take an HSN, services a SAC (99…); absent: from the code. The route checks the code against the master. */
  kind: z.enum(PRODUCT_KINDS, { error: 'Kind must be "goods" or "services"' }).nullish(),
  cessRate: cessRateField,
  cessPerUnit: cessPerUnitField,
  /** Issue 9: the unit of measure (UQC); absent: "NOS" for a new product, the stored unit on an edit. */
  unit: uqcField,
  /** Issue 10: EAN/UPC with a valid check digit, or any other printable code; empty is none. */
  barcode: barcodeField,
};

/**
 * Issue 9: a nil-rated, exempt or non-GST product has no GST rate, so a non-zero one given with
 * it is refused rather than silently dropped; a taxable product without one gets the default.
 */
function rateFollowsTaxability<T extends { gstRate?: number | undefined; taxability: ProductTaxability }>(product: T, ctx: z.RefinementCtx): T & { gstRate: number } {
  if (product.taxability !== "taxable" && product.gstRate) {
    ctx.addIssue({ code: "custom", path: ["gstRate"], message: `${TAXABILITY_LABELS[product.taxability]} products carry no GST: set the GST rate to 0 or choose "Taxable"` });
    return z.NEVER;
  }
  return { ...product, gstRate: product.taxability === "taxable" ? (product.gstRate ?? DEFAULT_GST_RATE * 100) : 0 };
}

/** POST /api/products: opening stock and the active flag come with the first version only. */
export const productCreateSchema = z
  .object({
    ...productFields,
    /** Issue 9: up to 3 decimals for a measured unit (the decider checks the unit). */
    stock: quantityField("Stock cannot be negative", 0).refine((n) => n >= 0, "Stock cannot be negative"),
    isActive: z.boolean({ error: "Active must be true or false" }).optional().default(true),
  })
  .transform(rateFollowsTaxability);
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PUT /api/products/{id}: stock changes go through receipts and adjustments, never an edit. */
export const productUpdateSchema = z.object(productFields).transform(rateFollowsTaxability);
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const productActiveSchema = z.object({ isActive: z.boolean({ error: "Active must be true or false" }) });

export const stockReceiptSchema = z.object({
  quantity: quantityField("Quantity must be more than 0", 0).refine((n) => n > 0, "Quantity must be more than 0"),
  note: optionalText(200),
});

export const stockAdjustmentSchema = z.object({
  quantityDelta: quantityField("Enter how many units to add or remove", 0).refine((n) => n !== 0, "Enter how many units to add or remove"),
  reason: requiredText("Reason is required", 200),
});

export interface Product {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  sku: string;
  category: ProductCategory;
  /** Two-decimal rupees, before GST. */
  price: string;
  /** Units on hand: opening stock + receipts ± adjustments − invoiced quantities; up to 3 decimals (7.5). */
  stock: number;
  /** Issue 9: the unit of measure, a UQC ("NOS" for products saved before units were asked). */
  unit: string;
  minStock: number;
  /** Percent, e.g. "18" or "0.25". */
  gstRate: string;
  hsnCode: string | null;
  /** Issue 9: goods (HSN) or services (SAC); products saved before: from the code. */
  kind: ProductKind;
  /** Issue 9: "taxable" unless the product is nil-rated, exempt or non-GST (then gstRate is "0"). */
  taxability: ProductTaxability;
  /** Issue 9: compensation cess, percent ("0" when none) and rupees per unit ("0.000" when none). */
  cessRate: string;
  cessPerUnit: string;
  /** Issue 10: the code on the pack; null when none (and on products saved before barcodes). */
  barcode: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}
