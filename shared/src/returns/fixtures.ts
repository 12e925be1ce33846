/**
 * Builders of `Invoice` and `Expense` read models for the returns unit tests. Not exported from
 * index.ts. Tax per line is computed here only when a test does not state it: CGST = SGST =
 * taxable × rate / 200 and IGST = taxable × rate / 100, half-up to the paisa — the rule of
 * contract/gst/tax.ts. Tests give their figures by hand in comments.
 */
import { formatPaise, percentToBasisPoints, roundHalfUp, toPaise } from "../contract/index.ts";
import type { Expense, Invoice, InvoiceItem } from "../contract/index.ts";
import { returnPeriodOf } from "./period.ts";

export interface LineSpec {
  readonly name?: string;
  readonly hsn?: string | null;
  readonly quantity?: number;
  /** Issue 9: the unit (UQC); "NOS" when not given. */
  readonly unit?: string;
  /** Taxable value, rupees "2300.00". */
  readonly taxable: string;
  /** Percent "18". */
  readonly rate: string;
  readonly cgst?: string;
  readonly sgst?: string;
  readonly igst?: string;
  readonly cess?: string;
}

export interface InvoiceSpec {
  readonly number: string;
  readonly issueDate: string;
  readonly dueDate?: string | null;
  readonly supplierGstin?: string;
  readonly customerGstin?: string | null;
  readonly customerName?: string;
  readonly placeOfSupply: string;
  readonly reverseCharge?: boolean;
  /** Issue 9: an export or SEZ supply under LUT: lines charge no tax unless given. */
  readonly underLut?: boolean;
  readonly exportDetails?: Invoice["exportDetails"];
  readonly status?: Invoice["status"];
  readonly lines: readonly LineSpec[];
}

export const SUPPLIER_GSTIN = "24AAQCA8719H1ZC"; // Gujarat; check character verified in gstin.unit.test.ts

export function invoice(spec: InvoiceSpec): Invoice {
  const supplierGstin = spec.supplierGstin ?? SUPPLIER_GSTIN;
  const intra = supplierGstin.slice(0, 2) === spec.placeOfSupply;
  let subtotal = 0;
  let cgstTotal = 0;
  let sgstTotal = 0;
  let igstTotal = 0;
  let cessTotal = 0;
  const items: InvoiceItem[] = spec.lines.map((line, i) => {
    const taxable = toPaise(line.taxable);
    const bp = percentToBasisPoints(line.rate);
    const half = roundHalfUp(BigInt(taxable) * BigInt(bp), 20_000n);
    const cgst = line.cgst !== undefined ? toPaise(line.cgst) : intra && !spec.underLut ? half : 0;
    const sgst = line.sgst !== undefined ? toPaise(line.sgst) : intra && !spec.underLut ? half : 0;
    const igst = line.igst !== undefined ? toPaise(line.igst) : intra || spec.underLut ? 0 : roundHalfUp(BigInt(taxable) * BigInt(bp), 10_000n);
    const cess = line.cess !== undefined ? toPaise(line.cess) : 0;
    subtotal += taxable;
    cgstTotal += cgst;
    sgstTotal += sgst;
    igstTotal += igst;
    cessTotal += cess;
    const quantity = line.quantity ?? 1;
    return {
      id: `item-${i + 1}`,
      productId: `product-${i + 1}`,
      product: { name: line.name ?? `Product ${i + 1}` },
      hsnCode: line.hsn === undefined ? "8471" : line.hsn,
      quantity,
      unit: line.unit ?? "NOS",
      price: formatPaise(roundHalfUp(taxable * 1000, Math.round(quantity * 1000))),
      gstRate: line.rate,
      discount: null,
      discountType: null,
      taxableValue: formatPaise(taxable),
      cgstAmount: formatPaise(cgst),
      sgstAmount: formatPaise(sgst),
      igstAmount: formatPaise(igst),
      cessAmount: formatPaise(cess),
      amount: formatPaise(taxable + cgst + sgst + igst + cess),
    };
  });
  const gst = cgstTotal + sgstTotal + igstTotal + cessTotal;
  return {
    id: `invoice-${spec.number}`,
    userId: "user-1",
    invoiceNumber: spec.number,
    customerId: "customer-1",
    customer: {
      id: "customer-1",
      name: spec.customerName ?? "Customer",
      address: "12 MG Road, Ahmedabad",
      gstNumber: spec.customerGstin ?? null,
      email: null,
      phone: null,
    },
    supplier: { name: "Asha Traders", gstin: supplierGstin, address: "1 Relief Road, Ahmedabad", stateCode: supplierGstin.slice(0, 2) },
    issueDate: spec.issueDate,
    dueDate: spec.dueDate ?? null,
    placeOfSupply: spec.placeOfSupply,
    taxKind: intra ? "intra" : "inter",
    stateTaxLabel: "SGST",
    invoiceType: "regular",
    reverseCharge: spec.reverseCharge ?? false,
    underLut: spec.underLut ?? false,
    lutNumber: spec.underLut ? "AD2403260001234" : null,
    exportDetails: spec.exportDetails ?? null,
    subtotal: formatPaise(subtotal),
    gstAmount: formatPaise(gst),
    cgstAmount: formatPaise(cgstTotal),
    sgstAmount: formatPaise(sgstTotal),
    igstAmount: formatPaise(igstTotal),
    cessAmount: formatPaise(cessTotal),
    roundOff: "0.00",
    total: formatPaise(subtotal + gst),
    status: spec.status ?? "pending",
    paidAt: null,
    amountPaid: "0.00",
    balanceDue: formatPaise(subtotal + gst),
    notes: null,
    items,
    createdAt: spec.issueDate,
    reportingPeriod: returnPeriodOf(spec.issueDate),
  };
}

export interface ExpenseSpec {
  readonly id: string;
  readonly date: string;
  readonly vendorGstin?: string | null;
  readonly vendorName?: string;
  readonly amount: string;
  readonly cgst?: string;
  readonly sgst?: string;
  readonly igst?: string;
  readonly vendorInvoiceNumber?: string | null;
  readonly vendorInvoiceDate?: string | null;
  readonly eligibleForItc?: boolean;
  readonly placeOfSupply?: string | null;
}

export function expense(spec: ExpenseSpec): Expense {
  const cgst = toPaise(spec.cgst ?? "0");
  const sgst = toPaise(spec.sgst ?? "0");
  const igst = toPaise(spec.igst ?? "0");
  const gst = cgst + sgst + igst;
  return {
    id: spec.id,
    userId: "user-1",
    vendorId: spec.vendorGstin === undefined ? null : "vendor-1",
    vendor: spec.vendorGstin === undefined ? null : { name: spec.vendorName ?? "Vendor", gstNumber: spec.vendorGstin },
    category: "Supplies",
    description: `Expense ${spec.id}`,
    amount: spec.amount,
    gstRate: gst === 0 ? "0" : "18",
    gstAmount: formatPaise(gst),
    cgstAmount: formatPaise(cgst),
    sgstAmount: formatPaise(sgst),
    igstAmount: formatPaise(igst),
    total: formatPaise(toPaise(spec.amount) + gst),
    date: spec.date,
    placeOfSupply: spec.placeOfSupply ?? null,
    vendorInvoiceNumber: spec.vendorInvoiceNumber ?? null,
    vendorInvoiceDate: spec.vendorInvoiceDate ?? null,
    hsnCode: null,
    eligibleForItc: spec.eligibleForItc ?? true,
    documentType: "bill",
    againstExpenseId: null,
    taxability: "taxable",
    reverseCharge: false,
    reverseChargeService: null,
    selfInvoiceNumber: null,
    itcReason: null,
    itcDefault: true,
    isCapitalGoods: false,
    reportingPeriod: returnPeriodOf(spec.date),
    recipientGstin: null,
    businessStateCode: null,
    createdAt: spec.date,
    updatedAt: spec.date,
  };
}
