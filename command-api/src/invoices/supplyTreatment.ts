/**
 * Issue 9: whether an invoice charges tax, from what the body asks (reverse charge, under LUT,
 * shipping bill) and what the law allows for its customer (supply.ts in shared/contract):
 *
 * - under LUT: only an export (place of supply 96) or a supply to an SEZ unit or developer
 *   (s.16(1) IGST Act), and only while the business's LUT covers the invoice date (Rule 96A);
 * - reverse charge: only to a registered recipient (a GSTIN), who pays the tax (s.9(3)/(4));
 *   never together with an export or LUT;
 * - shipping bill details: only on an export.
 *
 * Each refusal is a 400 naming the field; nothing is appended.
 */
import { indianDateOf, lutValidOn, OTHER_COUNTRY, type InvoiceCreateInput, type LetterOfUndertaking } from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";
import type { InvoiceDraft } from "./invoice.ts";

export interface SupplyTreatment {
  /** false: computeInvoice zeroes every head (an LUT or reverse-charge supply). */
  readonly chargesTax: boolean;
  /** The facts the invoice records beside its figures (absent when ordinary, as on older invoices). */
  readonly facts: Pick<InvoiceDraft, "reverseCharge" | "underLut" | "lutNumber" | "exportDetails">;
}

export function supplyTreatment(
  input: Pick<InvoiceCreateInput, "reverseCharge" | "underLut" | "exportDetails">,
  sale: { issueDate: string; placeOfSupply: string; customerGstin: string | null; toSez: boolean; profile: LetterOfUndertaking },
): SupplyTreatment {
  const errors: { path: string[]; message: string }[] = [];
  const date = indianDateOf(sale.issueDate);
  const isExport = sale.placeOfSupply === OTHER_COUNTRY;
  let lutNumber: string | null = null;
  if (input.underLut) {
    lutNumber = lutValidOn(sale.profile, date);
    if (!isExport && !sale.toSez) {
      errors.push({ path: ["underLut"], message: "Only an export or a supply to an SEZ unit or developer can be made without IGST under LUT" });
    } else if (!lutNumber) {
      errors.push({
        path: ["underLut"],
        message: sale.profile.lutNumber
          ? `Your LUT ${sale.profile.lutNumber} does not cover ${date} (valid ${sale.profile.lutValidFrom} to ${sale.profile.lutValidUntil}): add the current LUT in Settings, or charge IGST`
          : "Add your Letter of Undertaking (LUT) in Settings to supply without IGST, or charge IGST",
      });
    }
  }
  if (input.reverseCharge) {
    if (!sale.customerGstin) errors.push({ path: ["reverseCharge"], message: "Reverse charge applies only to a registered customer: add the customer's GSTIN" });
    else if (input.underLut) errors.push({ path: ["reverseCharge"], message: "A supply under LUT cannot also be on reverse charge" });
    else if (isExport) errors.push({ path: ["reverseCharge"], message: "An export cannot be on reverse charge" });
  }
  const exportDetails = input.exportDetails ?? null;
  if (exportDetails && !isExport) {
    errors.push({ path: ["exportDetails"], message: "Shipping bill details are only for exports (customer in another country)" });
  } else if (exportDetails?.shippingBillDate && exportDetails.shippingBillDate < date) {
    errors.push({ path: ["exportDetails", "shippingBillDate"], message: `The shipping bill cannot be dated before the invoice (${date})` });
  }
  if (errors.length > 0) throw new ValidationError(errors);

  const reverseCharge = input.reverseCharge === true;
  const underLut = input.underLut === true;
  return {
    chargesTax: !reverseCharge && !underLut,
    facts: {
      ...(reverseCharge ? { reverseCharge } : {}),
      ...(underLut && lutNumber ? { underLut, lutNumber } : {}),
      ...(exportDetails ? { exportDetails } : {}),
    },
  };
}
