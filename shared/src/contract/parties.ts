import { z } from "zod";
import { optionalEmailField, optionalGstinField, optionalMoneyField, optionalText, requiredText } from "./fields.ts";
import { stateCodeFromGstin } from "./gst/tax.ts";
import { gstinProblem } from "./gstin.ts";
import { isCustomerStateCode, STATE_OPTIONS } from "./states.ts";

/** A state from STATE_OPTIONS; absent, null and "" mean "not chosen". */
const optionalStateCodeField = z
  .string({ error: "Choose the customer's state from the list" })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isCustomerStateCode(value), "Choose the customer's state from the list");

const stateLabel = (code: string) => STATE_OPTIONS.find((state) => state.code === code)?.label ?? code;

/**
 * A customer (issue 9): the state is what the place of supply defaults to, so it is required
 * without a GSTIN and, with one, taken from it (a different one is refused: the GSTIN says where
 * the customer is registered). Only a registered person can be an SEZ unit or developer.
 */
export const customerInputSchema = z
  .object({
    name: requiredText("Name is required"),
    email: optionalEmailField,
    phone: optionalText(30),
    address: optionalText(500),
    gstNumber: optionalGstinField,
    creditLimit: optionalMoneyField("Credit limit"),
    stateCode: optionalStateCodeField,
    shippingAddress: optionalText(500),
    /** Issue 9: the state goods are delivered to, when not the customer's own (s.10(1)(a) IGST Act). */
    shippingStateCode: z
      .string({ error: "Choose the delivery state from the list" })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isCustomerStateCode(value), "Choose the delivery state from the list"),
    isSez: z
      .boolean({ error: "isSez must be true or false" })
      .nullish()
      .transform((value) => value === true),
  })
  .superRefine((customer, ctx) => {
    const gstin = customer.gstNumber && gstinProblem(customer.gstNumber) === null ? customer.gstNumber : null;
    const gstinState = gstin?.slice(0, 2) ?? null;
    if (!customer.gstNumber && !customer.stateCode) {
      ctx.addIssue({ code: "custom", path: ["stateCode"], message: "Choose the customer's state" });
    }
    if (gstinState && customer.stateCode && customer.stateCode !== gstinState) {
      ctx.addIssue({ code: "custom", path: ["stateCode"], message: `The GSTIN is registered in ${stateLabel(gstinState)}: the state must match it` });
    }
    if (customer.isSez && !customer.gstNumber) {
      ctx.addIssue({ code: "custom", path: ["isSez"], message: "An SEZ unit or developer has a GSTIN: enter it to mark the customer as SEZ" });
    }
  })
  .transform((customer) => ({ ...customer, stateCode: customer.stateCode ?? customer.gstNumber!.slice(0, 2) }));
export type CustomerInput = z.output<typeof customerInputSchema>;

/**
 * The state of a customer as recorded, or for one saved before states were asked, its GSTIN's;
 * null when neither is known (invoices then take the business's own state).
 */
/**
 * The place of supply an invoice to the customer defaults to: for goods, where their movement
 * ends (s.10(1)(a) IGST Act: the delivery state when the customer gave one); for services,
 * the recipient's own state (s.12(2)). null when neither is known.
 */
export function customerPlaceOfSupply(
  customer: { readonly stateCode?: string | null; readonly gstNumber: string | null; readonly shippingStateCode?: string | null },
  goods: boolean,
): string | null {
  return (goods ? customer.shippingStateCode : null) || customerStateCode(customer);
}

export function customerStateCode(customer: { readonly stateCode?: string | null; readonly gstNumber: string | null }): string | null {
  return customer.stateCode || (customer.gstNumber ? stateCodeFromGstin(customer.gstNumber) : null);
}

export const vendorInputSchema = z.object({
  name: requiredText("Name is required"),
  email: optionalEmailField,
  phone: optionalText(30),
  address: optionalText(500),
  gstNumber: optionalGstinField,
});
export type VendorInput = z.infer<typeof vendorInputSchema>;

export interface Customer {
  id: string;
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  gstNumber: string | null;
  /** Two-decimal rupees, e.g. "5000.00". */
  creditLimit: string;
  /**
   * Two-digit state code (STATE_OPTIONS). null only for a customer saved before states were
   * asked, without a GSTIN: invoices then take the business's own state.
   */
  stateCode: string | null;
  shippingAddress: string | null;
  /** Issue 9: the delivery state of goods when it is not `stateCode`; null: the customer's own state. */
  shippingStateCode: string | null;
  /** An SEZ unit or developer: supplies to it are zero-rated, IGST whatever the states (s.16 IGST Act). */
  isSez: boolean;
  /** Issue 10: hidden from pickers, cannot be invoiced; false for customers recorded before. */
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Vendor {
  id: string;
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  gstNumber: string | null;
  /** Issue 10: hidden from the expense form's picker; false for vendors recorded before. */
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}
export * from "./creditLimit.ts";
