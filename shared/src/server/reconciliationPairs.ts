/**
 * One uploaded GSTR-2B, reconciled against the books with the user's decisions, reduced to the
 * pairs the return engine claims ITC from: the same reconciliation the screen shows.
 */
import type { Expense } from "../contract/index.ts";
import { matchedPairs, reconcilePurchases, type ClaimPair, type ReconciliationDecision } from "../returns/index.ts";

export interface ReconciliationPairsInput {
  readonly gstr2b: unknown;
  readonly expenses: readonly Expense[];
  readonly period: string;
  readonly decisions: readonly ReconciliationDecision[];
  readonly businessGstin: string;
}

export function reconciliationPairs(input: ReconciliationPairsInput): ClaimPair[] {
  return matchedPairs(reconcilePurchases(input).rows);
}
