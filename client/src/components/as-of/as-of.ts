/**
 * Issue 11, time travel: the "As of" moment of a screen lives in the URL (`?asOf=`), as the
 * wall-clock date and time in India the person picked ("2026-10-31T23:59"), or a date alone
 * (the end of that day). The server reads the same forms (read-api/src/asOf.ts); these pure
 * functions turn them into what the screen shows and sends.
 */

export const AS_OF_PARAM = "asOf";

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The moment as India's wall clock reads it; null when `value` is no date or date-time. */
function wallClockOf(value: string): WallClock | null {
  const date = DATE_ONLY.exec(value);
  if (date) return { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]), hour: 23, minute: 59 };
  const local = LOCAL.exec(value);
  if (local) return { year: Number(local[1]), month: Number(local[2]), day: Number(local[3]), hour: Number(local[4]), minute: Number(local[5]) };
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) return null;
  const ist = new Date(ms + IST_OFFSET_MS);
  return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1, day: ist.getUTCDate(), hour: ist.getUTCHours(), minute: ist.getUTCMinutes() };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "31 Oct 2026, 11:59 pm"; the value itself when it cannot be read. */
export function asOfLabel(value: string): string {
  const at = wallClockOf(value.trim());
  if (!at || at.month < 1 || at.month > 12) return value;
  const hour12 = at.hour % 12 === 0 ? 12 : at.hour % 12;
  return `${at.day} ${MONTHS[at.month - 1]} ${at.year}, ${hour12}:${pad(at.minute)} ${at.hour < 12 ? "am" : "pm"}`;
}

/** The date and time fields' values for `value` ("2026-10-31", "23:59"); empty when unset or unreadable. */
export function asOfInputs(value: string | null): { date: string; time: string } {
  const at = value ? wallClockOf(value.trim()) : null;
  if (!at) return { date: "", time: "" };
  return { date: `${at.year}-${pad(at.month)}-${pad(at.day)}`, time: `${pad(at.hour)}:${pad(at.minute)}` };
}

/** What goes into the URL from the fields: the date at the time (end of the day when no time is given). */
export function asOfFromInputs(date: string, time: string): string | null {
  if (!DATE_ONLY.test(date)) return null;
  return /^\d{2}:\d{2}$/.test(time) ? `${date}T${time}` : `${date}T23:59`;
}

/** `path` with `asOf` added to its query (unchanged when there is none). */
export function withAsOf(path: string, asOf: string | null | undefined): string {
  if (!asOf) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${AS_OF_PARAM}=${encodeURIComponent(asOf)}`;
}

/** Today's date in India, "YYYY-MM-DD": the latest the date field offers. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
