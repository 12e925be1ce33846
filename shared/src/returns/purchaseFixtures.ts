/** Purchase documents with the issue-8 fields, and 2B pairs, for the return engine's unit tests. */
import { formatPaise, toPaise } from "../contract/index.ts";
import type { Expense, ExpenseCategory } from "../contract/index.ts";
import { SUPPLIER_GSTIN } from "./fixtures.ts";
import type { ClaimPair } from "./prepare.ts";

/** A purchase document with the issue-8 fields; business in Gujarat (24). */
export function purchase(spec: {
  id: string;
  date: string;
  amount: string;
  vendorGstin: string | null;
  igst?: string;
  cgst?: string;
  sgst?: string;
  rate?: string;
  category?: ExpenseCategory;
  eligibleForItc?: boolean;
  documentType?: Expense["documentType"];
  againstExpenseId?: string | null;
  taxability?: Expense["taxability"];
  reverseCharge?: boolean;
  isCapitalGoods?: boolean;
  reportingPeriod?: string;
  placeOfSupply?: string | null;
}): Expense {
  const igst = toPaise(spec.igst ?? "0");
  const cgst = toPaise(spec.cgst ?? "0");
  const sgst = toPaise(spec.sgst ?? "0");
  const gst = igst + cgst + sgst;
  const period = `${spec.date.slice(5, 7)}${spec.date.slice(0, 4)}`;
  return {
    id: spec.id,
    userId: "user-1",
    vendorId: "vendor-1",
    vendor: { name: `Vendor of ${spec.id}`, gstNumber: spec.vendorGstin },
    category: spec.category ?? "Supplies",
    description: `Purchase ${spec.id}`,
    amount: spec.amount,
    gstRate: spec.rate ?? (gst === 0 ? "0" : "18"),
    gstAmount: formatPaise(gst),
    cgstAmount: formatPaise(cgst),
    sgstAmount: formatPaise(sgst),
    igstAmount: formatPaise(igst),
    total: formatPaise(toPaise(spec.amount) + (spec.reverseCharge ? 0 : gst)),
    date: spec.date,
    placeOfSupply: spec.placeOfSupply ?? null,
    vendorInvoiceNumber: spec.id,
    vendorInvoiceDate: spec.date,
    hsnCode: null,
    eligibleForItc: spec.eligibleForItc ?? true,
    documentType: spec.documentType ?? "bill",
    againstExpenseId: spec.againstExpenseId ?? null,
    taxability: spec.taxability ?? "taxable",
    reverseCharge: spec.reverseCharge ?? false,
    reverseChargeService: spec.reverseCharge ? "renting-unregistered" : null,
    selfInvoiceNumber: spec.reverseCharge ? "RCM/26-27/0001" : null,
    itcReason: null,
    itcDefault: spec.eligibleForItc ?? true,
    isCapitalGoods: spec.isCapitalGoods ?? false,
    reportingPeriod: spec.reportingPeriod ?? period,
    recipientGstin: SUPPLIER_GSTIN,
    businessStateCode: "24",
    createdAt: spec.date,
    updatedAt: spec.date,
  };
}

/** A 2B pair carrying the bill's own figures (paise). */
export function pairFor(bill: Expense, itcAvailable = true): ClaimPair {
  return {
    expenseId: bill.id,
    claimable: true,
    portal: {
      key: `b2b:${bill.id}`,
      kind: "b2b",
      taxable: toPaise(bill.amount),
      igst: toPaise(bill.igstAmount),
      cgst: toPaise(bill.cgstAmount),
      sgst: toPaise(bill.sgstAmount),
      cess: 0,
      itcAvailable,
    },
  };
}
