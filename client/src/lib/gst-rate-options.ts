import { basisPointsToPercent, percentToBasisPoints, ratesValidOn } from "@bahi/shared/contract";
import type { SelectOption } from "../components/ui/select-field.tsx";

/** "18.00" or 18 → "18": the percent as the selects hold it; "" when unreadable. */
export function normalisePercent(rate: string | number | null | undefined): string {
  if (rate === null || rate === undefined || rate === "") return "";
  try {
    return basisPointsToPercent(percentToBasisPoints(rate));
  } catch {
    return "";
  }
}

/**
 * The GST rates a form offers for `date` (0/5/12/18/28 before 22 Sep 2025, 0/5/18/40 from then
 * on), plus `keep` when a record already carries another rate, so editing never changes it silently.
 */
export function gstRateOptions(date: Date | string, keep?: string): SelectOption[] {
  const offered = ratesValidOn(date).map(String);
  const rates = keep && !offered.includes(keep) ? [...offered, keep].sort((a, b) => Number(a) - Number(b)) : offered;
  return rates.map((rate) => ({ value: rate, label: `${rate}%` }));
}
