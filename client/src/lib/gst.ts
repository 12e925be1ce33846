import { computeLine, indianDateOf, isMoneyString, percentToBasisPoints, toPaise } from "@bahi/shared/contract";
import type { LineTax } from "@bahi/shared/contract";
import { HttpError } from "../api/http.ts";

/** A GST call that answered, but with `success: false`; the message is the server's reason. */
export class GstCallFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "GstCallFailed";
  }

  /** The reason in a GST answer's body: its `error`, else its `message`; null when there is none. */
  static reasonIn(body: string): string | null {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== "object" || parsed === null) return null;
      const { error, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof error === "string" && error.trim()) return error;
      if (typeof message === "string" && message.trim()) return message;
      return null;
    } catch {
      return null;
    }
  }
}

/** What a toast says about a failed GST call: the server's `error` ?? `message`, else the fallback. */
export function gstFailureText(error: unknown, fallback: string): string {
  if (error instanceof GstCallFailed) return error.message;
  if (error instanceof HttpError) return GstCallFailed.reasonIn(error.body) ?? fallback;
  return fallback;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** The return period of the Indian calendar month `date` falls in: "062026". */
export function returnPeriodOf(date: Date): string {
  const [year, month] = indianDateOf(date).split("-");
  return `${month}${year}`;
}

/** "062026" → "June 2026"; anything that is not MMYYYY is shown as it is. */
export function periodLabel(period: string): string {
  const match = /^(\d{2})(\d{4})$/.exec(period.trim());
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  return match && month ? `${month} ${match[2]}` : period;
}

/** "GSTR1" → "GSTR-1", "GSTR3B" → "GSTR-3B". */
export function returnTypeLabel(returnType: string): string {
  return returnType.replace(/^GSTR(?=\d)/, "GSTR-");
}

/** SPEC §4: pending yellow, filed green, overdue red, anything else grey. */
export function returnStatusVariant(status: string): "warning" | "success" | "danger" | "secondary" {
  if (status === "pending") return "warning";
  if (status === "filed") return "success";
  if (status === "overdue") return "danger";
  return "secondary";
}

/** How near a due date ("YYYY-MM-DD") is, by Indian calendar days. */
export function dueUrgency(dueDate: string, today: Date): "overdue" | "soon" | "later" {
  const todayIndia = indianDateOf(today);
  if (dueDate < todayIndia) return "overdue";
  const days = (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${todayIndia}T00:00:00Z`)) / 86_400_000;
  return days <= 7 ? "soon" : "later";
}

export type Gstr2bFile = { ok: true; data: unknown; invoices: number; suppliers: number; returnPeriod: string | null } | { ok: false; error: string };

/**
 * Reads the GSTR-2B JSON the user downloaded from the portal, enough to say what it holds:
 * `{ data: { rtnprd, docdata: { b2b: [{ ctin, inv: [...] }] } } }` (or the bare `data`). The
 * server checks the rest.
 */
export function readGstr2bFile(text: string): Gstr2bFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: "The file is not JSON. Choose the GSTR-2B JSON file downloaded from the GST portal." };
  }
  const root = typeof parsed === "object" && parsed !== null && "data" in parsed ? (parsed as { data: unknown }).data : parsed;
  if (typeof root !== "object" || root === null || Array.isArray(root)) {
    return { ok: false, error: "The file is not a GSTR-2B: it has no data section." };
  }
  const { rtnprd, docdata } = root as { rtnprd?: unknown; docdata?: unknown };
  const b2b = typeof docdata === "object" && docdata !== null ? (docdata as { b2b?: unknown }).b2b : undefined;
  if (b2b !== undefined && !Array.isArray(b2b)) return { ok: false, error: "The file is not a GSTR-2B: docdata.b2b is not a list." };
  const suppliers = (b2b ?? []) as unknown[];
  const invoices = suppliers.reduce<number>((sum, supplier) => {
    const inv = typeof supplier === "object" && supplier !== null ? (supplier as { inv?: unknown }).inv : undefined;
    return sum + (Array.isArray(inv) ? inv.length : 0);
  }, 0);
  return { ok: true, data: parsed, invoices, suppliers: suppliers.length, returnPeriod: typeof rtnprd === "string" ? rtnprd : null };
}

export type GstCalculation = { ok: true; line: LineTax } | { ok: false; message: string } | null;

/**
 * The GST calculator: tax on an amount at a rate, within a state (CGST + SGST) or across
 * states (IGST), with the shared GST module's exact half-up rounding. Null while empty.
 */
export function calculateGst(amount: string, ratePercent: string, kind: "intra" | "inter"): GstCalculation {
  const text = amount.trim();
  if (text === "") return null;
  if (!isMoneyString(text)) return { ok: false, message: "Enter an amount like 1000 or 999.50" };
  try {
    // Only whether the two states are the same matters here: Maharashtra, and Karnataka across the border.
    const line = computeLine(
      { quantity: 1, pricePaise: toPaise(text), rateBasisPoints: percentToBasisPoints(ratePercent) },
      { supplierState: "27", placeOfSupply: kind === "intra" ? "27" : "29" },
    );
    return { ok: true, line };
  } catch {
    return { ok: false, message: "That amount is too large to calculate" };
  }
}

const HOLDER_TYPES: Readonly<Record<string, string>> = {
  individual: "Individual",
  company: "Company",
  huf: "Hindu Undivided Family",
  firm: "Firm or LLP",
  aop: "Association of Persons",
  trust: "Trust",
  boi: "Body of Individuals",
  local_authority: "Local Authority",
  artificial_juridical_person: "Artificial Juridical Person",
  government: "Government",
  krish: "Farmer (Krish)",
};

const REGISTRATION_TYPES: Readonly<Record<string, string>> = {
  regular: "Regular taxpayer",
  tds: "Tax deductor (TDS)",
  tcs: "E-commerce operator (TCS)",
  uin: "UN body or embassy (UIN)",
  oidar: "Online services from abroad (OIDAR)",
  nri: "Non-resident taxable person",
  government: "Government department",
};

/** "firm" → "Firm or LLP": the PAN holder type as people say it; unknown values as they come. */
export function holderTypeLabel(holderType: string | null | undefined): string | null {
  return holderType ? (HOLDER_TYPES[holderType] ?? holderType) : null;
}

/** "regular" → "Regular taxpayer". */
export function registrationTypeLabel(registrationType: string): string {
  return REGISTRATION_TYPES[registrationType] ?? registrationType;
}

/** "Maharashtra · PAN AAPFU0939F · Firm or LLP": what is known of a valid GSTIN without a business name. */
export function describeGstin(details: { stateName: string; pan: string | null; holderType: string | null }): string {
  return [details.stateName, details.pan ? `PAN ${details.pan}` : null, holderTypeLabel(details.holderType)].filter(Boolean).join(" · ");
}
