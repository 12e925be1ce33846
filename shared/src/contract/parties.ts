import { z } from "zod";
import { optionalEmailField, optionalGstinField, optionalMoneyField, optionalText, requiredText } from "./fields.ts";

export const customerInputSchema = z.object({
  name: requiredText("Name is required"),
  email: optionalEmailField,
  phone: optionalText(30),
  address: optionalText(500),
  gstNumber: optionalGstinField,
  creditLimit: optionalMoneyField("Credit limit"),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

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
  createdAt: string;
  updatedAt: string;
}
