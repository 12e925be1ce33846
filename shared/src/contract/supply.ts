/**
 * Issue 9: how a sale is supplied when it is not an ordinary taxable supply (GST.md §2, §3):
 *
 * - zero-rated (s.16 IGST Act): an export (place of supply 96) or a supply to an SEZ unit or
 *   developer, either with IGST paid (refund claimed later) or "under LUT" — without payment of
 *   IGST against the Letter of Undertaking the business files each financial year (Rule 96A,
 *   form GST RFD-11). GSTR-1: b2b SEWP/SEWOP, exp WPAY/WOPAY; GSTR-3B 3.1(b).
 * - outward reverse charge (s.9(3)/(4) CGST Act, s.5(3)/(4) IGST Act): the registered recipient
 *   pays the tax, so the supplier's invoice charges none but says so (Rule 46(p)). GSTR-1 b2b
 *   reports it with rchrg "Y" and the tax the recipient owes; GSTR-3B 3.1(a) takes its taxable
 *   value only (IC `gstr_3b_report.py`: reverse-charge sales excluded from tax).
 *
 * The LUT fields of the profile and the invoice's export details live here; the command side
 * decides with them (command-api/src/invoices/supplyTreatment.ts).
 */
import { z } from "zod";
import { dateProblem } from "./fields.ts";
import { computeLine, percentToBasisPoints, type Supply } from "./gst/tax.ts";
import { toPaise, type Paise } from "./money.ts";

/** The LUT's ARN as the portal issues it ("AD290326000123X"): letters and digits, at most 20. */
export const LUT_NUMBER_PATTERN = /^[A-Za-z0-9]{1,20}$/;

function plainDate(label: string) {
  return z
    .union([z.string(), z.null()], { error: `${label} must be a date like 2026-04-01` })
    .optional()
    .transform((value) => (value === undefined ? undefined : (value ?? "").trim() || null))
    .superRefine((value, ctx) => {
      if (!value) return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) ctx.addIssue({ code: "custom", message: `${label} must be a date like 2026-04-01` });
      else {
        const problem = dateProblem(value, label);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }
    });
}

/**
 * The profile's Letter of Undertaking (PUT /api/profile). Absent keeps the stored value (older
 * clients do not send it); null or "" clears it. Checked together by {@link lutProblems}.
 */
export const lutFields = {
  lutNumber: z
    .union([z.string(), z.null()], { error: "LUT number must be text" })
    .optional()
    .transform((value) => (value === undefined ? undefined : (value ?? "").replace(/\s+/g, "").toUpperCase() || null))
    .refine((value) => value == null || LUT_NUMBER_PATTERN.test(value), "LUT number must be 1 to 20 letters or digits, as on the acknowledgement (ARN)"),
  lutValidFrom: plainDate("LUT valid from"),
  lutValidUntil: plainDate("LUT valid until"),
};

/** The profile schema's cross-field rules for the LUT: a number needs its dates, the end not before the start. */
export function lutProblems(profile: { lutNumber?: string | null; lutValidFrom?: string | null; lutValidUntil?: string | null }): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  if (profile.lutNumber) {
    if (!profile.lutValidFrom) problems.push({ path: ["lutValidFrom"], message: "Enter the date the LUT is valid from" });
    if (!profile.lutValidUntil) problems.push({ path: ["lutValidUntil"], message: "Enter the date the LUT is valid until" });
  }
  if (profile.lutValidFrom && profile.lutValidUntil && profile.lutValidUntil < profile.lutValidFrom) {
    problems.push({ path: ["lutValidUntil"], message: "The LUT's end date cannot be before its start date" });
  }
  return problems;
}

export interface LetterOfUndertaking {
  readonly lutNumber?: string | null;
  readonly lutValidFrom?: string | null;
  readonly lutValidUntil?: string | null;
}

/** The LUT number when the profile's LUT covers `date` ("YYYY-MM-DD", both ends included), else null. */
export function lutValidOn(profile: LetterOfUndertaking, date: string): string | null {
  const { lutNumber, lutValidFrom, lutValidUntil } = profile;
  if (!lutNumber || !lutValidFrom || !lutValidUntil) return null;
  return lutValidFrom <= date && date <= lutValidUntil ? lutNumber : null;
}

/** Customs port codes are six letters or digits ("INBOM4", "INMAA1"). */
export const PORT_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;
export const SHIPPING_BILL_NUMBER_PATTERN = /^[A-Za-z0-9]{1,20}$/;

const optionalUpper = (label: string, pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform(
      (value) =>
        String(value ?? "")
          .trim()
          .toUpperCase() || null,
    )
    .refine((value) => value === null || pattern.test(value), message);

/**
 * Shipping bill details of an export of goods (GSTR-1 Table 6A `sbnum`, `sbdt`, `sbpcode`;
 * e-invoice ExpDtls). Each may be filled later (the bill often follows the invoice); a number
 * and its date go together. null when nothing is given.
 */
export const exportDetailsSchema = z
  .object({
    shippingBillNumber: optionalUpper("Shipping bill number", SHIPPING_BILL_NUMBER_PATTERN, "Shipping bill number must be 1 to 20 letters or digits"),
    shippingBillDate: plainDate("Shipping bill date").transform((value) => value ?? null),
    portCode: optionalUpper("Port code", PORT_CODE_PATTERN, "Port code must be the 6-character customs code, like INBOM4"),
  })
  .superRefine((details, ctx) => {
    if (details.shippingBillNumber && !details.shippingBillDate) ctx.addIssue({ code: "custom", path: ["shippingBillDate"], message: "Enter the shipping bill's date" });
    if (details.shippingBillDate && !details.shippingBillNumber) ctx.addIssue({ code: "custom", path: ["shippingBillNumber"], message: "Enter the shipping bill's number" });
  })
  .nullish()
  .transform((details) => (details && (details.shippingBillNumber || details.shippingBillDate || details.portCode) ? details : null));

export interface ExportDetails {
  shippingBillNumber: string | null;
  shippingBillDate: string | null;
  portCode: string | null;
}

/** What the invoice says about tax on reverse charge and zero-rating (Rule 46(p), Rule 96A). */
export const REVERSE_CHARGE_LINE = (reverseCharge: boolean) => `Tax payable on reverse charge: ${reverseCharge ? "Yes" : "No"}`;
export const LUT_DECLARATION = "Supply meant for export / supply to SEZ unit or SEZ developer for authorised operations under LUT without payment of integrated tax";

export interface RecipientTax {
  readonly igstPaise: Paise;
  readonly cgstPaise: Paise;
  readonly sgstPaise: Paise;
  readonly cessPaise: Paise;
}

/**
 * The tax a registered recipient pays on a reverse-charge line: the line's own rate on its
 * taxable value, the heads by supplier state and place of supply (the same computation as a
 * charged line). Specific cess per unit is not recomputed (it ended on 1 Feb 2026).
 */
export function recipientTaxOf(line: { readonly taxablePaise: Paise; readonly rateBasisPoints: number; readonly cessBasisPoints?: number }, supply: Supply): RecipientTax {
  const tax = computeLine(
    { quantity: 1, pricePaise: line.taxablePaise, rateBasisPoints: line.rateBasisPoints, discount: null, cessBasisPoints: line.cessBasisPoints ?? 0 },
    supply,
  );
  return { igstPaise: tax.igstPaise, cgstPaise: tax.cgstPaise, sgstPaise: tax.sgstPaise, cessPaise: tax.cessPaise };
}

/** What a document shows about these supplies (Rule 46(p), Rule 96A): the PDF and the preview print the same lines. */
export interface SupplyNoteInput {
  readonly reverseCharge: boolean;
  readonly underLut?: boolean;
  readonly lutNumber?: string | null;
  readonly exportDetails?: ExportDetails | null;
  readonly placeOfSupply: string;
  readonly supplier: { readonly stateCode: string | null };
  readonly customer: { readonly isSez?: boolean };
  readonly items: ReadonlyArray<{ readonly taxableValue: string; readonly gstRate: string }>;
}

/** "20 Oct 2025" from "2025-10-20", without time zones (a plain date). */
function plainDateText(date: string): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const [year, month, day] = date.split("-");
  return `${day} ${months[Number(month) - 1] ?? month} ${year}`;
}

/**
 * The lines a sales document prints under its title for these supplies: the LUT declaration
 * with its number, the tax the recipient pays on reverse charge, the shipping bill. Empty for
 * an ordinary invoice (older ones included).
 */
export function supplyNotes(invoice: SupplyNoteInput, formatRupees: (paise: Paise) => string): string[] {
  const notes: string[] = [];
  if (invoice.underLut) notes.push(`${LUT_DECLARATION}${invoice.lutNumber ? ` (LUT ARN ${invoice.lutNumber})` : ""}`);
  if (invoice.reverseCharge && invoice.supplier.stateCode) {
    const supply = { supplierState: invoice.supplier.stateCode, placeOfSupply: invoice.placeOfSupply, toSez: invoice.customer.isSez === true };
    let tax = 0;
    for (const item of invoice.items) {
      const heads = recipientTaxOf({ taxablePaise: toPaise(item.taxableValue), rateBasisPoints: percentToBasisPoints(item.gstRate) }, supply);
      tax += heads.igstPaise + heads.cgstPaise + heads.sgstPaise + heads.cessPaise;
    }
    notes.push(`GST of ${formatRupees(tax)} on this supply is payable by the recipient under reverse charge`);
  }
  const bill = invoice.exportDetails;
  if (bill && (bill.shippingBillNumber || bill.portCode)) {
    const parts = [
      bill.shippingBillNumber && `No. ${bill.shippingBillNumber}`,
      bill.shippingBillDate && `dated ${plainDateText(bill.shippingBillDate)}`,
      bill.portCode && `port ${bill.portCode}`,
    ].filter(Boolean);
    notes.push(`Shipping bill: ${parts.join(", ")}`);
  }
  return notes;
}
