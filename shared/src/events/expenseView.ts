import { basisPointsToPercent, formatPaise, type Expense, type ExpenseCategory } from "../contract/index.ts";
import type { EventData } from "./catalogue.ts";

type ExpenseFacts = Omit<EventData<"ExpenseRecorded">, "recordedAt">;

/** The expense as the API shows it, from the facts its events recorded. */
export function expenseView(facts: ExpenseFacts, createdAt: string, updatedAt: string): Expense {
  const gstPaise = facts.cgstPaise + facts.sgstPaise + facts.igstPaise;
  return {
    id: facts.expenseId,
    userId: facts.ownerId,
    vendorId: facts.vendor?.id ?? null,
    vendor: facts.vendor ? { name: facts.vendor.name, gstNumber: facts.vendor.gstNumber } : null,
    category: facts.category as ExpenseCategory,
    description: facts.description,
    amount: formatPaise(facts.amountPaise),
    gstRate: basisPointsToPercent(facts.gstRateBasisPoints),
    gstAmount: formatPaise(gstPaise),
    cgstAmount: formatPaise(facts.cgstPaise),
    sgstAmount: formatPaise(facts.sgstPaise),
    igstAmount: formatPaise(facts.igstPaise),
    total: formatPaise(facts.amountPaise + gstPaise),
    date: facts.date,
    placeOfSupply: facts.placeOfSupply,
    vendorInvoiceNumber: facts.vendorInvoiceNumber,
    vendorInvoiceDate: facts.vendorInvoiceDate,
    hsnCode: facts.hsnCode,
    eligibleForItc: facts.eligibleForItc,
    createdAt,
    updatedAt,
  };
}
