/**
 * Issue 10: advances — money a customer pays before an invoice, recorded against the
 * customer and applied to their invoices later. Advances for goods carry no tax
 * (Notification 66/2017-CT); an advance for services is taxed when received (s.13(2) CGST Act):
 * the amount is tax inclusive, taxable = amount × 100 / (100 + rate), and GSTR-1 Table 11A/11B
 * and GSTR-3B 3.1(a) report it (returns/advances.ts).
 */
import { z } from "zod";
import { dateField, isRecordId, optionalText, safeString } from "./fields.ts";
import { formatPaise, toPaise, type Paise } from "./money.ts";
import { PAYMENT_MODES, type PaymentMode } from "./payments.ts";
import { gstRateField, moneyField } from "./products.ts";
import { computeLine, isPlaceOfSupplyCode, roundHalfUp } from "./gst/tax.ts";

export const ADVANCE_SUPPLIES = ["goods", "services"] as const;
export type AdvanceSupply = (typeof ADVANCE_SUPPLIES)[number];

/** POST /api/customers/{id}/advances. */
export const advanceCreateSchema = z.object({
  amount: moneyField("Amount", { required: "Amount is required" }).refine((value) => toPaise(value) > 0, "Amount must be more than 0"),
  date: dateField("Date received"),
  mode: z.enum(PAYMENT_MODES, { error: "Mode must be one of upi, cash, cheque, bank_transfer or card" }),
  reference: optionalText(100),
  /** What the advance is for; goods (the default) carry no tax (Notification 66/2017-CT). */
  supply: z.enum(ADVANCE_SUPPLIES, { error: "For must be goods or services" }).optional(),
  /** Services only: the GST rate in force on the date received (basis points after parsing). */
  gstRate: gstRateField().optional(),
  /** Services only: two-digit state code; default the customer's state. */
  placeOfSupply: safeString()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isPlaceOfSupplyCode(value), "Place of supply must be a two-digit state code"),
});
export type AdvanceCreateInput = z.infer<typeof advanceCreateSchema>;

/** POST /api/customers/{id}/advances/{advanceId}/apply. */
export const advanceApplySchema = z.object({
  invoiceId: z.string({ error: "Choose the invoice to apply the advance to" }).refine((value) => isRecordId(value), "Choose the invoice to apply the advance to"),
  amount: moneyField("Amount", { required: "Amount is required" }).refine((value) => toPaise(value) > 0, "Amount must be more than 0"),
});
export type AdvanceApplyInput = z.infer<typeof advanceApplySchema>;

export interface AdvanceApplication {
  invoiceId: string;
  paymentId: string;
  amount: string;
  appliedAt: string;
}

/** An advance as GET /api/customers/{id}/advances shows it (also the read model's document). */
export interface CustomerAdvance {
  id: string;
  userId: string;
  customerId: string;
  amount: string;
  /** Indian date received. */
  date: string;
  mode: PaymentMode;
  reference: string | null;
  /** Applied to invoices so far, and what is left to apply. */
  applied: string;
  remaining: string;
  applications: AdvanceApplication[];
  receivedAt: string;
  /** Absent on advances recorded before it was asked: goods. */
  supply?: AdvanceSupply;
  /**
   * A taxed services advance (s.13(2)): the rate (percent, e.g. 18), the place of supply, and the
   * tax-inclusive amount split into taxable value and heads; absent when no tax was charged.
   */
  gstRate?: number;
  placeOfSupply?: string;
  taxableValue?: string;
  igst?: string;
  cgst?: string;
  sgst?: string;
}

/** What is left on the customer's advances, in paise. */
export const advancesRemainingPaise = (advances: readonly CustomerAdvance[], customerId: string): Paise =>
  advances.filter((advance) => advance.customerId.toLowerCase() === customerId.toLowerCase()).reduce((sum, advance) => sum + toPaise(advance.remaining), 0);

/**
 * The tax in a tax-inclusive services advance (s.13(2) CGST Act): taxable = amount × 100 /
 * (100 + rate) half up to the paisa, then the heads as an invoice line of that taxable value
 * (computeLine: CGST + SGST when the place of supply is the business's state, else IGST).
 */
export function advanceTaxOf(amountPaise: Paise, rateBasisPoints: number, supply: { supplierState: string; placeOfSupply: string }) {
  const taxablePaise = roundHalfUp(BigInt(amountPaise) * 10_000n, BigInt(10_000 + rateBasisPoints));
  const line = computeLine({ quantity: 1, pricePaise: taxablePaise, rateBasisPoints }, supply);
  return { taxablePaise: line.taxablePaise, igstPaise: line.igstPaise, cgstPaise: line.cgstPaise, sgstPaise: line.sgstPaise };
}

/** The tax facts of an advance (the CustomerAdvanceReceived fields) as CustomerAdvance shows them. */
export function advanceTaxView(facts: {
  supply?: AdvanceSupply;
  gstRateBasisPoints?: number;
  placeOfSupply?: string;
  taxablePaise?: number;
  igstPaise?: number;
  cgstPaise?: number;
  sgstPaise?: number;
}): Pick<CustomerAdvance, "supply" | "gstRate" | "placeOfSupply" | "taxableValue" | "igst" | "cgst" | "sgst"> {
  const view: Pick<CustomerAdvance, "supply" | "gstRate" | "placeOfSupply" | "taxableValue" | "igst" | "cgst" | "sgst"> = { supply: facts.supply ?? "goods" };
  if (facts.taxablePaise === undefined || facts.gstRateBasisPoints === undefined) return view;
  return {
    ...view,
    gstRate: Number(formatPaise(facts.gstRateBasisPoints)),
    placeOfSupply: facts.placeOfSupply,
    taxableValue: formatPaise(facts.taxablePaise),
    igst: formatPaise(facts.igstPaise ?? 0),
    cgst: formatPaise(facts.cgstPaise ?? 0),
    sgst: formatPaise(facts.sgstPaise ?? 0),
  };
}
