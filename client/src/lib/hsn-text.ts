/**
 * The HSN master's descriptions are mostly in capitals ("SHAMPOOS: CONTAINING SPIRIT"); shown
 * in sentence case they read like the rest of the app. Mixed-case text is left as written.
 */
export function readableHsnDescription(description: string): string {
  if (description !== description.toUpperCase()) return description;
  const lower = description.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** "5%" for a known rate; the table's gap said plainly otherwise. */
export function hsnRateText(gstRate: string | null): string {
  return gstRate === null ? "Rate not in Bahi's list" : `${gstRate}%`;
}

export const HSN_KIND_LABELS = { goods: "Goods", services: "Services" } as const;
