/**
 * Calendar dates as India sees them. GST dates (rate changes, invoice months, financial
 * years) are Indian calendar dates, so an instant is turned into a date in IST (UTC+05:30,
 * no daylight saving) before it is compared: 2025-09-21T20:00:00Z is already 22 Sep in India.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time with no zone designator: read as Indian wall-clock time, so its date part is the date. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;

/** An Indian calendar date, "YYYY-MM-DD". */
export type IndianDate = string;

function checkedCalendarDate(text: string): IndianDate {
  const match = DATE_ONLY.exec(text);
  if (!match) throw new RangeError(`Not a date: ${JSON.stringify(text)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${JSON.stringify(text)}`);
  }
  return text;
}

/**
 * The Indian calendar date of `value`:
 * - a Date, or an ISO date-time with `Z` or an offset, is an instant and is converted to IST;
 * - "YYYY-MM-DD" is already a calendar date and is taken as it is (not as UTC midnight);
 * - a date-time without a zone ("2025-09-21T23:30") is read as Indian wall-clock time.
 * Throws RangeError on anything else.
 */
export function indianDateOf(value: string | Date): IndianDate {
  if (typeof value === "string") {
    const text = value.trim();
    if (DATE_ONLY.test(text)) return checkedCalendarDate(text);
    const local = LOCAL_DATE_TIME.exec(text);
    if (local) return checkedCalendarDate(local[1]!);
    if (!/^\d{4}-\d{2}-\d{2}T.+(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
      throw new RangeError(`Not an ISO date or date-time: ${JSON.stringify(value)}`);
    }
    return indianDateOf(new Date(text));
  }
  const ms = value.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid Date");
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The April–March financial year's first calendar year, India date: 2026-03-31 → 2025. */
export function financialYearStart(date: string | Date): number {
  const day = indianDateOf(date);
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 4 ? year : year - 1;
}

/** The April–March financial year of a date, India date, short form: 2025-10-15 → "2025-26"; 2026-03-31 → "2025-26". */
export function financialYearOf(date: string | Date): string {
  const start = financialYearStart(date);
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}
