import { basisPointsToPercent, formatCessPerUnit, formatPaise, indianDateOf, type Invoice, type InvoiceStatus } from "@bahi/shared/contract";
import type { EventData } from "./catalogue.ts";

/** The invoice as the API shows it (SPEC §3), from the facts recorded when it was created. */
export function invoiceView(invoice: EventData<"InvoiceCreated">, status: InvoiceStatus, paidAt: string | null): Invoice {
  const money = formatPaise;
  return {
    id: invoice.invoiceId,
    userId: invoice.ownerId,
    invoiceNumber: invoice.invoiceNumber,
    customerId: invoice.customer.id,
    customer: {
      id: invoice.customer.id,
      name: invoice.customer.name,
      address: invoice.customer.address,
      gstNumber: invoice.customer.gstin,
      email: invoice.customer.email,
      phone: invoice.customer.phone,
      stateCode: invoice.customer.stateCode ?? null,
      isSez: invoice.customer.isSez ?? false,
      shippingAddress: invoice.customer.shippingAddress ?? null,
    },
    supplier: { ...invoice.supplier, pinCode: invoice.supplier.pinCode ?? null },
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    placeOfSupply: invoice.placeOfSupply,
    taxKind: invoice.taxKind,
    stateTaxLabel: invoice.stateTaxLabel,
    invoiceType: "regular",
    reverseCharge: invoice.reverseCharge ?? false,
    underLut: invoice.underLut ?? false,
    lutNumber: invoice.underLut ? (invoice.lutNumber ?? null) : null,
    exportDetails: invoice.exportDetails ?? null,
    documentType: invoice.documentType ?? "taxInvoice",
    supplierRegistration: invoice.supplierRegistration ?? "Regular",
    subtotal: money(invoice.subtotalPaise),
    gstAmount: money(invoice.gstAmountPaise),
    cgstAmount: money(invoice.cgstPaise),
    sgstAmount: money(invoice.sgstPaise),
    igstAmount: money(invoice.igstPaise),
    cessAmount: money(invoice.cessPaise),
    roundOff: money(invoice.roundOffPaise ?? 0),
    total: money(invoice.totalPaise),
    status,
    paidAt,
    // Issue 10: the payments projection fills these in; a paid invoice from before payments owes nothing.
    amountPaid: money(status === "paid" ? invoice.totalPaise : 0),
    balanceDue: money(status === "paid" || status === "cancelled" ? 0 : invoice.totalPaise),
    notes: invoice.notes,
    items: invoice.lines.map((line) => ({
      id: line.lineId,
      productId: line.productId,
      product: { name: line.productName },
      hsnCode: line.hsnCode,
      taxability: line.taxability ?? "taxable",
      quantity: line.quantity,
      unit: line.unit ?? "NOS",
      price: money(line.pricePaise),
      gstRate: basisPointsToPercent(line.rateBasisPoints),
      discount: line.discount === null ? null : line.discount.type === "amount" ? money(line.discount.paise) : basisPointsToPercent(line.discount.basisPoints),
      discountType: line.discount?.type ?? null,
      taxableValue: money(line.taxablePaise),
      cgstAmount: money(line.cgstPaise),
      sgstAmount: money(line.sgstPaise),
      igstAmount: money(line.igstPaise),
      cessAmount: money(line.cessPaise),
      ...(line.cessPaise === 0 ? {} : { cessRate: basisPointsToPercent(line.cessBasisPoints ?? 0), cessPerUnit: formatCessPerUnit(line.cessPerUnitMillirupees ?? 0) }),
      amount: money(line.amountPaise),
    })),
    createdAt: invoice.createdAt,
    reportingPeriod: invoice.reportingPeriod ?? periodOfDate(invoice.issueDate),
  };
}

/** "MMYYYY" of a date's India month (the return period it falls in). */
function periodOfDate(date: string): string {
  const day = indianDateOf(date);
  return `${day.slice(5, 7)}${day.slice(0, 4)}`;
}
