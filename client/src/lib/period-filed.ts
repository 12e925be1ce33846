import { HttpError } from "../api/http.ts";
import { periodLabel, returnTypeLabel } from "./gst.ts";

/** What moving a record into the next open period does (design §4, 409 PERIOD_FILED). */
export interface PeriodFiledEffect {
  returnTypes: string[];
  /** Money as two-decimal strings. */
  tax: string;
  igst: string;
  cgst: string;
  sgst: string;
  interest: string;
  /** "YYYY-MM-DD": the date the interest is worked out to. */
  interestUntil: string | null;
}

export interface PeriodFiled {
  message: string;
  /** "MMYYYY": the filed period the record's date falls in. */
  period: string;
  /** "MMYYYY": the next period whose returns are open. */
  reportIn: string;
  effect: PeriodFiledEffect | null;
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : fallback);

/**
 * The 409 a sale or purchase dated in a filed period gets; null for any other failure. The record
 * can still be kept, reported in the next open period, once the user confirms.
 */
export function periodFiledOf(error: unknown): PeriodFiled | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (typeof parsed !== "object" || parsed === null) return null;
    body = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  if (body.code !== "PERIOD_FILED" || typeof body.reportIn !== "string") return null;
  const raw = typeof body.effect === "object" && body.effect !== null ? (body.effect as Record<string, unknown>) : null;
  const effect: PeriodFiledEffect | null = raw
    ? {
        returnTypes: Array.isArray(raw.returnTypes) ? raw.returnTypes.filter((entry): entry is string => typeof entry === "string") : [],
        tax: text(raw.tax, "0.00"),
        igst: text(raw.igst, "0.00"),
        cgst: text(raw.cgst, "0.00"),
        sgst: text(raw.sgst, "0.00"),
        interest: text(raw.interest, "0.00"),
        interestUntil: typeof raw.interestUntil === "string" ? raw.interestUntil : null,
      }
    : null;
  return { message: text(body.message, `The return for ${periodLabel(text(body.period))} is filed.`), period: text(body.period), reportIn: body.reportIn, effect };
}

/** "Report in December 2026": the button that confirms the move. */
export function reportInLabel(filed: Pick<PeriodFiled, "reportIn">): string {
  return `Report in ${periodLabel(filed.reportIn)}`;
}

/** "GSTR-1 and GSTR-3B": the filed returns the record would have belonged to. */
export function returnTypesText(returnTypes: readonly string[]): string {
  const labels = returnTypes.map(returnTypeLabel);
  if (labels.length <= 1) return labels[0] ?? "the return";
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
