/**
 * Issue 9: which document a sale is, from the business's registration and its lines' tax
 * treatment (shared/contract/gst/composition.ts has the rules and their sources):
 *
 * - a Composition or Unregistered business issues a bill of supply with no tax (s.10(4),
 *   s.31(3)(c), Rule 49); a composition one also carries the Rule 5(1)(g) declaration;
 * - a Regular business whose lines are all nil-rated, exempt or non-GST issues a bill of
 *   supply too (Rule 49); mixed lines stay a tax invoice, the untaxed lines labelled.
 *
 * A nil-rated, exempt or non-GST product invoiced at a non-zero rate is a 400: its rate is 0.
 */
import {
  BILL_OF_SUPPLY_PREFIX,
  BILL_OF_SUPPLY_SERIES,
  salesDocumentTypeFor,
  supplierRegistrationOf,
  TAXABILITY_LABELS,
  type ProductTaxability,
  type SalesDocumentType,
  type SupplierRegistration,
} from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";
import type { SeriesKey } from "./series.ts";

export interface SalesDocument {
  readonly documentType: SalesDocumentType;
  readonly supplierRegistration: SupplierRegistration;
  /** false on a bill of supply: computeInvoice zeroes every head. */
  readonly chargesTax: boolean;
  /** Each line's treatment, in the items' order. */
  readonly taxabilities: readonly ProductTaxability[];
}

export function salesDocument(
  gstCategory: string | null | undefined,
  items: readonly { gstRate: number; product: { name: string; taxability: ProductTaxability } }[],
  sale: { interState?: boolean } = {},
): SalesDocument {
  // s.10(2)(c), s.10(2A)(c): a composition taxpayer makes no inter-state outward supplies.
  if (gstCategory === "Composition" && sale.interState) {
    throw new ValidationError([
      { path: ["placeOfSupply"], message: "A composition business can sell only within its own state (s.10(2)(c)): choose your state as the place of supply" },
    ]);
  }
  const errors = items.flatMap((item, index) =>
    item.product.taxability !== "taxable" && item.gstRate !== 0
      ? [{ path: ["items", index, "gstRate"], message: `${item.product.name} is ${TAXABILITY_LABELS[item.product.taxability].toLowerCase()}: its GST rate must be 0` }]
      : [],
  );
  if (errors.length > 0) throw new ValidationError(errors);
  const supplierRegistration = supplierRegistrationOf(gstCategory);
  const taxabilities = items.map((item) => item.product.taxability);
  const documentType = salesDocumentTypeFor(supplierRegistration, taxabilities);
  return { documentType, supplierRegistration, chargesTax: documentType === "taxInvoice", taxabilities };
}

/** The facts the invoice records (absent when an ordinary tax invoice of taxable lines, as on older invoices). */
export function salesDocumentFacts(document: SalesDocument): { documentType?: SalesDocumentType; supplierRegistration?: SupplierRegistration } {
  return {
    ...(document.documentType === "billOfSupply" ? { documentType: document.documentType } : {}),
    ...(document.supplierRegistration !== "Regular" ? { supplierRegistration: document.supplierRegistration } : {}),
  };
}

/** A line's recorded treatment: only an untaxed one is written, so taxable lines keep their old shape. */
export function lineTaxabilityFact(taxability: ProductTaxability | undefined): { taxability?: ProductTaxability } {
  return taxability && taxability !== "taxable" ? { taxability } : {};
}

/**
 * The series a document numbers from: bills of supply have their own ("BOS/26-27/0001",
 * Rule 49 and issue 9's "own series"); tax invoices the invoice series with its prefix.
 */
export function documentSeries(documentType: SalesDocumentType | undefined, invoiceKey: SeriesKey, invoicePrefix: string): { key: SeriesKey; prefix: string } {
  return documentType === "billOfSupply" ? { key: { ...invoiceKey, series: BILL_OF_SUPPLY_SERIES }, prefix: BILL_OF_SUPPLY_PREFIX } : { key: invoiceKey, prefix: invoicePrefix };
}

/**
 * The document GET /next-number answers for: a composition or unregistered business only
 * issues bills of supply; a regular one a tax invoice unless the form says its lines make a
 * bill of supply (the `documentType` hint, Rule 49).
 */
export function expectedDocumentType(gstCategory: string | null | undefined, hint: SalesDocumentType | undefined): SalesDocumentType {
  return supplierRegistrationOf(gstCategory) !== "Regular" ? "billOfSupply" : (hint ?? "taxInvoice");
}

/**
 * Why a revision cannot stand: a tax invoice's number is from the invoice series and a bill of
 * supply's from its own, so an edit that would turn one into the other is refused (cancel it
 * and issue the other document instead). Null when the type stays.
 */
export function documentTypeChangeProblem(current: { invoiceNumber: string; documentType?: SalesDocumentType }, revised: { documentType?: SalesDocumentType }): string | null {
  const was = current.documentType ?? "taxInvoice";
  const now = revised.documentType ?? "taxInvoice";
  if (was === now) return null;
  return was === "taxInvoice"
    ? `${current.invoiceNumber} is a tax invoice: with these items it would be a bill of supply (no taxable item). Cancel it and create a new bill instead`
    : `${current.invoiceNumber} is a bill of supply: with these items it would be a tax invoice. Cancel it and create a new invoice instead`;
}
