/**
 * Issue 9: the business's registration type and what it means for its sales documents.
 *
 * - Composition (CGST Act s.10): pays tax at a flat rate on its turnover from its own pocket,
 *   may not collect tax (s.10(4)), so it issues a bill of supply (s.31(3)(c), Rule 49) carrying
 *   "composition taxable person, not eligible to collect tax on supplies" (Rule 5(1)(g)); it
 *   files CMP-08 each quarter (Rule 62) instead of GSTR-1 and GSTR-3B and claims no ITC.
 * - Unregistered: collects no tax and files nothing; its bills carry no tax either.
 * - A registered (Regular) business supplying only exempt, nil-rated or non-GST goods or
 *   services issues a bill of supply instead of a tax invoice (s.31(3)(c), Rule 49).
 */

export const COMPOSITION_CATEGORIES = ["manufacturer", "trader", "restaurant", "services"] as const;
export type CompositionCategory = (typeof COMPOSITION_CATEGORIES)[number];

export const COMPOSITION_CATEGORY_REQUIRED = "Choose what kind of composition business you are";

export interface CompositionRate {
  /** The whole rate in basis points (100 = 1%): half is CGST, half SGST/UTGST. */
  readonly rateBasisPoints: number;
  /** Whether the rate applies to the whole turnover in the State, or to taxable supplies only. */
  readonly base: "turnover" | "taxableTurnover";
  readonly label: string;
  readonly source: string;
}

/**
 * Rule 7 CGST Rules as amended (each rate is the CGST half plus an equal SGST/UTGST half):
 * - manufacturers: 0.5% + 0.5% of the turnover in the State (Notification 01/2018-CT, from 1 Jan 2018);
 * - restaurants (Schedule II para 6(b)): 2.5% + 2.5% of the turnover in the State;
 * - other suppliers (traders): 0.5% + 0.5% of the turnover of taxable supplies (Notification 03/2018-CT);
 * - service providers under s.10(2A): 3% + 3% (Notification 02/2019-CT(Rate), from 1 Apr 2019).
 */
export const COMPOSITION_RATES: Readonly<Record<CompositionCategory, CompositionRate>> = {
  manufacturer: { rateBasisPoints: 100, base: "turnover", label: "Manufacturer (1%)", source: "Rule 7(a) CGST Rules, Notification 01/2018-Central Tax" },
  trader: { rateBasisPoints: 100, base: "taxableTurnover", label: "Trader (1% of taxable sales)", source: "Rule 7(c) CGST Rules, Notification 03/2018-Central Tax" },
  restaurant: { rateBasisPoints: 500, base: "turnover", label: "Restaurant (5%)", source: "Rule 7(b) CGST Rules" },
  services: { rateBasisPoints: 600, base: "turnover", label: "Services or mixed supplier (6%)", source: "CGST Act s.10(2A), Notification 02/2019-Central Tax (Rate)" },
};

/** Why a composition business's purchases carry no input tax credit (s.10(4)). */
export const COMPOSITION_NO_ITC = "Not eligible (composition)";

/** Rule 5(1)(g): printed on every bill of supply a composition taxable person issues. */
export const COMPOSITION_DECLARATION = "Composition taxable person, not eligible to collect tax on supplies";

export const PRODUCT_TAXABILITIES = ["taxable", "nil", "exempt", "nonGst"] as const;
export type ProductTaxability = (typeof PRODUCT_TAXABILITIES)[number];

/** How a line's taxability is shown in place of a rate ("Nil rated", "Exempt", "Non-GST"). */
export const TAXABILITY_LABELS: Readonly<Record<ProductTaxability, string>> = {
  taxable: "Taxable",
  nil: "Nil rated",
  exempt: "Exempt",
  nonGst: "Non-GST",
};

export type SupplierRegistration = "Regular" | "Composition" | "Unregistered";
export type SalesDocumentType = "taxInvoice" | "billOfSupply";

/** The bill-of-supply series: its own numbers (Rule 46/49 "consecutive serial number"), prefix "BOS". */
export const BILL_OF_SUPPLY_SERIES = "bill-of-supply";
export const BILL_OF_SUPPLY_PREFIX = "BOS";

/** The registration a profile's GST category stands for (none chosen: Regular, as before issue 9). */
export function supplierRegistrationOf(gstCategory: string | null | undefined): SupplierRegistration {
  return gstCategory === "Composition" || gstCategory === "Unregistered" ? gstCategory : "Regular";
}

/**
 * A tax invoice or a bill of supply: a composition or unregistered supplier never charges tax;
 * a regular one issues a bill of supply when every line is nil-rated, exempt or non-GST (Rule 49).
 */
export function salesDocumentTypeFor(registration: SupplierRegistration, taxabilities: readonly (ProductTaxability | undefined)[]): SalesDocumentType {
  if (registration !== "Regular") return "billOfSupply";
  return taxabilities.length > 0 && taxabilities.every((t) => t !== undefined && t !== "taxable") ? "billOfSupply" : "taxInvoice";
}

/** The document's title as printed. */
export function salesDocumentTitle(documentType: SalesDocumentType | undefined, registration?: SupplierRegistration): string {
  if (documentType !== "billOfSupply") return "Tax Invoice";
  return registration === "Unregistered" ? "Bill" : "Bill of Supply";
}
