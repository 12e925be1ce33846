/**
 * The states a customer can be in, for the state select (issue 9): GST state codes 01–38 in
 * order, then 97 (Other Territory) and 96 (Other Countries, an export). 99 (Centre
 * Jurisdiction) is a registration's code, never a customer's state, so it is left out.
 */
import { STATE_NAMES } from "./gstin.ts";

export const OTHER_COUNTRY = "96";
export const OTHER_TERRITORY = "97";

export interface StateOption {
  readonly code: string;
  readonly name: string;
  /** "29-Karnataka", as invoices print it (GST.md §8.2). */
  readonly label: string;
}

const option = (code: string, name: string): StateOption => ({ code, name, label: `${code}-${name}` });

export const STATE_OPTIONS: readonly StateOption[] = [
  ...Object.entries(STATE_NAMES)
    .filter(([code]) => code <= "38")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, name]) => option(code, name)),
  option(OTHER_TERRITORY, STATE_NAMES[OTHER_TERRITORY]!),
  option(OTHER_COUNTRY, "Other Countries"),
];

const CUSTOMER_STATES: ReadonlySet<string> = new Set(STATE_OPTIONS.map((state) => state.code));

/** A code the customer form accepts: one of {@link STATE_OPTIONS}. */
export function isCustomerStateCode(code: string): boolean {
  return CUSTOMER_STATES.has(code);
}
