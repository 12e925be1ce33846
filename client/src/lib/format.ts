import { formatInr, indianDateOf, toPaise } from "@bahi/shared/contract";

/** SPEC §9: rupee amounts in the en-IN locale as INR with no decimals; dates en-IN with a short month. */
const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const shortDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });

/** Accepts a number or a two-decimal API string; anything missing or unreadable shows as ₹0. */
export function formatCurrency(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  return rupees.format(value !== undefined && value !== null && Number.isFinite(value) ? value : 0);
}

export function formatPercent(value: number | null | undefined): string {
  return `${(value !== undefined && value !== null && Number.isFinite(value) ? value : 0).toFixed(1)}%`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : shortDate.format(date);
}

/** A two-decimal API amount as "₹1,180.50" (or whole rupees with `decimals: 0`); unreadable shows ₹0.00. */
export function formatRupees(amount: string | null | undefined, decimals: 0 | 2 = 2): string {
  try {
    return formatInr(toPaise(amount ?? ""), { decimals });
  } catch {
    return formatInr(0, { decimals });
  }
}

const indianDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A business date (invoice issue or due date) as India's calendar has it, whatever the browser's
 * time zone: "2025-01-10T20:00:00Z" is 11 Jan 2025 in India.
 */
export function formatIndianDate(iso: string | null | undefined): string {
  if (!iso) return "";
  try {
    return indianDay.format(new Date(`${indianDateOf(iso)}T00:00:00Z`));
  } catch {
    return "";
  }
}
