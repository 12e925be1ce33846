import { z } from "zod";
import { indianDateOf } from "./gst/indiaDate.ts";
import { gstinProblem, normaliseGstin } from "./gstin.ts";
import { formatPaise, isMoneyString, toPaise } from "./money.ts";

/**
 * C0 control characters other than tab, newline and carriage return, and UTF-16 surrogates
 * without their other half. PostgreSQL's jsonb cannot store \u0000 or a lone surrogate, so such
 * a string would fail the append after earlier steps were recorded; nothing a person types
 * contains them. Matched per code unit (no `u` flag) so lone surrogates are visible.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = "Contains a control character or broken Unicode that cannot be stored";

/** True when `value` can be stored and shown as it is: no control characters, no lone surrogates. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_CHARACTER.test(value);
}

/** Any string field: refuses what {@link isSafeText} refuses, with the same message everywhere. */
export function safeString(message = "Expected text") {
  return z.string({ error: message }).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/** Record ids are uuids; anything else cannot name a record, so it is simply not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(raw: unknown): raw is string {
  return typeof raw === "string" && UUID.test(raw);
}

/** The dates Bahi keeps: GST began in 2017, and a year outside this range is a typing slip. */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-31";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * What is wrong with `text` as a date at the edge, or null: it must be a real calendar date
 * "YYYY-MM-DD", or an ISO 8601 instant with `Z` or an offset ("2025-10-14T09:30:00+05:30"),
 * whose Indian date lies between {@link EARLIEST_DATE} and {@link LATEST_DATE}. Whatever
 * passes, `indianDateOf` accepts, so no projection or sweep can throw on a stored date.
 */
export function dateProblem(text: string, label: string): string | null {
  const shape = `${label} must be a date like 2025-10-14 (or a date-time like 2025-10-14T09:30:00+05:30)`;
  const date = DATE_ONLY.exec(text);
  const instant = date ? null : INSTANT.exec(text);
  const parts = date ?? instant;
  if (!parts) return shape;
  if (!isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3]))) return `${label} is not a real calendar date: ${text.slice(0, 10)}`;
  if (instant) {
    const [hours, minutes, seconds, offsetHours, offsetMinutes] = [4, 5, 6, 7, 8].map((index) => Number(instant[index] ?? 0)) as [number, number, number, number, number];
    if (hours > 23 || minutes > 59 || seconds > 59) return `${label} has a time that does not exist: ${text}`;
    if (offsetHours > 14 || offsetMinutes > 59) return `${label} has a time zone offset that does not exist: ${text}`;
  }
  let indian: string;
  try {
    indian = indianDateOf(text);
  } catch {
    return shape;
  }
  if (indian < EARLIEST_DATE || indian > LATEST_DATE) return `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`;
  return null;
}

/**
 * The one date field builder every schema uses (invoice, expense, e-way bill dates): a real
 * date or an ISO instant in range, see {@link dateProblem}. Comes out trimmed, otherwise as sent.
 */
export function dateField(label: string) {
  const required = `${label} is required`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be a date like 2025-10-14`) })
    .trim()
    .superRefine((value, ctx) => {
      const problem = value === "" ? required : dateProblem(value, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** An optional date: absent, null and "" all mean "not given" and come out as null. */
export function optionalDateField(label: string) {
  return z
    .union([z.literal(""), dateField(label)], { error: `${label} must be a date like 2025-10-14` })
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Field builders shared by every schema, so a missing field says the same friendly
 * message as an empty one instead of zod's generic "expected string, received undefined".
 */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : "Expected text") })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/** Optional free text: absent, null and "" all mean "not given" and come out as null. */
export function optionalText(max = 500) {
  return z
    .string({ error: "Expected text" })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const emailField = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const optionalEmailField = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine((value) => value === null || z.email().safeParse(value).success, "Please enter a valid email address");

export const optionalGstinField = z
  .string({ error: "Expected text" })
  .trim()
  .nullish()
  .transform((value) => (value ? normaliseGstin(value) : null))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : gstinProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * A non-negative amount in rupees with at most two decimals, as a string or a number,
 * normalised to "1234.50". Defaults to "0.00" when absent or empty.
 */
export function optionalMoneyField(label: string) {
  const message = `${label} must be an amount like 5000 or 5000.50`;
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? "0" : String(value)))
    .refine((value) => isMoneyString(value), message)
    .transform((value) => formatPaise(toPaise(value)));
}
