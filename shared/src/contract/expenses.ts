import { z } from "zod";
import { dateField, optionalDateField, optionalText, requiredText, safeString } from "./fields.ts";
import { isPlaceOfSupplyCode } from "./gst/tax.ts";
import { moneyField } from "./products.ts";

export const EXPENSE_CATEGORIES = [
  "Office Rent",
  "Utilities",
  "Marketing",
  "Supplies",
  "Travel",
  "Equipment",
  "Professional Services",
  "Insurance",
  "Other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** SPEC §5: expense GST is fixed at 18% of the amount (the amount is the base). */
export const EXPENSE_GST_RATE = 18;

/** POST /api/expenses and PUT /api/expenses/{id}. gstAmount from the client is ignored: the server computes it. */
export const expenseInputSchema = z.object({
  vendorId: safeString("Vendor must be chosen from your vendors").trim().nullish().transform((value) => (value ? value : null)),
  category: z.enum(EXPENSE_CATEGORIES, { error: "Category is required" }),
  description: requiredText("Description is required", 500),
  amount: moneyField("Amount", { required: "Amount is required" }),
  gstAmount: z.union([z.string(), z.number()]).nullish(),
  date: dateField("Date"),
  // Purchase details GST needs for input tax credit (SPEC §3 expenses entity).
  vendorInvoiceNumber: optionalText(16),
  vendorInvoiceDate: optionalDateField("Vendor invoice date"),
  placeOfSupply: safeString()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isPlaceOfSupplyCode(value), "Place of supply must be a two-digit state code"),
  hsnCode: safeString()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^(\d{4}|\d{6}|\d{8})$/.test(value), "HSN code must be 4, 6 or 8 digits"),
  eligibleForItc: z.boolean({ error: "Eligible for ITC must be true or false" }).optional().default(true),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

export interface Expense {
  id: string;
  userId: string;
  vendorId: string | null;
  vendor: { name: string; gstNumber: string | null } | null;
  category: ExpenseCategory;
  description: string;
  /** The base amount, before GST. */
  amount: string;
  gstRate: string;
  gstAmount: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  /** amount + gstAmount */
  total: string;
  date: string;
  placeOfSupply: string | null;
  vendorInvoiceNumber: string | null;
  vendorInvoiceDate: string | null;
  hsnCode: string | null;
  eligibleForItc: boolean;
  createdAt: string;
  updatedAt: string;
}
