/**
 * The invoice read model (`Invoice`, money as 2-decimal strings) turned into integer paise and
 * classified the way GSTR-1 classifies sales (GST.md §3.1, IC `GSTR1CategoryConditions`):
 *
 * - export:  place of supply 96 (Other Countries);
 * - b2b:     customer GSTIN present and not an export;
 * - b2cl:    no GSTIN, not an export, inter-state, invoice value > the B2C limit of its date;
 * - b2cs:    every other sale without a GSTIN.
 *
 * Inter-state means the supplier's state (first two characters of the supplier GSTIN) differs
 * from the place of supply, as IC decides it; the invoice's own `taxKind` is only cross-checked.
 * Lines at 0% are nil-rated: outside exports they leave the invoice's section and go to the nil
 * table (IC classifies item by item), while the invoice value `val` stays the whole invoice.
 */
import { percentToBasisPoints, toPaise } from "../contract/index.ts";
import type { IndianDate, Invoice, Paise } from "../contract/index.ts";
import { indianDateOf } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import type { GstinValidation } from "./gstin.ts";

export const EXPORT_PLACE_OF_SUPPLY = "96";

/**
 * B2C Large limit (Rule 59(4), GST.md §3.1): "more than" ₹2,50,000 for invoices dated up to
 * 31 Jul 2024, ₹1,00,000 from 1 Aug 2024 (Notification 12/2024-CT). In paise.
 */
export function b2clLimitOn(date: string | Date): Paise {
  return indianDateOf(date) <= "2024-07-31" ? 2_50_000_00 : 1_00_000_00;
}

export interface SaleLine {
  /** 1-based position on the invoice. */
  readonly index: number;
  readonly productName: string;
  readonly hsnCode: string | null;
  readonly quantity: number;
  readonly rateBasisPoints: number;
  readonly taxable: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
}

export type SaleCategory = "b2b" | "b2cl" | "b2cs" | "exp";

export interface Sale {
  readonly invoice: Invoice;
  readonly number: string;
  readonly date: IndianDate;
  readonly placeOfSupply: string;
  readonly supplierState: string;
  readonly interState: boolean;
  readonly isExport: boolean;
  /** Upper-case, trimmed; null when the customer has none. */
  readonly customerGstin: string | null;
  readonly customerGstinCheck: GstinValidation | null;
  readonly reverseCharge: boolean;
  readonly total: Paise;
  readonly lines: readonly SaleLine[];
  readonly category: SaleCategory;
}

export function toSale(invoice: Invoice, supplierState: string): Sale {
  const date = indianDateOf(invoice.issueDate);
  const placeOfSupply = invoice.placeOfSupply;
  const isExport = placeOfSupply === EXPORT_PLACE_OF_SUPPLY;
  const interState = isExport || placeOfSupply !== supplierState;
  const rawGstin = invoice.customer.gstNumber?.trim().toUpperCase() ?? "";
  const customerGstin = rawGstin === "" ? null : rawGstin;
  const total = toPaise(invoice.total);
  const lines = invoice.items.map(
    (item, i): SaleLine => ({
      index: i + 1,
      productName: item.product.name,
      hsnCode: item.hsnCode?.trim() ? item.hsnCode.replace(/\s/g, "") : null,
      quantity: item.quantity,
      rateBasisPoints: percentToBasisPoints(item.gstRate),
      taxable: toPaise(item.taxableValue),
      igst: toPaise(item.igstAmount),
      cgst: toPaise(item.cgstAmount),
      sgst: toPaise(item.sgstAmount),
      cess: toPaise(item.cessAmount),
    }),
  );
  let category: SaleCategory;
  if (isExport) category = "exp";
  else if (customerGstin) category = "b2b";
  else if (interState && total > b2clLimitOn(date)) category = "b2cl";
  else category = "b2cs";
  return {
    invoice,
    number: invoice.invoiceNumber,
    date,
    placeOfSupply,
    supplierState,
    interState,
    isExport,
    customerGstin,
    customerGstinCheck: customerGstin ? validateGstin(customerGstin) : null,
    reverseCharge: invoice.reverseCharge,
    total,
    lines,
    category,
  };
}

/** Problems in a sale's data that would make the portal reject it or misreport it. */
export function saleWarnings(sale: Sale, supplierGstin: string): string[] {
  const warnings: string[] = [];
  const at = `Invoice ${sale.number}`;
  if (sale.customerGstinCheck && !sale.customerGstinCheck.valid) {
    warnings.push(`${at}: customer GSTIN ${sale.customerGstin} is invalid (${sale.customerGstinCheck.error})`);
  }
  if (sale.customerGstinCheck?.valid && sale.customerGstinCheck.registrationType === "nri") {
    warnings.push(`${at}: customer GSTIN ${sale.customerGstin} is an NRI ID, which GSTR-1 B2B does not accept`);
  }
  if (sale.customerGstin && sale.customerGstin === supplierGstin) {
    warnings.push(`${at}: the customer GSTIN is the business's own GSTIN`);
  }
  for (const line of sale.lines) {
    if (sale.interState && (line.cgst !== 0 || line.sgst !== 0)) {
      warnings.push(`${at} line ${line.index}: place of supply ${sale.placeOfSupply} is outside the supplier's state ${sale.supplierState}, but the line charges CGST/SGST instead of IGST`);
    }
    if (!sale.interState && line.igst !== 0) {
      warnings.push(`${at} line ${line.index}: place of supply ${sale.placeOfSupply} is the supplier's own state, but the line charges IGST instead of CGST/SGST`);
    }
    if (!line.hsnCode) warnings.push(`${at} line ${line.index} (${line.productName}): no HSN/SAC code; GSTR-1 Table 12 needs one`);
  }
  return warnings;
}

export interface Heads {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
}

export function zeroHeads(): Heads {
  return { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
}

export function addLine(into: Heads, line: Heads): void {
  into.taxable += line.taxable;
  into.igst += line.igst;
  into.cgst += line.cgst;
  into.sgst += line.sgst;
  into.cess += line.cess;
}

export function taxOf(heads: Heads): Paise {
  return heads.igst + heads.cgst + heads.sgst + heads.cess;
}
