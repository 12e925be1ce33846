import { z } from "zod";
import type { EwayBillCreateBody } from "../api/gst.ts";

export const TRANSPORT_MODES = [
  { value: "road", label: "Road" },
  { value: "rail", label: "Rail" },
  { value: "air", label: "Air" },
  { value: "ship", label: "Ship" },
] as const;

export const VEHICLE_TYPES = [
  { value: "regular", label: "Regular" },
  { value: "odc", label: "Over-dimensional cargo (ODC)" },
] as const;

const pincode = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .regex(/^[1-9]\d{5}$/, `${label} must be a 6-digit PIN code`);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null);

/** The 'Generate E-Way Bill' form; Part A and Part B rules beyond these are the server's to check. */
export const ewayBillFormSchema = z.object({
  invoiceId: z.string().min(1, "Choose an invoice"),
  dispatchPincode: pincode("Dispatch PIN"),
  deliveryPincode: pincode("Delivery PIN"),
  distanceKm: z.string().trim().min(1, { error: "Distance is required", abort: true }).regex(/^\d+$/, "Distance must be a whole number of kilometres").transform(Number),
  transportMode: z.enum(["road", "rail", "air", "ship"]),
  vehicleNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
    .pipe(z.string().max(15, "Vehicle number is too long"))
    .transform((value) => value || null),
  vehicleType: z.enum(["regular", "odc"]),
  transporterName: optionalText(100, "Transporter name is too long"),
  transporterId: optionalText(15, "Transporter ID is a 15-character GSTIN or TRANSIN"),
});

export type EwayBillFormValues = z.input<typeof ewayBillFormSchema>;
export type EwayBillFormOutput = z.output<typeof ewayBillFormSchema>;

export function ewayBillFormValues(dispatchPincode = ""): EwayBillFormValues {
  return {
    invoiceId: "",
    dispatchPincode,
    deliveryPincode: "",
    distanceKm: "",
    transportMode: "road",
    vehicleNumber: "",
    vehicleType: "regular",
    transporterName: "",
    transporterId: "",
  };
}

/** The POST body: reason 1 (Supply), the rest as the form has it. */
export function buildEwayBillBody(values: EwayBillFormOutput): EwayBillCreateBody {
  return { ...values, transporterId: values.transporterId?.toUpperCase() ?? null, reasonCode: 1 };
}

/** "2026-07-14T23:59:59+05:30" → "14 Jul 2026, 11:59 pm" in India's time. */
export function formatValidity(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(date);
}
