/**
 * Delivery challans (CGST Rule 55, issue 9) as the return engine reads them: GSTR-1 Table 13
 * lists the challans issued in the month by nature (GST.md: 9 job work, 10 supply on approval,
 * 11 liquid gas, 12 other than by way of supply), a cancelled one counting as cancelled. The
 * document is the deliveryChallans read model; only the fields the engine needs are declared.
 */
import type { ChallanPurpose } from "../contract/index.ts";
import { returnPeriodOf } from "./period.ts";

export interface ChallanForReturn {
  readonly number: string;
  /** "YYYY-MM-DD" */
  readonly issueDate: string;
  readonly purpose: ChallanPurpose;
  /** Absent on documents projected before cancellation existed: issued. */
  readonly status?: "issued" | "cancelled";
  readonly supplier: { readonly gstin: string | null };
}

/** Table 13 `doc_num` per purpose; "other" (notified cases) goes with nature 12. */
export const CHALLAN_DOCUMENT_NATURE: Readonly<Record<ChallanPurpose, 9 | 10 | 11 | 12>> = {
  job_work: 9,
  supply_on_approval: 10,
  liquid_gas: 11,
  not_supply: 12,
  other: 12,
};

export interface ChallanDocumentNumber {
  readonly number: string;
  readonly nature: 9 | 10 | 11 | 12;
  readonly cancelled: boolean;
}

/** The challans of this GSTIN dated in the period ("MMYYYY"), with their Table 13 nature. */
export function challansOfPeriod(challans: readonly ChallanForReturn[], gstin: string, period: string): ChallanDocumentNumber[] {
  const filing = gstin.trim().toUpperCase();
  return challans
    .filter((c) => c.supplier.gstin?.toUpperCase() === filing && returnPeriodOf(c.issueDate) === period)
    .map((c) => ({ number: c.number, nature: CHALLAN_DOCUMENT_NATURE[c.purpose] ?? 12, cancelled: c.status === "cancelled" }));
}
