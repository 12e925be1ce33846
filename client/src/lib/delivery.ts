import type { Invoice } from "@bahi/shared/contract";

/**
 * Rule 46(o): the delivery address snapshotted on the invoice, shown only where it differs
 * from the billing address (the PDF applies the same rule, read-api pdfParts.deliveryAddress).
 */
export function shipToOf(invoice: Pick<Invoice, "customer">): string | null {
  const shipping = (invoice.customer.shippingAddress ?? "").trim();
  if (!shipping) return null;
  const normal = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  return normal(shipping) === normal(invoice.customer.address) ? null : shipping;
}
