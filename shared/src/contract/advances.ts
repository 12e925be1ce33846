/**
 * Issue 10: advances — money a customer pays before an invoice, recorded against the
 * customer and applied to their invoices later. Advances for goods carry no tax
 * (Notification 66/2017-CT); GSTR-1 Table 11 (advances for services, s.13(2)) is not done.
 */
import { z } from "zod";
import { dateField, isRecordId, optionalText } from "./fields.ts";
import { toPaise, type Paise } from "./money.ts";
import { PAYMENT_MODES, type PaymentMode } from "./payments.ts";
import { moneyField } from "./products.ts";

/** POST /api/customers/{id}/advances. */
export const advanceCreateSchema = z.object({
  amount: moneyField("Amount", { required: "Amount is required" }).refine((value) => toPaise(value) > 0, "Amount must be more than 0"),
  date: dateField("Date received"),
  mode: z.enum(PAYMENT_MODES, { error: "Mode must be one of upi, cash, cheque, bank_transfer or card" }),
  reference: optionalText(100),
});
export type AdvanceCreateInput = z.infer<typeof advanceCreateSchema>;

/** POST /api/customers/{id}/advances/{advanceId}/apply. */
export const advanceApplySchema = z.object({
  invoiceId: z.string({ error: "Choose the invoice to apply the advance to" }).refine((value) => isRecordId(value), "Choose the invoice to apply the advance to"),
  amount: moneyField("Amount", { required: "Amount is required" }).refine((value) => toPaise(value) > 0, "Amount must be more than 0"),
});
export type AdvanceApplyInput = z.infer<typeof advanceApplySchema>;

export interface AdvanceApplication {
  invoiceId: string;
  paymentId: string;
  amount: string;
  appliedAt: string;
}

/** An advance as GET /api/customers/{id}/advances shows it (also the read model's document). */
export interface CustomerAdvance {
  id: string;
  userId: string;
  customerId: string;
  amount: string;
  /** Indian date received. */
  date: string;
  mode: PaymentMode;
  reference: string | null;
  /** Applied to invoices so far, and what is left to apply. */
  applied: string;
  remaining: string;
  applications: AdvanceApplication[];
  receivedAt: string;
}

/** What is left on the customer's advances, in paise. */
export const advancesRemainingPaise = (advances: readonly CustomerAdvance[], customerId: string): Paise =>
  advances.filter((advance) => advance.customerId.toLowerCase() === customerId.toLowerCase()).reduce((sum, advance) => sum + toPaise(advance.remaining), 0);
