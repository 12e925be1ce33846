/**
 * Issue 9: delivery challans (CGST Rule 55). A challan goes with goods that move without a
 * sale — sent for job work, on approval, liquid gas of unknown quantity, moved between the
 * business's own places — and takes its own series (DC/26-27/0001). It changes no stock:
 * the goods stay the business's until they are sold on an invoice.
 */
import { z } from "zod";
import { dateField, optionalText, safeString } from "./fields.ts";
import { moneyField } from "./products.ts";
import { lineQuantityField } from "./quantityFields.ts";

/** Rule 55(1)(a)-(d): why the goods move. */
export const CHALLAN_PURPOSES = ["job_work", "supply_on_approval", "liquid_gas", "not_supply", "other"] as const;
export type ChallanPurpose = (typeof CHALLAN_PURPOSES)[number];

/** The purpose in words a shop owner (and the transporter) reads. */
export const CHALLAN_PURPOSE_TEXT: Record<ChallanPurpose, string> = {
  job_work: "Sent for job work",
  supply_on_approval: "Sent on approval (sale or return)",
  liquid_gas: "Liquid gas, quantity not known at removal",
  not_supply: "Goods moved, not a sale (e.g. to own branch, for repair or exhibition)",
  other: "Other",
};

/**
 * Rule 55(1)(g): the tax rate and amount are stated where the goods travel for supply to the
 * consignee — on approval, or liquid gas to be billed on delivery; not for job work or a move.
 */
export function challanStatesTax(purpose: ChallanPurpose): boolean {
  return purpose === "supply_on_approval" || purpose === "liquid_gas";
}

/** "YYYY-MM-DD" plus whole months, the day kept or, past the month's end, its last day. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/**
 * What the business must do by when, for a challan still standing:
 * - goods on approval: the tax invoice is due six months from removal at the latest (s.31(7));
 * - job work: the goods come back within a year (inputs; capital goods three years), or they
 *   count as supplied on the day they were sent (s.143(1), (3), (4)). The shorter limit is shown.
 */
export function challanFollowUp(purpose: ChallanPurpose, issueDate: string): { by: string; action: "invoice" | "bringBack" } | null {
  if (purpose === "supply_on_approval") return { by: addMonths(issueDate, 6), action: "invoice" };
  if (purpose === "job_work") return { by: addMonths(issueDate, 12), action: "bringBack" };
  return null;
}

export const challanItemSchema = z.object({
  productId: safeString("Product is required").trim().min(1, "Product is required"),
  quantity: lineQuantityField,
  /** Value per unit for Rule 55(1)(f)'s taxable value; absent: the product's selling price. */
  price: moneyField("Value per unit").optional(),
});

export const deliveryChallanCreateSchema = z.object({
  customerId: safeString("Consignee is required").trim().min(1, "Consignee is required"),
  issueDate: dateField("Challan date").optional(),
  purpose: z.enum(CHALLAN_PURPOSES, { error: `Purpose must be one of ${CHALLAN_PURPOSES.join(", ")}` }),
  items: z.array(challanItemSchema, { error: "At least one item is required" }).min(1, "At least one item is required").max(200, "At most 200 items"),
  notes: optionalText(2000),
});
export type DeliveryChallanCreateInput = z.infer<typeof deliveryChallanCreateSchema>;

export const deliveryChallanCancelSchema = z.object({
  reason: safeString("Reason is required").trim().min(1, "Reason is required").max(200, "Reason must be at most 200 characters"),
});

export interface DeliveryChallanLine {
  productId: string;
  productName: string;
  hsnCode: string | null;
  quantity: number;
  unit: string;
  price: string;
  gstRate: string;
  taxableValue: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  amount: string;
}

/** A challan as the API shows it (money "0.00"). */
export interface DeliveryChallan {
  id: string;
  userId: string;
  number: string;
  issueDate: string;
  purpose: ChallanPurpose;
  /** "cancelled": withdrawn, its number stays used (GSTR-1 Table 13 counts it cancelled). */
  status: "issued" | "cancelled";
  cancelReason: string | null;
  cancelledAt: string | null;
  /** s.31(7) / s.143: the invoice (goods on approval) or the goods' return (job work) is due by this date; null otherwise or once cancelled. */
  followUp: { by: string; action: "invoice" | "bringBack" } | null;
  customer: { id: string; name: string; gstNumber: string | null; address: string | null; stateCode: string | null };
  supplier: { name: string; gstin: string | null; address: string | null; stateCode: string; pinCode?: string | null };
  placeOfSupply: string;
  taxKind: "intra" | "inter";
  stateTaxLabel: "SGST" | "UTGST";
  /** Whether the challan states tax (Rule 55(1)(g)): false for job work and moves that are not supplies. */
  statesTax: boolean;
  items: DeliveryChallanLine[];
  subtotal: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  cessAmount: string;
  total: string;
  notes: string | null;
  createdAt: string;
}
