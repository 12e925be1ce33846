/**
 * Issue 9, part 3: credit and debit notes against issued invoices (s.34 CGST Act). A note is
 * its own document with its own series; its tax heads follow the original invoice.
 */
import { z } from "zod";
import { dateField, isRecordId, optionalText, safeString } from "./fields.ts";
import { invoiceItemSchema } from "./invoices.ts";

export const SALES_NOTE_KINDS = ["credit", "debit"] as const;
export type SalesNoteKind = (typeof SALES_NOTE_KINDS)[number];

/** Why a note is issued: a sales return brings stock back; the others change value only. */
export const SALES_NOTE_REASONS = ["sales_return", "post_sale_discount", "deficiency_in_service", "correction"] as const;
export type SalesNoteReason = (typeof SALES_NOTE_REASONS)[number];

const invoiceIdField = safeString("Invoice is required").trim().refine(isRecordId, "Invoice is required");

export const salesNoteCreateSchema = z
  .object({
    invoiceId: invoiceIdField.optional(),
    invoiceIds: z.array(invoiceIdField, { error: "invoiceIds must be a list" }).min(1, "At least one invoice is required").max(50, "At most 50 invoices").optional(),
    reason: z.enum(SALES_NOTE_REASONS, { error: `Reason must be one of ${SALES_NOTE_REASONS.join(", ")}` }),
    issueDate: dateField("Issue date").optional(),
    /** `invoiceId` on an item: which of the invoices the line adjusts, when the product is on more than one. */
    items: z
      .array(invoiceItemSchema.pick({ productId: true, quantity: true, price: true }).extend({ invoiceId: invoiceIdField.optional() }), { error: "At least one item is required" })
      .min(1, "At least one item is required")
      .max(200, "At most 200 items"),
    notes: optionalText(2000),
    /** The user's confirmation to report a note dated in a filed period in the next open one (design §4). */
    reportInNextOpenPeriod: z.boolean({ error: "reportInNextOpenPeriod must be true or false" }).optional(),
  })
  .refine((input) => input.invoiceId !== undefined || input.invoiceIds !== undefined, { path: ["invoiceId"], message: "Invoice is required" })
  .transform(({ invoiceId, invoiceIds, ...rest }) => ({
    ...rest,
    invoiceIds: [...new Set([...(invoiceId ? [invoiceId] : []), ...(invoiceIds ?? [])].map((id) => id.toLowerCase()))],
  }));
export type SalesNoteCreateInput = z.infer<typeof salesNoteCreateSchema>;

export interface SalesNoteLine {
  invoiceId: string;
  productId: string;
  productName: string;
  hsnCode: string | null;
  quantity: number;
  /** Issue 9: the invoice line's unit (UQC); "NOS" on older notes. */
  unit: string;
  price: string;
  gstRate: string;
  taxableValue: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  amount: string;
}

/** A note as the API shows it (money "0.00"); the read model adds the paise for the return engine. */
export interface SalesNote {
  id: string;
  userId: string;
  kind: SalesNoteKind;
  number: string;
  issueDate: string;
  reason: SalesNoteReason;
  invoiceIds: string[];
  invoiceNumbers: string[];
  customer: { id: string; name: string; gstNumber: string | null; stateCode: string | null; isSez: boolean };
  supplier: { name: string; gstin: string | null; address: string | null; stateCode: string };
  placeOfSupply: string;
  taxKind: "intra" | "inter";
  stateTaxLabel: "SGST" | "UTGST";
  items: SalesNoteLine[];
  subtotal: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  roundOff: string;
  total: string;
  notes: string | null;
  /** "MMYYYY": the return period the note is reported in. */
  reportingPeriod: string;
  createdAt: string;
}

/** What an invoice view says of the notes issued against it. */
export interface InvoiceNoteRef {
  id: string;
  kind: SalesNoteKind;
  number: string;
  total: string;
}
