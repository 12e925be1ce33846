/**
 * Money is integer paise inside Bahi and a two-decimal rupee string at the API edge.
 * Conversions work on the decimal string itself, so no float ever touches an amount.
 */
export type Paise = number;

/** Up to 13 rupee digits: SPEC §3 gives money a precision of 15,2. */
const RUPEES = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

export function isMoneyString(value: string): boolean {
  return RUPEES.test(value.trim());
}

/** "1180.5" -> 118050. Throws on anything that is not a non-negative amount with at most two decimals. */
export function toPaise(rupees: string): Paise {
  const match = RUPEES.exec(rupees.trim());
  if (!match) throw new RangeError(`Not an amount of money: ${JSON.stringify(rupees)}`);
  const whole = match[1]!;
  const fraction = (match[2] ?? "").padEnd(2, "0");
  return Number(whole) * 100 + Number(fraction);
}

/** 118050 -> "1180.50" */
export function formatPaise(paise: Paise): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const rupees = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}${rupees}.${rest.toString().padStart(2, "0")}`;
}
