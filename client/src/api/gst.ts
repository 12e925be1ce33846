import { useMutation, useQuery } from "@tanstack/react-query";
import { downloadText } from "../lib/download.ts";
import { GstCallFailed } from "../lib/gst.ts";
import { apiRequest, HttpError, requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";
import { refreshAfterWrite } from "./resource.ts";

export type GstReturnType = "GSTR1" | "GSTR3B";

export type PeriodReturnState = "not_due" | "due" | "overdue" | "filed" | "in_progress" | "failed";

/** One month since registration and where each of its returns stands (design §4). */
export interface GstOverviewPeriod {
  /** "MMYYYY" */
  period: string;
  /** "November 2026" */
  label: string;
  returns: { returnType: GstReturnType; dueDate: string; state: PeriodReturnState; arn: string | null }[];
}

export interface GstOverview {
  pendingReturns: number;
  activeEwayBills: number;
  /** The next returns to file, soonest first; period "MMYYYY", dueDate "YYYY-MM-DD". */
  nextDue: { returnType: GstReturnType; period: string; dueDate: string }[];
  /** "YYYY-MM-DD" from the profile; null when not set (the account's month is taken). */
  registrationDate?: string | null;
  /** Every period since registration up to this month, newest first. */
  periods?: GstOverviewPeriod[];
}

export interface GstReturn {
  id: string;
  returnType: GstReturnType;
  /** "MMYYYY" */
  period: string;
  status: string;
  dueDate: string;
  totalTurnover: string;
  totalTaxLiability: string;
  totalItcClaimed: string;
  netTaxPayable: string;
  arn: string | null;
  filedAt: string | null;
  /** "sandbox" when the filing went to the GSP's sandbox rather than the GST portal. */
  filedVia: string | null;
  error: string | null;
}

export interface EwayBill {
  id: string;
  eWayBillNo: string | null;
  documentNumber: string;
  documentDate?: string | null;
  consignmentValue?: string | null;
  shipFromGstin?: string | null;
  shipToGstin?: string | null;
  status: string;
  shipFromAddress: string | null;
  shipToAddress: string | null;
  distance?: number | null;
  vehicleNumber?: string | null;
  modeOfTransport?: string | null;
  validUpto?: string | null;
  cancelReason?: string | null;
  sandbox?: boolean;
  createdAt?: string;
}

export type TransportMode = "road" | "rail" | "air" | "ship";
export type VehicleType = "regular" | "odc";

/** POST /api/ewaybills. */
export interface EwayBillCreateBody {
  invoiceId: string;
  dispatchPincode: string;
  deliveryPincode: string;
  distanceKm: number;
  transportMode: TransportMode;
  vehicleNumber: string | null;
  vehicleType: VehicleType;
  transporterId: string | null;
  transporterName: string | null;
  reasonCode: number;
}

export interface EwayBillCreated {
  id: string;
  ewayBillNo: string;
  validUntil: string;
  consignmentValue: string;
  sandbox: boolean;
}

/** Where the goods leave from and go to, as the e-invoice payload needs them. */
export interface EInvoiceLocations {
  sellerLocation: string;
  sellerPincode: string;
  buyerLocation: string;
  buyerPincode: string;
}

/** GET /api/invoices/:id/einvoice: what would be sent to the IRP; never registered (no GSP credentials). */
export interface EInvoice {
  registered: boolean;
  note: string;
  irn: string;
  payload: unknown;
  qrFields?: readonly string[];
  qr: Record<string, string | number>;
  qrText: string;
}

export interface HsnCode {
  code: string;
  description: string;
  gstRate: string | number;
  cessRate: string | number;
  category: string | null;
}

export interface GstinDetails {
  gstin: string;
  stateCode: string;
  stateName: string;
  /** Null for the registration types that embed no PAN (UIN, OIDAR, TDS...). */
  pan: string | null;
  /** "firm", "company"... from the PAN's 4th character; null without a PAN. */
  holderType: string | null;
  /** "regular", "tds", "tcs", "uin", "oidar", "nri", "government". */
  registrationType: string;
  /** Known when the GSTIN belongs to one of the business's customers or vendors. */
  businessName?: string | null;
}

export interface GstinValidation {
  valid: boolean;
  details?: GstinDetails | null;
  error?: string | null;
}

export type ReconciliationStatus = "exact_match" | "suggested_match" | "mismatch" | "missing_in_books" | "missing_in_2b";
export type ReconciliationDecision = "accepted" | "rejected";

/** One side of a row; money as "0.00" strings. */
export interface ReconciliationSide {
  number: string;
  date: string;
  taxable: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
}

export interface ReconciliationRow {
  key: string;
  status: ReconciliationStatus;
  decision: ReconciliationDecision | null;
  kind: "b2b" | "b2ba" | "cdnr" | "cdnra" | "isd" | "impg" | null;
  supplierGstin: string | null;
  supplierName: string | null;
  portal: (ReconciliationSide & { key: string; itcAvailable: boolean; reverseCharge: boolean; pos: string | null }) | null;
  books: (ReconciliationSide & { expenseId: string }) | null;
  /** The fields outside the ₹1 tolerance. */
  differences: { field: string; books: string; portal: string }[];
  /** Information that does not change the status (rounding within ₹1, 2B's ITC flag...). */
  notes: string[];
}

export type ReconciliationSummary = Record<ReconciliationStatus, number> & { total: number; matched: number };

/** GET /api/gst/reconciliations/:period: the last GSTR-2B uploaded, recomputed against today's books. */
export interface Reconciliation {
  period: string;
  gstin?: string | null;
  /** "MMYYYY": the GSTR-3B its ITC is reported in. */
  reportIn?: string | null;
  uploadedAt?: string | null;
  invoicesIn2b?: number;
  completedAt?: string | null;
  summary: ReconciliationSummary | null;
  rows: ReconciliationRow[];
}

/** A problem found while preparing a return; blocking ones stop the filing. */
export interface ReturnProblem {
  code: string;
  message: string;
  blocking: boolean;
  record?: { kind: "invoice" | "expense"; id: string; number: string };
}

export interface HeadsView {
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
}

/** Table 6.1: what is paid, how, and what is left (money as "0.00"). */
export interface TaxPaymentView {
  liability: HeadsView;
  reverseCharge: HeadsView;
  openingCredit: HeadsView;
  credit: HeadsView;
  paidFromCredit: HeadsView;
  cash: HeadsView;
  interest: HeadsView;
  lateFee: HeadsView;
  totalCash: string;
  creditCarriedForward: HeadsView;
}

/** GET /api/gst/returns/preview: the return as it would be filed now, and whether it may be. */
export interface ReturnPreview {
  returnType: GstReturnType;
  period: string;
  gstin: string;
  /** The portal JSON (GSTR-1 or GSTR-3B), amounts in rupees. */
  json: Record<string, unknown>;
  /** Strings "0.00" (and a few counts). */
  totals: Record<string, unknown>;
  problems: ReturnProblem[];
  payment?: TaxPaymentView | null;
  refusal: { code: string; message: string } | null;
  /** Set when the return is already filed. */
  filed?: { arn: string | null; filedAt: string | null } | null;
}

export const GST_OVERVIEW_KEY = ["/api/gst/overview"] as const;
export const GST_RETURNS_KEY = ["/api/gst/returns"] as const;
export const EWAY_BILLS_KEY = ["/api/gst/ewaybills"] as const;
export const HSN_CODES_KEY = ["/api/gst/hsn-codes"] as const;
const RECONCILIATIONS_PATH = "/api/gst/reconciliations";

export function useGstOverview() {
  return useQuery<GstOverview>({ queryKey: GST_OVERVIEW_KEY });
}

export function useGstReturns() {
  return useQuery<GstReturn[]>({ queryKey: GST_RETURNS_KEY });
}

export function useEwayBills() {
  return useQuery<EwayBill[]>({ queryKey: EWAY_BILLS_KEY });
}

export function useHsnCodes() {
  return useQuery<HsnCode[]>({ queryKey: HSN_CODES_KEY });
}

/** The saved reconciliation of a period; asked for only once one has been run here. */
export function useReconciliation(period: string | null) {
  return useQuery<Reconciliation>({ queryKey: [RECONCILIATIONS_PATH, period ?? ""], enabled: period !== null });
}

/** The preview of a return, asked for when its dialog opens (issue 11: from the books as they stood at `asOf`). */
export function useReturnPreview(target: { returnType: GstReturnType; period: string } | null, asOf = "") {
  const query = target ? `?${new URLSearchParams({ type: target.returnType, period: target.period, ...(asOf ? { asOf } : {}) }).toString()}` : "";
  return useQuery<ReturnPreview>({ queryKey: [`/api/gst/returns/preview${query}`], enabled: target !== null, staleTime: 0, gcTime: 0 });
}

const FILE_PATHS: Record<GstReturnType, string> = { GSTR1: "/api/gst/file-gstr1", GSTR3B: "/api/gst/file-gstr3b" };

interface GstResult {
  success: boolean;
  error?: string | null;
  message?: string | null;
}

/** A 2xx answer that says `success: false` is a failure too, with the server's reason. */
function orFail<T extends GstResult>(result: T, fallback: string): T {
  if (!result.success) throw new GstCallFailed(result.error || result.message || fallback);
  return result;
}

const refreshReturns = () => Promise.all([GST_RETURNS_KEY, GST_OVERVIEW_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export type FilingOutcome = { state: "filed"; arn: string } | { state: "in-progress"; note: string };

/**
 * Files GSTR-1 or GSTR-3B for a period. A 202 means the filing job is still running: the list
 * shows it when it is done. The list is refreshed whatever the outcome: a failed filing is
 * recorded with its reason, too.
 */
export function useFileReturn() {
  return useMutation({
    mutationFn: async ({ returnType, period }: { returnType: GstReturnType; period: string }): Promise<FilingOutcome> => {
      const response = await apiRequest("POST", FILE_PATHS[returnType], { period });
      const body = (await response.json()) as GstResult & { arn?: string | null };
      if (response.status === 202 && !body.success) return { state: "in-progress", note: body.error || body.message || "The filing is still in progress." };
      const filed = orFail(body, "The return could not be filed");
      return { state: "filed", arn: filed.arn ?? "" };
    },
    onSettled: refreshReturns,
  });
}

/**
 * Checks a GSTIN. A refusal the server explains (a 4xx with a reason) is an invalid GSTIN, like
 * `valid: false`; anything else (no answer, a 5xx) throws, and the caller says it could not check.
 */
export function useValidateGstin() {
  return useMutation({
    mutationFn: async (gstin: string): Promise<GstinValidation> => {
      try {
        return await requestJson<GstinValidation>("POST", "/api/gst/validate-gstin", { gstin });
      } catch (error) {
        if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          const reason = GstCallFailed.reasonIn(error.body);
          if (reason) return { valid: false, error: reason };
        }
        throw error;
      }
    },
  });
}

export type ReconciliationOutcome = { state: "done"; matched: number; unmatched: number } | { state: "in-progress"; note: string };

/**
 * Purchase reconciliation for a period: uploads the GSTR-2B file first when one was chosen,
 * then matches it against the expenses (a 202: still running, the rows appear when done).
 */
export function useReconcilePurchases() {
  return useMutation({
    mutationFn: async ({ period, gstr2b }: { period: string; gstr2b: unknown }): Promise<ReconciliationOutcome> => {
      if (gstr2b !== null) {
        orFail(await requestJson<GstResult & { invoices?: number }>("POST", "/api/gst/gstr2b", { period, data: gstr2b }), "The GSTR-2B file could not be read");
      }
      const response = await apiRequest("POST", "/api/gst/reconcile-purchases", { period });
      const body = (await response.json()) as GstResult & { summary?: { matched: number; unmatched: number } };
      if (response.status === 202 && !body.success) return { state: "in-progress", note: body.error || body.message || "Reconciliation is still running." };
      const summary = orFail(body, "Reconciliation could not be completed").summary;
      return { state: "done", matched: summary?.matched ?? 0, unmatched: summary?.unmatched ?? 0 };
    },
    onSuccess: (_result, { period }) => queryClient.invalidateQueries({ queryKey: [RECONCILIATIONS_PATH, period] }),
  });
}

/**
 * Accepts or rejects a suggested match or a mismatch. The rows are worked out again on the read
 * side, and the returns' previews with them (accepting makes the ITC claimable).
 */
export function useDecideMatch() {
  return useMutation({
    mutationFn: ({ period, expenseId, portalKey, decision }: { period: string; expenseId: string; portalKey: string; decision: "accept" | "reject" }) =>
      requestJson<{ success: boolean; row?: ReconciliationRow }>("POST", `${RECONCILIATIONS_PATH}/${encodeURIComponent(period)}/decisions`, { expenseId, portalKey, decision }),
    onSuccess: (_result, { period }) => queryClient.invalidateQueries({ queryKey: [RECONCILIATIONS_PATH, period] }),
  });
}

/** Saves the return's portal JSON as `GSTR1-062026.json`. */
export async function downloadReturnJson(gstReturn: Pick<GstReturn, "id" | "returnType" | "period">): Promise<void> {
  const response = await apiRequest("GET", `/api/gst/returns/${encodeURIComponent(gstReturn.id)}/json`);
  downloadText(await response.text(), `${gstReturn.returnType}-${gstReturn.period}.json`, "application/json");
}

const refreshEwayBills = () => refreshAfterWrite([EWAY_BILLS_KEY, GST_OVERVIEW_KEY]);

/** The e-invoice of an invoice for the given seller and buyer locations (a 400 lists what is missing). */
export function useEInvoice() {
  return useMutation({
    mutationFn: ({ invoiceId, locations }: { invoiceId: string; locations: EInvoiceLocations }) =>
      requestJson<EInvoice>("GET", `/api/invoices/${encodeURIComponent(invoiceId)}/einvoice?${new URLSearchParams({ ...locations }).toString()}`),
  });
}

/** Generates a (sandbox) e-way bill for an invoice; the list and the overview's count move. */
export function useGenerateEwayBill() {
  return useMutation({
    mutationFn: (body: EwayBillCreateBody) => requestJson<EwayBillCreated>("POST", "/api/ewaybills", body),
    onSuccess: refreshEwayBills,
  });
}

/** Cancels an e-way bill (only within 24 hours of its generation: a 409 after). */
export function useCancelEwayBill() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      requestJson<{ id: string; status: string }>("POST", `/api/ewaybills/${encodeURIComponent(id)}/cancel`, { reason }),
    onSuccess: refreshEwayBills,
  });
}
