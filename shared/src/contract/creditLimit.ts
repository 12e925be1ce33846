/**
 * Issue 10: a customer's balance (what they still owe across invoices) against their credit
 * limit. One function for the invoice form's hint (read side) and the create check (command
 * side), so the two never disagree.
 */
import type { Paise } from "./money.ts";
import { customerLedgerLines, sumLedgerLines } from "./ledger.ts";

/**
 * The customer's balance: the sum of their ledger lines (ledger.ts), which is what their
 * invoices still owe. The statement's closing balance is the same sum, so the form's hint,
 * the create check and the statement never disagree.
 */
export function customerBalancePaise(invoices: Parameters<typeof customerLedgerLines>[0], customerId: string, advances: Parameters<typeof customerLedgerLines>[3] = []): Paise {
  return sumLedgerLines(customerLedgerLines(invoices, customerId, undefined, advances));
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
