/**
 * Interest (s.50 CGST Act) and late fee (s.47) for a return filed after its due date.
 *
 * Interest, s.50(1) with Notification 13/2017-CT: 18% a year, simple, per day, on the tax paid
 * late, from the day after the due date to the day it is paid (the filing day here):
 *   interest = roundHalfUp(amount × 18 × days, 100 × 365)   (paise, per tax head)
 * Rule 88B(1): for a return filed late, only on the part paid in cash; Rule 88B(2): tax of an
 * earlier period declared in a later return bears interest on the whole tax from that earlier
 * period's due date.
 *
 * Late fee, s.47(1): ₹100 a day under the CGST Act and ₹100 under the SGST Act (nothing under
 * the IGST Act is collected), reduced and capped for returns from the June 2021 period by
 * Notification 19/2021-CT (GSTR-3B) and 20/2021-CT (GSTR-1):
 *   per day: ₹25 CGST + ₹25 SGST; a nil return ₹10 + ₹10;
 *   cap per head: nil return ₹250; aggregate turnover of the previous year ≤ ₹1.5 crore ₹1,000;
 *   ≤ ₹5 crore ₹2,500; above ₹5,000 (the s.47 ceiling).
 * An unknown turnover takes the ≤ ₹1.5 crore cap (what a small business on Bahi is).
 * Amounts in paise; both are whole rupees in practice, and so are these.
 */
import { indianDateOf, roundHalfUp } from "../contract/index.ts";
import type { Paise } from "../contract/index.ts";
import type { GstReturnType } from "./period.ts";
import { daysBetween } from "./portal.ts";

/** s.50(1) rate, percent a year. */
export const INTEREST_RATE_PERCENT = 18;

/** Days late: calendar days after `dueDate` up to and including `filedOn` (India dates); 0 when on time. */
export function daysLate(dueDate: string | Date, filedOn: string | Date): number {
  return Math.max(0, daysBetween(indianDateOf(dueDate), indianDateOf(filedOn)));
}

/**
 * s.50(1): interest in paise on `amountPaise` for the days after `fromExclusive` up to
 * `toInclusive` (India dates). 0 when the amount is not positive or there are no such days.
 * ₹10,000 paid 10 days late: 10,000 × 18 × 10 / 36,500 = ₹49.315… → ₹49.32.
 */
export function interestPaise(amountPaise: Paise, fromExclusive: string | Date, toInclusive: string | Date): Paise {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`Amount must be whole paise: ${amountPaise}`);
  const days = daysLate(fromExclusive, toInclusive);
  if (amountPaise <= 0 || days === 0) return 0;
  return roundHalfUp(BigInt(amountPaise) * BigInt(INTEREST_RATE_PERCENT) * BigInt(days), 100n * 365n);
}

/** Previous-year aggregate turnover bands of Notifications 19/2021-CT and 20/2021-CT, paise. */
export const LATE_FEE_TURNOVER_BANDS = { small: 1_50_00_000_00, medium: 5_00_00_000_00 } as const;

export interface LateFeeInput {
  readonly returnType: GstReturnType;
  readonly dueDate: string | Date;
  readonly filedOn: string | Date;
  /** GSTR-3B: no tax payable; GSTR-1: no outward supplies. */
  readonly nilReturn: boolean;
  readonly previousYearTurnoverPaise?: Paise | null;
}

export interface LateFee {
  readonly days: number;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly igst: Paise;
  readonly total: Paise;
  /** The cap that applied per head (paise). */
  readonly capPerHead: Paise;
}

/** s.47 with the caps of Notification 19/2021-CT (GSTR-3B) and 20/2021-CT (GSTR-1), per head. */
export function lateFee(input: LateFeeInput): LateFee {
  const days = daysLate(input.dueDate, input.filedOn);
  const perDay = input.nilReturn ? 10_00 : 25_00;
  const turnover = input.previousYearTurnoverPaise ?? 0;
  const capPerHead = input.nilReturn ? 250_00 : turnover <= LATE_FEE_TURNOVER_BANDS.small ? 1_000_00 : turnover <= LATE_FEE_TURNOVER_BANDS.medium ? 2_500_00 : 5_000_00;
  const perHead = Math.min(days * perDay, capPerHead);
  return { days, cgst: perHead, sgst: perHead, igst: 0, total: 2 * perHead, capPerHead };
}
