import {
  DEFAULT_GST_RATE,
  expenseInputSchema,
  formatPaise,
  indianDateOf,
  isMoneyString,
  isPlaceOfSupplyCode,
  ITC_DEFAULTS,
  PURCHASE_DOCUMENT_TYPES,
  purchaseTax,
  RCM_SERVICES,
  stateCodeFromGstin,
  stateTaxLabelOf,
  TAXABILITIES,
  toPaise,
} from "@bahi/shared/contract";
import type { Expense, ExpenseCategory, Paise, PurchaseDocumentType, ReverseChargeService, StateTaxLabel, Taxability, TaxKind } from "@bahi/shared/contract";
import { z } from "zod";

/** The selects' "nothing chosen" item (a Radix item cannot hold ""). */
export const NONE = "none";

const noneToNull = (value: string | null | undefined) => (value && value !== NONE ? value : null);

export const DOCUMENT_TYPE_LABELS: Readonly<Record<PurchaseDocumentType, string>> = { bill: "Bill", credit_note: "Credit note", debit_note: "Debit note" };
export const TAXABILITY_LABELS: Readonly<Record<Taxability, string>> = { taxable: "Taxable", nil: "Nil-rated", exempt: "Exempt", "non-gst": "Non-GST" };

/** The contract's own fields (and messages: 'Amount is required', 'Category is required'...). */
const contract = expenseInputSchema.in.shape;

/**
 * The purchase form: the contract's fields, with the selects' "none" read as "not given", the
 * rate and the GST figure as typed (the GST blank means "as computed"), and the rules the
 * server applies to notes, reverse charge and ITC overrides checked before sending.
 */
export const expenseFormSchema = z
  .object({
    vendorId: z.string().nullish().transform(noneToNull),
    category: contract.category,
    description: contract.description,
    amount: contract.amount,
    date: contract.date,
    vendorInvoiceNumber: contract.vendorInvoiceNumber,
    vendorInvoiceDate: contract.vendorInvoiceDate,
    placeOfSupply: z
      .string()
      .nullish()
      .transform((value) => noneToNull(value?.trim()))
      .refine((value) => value === null || isPlaceOfSupplyCode(value), "Place of supply must be a two-digit state code"),
    hsnCode: contract.hsnCode,
    documentType: z.enum(PURCHASE_DOCUMENT_TYPES),
    againstExpenseId: z.string().nullish().transform(noneToNull),
    taxability: z.enum(TAXABILITIES),
    gstRate: z.string(),
    gstAmount: z
      .string()
      .trim()
      .refine((value) => value === "" || isMoneyString(value), "GST amount must be an amount like 90 or 90.50"),
    reverseCharge: z.boolean(),
    reverseChargeService: z.string().nullish().transform(noneToNull),
    eligibleForItc: z.boolean(),
    itcReason: z.string().trim(),
    isCapitalGoods: z.boolean(),
  })
  .superRefine((input, ctx) => {
    if (input.documentType !== "bill" && !input.againstExpenseId) {
      ctx.addIssue({ code: "custom", path: ["againstExpenseId"], message: "Choose the bill this note adjusts" });
    }
    if (input.reverseCharge && !input.reverseChargeService) {
      ctx.addIssue({ code: "custom", path: ["reverseChargeService"], message: "Choose the notified supply (Notification 13/2017-CT(R))" });
    }
    const itcDefault = ITC_DEFAULTS[input.category];
    if (itcDefault && input.eligibleForItc !== itcDefault.eligible && input.itcReason === "") {
      ctx.addIssue({
        code: "custom",
        path: ["itcReason"],
        message: itcDefault.eligible ? "Say why this bill's ITC is not claimed" : `Say why ITC is claimed although ${itcDefault.rule} blocks it`,
      });
    }
  });

export type ExpenseFormValues = z.input<typeof expenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof expenseFormSchema>;

/** POST/PUT /api/expenses as the client sends it: the date as an ISO timestamp (SPEC §5), money as strings. */
export interface ExpenseBody {
  vendorId: string | null;
  category: ExpenseCategory;
  description: string;
  amount: string;
  /** The bill's GST when typed; null: the server computes it. */
  gstAmount: string | null;
  date: string;
  vendorInvoiceNumber: string | null;
  vendorInvoiceDate: string | null;
  placeOfSupply: string | null;
  hsnCode: string | null;
  documentType: PurchaseDocumentType;
  againstExpenseId: string | null;
  gstRate: string | null;
  taxability: Taxability;
  reverseCharge: boolean;
  reverseChargeService: ReverseChargeService | null;
  eligibleForItc: boolean;
  itcReason: string | null;
  isCapitalGoods: boolean;
  /** Confirms recording a purchase dated in a filed period in the next open one (409 PERIOD_FILED). */
  reportInNextOpenPeriod?: boolean;
}

/** "Input tax credit: eligible (s.16(1))" or "Input tax credit: blocked — s.17(5)(b)(i)". */
export function itcDefaultText(category: string | null | undefined): string | null {
  const itcDefault = category ? ITC_DEFAULTS[category as ExpenseCategory] : undefined;
  if (!itcDefault) return null;
  return itcDefault.eligible ? `Input tax credit: eligible (${itcDefault.rule})` : `Input tax credit: blocked — ${itcDefault.rule}`;
}

export const RCM_OPTIONS = Object.entries(RCM_SERVICES).map(([value, label]) => ({ value, label }));

/** The form's starting values: an existing expense, or a new bill dated today (India). */
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
    documentType: expense?.documentType ?? "bill",
    againstExpenseId: expense?.againstExpenseId ?? NONE,
    taxability: expense?.taxability ?? "taxable",
    // A recorded bill keeps its rate (0 when no GST was charged: the suggestion then).
    gstRate: expense && expense.taxability === "taxable" && Number(expense.gstRate) > 0 ? String(Number(expense.gstRate)) : String(DEFAULT_GST_RATE),
    // Worked out from the amount and rate; the dialog keeps a figure typed from the bill (keptGstAmount).
    gstAmount: "",
    reverseCharge: expense?.reverseCharge ?? false,
    reverseChargeService: expense?.reverseChargeService ?? NONE,
    eligibleForItc: expense?.eligibleForItc ?? true,
    itcReason: expense?.itcReason ?? "",
    isCapitalGoods: expense?.isCapitalGoods ?? false,
  };
}

/**
 * The GST figure an edit starts from: the one recorded when it was typed from the bill (it
 * differs from rate × amount), else "" so the figure follows the amount and rate as they change.
 */
export function keptGstAmount(expense: Expense | null, preview: Pick<ExpenseTaxPreview, "computedGstPaise"> | null): string {
  if (!expense || !preview || !isMoneyString(expense.gstAmount)) return "";
  return toPaise(expense.gstAmount) === preview.computedGstPaise ? "" : expense.gstAmount;
}

/** Whether an expense carries any of the vendor-invoice details, so editing opens that section. */
export function hasPurchaseDetails(expense: Expense | null): boolean {
  return Boolean(expense && (expense.vendorInvoiceNumber || expense.vendorInvoiceDate || expense.placeOfSupply || expense.hsnCode));
}

/** "2026-06-15" → the instant India's 15 June begins, as ISO: the server files it under that Indian date. */
export function indianDayToIso(day: string): string {
  return new Date(`${day}T00:00:00+05:30`).toISOString();
}

/**
 * The request body. The expense date goes as an ISO timestamp; the vendor's invoice date is a
 * document date and goes as the calendar date. gstAmount goes only when the user typed the
 * bill's figure; otherwise the server computes the same figure the summary showed.
 */
export function buildExpenseBody(values: ExpenseFormOutput): ExpenseBody {
  const itcDefault = ITC_DEFAULTS[values.category];
  const overridden = values.eligibleForItc !== itcDefault.eligible;
  const taxable = values.taxability === "taxable";
  return {
    vendorId: values.vendorId,
    category: values.category,
    description: values.description,
    amount: values.amount,
    gstAmount: values.gstAmount === "" ? null : formatPaise(toPaise(values.gstAmount)),
    date: indianDayToIso(values.date),
    vendorInvoiceNumber: values.vendorInvoiceNumber,
    vendorInvoiceDate: values.vendorInvoiceDate ? indianDateOf(values.vendorInvoiceDate) : null,
    placeOfSupply: values.placeOfSupply,
    hsnCode: values.hsnCode,
    documentType: values.documentType,
    againstExpenseId: values.documentType === "bill" ? null : values.againstExpenseId,
    gstRate: taxable ? values.gstRate : null,
    taxability: values.taxability,
    reverseCharge: values.reverseCharge,
    reverseChargeService: values.reverseCharge ? (values.reverseChargeService as ReverseChargeService | null) : null,
    eligibleForItc: values.eligibleForItc,
    itcReason: overridden ? values.itcReason : null,
    isCapitalGoods: values.isCapitalGoods,
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
  /** rate × amount, what the GST field offers before the bill's own figure is typed. */
  computedGstPaise: Paise;
  /** What is paid to the supplier: amount + GST, or the amount alone under reverse charge. */
  totalPaise: Paise;
  /** "5", "18"... the rate charged; "0" when no GST is charged. */
  ratePercent: string;
  taxKind: TaxKind;
  stateTaxLabel: StateTaxLabel;
  basis: ExpenseTaxBasis;
  /** Why no GST is charged, when none is: a supplier without a GSTIN, a nil-rated bill... */
  noTaxReason: string | null;
  reverseCharge: boolean;
  /** A refusal of the rate or of the typed GST, in the server's words. */
  error: { path: "gstRate" | "gstAmount"; message: string } | null;
  /** The supplier's state code the split used, and the business's (null when no profile state). */
  supplierState: string;
  businessState: string | null;
}

/** Where no state is known at all the server takes the purchase as local; any non-UT state gives that split. */
const ASSUMED_LOCAL = "27";

const NO_TAX_REASONS: Readonly<Record<Exclude<Taxability, "taxable">, string>> = {
  nil: "A nil-rated supply carries no GST",
  exempt: "An exempt supply carries no GST",
  "non-gst": "A non-GST supply carries no GST",
};

export const NO_GSTIN_NOTE = "A supplier without a GSTIN charges no GST";

/**
 * The bill's GST as the server works it out (purchaseTax, command-api purchaseFacts): the
 * vendor's GSTIN state, else the place of supply, else the business's state, against the place
 * of supply (else the business's state). Null while the amount is not an amount above 0.
 */
export function expenseTaxPreview(input: {
  amount: string | number | null | undefined;
  vendorGstin: string | null | undefined;
  placeOfSupply: string | null | undefined;
  businessState: string | null | undefined;
  taxability?: Taxability;
  gstRate?: string | null;
  reverseCharge?: boolean;
  /** "YYYY-MM-DD": the vendor's invoice date, else the expense date. */
  billDate: string;
  /** The GST typed from the bill ("" or null: as computed). */
  typedGst?: string | null;
}): ExpenseTaxPreview | null {
  const text = String(input.amount ?? "").trim();
  if (!isMoneyString(text)) return null;
  const basePaise = toPaise(text);
  if (basePaise <= 0 || !Number.isSafeInteger(basePaise)) return null;

  const businessState = input.businessState || null;
  const vendorState = input.vendorGstin ? stateCodeFromGstin(input.vendorGstin) : null;
  const place = input.placeOfSupply && input.placeOfSupply !== NONE ? input.placeOfSupply : null;
  const supplierState = vendorState ?? place ?? businessState ?? ASSUMED_LOCAL;
  const placeOfSupply = place ?? businessState ?? supplierState;
  const basis: ExpenseTaxBasis = vendorState ? "vendor-gstin" : place ? "place-of-supply" : "local";
  const taxability = input.taxability ?? "taxable";
  const reverseCharge = input.reverseCharge ?? false;
  const typedText = (input.typedGst ?? "").trim();
  const typedGstPaise = typedText !== "" && isMoneyString(typedText) ? toPaise(typedText) : null;
  let date: string;
  try {
    date = indianDateOf(input.billDate);
  } catch {
    return null;
  }
  const common = {
    amountPaise: basePaise,
    ratePercent: input.gstRate || null,
    date,
    taxability,
    supplierHasGstin: vendorState !== null,
    reverseCharge,
    supplierState,
    placeOfSupply,
  };
  const computed = purchaseTax(common);
  const tax = typedGstPaise === null ? computed : purchaseTax({ ...common, typedGstPaise });
  const shown = tax.ok ? tax : computed.ok ? computed : null;
  const gstPaise = shown?.gstPaise ?? 0;
  const noTaxReason = taxability !== "taxable" ? NO_TAX_REASONS[taxability] : vendorState === null && !reverseCharge ? NO_GSTIN_NOTE : null;
  return {
    basePaise,
    cgstPaise: shown?.cgstPaise ?? 0,
    sgstPaise: shown?.sgstPaise ?? 0,
    igstPaise: shown?.igstPaise ?? 0,
    gstPaise,
    computedGstPaise: computed.ok ? computed.gstPaise : 0,
    totalPaise: basePaise + (reverseCharge ? 0 : gstPaise),
    ratePercent: shown ? String(shown.rateBasisPoints / 100) : "0",
    taxKind: supplierState === placeOfSupply ? "intra" : "inter",
    stateTaxLabel: stateTaxLabelOf({ supplierState, placeOfSupply }),
    basis,
    noTaxReason,
    reverseCharge,
    error: tax.ok ? (computed.ok ? null : { path: computed.path, message: computed.message }) : { path: tax.path, message: tax.message },
    supplierState,
    businessState,
  };
}
