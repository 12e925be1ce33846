import { z } from "zod";
import { dateField, optionalDateField, optionalText, requiredText, safeString } from "./fields.ts";
import { isPlaceOfSupplyCode, percentToBasisPoints } from "./gst/tax.ts";
import { isMoneyString, toPaise } from "./money.ts";
import { moneyField } from "./products.ts";

export const EXPENSE_CATEGORIES = [
  "Office Rent",
  "Utilities",
  "Marketing",
  "Supplies",
  "Travel",
  "Equipment",
  "Professional Services",
  /** General insurance of goods or premises: eligible (only health and life cover is blocked). */
  "Insurance",
  "Other",
  // The s.17(5) categories (issue 8): their credit is blocked by default.
  "Food & Beverages",
  "Health & Life Insurance",
  "Club Membership",
  "Motor Vehicles",
  "Works Contract",
  "Personal Consumption",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export interface ItcDefault {
  readonly eligible: boolean;
  /** The section that decides it, shown beside the switch on the form. */
  readonly rule: string;
}

const ELIGIBLE: ItcDefault = { eligible: true, rule: "s.16(1)" };

/**
 * Whether a category's input tax credit is claimable unless the user says otherwise with a reason.
 * s.17(5) blocks credit whatever the bill says; everything else used in business is eligible
 * under s.16(1). The overrides exist because the law's exceptions depend on facts a category
 * cannot know (a motor vehicle used to transport goods, food served as an outward supply).
 */
export const ITC_DEFAULTS: Readonly<Record<ExpenseCategory, ItcDefault>> = {
  "Office Rent": ELIGIBLE,
  Utilities: ELIGIBLE,
  Marketing: ELIGIBLE,
  Supplies: ELIGIBLE,
  Travel: ELIGIBLE,
  Equipment: ELIGIBLE,
  "Professional Services": ELIGIBLE,
  Insurance: ELIGIBLE,
  Other: ELIGIBLE,
  "Food & Beverages": { eligible: false, rule: "s.17(5)(b)(i)" },
  "Health & Life Insurance": { eligible: false, rule: "s.17(5)(b)(i)" },
  "Club Membership": { eligible: false, rule: "s.17(5)(b)(ii)" },
  "Motor Vehicles": { eligible: false, rule: "s.17(5)(a)" },
  "Works Contract": { eligible: false, rule: "s.17(5)(c)/(d)" },
  "Personal Consumption": { eligible: false, rule: "s.17(5)(g)" },
};

/**
 * Supplies on which the recipient pays the tax (s.9(3)/(4)): Notification 13/2017-CT(R) as
 * amended (services) and 4/2017-CT(R) (goods). Code → label for the form's list.
 */
export const RCM_SERVICES = {
  gta: "Goods transport agency (GTA) services",
  legal: "Legal services by an advocate or a firm of advocates",
  "arbitral-tribunal": "Services by an arbitral tribunal",
  sponsorship: "Sponsorship services",
  "government-services": "Services by the Government or a local authority",
  "director-services": "Services by a director to the company",
  "insurance-agent": "Services by an insurance agent",
  "recovery-agent": "Services by a recovery agent",
  "author-copyright": "Copyright transferred by an author, composer, photographer or artist",
  "security-services": "Security services by a person other than a body corporate",
  "motor-vehicle-renting": "Renting of a motor vehicle by a person other than a body corporate",
  "renting-unregistered": "Renting of commercial property by an unregistered person (entry 5AB, from 10 Oct 2024)",
  "residential-dwelling": "Renting of a residential dwelling to a registered person (entry 5AA)",
  "lending-securities": "Lending of securities under SEBI's scheme",
  "notified-goods": "Notified goods (Notification 4/2017-CT(R): cashew nuts, tobacco leaves, silk yarn, ...)",
  other: "Another supply notified under s.9(3)",
} as const satisfies Record<string, string>;
export type ReverseChargeService = keyof typeof RCM_SERVICES;
const RCM_CODES = Object.keys(RCM_SERVICES) as [ReverseChargeService, ...ReverseChargeService[]];

export const PURCHASE_DOCUMENT_TYPES = ["bill", "credit_note", "debit_note"] as const;
export type PurchaseDocumentType = (typeof PURCHASE_DOCUMENT_TYPES)[number];

/** Nil-rated (0% in the rate schedules), exempt (Notification 2/2017-CT(R)) and non-GST supplies carry no tax. */
export const TAXABILITIES = ["taxable", "nil", "exempt", "non-gst"] as const;
export type Taxability = (typeof TAXABILITIES)[number];

/** SPEC §5's 18%: now only the form's suggestion for a taxable bill; the bill's own rate wins. */
export const EXPENSE_GST_RATE = 18;

const optionalBoolean = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

/**
 * The fields of POST/PUT /api/expenses, each checked on its own; `expenseInputSchema` adds the
 * rules between them. Exported so a form can `.extend` the fields and reuse the rules.
 */
export const expenseInputObject = z.object({
  vendorId: safeString("Vendor must be chosen from your vendors")
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  category: z.enum(EXPENSE_CATEGORIES, { error: "Category is required" }),
  description: requiredText("Description is required", 500),
  /** The taxable value. */
  amount: moneyField("Amount", { required: "Amount is required" }),
  /** The bill's GST as it shows it; absent → computed. Comes out in paise, or null. */
  gstAmount: z
    .union([z.string(), z.number()], { error: "GST amount must be an amount like 90 or 90.50" })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      if (!isMoneyString(String(value))) {
        ctx.addIssue({ code: "custom", message: "GST amount must be an amount like 90 or 90.50" });
        return z.NEVER;
      }
      return toPaise(String(value));
    }),
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
  documentType: z.enum(PURCHASE_DOCUMENT_TYPES, { error: "Document type must be bill, credit_note or debit_note" }).optional().default("bill"),
  againstExpenseId: safeString("The bill must be chosen from your expenses")
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Percent ("5", 18); in force on the bill date is checked by the server. Comes out as basis points, or null. */
  gstRate: z
    .union([z.string(), z.number()], { error: "GST rate must be a percentage such as 5 or 18" })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      try {
        return percentToBasisPoints(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "GST rate must be a percentage such as 5 or 18" });
        return z.NEVER;
      }
    }),
  taxability: z.enum(TAXABILITIES, { error: "Taxability must be taxable, nil, exempt or non-gst" }).optional().default("taxable"),
  reverseCharge: optionalBoolean("Reverse charge").default(false),
  reverseChargeService: z
    .enum(RCM_CODES, { error: `Reverse-charge service must be one of: ${RCM_CODES.join(", ")}` })
    .nullish()
    .transform((value) => value ?? null),
  eligibleForItc: optionalBoolean("Eligible for ITC"),
  itcReason: optionalText(500),
  isCapitalGoods: optionalBoolean("Capital goods").default(false),
  /** The user's confirmation to report a purchase dated in a filed period in the next open one. */
  reportInNextOpenPeriod: optionalBoolean("Report in the next open period").default(false),
});

type ExpenseFieldsOutput = z.output<typeof expenseInputObject>;

/** The rules between fields: a note names its bill, reverse charge names its service, an ITC override its reason. */
export function expenseInputRules(input: ExpenseFieldsOutput, ctx: z.RefinementCtx): void {
  const isNote = input.documentType !== "bill";
  if (isNote && !input.againstExpenseId) {
    ctx.addIssue({ code: "custom", path: ["againstExpenseId"], message: "A credit or debit note must name the bill it is against" });
  }
  if (!isNote && input.againstExpenseId) {
    ctx.addIssue({ code: "custom", path: ["againstExpenseId"], message: "Only a credit or debit note is against a bill" });
  }
  if (input.reverseCharge && !input.reverseChargeService) {
    ctx.addIssue({ code: "custom", path: ["reverseChargeService"], message: "Choose the reverse-charge service (Notification 13/2017-CT(R))" });
  }
  const itcDefault = ITC_DEFAULTS[input.category];
  if (input.eligibleForItc !== undefined && input.eligibleForItc !== itcDefault.eligible && !input.itcReason) {
    ctx.addIssue({
      code: "custom",
      path: ["itcReason"],
      message: itcDefault.eligible
        ? `Give a reason for not claiming ITC on ${input.category}`
        : `Give a reason for claiming ITC on ${input.category}: its credit is blocked by ${itcDefault.rule}`,
    });
  }
}

/** Defaults that depend on other fields: ITC from the category, the service only under reverse charge. */
export function resolveExpenseInput<T extends ExpenseFieldsOutput>({ eligibleForItc, ...input }: T) {
  return {
    ...input,
    eligibleForItc: eligibleForItc ?? ITC_DEFAULTS[input.category].eligible,
    reverseChargeService: input.reverseCharge ? input.reverseChargeService : null,
  };
}

/** POST /api/expenses and PUT /api/expenses/{id}: a supplier's bill, or a credit or debit note against one. */
export const expenseInputSchema = expenseInputObject.superRefine(expenseInputRules).transform(resolveExpenseInput);
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

export interface Expense {
  id: string;
  userId: string;
  vendorId: string | null;
  vendor: { name: string; gstNumber: string | null } | null;
  category: ExpenseCategory;
  description: string;
  /** The taxable value (a note's is positive too: documentType gives the sign). */
  amount: string;
  gstRate: string;
  /** The bill's GST, or under reverse charge the tax the business pays. */
  gstAmount: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  /** What is paid to the supplier: amount + GST, without GST under reverse charge. */
  total: string;
  date: string;
  placeOfSupply: string | null;
  vendorInvoiceNumber: string | null;
  vendorInvoiceDate: string | null;
  hsnCode: string | null;
  eligibleForItc: boolean;
  documentType: PurchaseDocumentType;
  againstExpenseId: string | null;
  taxability: Taxability;
  reverseCharge: boolean;
  reverseChargeService: ReverseChargeService | null;
  /** "RCM/26-27/0001": the self-invoice s.31(3)(f) requires for a reverse-charge purchase. */
  selfInvoiceNumber: string | null;
  itcReason: string | null;
  /** The category's default eligibility (ITC_DEFAULTS). */
  itcDefault: boolean;
  isCapitalGoods: boolean;
  /** "MMYYYY": the period the purchase is reported in (its date's, unless moved out of a filed one). */
  reportingPeriod: string;
  /** The business's GSTIN when it was recorded; null when it had none (or for older expenses). */
  recipientGstin: string | null;
  businessStateCode: string | null;
  createdAt: string;
  updatedAt: string;
}
