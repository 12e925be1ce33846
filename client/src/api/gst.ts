import { useMutation, useQuery } from "@tanstack/react-query";
import { downloadText } from "../lib/download.ts";
import { GstCallFailed } from "../lib/gst.ts";
import { apiRequest, HttpError, requestJson } from "./http.ts";
import { queryClient } from "./query-client.ts";
import { refreshAfterWrite } from "./resource.ts";

export type GstReturnType = "GSTR1" | "GSTR3B";

export interface GstOverview {
  pendingReturns: number;
  activeEwayBills: number;
  /** The next returns to file, soonest first; period "MMYYYY", dueDate "YYYY-MM-DD". */
  nextDue: { returnType: GstReturnType; period: string; dueDate: string }[];
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

export type ReconciliationStatus = "matched" | "mismatch" | "missing_in_books" | "missing_in_2b";

export interface ReconciliationRow {
  status: ReconciliationStatus;
  supplierGstin: string;
  supplierName?: string | null;
  /** GSTR-2B's number when the row has a 2B side, else the books'. */
  invoiceNumber: string;
  /** "YYYY-MM-DD" */
  invoiceDate: string;
  /** One line per field outside the ₹1 tolerance; empty unless the row is a mismatch. */
  differences: string[];
  /** Information that does not change the status (rounding within ₹1, 2B's ITC flag...). */
  notes?: string[];
}

/** GET /api/gst/reconciliations/:period: the last GSTR-2B uploaded and, once run, its result. */
export interface Reconciliation {
  period: string;
  completedAt?: string | null;
  summary: { matched: number; mismatch: number; missing_in_books: number; missing_in_2b: number; total: number } | null;
  rows: ReconciliationRow[];
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

const refreshReturns = () =>
  Promise.all([GST_RETURNS_KEY, GST_OVERVIEW_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

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
