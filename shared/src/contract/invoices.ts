import { z } from "zod";
import { dateField, optionalDateField, optionalText, safeString } from "./fields.ts";
import { indianDateOf } from "./gst/indiaDate.ts";
import { seriesOrTypedInvoiceNumberField } from "./gst/invoiceNumber.ts";
import { isPlaceOfSupplyCode } from "./gst/tax.ts";
import type { ProductTaxability, SalesDocumentType, SupplierRegistration } from "./gst/composition.ts";
import type { InvoiceNoteRef } from "./notes.ts";
import { gstRateField, moneyField } from "./products.ts";
import { lineQuantityField } from "./quantityFields.ts";
import { exportDetailsSchema, type ExportDetails } from "./supply.ts";

/** The statuses a user can set (PATCH /status); "cancelled" comes only from POST /cancel (issue 9). */
export const INVOICE_STATUSES = ["pending", "paid", "overdue"] as const;
export type SettableInvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Issue 10: "partially_paid" follows from payments, never set by PATCH. */
export type InvoiceStatus = SettableInvoiceStatus | "cancelled" | "partially_paid";

const figure = z.union([z.string(), z.number()], { error: "Expected an amount" });

export const invoiceItemSchema = z.object({
  productId: safeString("Product is required").trim().min(1, "Product is required"),
  /** Issue 9: up to 3 decimals for a measured unit (2.5 KGS); whole for counted ones (checked with the product). */
  quantity: lineQuantityField,
  price: moneyField("Price", { required: "Price is required" }),
  gstRate: gstRateField("GST rate is required"),
  discount: z.union([z.string(), z.number()]).nullish(),
  discountType: z.enum(["percentage", "amount"], { error: "Discount type must be percentage or amount" }).nullish(),
  amount: figure,
});

/** SPEC §3 invoice creation payload, plus optional placeOfSupply and per-item discounts. */
export const invoiceCreateSchema = z.object({
  customerId: safeString("Customer is required").trim().min(1, "Customer is required"),
  /** Empty or absent: the next number of the series (issue 9). */
  invoiceNumber: seriesOrTypedInvoiceNumberField,
  issueDate: dateField("Issue date").optional(),
  dueDate: optionalDateField("Due date"),
  placeOfSupply: safeString()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isPlaceOfSupplyCode(value), "Place of supply must be a two-digit state code"),
  subtotal: figure,
  gstAmount: figure,
  total: figure,
  status: z.literal("pending", { error: "A new invoice is always pending" }).optional(),
  notes: optionalText(2000),
  /** The user's confirmation to report an invoice dated in a filed period in the next open one (design §4). */
  reportInNextOpenPeriod: z.boolean({ error: "reportInNextOpenPeriod must be true or false" }).optional(),
  /** Issue 10: the owner's confirmation to invoice past the customer's credit limit (else 409 CREDIT_LIMIT_EXCEEDED). */
  overCreditLimit: z.boolean({ error: "overCreditLimit must be true or false" }).optional(),
  /** Issue 9: the registered recipient pays the tax (s.9(3)/(4)): the invoice charges none (supply.ts). */
  reverseCharge: z.boolean({ error: "Reverse charge must be true or false" }).optional(),
  /** Issue 9: an export or SEZ supply without payment of IGST under the business's LUT (Rule 96A). */
  underLut: z.boolean({ error: "Under LUT must be true or false" }).optional(),
  /** Issue 9: shipping bill details of an export; refused on other supplies. */
  exportDetails: exportDetailsSchema,
  items: z.array(invoiceItemSchema, { error: "At least one item is required" }).min(1, "At least one item is required").max(200, "At most 200 items"),
});
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;

export const DUE_DATE_BEFORE_ISSUE = "Due date cannot be before the invoice date";

/**
 * Why a due date cannot stand with its invoice's issue date, or null: payment cannot fall due
 * before the invoice is issued. Compared as Indian dates, so "2026-04-01" and
 * "2026-03-31T20:00:00Z" (1 April in India) are the same day. Both must be valid dates.
 */
export function dueDateProblem(issueDate: string, dueDate: string | null | undefined): string | null {
  if (!dueDate) return null;
  return indianDateOf(dueDate) < indianDateOf(issueDate) ? DUE_DATE_BEFORE_ISSUE : null;
}

/** POST /api/invoices/{id}/cancel (issue 9). */
export const invoiceCancelSchema = z.object({
  reason: safeString("Reason is required").trim().min(1, "Reason is required").max(200, "Reason must be at most 200 characters"),
});

export const invoiceStatusSchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: "Status must be pending, paid or overdue" }),
});

export interface InvoiceItem {
  id: string;
  productId: string;
  product: { name: string };
  hsnCode: string | null;
  /** Up to 3 decimals for a measured unit (2.5). */
  quantity: number;
  /** Issue 9: the unit of measure (UQC) when invoiced; "NOS" on older invoices. */
  unit: string;
  price: string;
  gstRate: string;
  discount: string | null;
  discountType: "percentage" | "amount" | null;
  taxableValue: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  /** Issue 9: "nil", "exempt" or "nonGst" lines show that instead of a rate; "taxable" on older invoices. */
  taxability?: ProductTaxability;
  /** Issue 9: on a line with cess, the product's ad valorem rate ("5") and specific rupees per unit ("1.591"). */
  cessRate?: string;
  cessPerUnit?: string;
  /** Line total including GST. */
  amount: string;
}

export interface Invoice {
  id: string;
  userId: string;
  invoiceNumber: string;
  customerId: string;
  customer: {
    id: string;
    name: string;
    address: string | null;
    gstNumber: string | null;
    email: string | null;
    phone: string | null;
    /** Issue 9: the customer's state when invoiced; null on invoices made before states were asked. */
    stateCode?: string | null;
    /** Issue 9: an SEZ unit or developer: IGST whatever the states, GSTR-1 b2b SEWP, GSTR-3B 3.1(b). */
    isSez?: boolean;
    /** Issue 9: the delivery address when invoiced (Rule 46(o)); null when none was given. */
    shippingAddress?: string | null;
  };
  /** pinCode (issue 9): the business's PIN when invoiced; null on invoices made before it was asked. */
  supplier: { name: string; gstin: string | null; address: string | null; stateCode: string | null; pinCode?: string | null };
  issueDate: string;
  dueDate: string | null;
  placeOfSupply: string;
  taxKind: "intra" | "inter";
  stateTaxLabel: "SGST" | "UTGST";
  invoiceType: "regular";
  reverseCharge: boolean;
  /** Issue 9: an export or SEZ supply without IGST under the LUT; false on older invoices. */
  underLut: boolean;
  /** Issue 9: the LUT's number printed on an invoice under LUT; null otherwise. */
  lutNumber: string | null;
  /** Issue 9: an export's shipping bill details; null when none given (and on older invoices). */
  exportDetails: ExportDetails | null;
  /** Issue 9: "billOfSupply" charges no tax (composition, unregistered, or only exempt/nil/non-GST lines; Rule 49). */
  documentType?: SalesDocumentType;
  /** Issue 9: the business's registration when it issued the document ("Regular" on older invoices). */
  supplierRegistration?: SupplierRegistration;
  subtotal: string;
  gstAmount: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  /** Issue 9: the total's rounding to the rupee, "-0.05"; "0.00" when the business does not round. */
  roundOff: string;
  total: string;
  status: InvoiceStatus;
  paidAt: string | null;
  notes: string | null;
  items: InvoiceItem[];
  createdAt: string;
  /** "MMYYYY": the GST return period it is reported in; its issue date's unless that period was filed when it was recorded. */
  reportingPeriod: string;
  /** Issue 9 (s.34): credit and debit notes issued against it (total: its share of each note); absent when none. */
  salesNotes?: InvoiceNoteRef[];
  /** Issue 9: total less credit notes plus debit notes; absent when no note was issued. */
  netTotal?: string;
  /** Issue 9: when it was last revised (PUT), and how many times; absent when never. */
  revisedAt?: string | null;
  revisions?: number;
  /** Issue 9: when and why it was cancelled; absent unless status is "cancelled". */
  cancelledAt?: string | null;
  cancelReason?: string | null;
  /** Issue 10: received so far, and what is still owed (net of notes, never below "0.00"). */
  amountPaid: string;
  balanceDue: string;
  /** Issue 10: the payments received, oldest first; absent when none. */
  payments?: import("./payments.ts").InvoicePayment[];
}
