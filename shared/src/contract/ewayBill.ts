import { z } from "zod";
import { optionalDateField, optionalText, requiredText, safeString } from "./fields.ts";

/** A PIN code as typed or as a number; the route checks it is six digits. */
const pincode = z.union([safeString("Pincode is required").max(20, "Pincode must be 6 digits"), z.number()], { error: "Pincode is required" }).transform(String);

/** POST /api/ewaybills: one schema for the command and the API's OpenAPI document. */
export const ewayBillCreateSchema = z.object({
  invoiceId: requiredText("Invoice is required", 100),
  /** Absent: the PIN on the invoice, else the business's profile PIN (issue 9). */
  dispatchPincode: pincode.optional(),
  deliveryPincode: pincode,
  reasonCode: z.number().int().min(1).max(10).optional().default(1),
  transportMode: z.enum(["road", "rail", "air", "ship"], { error: "Transport mode must be road, rail, air or ship" }).optional().default("road"),
  distanceKm: z.number({ error: "Distance (km) is required" }).int("Distance must be a whole number of kilometres"),
  vehicleNumber: optionalText(20),
  vehicleType: z.enum(["regular", "odc"]).optional().default("regular"),
  transporterId: optionalText(20),
  transporterName: optionalText(100),
  transportDocumentNumber: optionalText(50),
  transportDocumentDate: optionalDateField("Transport document date"),
});

/** POST /api/ewaybills/{id}/cancel. */
export const ewayBillCancelSchema = z.object({ reason: requiredText("Reason is required", 200) });
