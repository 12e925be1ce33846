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
