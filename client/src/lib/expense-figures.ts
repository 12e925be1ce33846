import type { Expense, Paise } from "@bahi/shared/contract";
import { toPaise } from "@bahi/shared/contract";

function paiseOf(amount: string | null | undefined): Paise {
  try {
    return toPaise(amount ?? "");
  } catch {
    return 0;
  }
}

/** "IGST", "CGST + SGST", or null when the expense carries no GST. */
export function expenseTaxHeads(expense: Pick<Expense, "igstAmount" | "cgstAmount" | "sgstAmount">): string | null {
  if (paiseOf(expense.igstAmount) > 0) return "IGST";
  if (paiseOf(expense.cgstAmount) > 0 || paiseOf(expense.sgstAmount) > 0) return "CGST + SGST";
  return null;
}
