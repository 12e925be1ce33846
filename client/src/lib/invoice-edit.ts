import { indianDateOf, type Invoice } from "@bahi/shared/contract";
import type { InvoiceFormValues } from "./invoice-form.ts";
import { normalisePercent } from "./gst-rate-options.ts";

/** Issue 9: an unpaid, uncancelled invoice can still be edited (a paid or filed one needs a credit note); issue 10: nor a partly paid one. */
export const canChangeInvoice = (invoice: Pick<Invoice, "status"> & { amountPaid?: string }) =>
  (invoice.status === "pending" || invoice.status === "overdue") && (invoice.amountPaid ?? "0.00") === "0.00";

/** The create form's values for an existing invoice: what Edit opens with. */
export function invoiceFormValuesOf(invoice: Invoice): InvoiceFormValues {
  return {
    customerId: invoice.customerId,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: indianDateOf(invoice.issueDate),
    dueDate: invoice.dueDate ? indianDateOf(invoice.dueDate) : "",
    placeOfSupply: invoice.placeOfSupply,
    notes: invoice.notes ?? "",
    items: invoice.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      price: item.price,
      gstRate: normalisePercent(item.gstRate),
      discount: item.discount ?? "",
      discountType: item.discountType ?? "percentage",
    })),
  };
}
