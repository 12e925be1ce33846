/**
 * The invoice read model (`Invoice`, money as 2-decimal strings) turned into integer paise and
 * classified the way GSTR-1 classifies sales (GST.md §3.1, IC `GSTR1CategoryConditions`):
 *
 * - export:  place of supply 96 (Other Countries);
 * - b2b:     customer GSTIN present and not an export (an SEZ unit or developer included);
 * - b2cl:    no GSTIN, not an export, inter-state, invoice value > the B2C limit of its date;
 * - b2cs:    every other sale without a GSTIN.
 *
 * Inter-state means the supplier's state (first two characters of the supplier GSTIN) differs
 * from the place of supply, as IC decides it, or the customer is an SEZ (s.16 IGST Act: a supply
 * to an SEZ is inter-state whatever the states); the invoice's own `taxKind` is only cross-checked.
 * Exports and SEZ supplies are zero-rated (s.16(1) IGST Act): all their lines, 0% ones too, stay
 * in their section (exp, b2b SEWP/SEWOP) and GSTR-3B 3.1(b).
 * Lines at 0% are nil-rated: outside exports they leave the invoice's section and go to the nil
 * table (IC classifies item by item), while the invoice value `val` stays the whole invoice.
 */
import { isRateValidOn, percentToBasisPoints, ratesValidOn, recipientTaxOf, toPaise } from "../contract/index.ts";
import type { ExportDetails, IndianDate, Invoice, Paise } from "../contract/index.ts";
import { indianDateOf } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import type { GstinValidation } from "./gstin.ts";
import { returnPeriodOf } from "./period.ts";
import type { ReturnProblem, SaleDocument } from "./prepare.ts";

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
  /** Issue 9: the unit (UQC) the quantity is in; absent: "NOS". */
  readonly unit?: string;
  readonly rateBasisPoints: number;
  readonly taxable: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
  /** The ad valorem cess rate when the invoice records it (issue 9); absent on older invoices. */
  readonly cessBasisPoints?: number;
  /** Issue 9: a nil-rated, exempt or non-GST line (GSTR-1 Table 8's three columns); absent: taxable. */
  readonly taxability?: "nil" | "exempt" | "nonGst";
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
  /** To an SEZ unit or developer (a registered customer marked SEZ when invoiced). */
  readonly isSez: boolean;
  /** An export or an SEZ supply (s.16(1) IGST Act). */
  readonly zeroRated: boolean;
  /** Upper-case, trimmed; null when the customer has none. */
  readonly customerGstin: string | null;
  readonly customerGstinCheck: GstinValidation | null;
  /** The recipient pays the tax (issue 9): the lines carry the tax it owes, the total does not. */
  readonly reverseCharge: boolean;
  /** Issue 9: an export or SEZ supply without payment of IGST under the LUT (SEWOP, WOPAY). */
  readonly underLut: boolean;
  /** Issue 9: an export's shipping bill details, when given. */
  readonly exportDetails: ExportDetails | null;
  readonly total: Paise;
  readonly lines: readonly SaleLine[];
  readonly category: SaleCategory;
}

export function toSale(invoice: Invoice, supplierState: string): Sale {
  const date = indianDateOf(invoice.issueDate);
  const placeOfSupply = invoice.placeOfSupply;
  const isExport = placeOfSupply === EXPORT_PLACE_OF_SUPPLY;
  const rawGstin = invoice.customer.gstNumber?.trim().toUpperCase() ?? "";
  const customerGstin = rawGstin === "" ? null : rawGstin;
  const isSez = !isExport && customerGstin !== null && invoice.customer.isSez === true;
  const interState = isExport || isSez || placeOfSupply !== supplierState;
  const total = toPaise(invoice.total);
  const lines = invoice.items.map((item, i): SaleLine => ({
    index: i + 1,
    productName: item.product.name,
    hsnCode: item.hsnCode?.trim() ? item.hsnCode.replace(/\s/g, "") : null,
    quantity: item.quantity,
    unit: item.unit ?? "NOS",
    rateBasisPoints: percentToBasisPoints(item.gstRate),
    taxable: toPaise(item.taxableValue),
    igst: toPaise(item.igstAmount),
    cgst: toPaise(item.cgstAmount),
    sgst: toPaise(item.sgstAmount),
    cess: toPaise(item.cessAmount),
    ...(item.cessRate === undefined ? {} : { cessBasisPoints: percentToBasisPoints(item.cessRate) }),
    ...(item.taxability && item.taxability !== "taxable" ? { taxability: item.taxability } : {}),
    // Issue 9: a reverse-charge invoice charges no tax, but GSTR-1 and the e-invoice report what the recipient owes.
    ...(invoice.reverseCharge ? recipientHeads(item, { supplierState, placeOfSupply, toSez: isSez }) : {}),
  }));
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
    isSez,
    zeroRated: isExport || isSez,
    customerGstin,
    customerGstinCheck: customerGstin ? validateGstin(customerGstin) : null,
    reverseCharge: invoice.reverseCharge,
    underLut: invoice.underLut ?? false,
    exportDetails: invoice.exportDetails ?? null,
    total,
    lines,
    category,
  };
}

/** The heads of a reverse-charge line: the tax the recipient pays on its taxable value (supply.ts). */
function recipientHeads(
  item: Invoice["items"][number],
  supply: { supplierState: string; placeOfSupply: string; toSez: boolean },
): Pick<SaleLine, "igst" | "cgst" | "sgst" | "cess"> {
  const tax = recipientTaxOf(
    {
      taxablePaise: toPaise(item.taxableValue),
      rateBasisPoints: percentToBasisPoints(item.gstRate),
      cessBasisPoints: item.cessRate === undefined ? 0 : percentToBasisPoints(item.cessRate),
    },
    supply,
  );
  return { igst: tax.igstPaise, cgst: tax.cgstPaise, sgst: tax.sgstPaise, cess: tax.cessPaise };
}

/** A note's line on a reverse-charge invoice with the tax its recipient pays (or is given back), like the invoice's. */
export function withRecipientTax(line: SaleLine, sale: Pick<Sale, "supplierState" | "placeOfSupply" | "isSez">): SaleLine {
  const tax = recipientTaxOf(
    { taxablePaise: line.taxable, rateBasisPoints: line.rateBasisPoints, cessBasisPoints: line.cessBasisPoints ?? 0 },
    { supplierState: sale.supplierState, placeOfSupply: sale.placeOfSupply, toSez: sale.isSez },
  );
  return { ...line, igst: tax.igstPaise, cgst: tax.cgstPaise, sgst: tax.sgstPaise, cess: tax.cessPaise };
}

/**
 * Problems in a sale's data that would make the portal reject it or misreport it. Blocking:
 * an invalid customer GSTIN (B2B needs a real one), a line without HSN/SAC (GSTR-1 Table 12,
 * Notification 78/2020-CT), a rate not in force on the invoice date. The rest are shown only.
 */
export function saleProblems(sale: Sale, supplierGstin: string): ReturnProblem[] {
  const problems: ReturnProblem[] = [];
  const record = { kind: "invoice" as const, id: sale.invoice.id, number: sale.number };
  const at = `Invoice ${sale.number}`;
  const add = (code: string, blocking: boolean, message: string) => problems.push({ code, message, blocking, record });
  if (sale.customerGstinCheck && !sale.customerGstinCheck.valid) {
    add("INVALID_CUSTOMER_GSTIN", true, `${at}: customer GSTIN ${sale.customerGstin} is invalid (${sale.customerGstinCheck.error})`);
  }
  if (sale.customerGstinCheck?.valid && sale.customerGstinCheck.registrationType === "nri") {
    add("NRI_CUSTOMER_GSTIN", false, `${at}: customer GSTIN ${sale.customerGstin} is an NRI ID, which GSTR-1 B2B does not accept`);
  }
  if (sale.customerGstin && sale.customerGstin === supplierGstin) {
    add("OWN_GSTIN_AS_CUSTOMER", false, `${at}: the customer GSTIN is the business's own GSTIN`);
  }
  for (const [i, line] of sale.lines.entries()) {
    if (sale.isSez && (line.cgst !== 0 || line.sgst !== 0)) {
      add("TAX_HEAD_MISMATCH", false, `${at} line ${line.index}: a supply to an SEZ is inter-state (s.16 IGST Act), but the line charges CGST/SGST instead of IGST`);
    } else if (sale.interState && (line.cgst !== 0 || line.sgst !== 0)) {
      add(
        "TAX_HEAD_MISMATCH",
        false,
        `${at} line ${line.index}: place of supply ${sale.placeOfSupply} is outside the supplier's state ${sale.supplierState}, but the line charges CGST/SGST instead of IGST`,
      );
    }
    if (!sale.interState && line.igst !== 0) {
      add(
        "TAX_HEAD_MISMATCH",
        false,
        `${at} line ${line.index}: place of supply ${sale.placeOfSupply} is the supplier's own state, but the line charges IGST instead of CGST/SGST`,
      );
    }
    if (!line.hsnCode) add("MISSING_HSN", true, `${at} line ${line.index} (${line.productName}): no HSN/SAC code; GSTR-1 Table 12 needs one`);
    const rate = sale.invoice.items[i]?.gstRate ?? "";
    if (!isRateValidOn(rate, sale.date)) {
      add(
        "RATE_NOT_IN_FORCE",
        true,
        `${at} line ${line.index} (${line.productName}): ${rate}% is not a GST rate in force on ${sale.date} (rates then: ${ratesValidOn(sale.date).join(", ")}%)`,
      );
    }
  }
  return problems;
}

/** The messages of the problems the old builders report as warnings (the rate check is the engine's). */
export function saleWarnings(sale: Sale, supplierGstin: string): string[] {
  return saleProblems(sale, supplierGstin)
    .filter((p) => p.code !== "RATE_NOT_IN_FORCE")
    .map((p) => p.message);
}

/** The period a sale is reported in: the one it was moved to, else its issue date's (India). */
export function saleReportingPeriod(invoice: SaleDocument): string {
  return invoice.reportingPeriod || returnPeriodOf(invoice.issueDate);
}

/**
 * The sales a return of `gstin` for `period` reports: reported in the period (GSTR-1 takes an
 * earlier period's invoice in a later return; it keeps its own date) and issued under this
 * GSTIN. An invoice of the period issued under another GSTIN belongs to that registration's
 * returns and is left out (noted, not blocking). One issued while the business had no GSTIN
 * is left out too, but blocks the filing: the sale is taxable and the invoice lacks the
 * particulars of Rule 46(a) — it has to be issued again under the GSTIN.
 */
export function salesOfPeriod(
  invoices: readonly SaleDocument[],
  gstin: string,
  period: string,
  supplierState: string,
): { readonly sales: Sale[]; readonly problems: ReturnProblem[] } {
  const sales: Sale[] = [];
  const problems: ReturnProblem[] = [];
  for (const invoice of invoices) {
    if (saleReportingPeriod(invoice) !== period) continue;
    // Issue 9: a cancelled invoice is no supply; GSTR-1 counts its number in Table 13 only (`cancelledNumbersOfPeriod`).
    if (invoice.status === "cancelled") continue;
    const issuedUnder = invoice.supplier?.gstin?.trim().toUpperCase() || null;
    const record = { kind: "invoice" as const, id: invoice.id, number: invoice.invoiceNumber };
    if (issuedUnder === gstin) {
      sales.push(toSale(invoice, supplierState));
    } else if (issuedUnder === null) {
      problems.push({
        code: "GSTIN_MISMATCH",
        blocking: true,
        record,
        message: `Invoice ${invoice.invoiceNumber} was issued without your GSTIN ${gstin} (Rule 46(a)), so it cannot be reported; issue it again`,
      });
    } else {
      problems.push({
        code: "GSTIN_MISMATCH",
        blocking: false,
        record,
        message: `Invoice ${invoice.invoiceNumber} was issued under GSTIN ${issuedUnder}, not ${gstin}: it belongs to that registration's returns and is left out`,
      });
    }
  }
  return { sales, problems };
}

/** Numbers of the period's cancelled invoices issued under `gstin`: Table 13 counts them issued and cancelled. */
export function cancelledNumbersOfPeriod(invoices: readonly SaleDocument[], gstin: string, period: string): string[] {
  return invoices
    .filter((invoice) => invoice.status === "cancelled" && saleReportingPeriod(invoice) === period && invoice.supplier?.gstin?.trim().toUpperCase() === gstin)
    .map((invoice) => invoice.invoiceNumber);
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
