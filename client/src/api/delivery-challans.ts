import { CHALLAN_PURPOSE_TEXT, CHALLAN_PURPOSES, type ChallanPurpose, type DeliveryChallan } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { downloadBlob, invoiceFileName } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";
import { refreshAfterWrite } from "./resource.ts";

/* Issue 9, Rule 55: delivery challans — goods sent without a sale, in their own DC series. */

export type { ChallanPurpose, DeliveryChallan };

const PATH = "/api/delivery-challans";
export const DELIVERY_CHALLANS_KEY = [PATH] as const;

export const PURPOSE_OPTIONS: readonly { value: ChallanPurpose; label: string }[] = CHALLAN_PURPOSES.map((value) => ({ value, label: CHALLAN_PURPOSE_TEXT[value] }));

export function purposeLabel(purpose: string): string {
  return CHALLAN_PURPOSE_TEXT[purpose as ChallanPurpose] ?? purpose;
}

export interface CreateDeliveryChallanBody {
  customerId: string;
  purpose: ChallanPurpose;
  issueDate: string;
  items: { productId: string; quantity: number; price?: string }[];
  notes?: string;
}

export function useDeliveryChallans() {
  return useQuery<DeliveryChallan[]>({ queryKey: DELIVERY_CHALLANS_KEY, queryFn: () => requestJson<DeliveryChallan[]>("GET", PATH) });
}

/** A challan changes no stock and no sales: only the challan list is refreshed. */
export function useCreateDeliveryChallan() {
  return useMutation({
    mutationFn: (body: CreateDeliveryChallanBody) => requestJson<DeliveryChallan>("POST", PATH, body),
    onSuccess: () => refreshAfterWrite([DELIVERY_CHALLANS_KEY]),
  });
}

export async function downloadDeliveryChallanPdf(challan: { id: string; number: string }): Promise<void> {
  const response = await apiRequest("GET", `${PATH}/${encodeURIComponent(challan.id)}/pdf`);
  downloadBlob(await response.blob(), invoiceFileName(challan.number, "pdf"));
}

/** A cancelled challan keeps its number (GSTR-1 Table 13 counts it cancelled). */
export function useCancelDeliveryChallan() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => requestJson<DeliveryChallan>("POST", `${PATH}/${encodeURIComponent(id)}/cancel`, { reason }),
    onSuccess: () => refreshAfterWrite([DELIVERY_CHALLANS_KEY]),
  });
}
