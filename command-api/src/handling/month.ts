import { indianDateOf } from "@bahi/shared/contract";

/** "YYYYMM" of a moment in India: the free plan's quota month. */
export function indianMonth(at: Date | string): string {
  return indianDateOf(at).slice(0, 7).replace("-", "");
}
