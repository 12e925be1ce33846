/**
 * Issue 10: a customer's balance (what they still owe across invoices) against their credit
 * limit. One function for the invoice form's hint (read side) and the create check (command
 * side), so the two never disagree.
 */
import type { Invoice } from "./invoices.ts";
import { toPaise, type Paise } from "./money.ts";

type InvoiceOwed = Pick<Invoice, "customerId" | "status" | "total"> & { netTotal?: string; balanceDue?: string };

/**
 * What one invoice still owes: its balanceDue (net of notes and payments) when the read model
 * carries it; for documents written before payments, its total net of notes unless paid or
 * cancelled.
 */
export function invoiceOwedPaise(invoice: InvoiceOwed): Paise {
  if (invoice.status === "cancelled") return 0;
  if (invoice.balanceDue !== undefined) return toPaise(invoice.balanceDue);
  if (invoice.status === "paid") return 0;
  return Math.max(toPaise(invoice.netTotal ?? invoice.total), 0);
}

/** The customer's balance: the sum of what their invoices still owe. */
export function customerBalancePaise(invoices: readonly InvoiceOwed[], customerId: string): Paise {
  const id = customerId.toLowerCase();
  return invoices.filter((invoice) => invoice.customerId.toLowerCase() === id).reduce((sum, invoice) => sum + invoiceOwedPaise(invoice), 0);
}

/** creditLimit 0 means "no limit" (SPEC). */
export function overCreditLimit(balancePaise: Paise, creditLimitPaise: Paise): boolean {
  return creditLimitPaise > 0 && balancePaise > creditLimitPaise;
}

/** GET /api/customers/{id}/balance: what the invoice form shows under the customer. */
export interface CustomerBalance {
  customerId: string;
  /** Two-decimal rupees still owed on the customer's invoices. */
  balance: string;
  /** "0.00": no limit. */
  creditLimit: string;
}
