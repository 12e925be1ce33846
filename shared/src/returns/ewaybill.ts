/**
 * E-way bills (GST.md §7): whether one is needed, how long it is valid, and the checks on the
 * Part A / Part B fields before it is generated.
 *
 * Validity (Rule 138(10) as amended from 1 Jan 2021): one day per 200 km or part for regular
 * cargo, per 20 km or part for over-dimensional cargo (and multimodal with a ship leg); a "day"
 * runs to midnight of the day following generation, so
 *   days = ceil(distance / (ODC ? 20 : 200)), at least 1
 *   valid until 23:59:59 IST of (generation date in India + days).
 * IC's NIC responses confirm it: 10 km generated 25/02/2024 11:10 → 26/02/2024 23:59; 2467 km
 * generated 16/09/2022 19:29 → 29/09/2022 23:59 (ceil(2467/200) = 13).
 *
 * Required when the consignment value (tax included) exceeds ₹50,000 (Rule 138, "exceeding";
 * IC prompts at ≥ its threshold). State-specific intra-state limits are not modelled.
 */
import { indianDateOf, invoiceNumberProblem, STATE_NAMES } from "../contract/index.ts";
import type { IndianDate, Paise } from "../contract/index.ts";
import { registrationTypeOf, validateGstin } from "./gstin.ts";
import { addDays } from "./portal.ts";

export type VehicleType = "regular" | "odc";

/** ₹50,000 in paise. */
export const EWAY_BILL_THRESHOLD_PAISE: Paise = 50_000_00;
export const EWAY_BILL_MAX_DISTANCE_KM = 4000;

/** Whether goods of this consignment value (including tax) need an e-way bill: value > ₹50,000. */
export function ewayBillRequired(consignmentValuePaise: Paise): boolean {
  if (!Number.isSafeInteger(consignmentValuePaise)) throw new RangeError(`Paise must be a whole number: ${consignmentValuePaise}`);
  return consignmentValuePaise > EWAY_BILL_THRESHOLD_PAISE;
}

export interface EwayBillValidity {
  readonly days: number;
  /** The India date of generation. */
  readonly generatedOn: IndianDate;
  /** Last India date of validity. */
  readonly validUntilDate: IndianDate;
  /** "2024-02-26T23:59:59+05:30" — the end of validity as an ISO instant in IST. */
  readonly validUntil: string;
}

/** `generatedAt`: an instant (Date, or ISO with zone), or an IST wall-clock time without a zone. */
export function ewayBillValidity(input: { readonly generatedAt: string | Date; readonly distanceKm: number; readonly vehicleType: VehicleType }): EwayBillValidity {
  const { distanceKm } = input;
  if (!Number.isSafeInteger(distanceKm) || distanceKm < 0) {
    throw new RangeError(`Distance must be a whole number of kilometres, got ${distanceKm}`);
  }
  const perDay = input.vehicleType === "odc" ? 20 : 200;
  const days = Math.max(1, Math.ceil(distanceKm / perDay));
  const generatedOn = indianDateOf(input.generatedAt);
  const validUntilDate = addDays(generatedOn, days);
  return { days, generatedOn, validUntilDate, validUntil: `${validUntilDate}T23:59:59+05:30` };
}

// ---------------------------------------------------------------------------------------
// Part A / Part B

export type EwayBillDocumentType = "INV" | "BIL" | "BOE" | "CHL" | "OTH";
export type TransportMode = "road" | "rail" | "air" | "ship";

/** FORM GST EWB-01 A.9 reasons for transportation. */
export const EWAY_BILL_REASONS = {
  1: "Supply",
  2: "Export or Import",
  3: "Job Work",
  4: "SKD/CKD/Lots",
  5: "Recipient not known",
  6: "Line Sales",
  7: "Sales Return",
  8: "Exhibition or fairs",
  9: "For own use",
  10: "Others",
} as const;

export interface EwayBillInput {
  /** A.1: GSTIN of the supplier, or "URP" when unregistered. */
  readonly supplierGstin: string;
  /** A.3: GSTIN of the recipient, or "URP". */
  readonly recipientGstin: string;
  /** A.2 place of dispatch. */
  readonly dispatchPincode: string | number;
  /** A.4 place of delivery. */
  readonly deliveryPincode: string | number;
  readonly documentType: EwayBillDocumentType;
  /** A.5 */
  readonly documentNumber: string;
  /** A.6, "YYYY-MM-DD". */
  readonly documentDate: string;
  /** A.7, including tax. */
  readonly consignmentValuePaise: Paise;
  /** A.8 */
  readonly hsnCodes: readonly string[];
  /** A.9, 1–10 (EWAY_BILL_REASONS). */
  readonly reasonCode: number;
  readonly transportMode: TransportMode;
  readonly distanceKm: number;
  /** B.1, road. */
  readonly vehicleNumber?: string | null;
  readonly vehicleType?: VehicleType;
  /** Transporter's GSTIN or TRANSIN; lets Part A be generated now and Part B later. */
  readonly transporterId?: string | null;
  /** B.2, rail / air / ship: RR, airway bill or bill of lading number and date. */
  readonly transportDocumentNumber?: string | null;
  readonly transportDocumentDate?: string | null;
  /** India date "today", to refuse a document dated in the future. */
  readonly today?: string | Date;
}

export interface EwayBillCheck {
  readonly valid: boolean;
  readonly problems: readonly string[];
  /** Vehicle number upper-cased without spaces or hyphens, when given. */
  readonly vehicleNumber: string | null;
}

const PINCODE = /^[1-9][0-9]{5}$/;

/**
 * Accepted vehicle numbers (after removing spaces and hyphens). GST.md gives no format; these
 * are the Indian registration formats, and the exceptions NIC is known to take are limited to
 * the "TR" temporary and "DF" defence prefixes — unverified, adjust when NIC rejects one:
 *   KA01AB1234, DL1CAB1234, GJ07DL9009 (state, RTO, 0–3 series letters, 4 digits)
 *   ABC1234 (old three-letter series), 22BH1234AB (Bharat series),
 *   TR… / DF… followed by 6–13 letters or digits.
 */
const VEHICLE_NUMBER_FORMATS: readonly RegExp[] = [/^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/, /^[A-Z]{3}[0-9]{4}$/, /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/, /^(TR|DF)[A-Z0-9]{6,13}$/];

export function normaliseVehicleNumber(raw: string): string {
  return raw.replace(/[\s-]/g, "").toUpperCase();
}

export function isValidVehicleNumber(raw: string): boolean {
  const value = normaliseVehicleNumber(raw);
  return VEHICLE_NUMBER_FORMATS.some((format) => format.test(value));
}

/**
 * A transporter ID is a GSTIN or a TRANSIN (same 15-character layout). Its check character is
 * not verified: IC skips it for transporter IDs ("29AAFCA7488L1Z0 invalid check digit for valid
 * transporter id", GST.md §1.1).
 */
export function transporterIdProblem(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  if (id.length !== 15) return `Transporter ID must be 15 characters (a GSTIN or TRANSIN); "${id}" has ${id.length}`;
  if (!STATE_NAMES[id.slice(0, 2)]) return `Transporter ID state code ${id.slice(0, 2)} is not an allotted state code`;
  if (!registrationTypeOf(id)) return `Transporter ID "${id}" does not have the layout of a GSTIN or TRANSIN`;
  return null;
}

function partyProblem(label: string, raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (value === "URP") return null;
  const check = validateGstin(value);
  return check.valid ? null : `${label}: ${check.error} (use "URP" for an unregistered person)`;
}

function dateOrNull(value: string): IndianDate | null {
  try {
    return indianDateOf(value);
  } catch {
    return null;
  }
}

/** Checks the Part A and Part B fields; every problem is reported, not just the first. */
export function validateEwayBill(input: EwayBillInput): EwayBillCheck {
  const problems: string[] = [];
  const push = (problem: string | null) => {
    if (problem) problems.push(problem);
  };

  // Part A
  push(partyProblem("Supplier GSTIN (A.1)", input.supplierGstin));
  push(partyProblem("Recipient GSTIN (A.3)", input.recipientGstin));
  if (!PINCODE.test(String(input.dispatchPincode).trim())) problems.push("Dispatch PIN code (A.2) must be 6 digits, not starting with 0");
  if (!PINCODE.test(String(input.deliveryPincode).trim())) problems.push("Delivery PIN code (A.4) must be 6 digits, not starting with 0");
  if (!["INV", "BIL", "BOE", "CHL", "OTH"].includes(input.documentType)) problems.push("Document type must be INV, BIL, BOE, CHL or OTH");
  const numberProblem = invoiceNumberProblem(input.documentNumber);
  if (numberProblem) problems.push(`Document number (A.5) ${numberProblem.replace(/^Invoice number /, "")}`);
  const documentDate = dateOrNull(input.documentDate);
  if (!documentDate) problems.push("Document date (A.6) must be a date, YYYY-MM-DD");
  else if (input.today !== undefined && documentDate > indianDateOf(input.today)) problems.push("Document date (A.6) cannot be in the future");
  if (!Number.isSafeInteger(input.consignmentValuePaise) || input.consignmentValuePaise <= 0) {
    problems.push("Value of goods (A.7) must be more than zero");
  }
  if (input.hsnCodes.length === 0) problems.push("At least one HSN code (A.8) is required");
  for (const hsn of input.hsnCodes) {
    if (!/^(\d{4}|\d{6}|\d{8})$/.test(hsn.trim())) problems.push(`HSN code (A.8) "${hsn}" must be 4, 6 or 8 digits`);
  }
  if (!(input.reasonCode in EWAY_BILL_REASONS)) problems.push("Reason for transportation (A.9) must be a code from 1 to 10");
  if (!Number.isSafeInteger(input.distanceKm) || input.distanceKm < 1 || input.distanceKm > EWAY_BILL_MAX_DISTANCE_KM) {
    problems.push(`Distance must be a whole number of kilometres from 1 to ${EWAY_BILL_MAX_DISTANCE_KM}, got ${input.distanceKm}`);
  }

  // Part B
  const transporterId = input.transporterId?.trim() ? input.transporterId.trim() : null;
  if (transporterId) push(transporterIdProblem(transporterId));
  const vehicle = input.vehicleNumber?.trim() ? normaliseVehicleNumber(input.vehicleNumber) : null;
  if (!["road", "rail", "air", "ship"].includes(input.transportMode)) problems.push("Mode of transport must be road, rail, air or ship");
  if (input.transportMode === "road") {
    if (!vehicle && !transporterId) {
      problems.push("Vehicle number (B.1) is required for transport by road, unless a transporter ID is given to fill Part B later");
    }
    if (vehicle && !isValidVehicleNumber(vehicle)) {
      problems.push(`Vehicle number (B.1) "${vehicle}" is not a valid registration number (e.g. KA01AB1234)`);
    }
  } else {
    if (input.vehicleType === "odc") problems.push("Over-dimensional cargo applies to road transport only");
    if (!input.transportDocumentNumber?.trim() && !transporterId) {
      problems.push(
        `Transport document number (B.2: ${input.transportMode === "rail" ? "railway receipt" : input.transportMode === "air" ? "airway bill" : "bill of lading"}) is required for transport by ${input.transportMode}`,
      );
    }
    if (input.transportDocumentNumber?.trim()) {
      const transportDate = input.transportDocumentDate ? dateOrNull(input.transportDocumentDate) : null;
      if (!transportDate) problems.push("Transport document date (B.2) must be a date, YYYY-MM-DD");
      else if (documentDate && transportDate < documentDate) problems.push("Transport document date (B.2) cannot be before the document date (A.6)");
    }
  }
  return { valid: problems.length === 0, problems, vehicleNumber: vehicle };
}
