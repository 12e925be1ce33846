import { basisPointsToPercent, formatPaise, indianDateOf, ITC_DEFAULTS, type Expense, type ExpenseCategory, type ReverseChargeService } from "../contract/index.ts";
import type { EventData } from "./catalogue.ts";

type ExpenseFacts = Omit<EventData<"ExpenseRecorded">, "recordedAt">;

/** "MMYYYY" of a date in India: where a purchase is reported unless it was moved out of a filed period. */
function periodOf(date: string): string {
  const day = indianDateOf(date);
  return `${day.slice(5, 7)}${day.slice(0, 4)}`;
}

/**
 * The expense as the API shows it, from the facts its events recorded. Facts older than issue 8
 * lack the purchase-document fields: they read as a taxable bill without reverse charge,
 * reported in its date's period, recorded before the business's GSTIN was kept.
 */
export function expenseView(facts: ExpenseFacts, createdAt: string, updatedAt: string): Expense {
  const gstPaise = facts.cgstPaise + facts.sgstPaise + facts.igstPaise;
  const reverseCharge = facts.reverseCharge ?? false;
  const category = facts.category as ExpenseCategory;
  return {
    id: facts.expenseId,
    userId: facts.ownerId,
    vendorId: facts.vendor?.id ?? null,
    vendor: facts.vendor ? { name: facts.vendor.name, gstNumber: facts.vendor.gstNumber } : null,
    category,
    description: facts.description,
    amount: formatPaise(facts.amountPaise),
    gstRate: basisPointsToPercent(facts.gstRateBasisPoints),
    gstAmount: formatPaise(gstPaise),
    cgstAmount: formatPaise(facts.cgstPaise),
    sgstAmount: formatPaise(facts.sgstPaise),
    igstAmount: formatPaise(facts.igstPaise),
    // Under reverse charge the supplier is paid the bare amount; the tax goes to the government.
    total: formatPaise(facts.amountPaise + (reverseCharge ? 0 : gstPaise)),
    date: facts.date,
    placeOfSupply: facts.placeOfSupply,
    vendorInvoiceNumber: facts.vendorInvoiceNumber,
    vendorInvoiceDate: facts.vendorInvoiceDate,
    hsnCode: facts.hsnCode,
    eligibleForItc: facts.eligibleForItc,
    documentType: facts.documentType ?? "bill",
    againstExpenseId: facts.againstExpenseId ?? null,
    taxability: facts.taxability ?? "taxable",
    reverseCharge,
    reverseChargeService: (facts.reverseChargeService ?? null) as ReverseChargeService | null,
    selfInvoiceNumber: facts.selfInvoiceNumber ?? null,
    itcReason: facts.itcReason ?? null,
    // A category an older build knew but this one does not (none so far) keeps its ITC as eligible.
    itcDefault: ITC_DEFAULTS[category]?.eligible ?? true,
    isCapitalGoods: facts.isCapitalGoods ?? false,
    reportingPeriod: facts.reportingPeriod ?? periodOf(facts.date),
    recipientGstin: facts.recipientGstin ?? null,
    businessStateCode: facts.businessStateCode ?? null,
    createdAt,
    updatedAt,
  };
}
