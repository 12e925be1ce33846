/** Issue 10: payments received against an invoice. */
import { z } from "zod";
import { dateField, optionalText } from "./fields.ts";
import { formatPaise, toPaise } from "./money.ts";
import type { Invoice } from "./invoices.ts";
import { moneyField } from "./products.ts";

export const PAYMENT_MODES = ["upi", "cash", "cheque", "bank_transfer", "card"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** How each mode reads on screen. */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  upi: "UPI",
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  card: "Card",
};

/** POST /api/invoices/{id}/payments. */
export const paymentCreateSchema = z.object({
  amount: moneyField("Amount", { required: "Amount is required" }).refine((value) => toPaise(value) > 0, "Amount must be more than 0"),
  date: dateField("Payment date"),
  mode: z.enum(PAYMENT_MODES, { error: "Mode must be one of upi, cash, cheque, bank_transfer or card" }),
  reference: optionalText(100),
});
export type PaymentCreateInput = z.infer<typeof paymentCreateSchema>;

/** A payment as the invoice shows it; mode null: marked paid without saying how. */
export interface InvoicePayment {
  id: string;
  amount: string;
  date: string;
  mode: PaymentMode | null;
  reference: string | null;
  recordedAt: string;
  /** Issue 10: paid from this customer advance (contract/advances.ts); absent otherwise. */
  advanceId?: string;
}

/**
 * Issue 10: amountPaid and balanceDue from the invoice's payments and its total net of notes.
 * The balance never goes below 0: a credit note larger than what is left is owed back to the
 * customer. An invoice marked paid before payments existed was paid its total and owes nothing.
 */
export function withBalance(invoice: Invoice): Invoice {
  const payments = invoice.payments;
  const paidPaise = payments ? payments.reduce((sum, p) => sum + toPaise(p.amount), 0) : invoice.status === "paid" ? toPaise(invoice.total) : 0;
  const owedPaise = signedPaise(invoice.netTotal ?? invoice.total);
  const balancePaise = invoice.status === "paid" || invoice.status === "cancelled" ? 0 : Math.max(0, owedPaise - paidPaise);
  return { ...invoice, amountPaid: formatPaise(paidPaise), balanceDue: formatPaise(balancePaise) };
}

/**
 * What customers owe on all these invoices: the sum of their balances due (each never below 0,
 * so a refund due on one invoice does not hide what another still owes). The dashboard's
 * Outstanding, the invoice list's counter and the aging report's total are this one sum.
 */
export function outstandingPaiseOf(invoices: readonly Invoice[]): number {
  return invoices.reduce((sum, invoice) => sum + toPaise(withBalance(invoice).balanceDue), 0);
}

const signedPaise = (amount: string) => (amount.startsWith("-") ? -toPaise(amount.slice(1)) : toPaise(amount));
