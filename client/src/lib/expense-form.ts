import {
  computeLine,
  EXPENSE_GST_RATE,
  expenseInputSchema,
  formatPaise,
  indianDateOf,
  isMoneyString,
  isPlaceOfSupplyCode,
  stateCodeFromGstin,
  toPaise,
} from "@bahi/shared/contract";
import type { Expense, ExpenseInput, Paise, StateTaxLabel, TaxKind } from "@bahi/shared/contract";
import { z } from "zod";

/** The vendor and place-of-supply selects' "nothing chosen" item (a Radix item cannot hold ""). */
export const NONE = "none";

const noneToNull = (value: string | null | undefined) => (value && value !== NONE ? value : null);

/**
 * The shared expense schema with the selects' "none" read as "not given". Its messages are the
 * contract's ('Amount is required', 'Category is required'...).
 */
export const expenseFormSchema = expenseInputSchema.extend({
  vendorId: z.string().nullish().transform(noneToNull),
  placeOfSupply: z
    .string()
    .nullish()
    .transform((value) => noneToNull(value?.trim()))
    .refine((value) => value === null || isPlaceOfSupplyCode(value), "Place of supply must be a two-digit state code"),
});

export type ExpenseFormValues = z.input<typeof expenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof expenseFormSchema>;

/** POST/PUT /api/expenses as the client sends it: the date as an ISO timestamp (SPEC §5). */
export type ExpenseBody = Omit<ExpenseInput, "gstAmount"> & { gstAmount: string };

/** The form's starting values: an existing expense, or a new one dated today (India). */
export function expenseFormValues(expense: Expense | null, today: Date): ExpenseFormValues {
  return {
    vendorId: expense?.vendorId ?? NONE,
    category: expense?.category ?? ("" as ExpenseFormValues["category"]),
    description: expense?.description ?? "",
    amount: expense?.amount ?? "",
    date: indianDateOf(expense?.date ?? today),
    vendorInvoiceNumber: expense?.vendorInvoiceNumber ?? "",
    vendorInvoiceDate: expense?.vendorInvoiceDate ? indianDateOf(expense.vendorInvoiceDate) : "",
    placeOfSupply: expense?.placeOfSupply ?? NONE,
    hsnCode: expense?.hsnCode ?? "",
    eligibleForItc: expense?.eligibleForItc ?? true,
  };
}

/** Whether an expense carries any of the purchase details, so editing opens that section. */
export function hasPurchaseDetails(expense: Expense | null): boolean {
  return Boolean(expense && (expense.vendorInvoiceNumber || expense.vendorInvoiceDate || expense.placeOfSupply || expense.hsnCode || !expense.eligibleForItc));
}

/** "2026-06-15" → the instant India's 15 June begins, as ISO: the server files it under that Indian date. */
export function indianDayToIso(day: string): string {
  return new Date(`${day}T00:00:00+05:30`).toISOString();
}

/**
 * The request body. The expense date goes as an ISO timestamp; the vendor's invoice date is a
 * document date and goes as the calendar date. gstAmount is what the summary showed (the
 * server recomputes it and ignores ours, SPEC §5).
 */
export function buildExpenseBody(values: ExpenseFormOutput, gstPaise: Paise): ExpenseBody {
  return {
    vendorId: values.vendorId,
    category: values.category,
    description: values.description,
    amount: values.amount,
    gstAmount: formatPaise(gstPaise),
    date: indianDayToIso(values.date),
    vendorInvoiceNumber: values.vendorInvoiceNumber,
    vendorInvoiceDate: values.vendorInvoiceDate ? indianDateOf(values.vendorInvoiceDate) : null,
    placeOfSupply: values.placeOfSupply,
    hsnCode: values.hsnCode,
    eligibleForItc: values.eligibleForItc,
  };
}

/** Why the summary splits GST the way it does. */
export type ExpenseTaxBasis =
  /** The vendor's GSTIN state against the business's state. */
  | "vendor-gstin"
  /** No vendor GSTIN: the place of supply entered, against the business's state. */
  | "place-of-supply"
  /** Nothing names a state other than the business's own: a local purchase. */
  | "local";

export interface ExpenseTaxPreview {
  basePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  gstPaise: Paise;
  totalPaise: Paise;
  taxKind: TaxKind;
  stateTaxLabel: StateTaxLabel;
  basis: ExpenseTaxBasis;
  /** The supplier's state code the split used, and the business's (null when no profile state). */
  supplierState: string;
  businessState: string | null;
}

/** Where no state is known at all the server takes the purchase as local; any non-UT state gives that split. */
const ASSUMED_LOCAL = "27";

/**
 * GST at 18% of the amount, split exactly as the server splits it (command-api expenses): the
 * vendor's GSTIN state, else the place of supply entered, else the business's state, against
 * the business's state; CGST + SGST within a state, IGST across. Null while the amount is not
 * an amount above 0.
 */
export function expenseTaxPreview(input: {
  amount: string | number | null | undefined;
  vendorGstin: string | null | undefined;
  placeOfSupply: string | null | undefined;
  businessState: string | null | undefined;
}): ExpenseTaxPreview | null {
  const text = String(input.amount ?? "").trim();
  if (!isMoneyString(text)) return null;
  const basePaise = toPaise(text);
  if (basePaise <= 0) return null;

  const businessState = input.businessState || null;
  const vendorState = input.vendorGstin ? stateCodeFromGstin(input.vendorGstin) : null;
  const place = input.placeOfSupply && input.placeOfSupply !== NONE ? input.placeOfSupply : null;
  const supplierState = vendorState ?? place ?? businessState ?? ASSUMED_LOCAL;
  const basis: ExpenseTaxBasis = vendorState ? "vendor-gstin" : place ? "place-of-supply" : "local";
  let tax;
  try {
    tax = computeLine(
      { quantity: 1, pricePaise: basePaise, rateBasisPoints: EXPENSE_GST_RATE * 100 },
      { supplierState, placeOfSupply: businessState ?? supplierState },
    );
  } catch {
    // An amount too large to tax exactly, or a state code the GST module does not know.
    return null;
  }
  return {
    basePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
    gstPaise: tax.taxPaise,
    totalPaise: tax.amountPaise,
    taxKind: tax.taxKind,
    stateTaxLabel: tax.stateTaxLabel,
    basis,
    supplierState,
    businessState,
  };
}
