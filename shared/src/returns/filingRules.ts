/**
 * When a return may be filed (design §4): the portal refuses a return for a month that has not
 * ended, before registration, out of sequence or time-barred, and so do we, before anything is
 * recorded, naming what to file first.
 */
import { indianDateOf } from "../contract/index.ts";
import { FIRST_PERIOD, nextPeriod, periodLabel, returnDueDate, returnPeriod, returnPeriodOf, type GstReturnType } from "./period.ts";

export type FilingRefusalCode = "PERIOD_NOT_ENDED" | "BEFORE_REGISTRATION" | "TIME_BARRED" | "OUT_OF_SEQUENCE";

export interface FilingRefusal {
  readonly code: FilingRefusalCode;
  readonly message: string;
}

export interface FilingRefusalInput {
  readonly returnType: GstReturnType;
  readonly period: string;
  readonly today: Date | string;
  /** MMYYYY of the month the GSTIN was registered (or the account created, when not given). */
  readonly registrationPeriod: string;
  /** Whether a return has been filed (a request in flight is not filed). */
  readonly filed: (returnType: GstReturnType, period: string) => boolean;
}

export const RETURN_NAMES: Readonly<Record<GstReturnType, string>> = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" };

/** "102026" → 202610, so that periods compare as numbers. */
export function periodOrdinal(period: string): number {
  return Number(period.slice(2)) * 100 + Number(period.slice(0, 2));
}

/** The registration month: of the GSTIN's registration date when known, else of the account's creation; never before July 2017. */
export function registrationPeriodOf(gstRegistrationDate: string | null | undefined, accountCreatedAt: string | Date): string {
  const period = returnPeriodOf(gstRegistrationDate || accountCreatedAt);
  return periodOrdinal(period) < periodOrdinal(FIRST_PERIOD) ? FIRST_PERIOD : period;
}

/**
 * The last day a return may be filed: three years after its due date (s.37(5) for GSTR-1,
 * s.39(11) for GSTR-3B, both inserted by the Finance Act 2023). 2023-11-20 → 2026-11-20.
 */
export function lastFilingDate(period: string, returnType: GstReturnType): string {
  const due = returnDueDate(period, returnType);
  return `${Number(due.slice(0, 4)) + 3}${due.slice(4)}`;
}

export function isTimeBarred(period: string, returnType: GstReturnType, today: Date | string): boolean {
  return indianDateOf(today) > lastFilingDate(period, returnType);
}

/** Periods from `from` up to (not including) `to`, oldest first. */
function periodsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let p = returnPeriod(from).fp; periodOrdinal(p) < periodOrdinal(to); p = nextPeriod(p).fp) out.push(p);
  return out;
}

/** null when the return may be filed; otherwise the 409 code and a message naming what to do first. */
export function filingRefusal(input: FilingRefusalInput): FilingRefusal | null {
  const { returnType, period, today, registrationPeriod, filed } = input;
  const name = RETURN_NAMES[returnType];
  const label = periodLabel(period);
  const todayDate = indianDateOf(today);

  if (periodOrdinal(period) < periodOrdinal(registrationPeriod)) {
    return { code: "BEFORE_REGISTRATION", message: `${label} is before your GST registration (${periodLabel(registrationPeriod)}): there is no ${name} to file for it` };
  }
  // A monthly return covers the whole month: the portal opens it on the 1st of the next.
  const opensOn = nextPeriod(period).from;
  if (todayDate < opensOn) {
    return { code: "PERIOD_NOT_ENDED", message: `${label} has not ended yet: ${name} for it can be filed from ${opensOn}` };
  }
  if (isTimeBarred(period, returnType, todayDate)) {
    const section = returnType === "GSTR1" ? "s.37(5)" : "s.39(11)";
    return {
      code: "TIME_BARRED",
      message: `${name} for ${label} can no longer be filed: the last day was ${lastFilingDate(period, returnType)}, three years after its due date (${section})`,
    };
  }

  // Earlier returns that are time-barred can never be filed, so they hold nothing up.
  const due = (type: GstReturnType, p: string) => !filed(type, p) && !isTimeBarred(p, type, todayDate);
  const first = (type: GstReturnType, p: string, rule: string): FilingRefusal => ({
    code: "OUT_OF_SEQUENCE",
    message: `File ${RETURN_NAMES[type]} for ${periodLabel(p)} first (${rule})`,
  });
  const earlier = periodsBetween(registrationPeriod, period);
  const previous = earlier.at(-1);
  if (returnType === "GSTR1") {
    const missing = earlier.find((p) => due("GSTR1", p));
    if (missing) return first("GSTR1", missing, "s.37(4)");
    if (previous && due("GSTR3B", previous)) return first("GSTR3B", previous, "Rule 59(6)(a)");
  } else {
    const missing = earlier.find((p) => due("GSTR3B", p));
    if (missing) return first("GSTR3B", missing, "s.39(10)");
    if (due("GSTR1", period)) return first("GSTR1", period, "s.39(10)");
  }
  return null;
}
