/**
 * Issue 9: how a sales document names itself and its untaxed lines on paper. A bill of supply
 * (s.31(3)(c), Rule 49) has no tax columns; a composition supplier's carries the Rule 5(1)(g)
 * declaration; nil-rated, exempt and non-GST lines on a tax invoice say so instead of a rate.
 */
import { COMPOSITION_DECLARATION, salesDocumentTitle, TAXABILITY_LABELS, type Invoice, type InvoiceItem } from "@bahi/shared/contract";

/** "Tax Invoice", "Bill of Supply", or "Bill" for an unregistered supplier. */
export const documentTitle = (invoice: Pick<Invoice, "documentType" | "supplierRegistration">): string => salesDocumentTitle(invoice.documentType, invoice.supplierRegistration);

/** A bill of supply charges no tax: its tax columns and heads are left out. */
export const isBillOfSupply = (invoice: Pick<Invoice, "documentType">): boolean => invoice.documentType === "billOfSupply";

/** The line under the title: Rule 5(1)(g)'s declaration for composition, a plain word for unregistered. */
export function documentDeclaration(invoice: Pick<Invoice, "documentType" | "supplierRegistration">): string | null {
  if (invoice.supplierRegistration === "Composition") return COMPOSITION_DECLARATION;
  if (invoice.supplierRegistration === "Unregistered") return "Supplier not registered under GST: no tax is charged";
  return null;
}

const untaxed = (item: Pick<InvoiceItem, "taxability">) => item.taxability !== undefined && item.taxability !== "taxable";

/** A line's rate in a narrow rate column: "-" for an untaxed line, whose description says why. */
export function rateText(item: Pick<InvoiceItem, "taxability">, rate: string): string {
  return untaxed(item) ? "-" : rate;
}

/** The description as printed: an untaxed line says so ("Rice (loose) (Exempt)"). */
export function describedItem(item: Pick<InvoiceItem, "taxability" | "product">): string {
  return untaxed(item) ? `${item.product.name} (${TAXABILITY_LABELS[item.taxability!]})` : item.product.name;
}
