/** Stream names, in one place so the write side and the auditors agree on them. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  emailReservation: (normalisedEmail: string) => `email-${normalisedEmail}`,
  customer: (customerId: string) => `customer-${customerId}`,
  vendor: (vendorId: string) => `vendor-${vendorId}`,
  product: (productId: string) => `product-${productId}`,
  skuReservation: (userId: string, sku: string) => `sku-${userId}-${sku}`,
  invoice: (invoiceId: string) => `invoice-${invoiceId}`,
  expense: (expenseId: string) => `expense-${expenseId}`,
  /** Issue 9: a credit or debit note (s.34), its own aggregate. */
  salesNote: (noteId: string) => `salesnote-${noteId}`,
  /** Issue 9: the notes issued against one invoice, so a credit note can see what is left to credit. */
  invoiceNotes: (invoiceId: string) => `invoicenotes-${invoiceId}`,
  /** Issue 9: a delivery challan (Rule 55), its own aggregate. */
  deliveryChallan: (challanId: string) => `challan-${challanId}`,
  reconciliation: (userId: string, period: string) => `reconciliation-${userId}-${period}`,
  ewayBill: (ewayBillId: string) => `ewaybill-${ewayBillId}`,
  /** returnType "GSTR1" | "GSTR3B", period "MMYYYY". */
  gstReturn: (userId: string, returnType: string, period: string) => `gstreturn-${userId}-${returnType.toLowerCase()}-${period}`,
  invoiceNumberReservation: (userId: string, invoiceNumber: string) => `invoiceno-${userId}-${invoiceNumber.toUpperCase()}`,
  /** month: "YYYYMM" in India. */
  invoiceQuota: (userId: string, month: string) => `invoicequota-${userId}-${month}`,
  /** financialYear: "2026-27". The counter of reverse-charge self-invoice numbers. */
  selfInvoice: (userId: string, financialYear: string) => `selfinvoice-${userId}-${financialYear}`,
  /** series "invoice"; gstin: the business's GSTIN or "unregistered"; financialYear "2026-27". */
  documentSeries: (userId: string, series: string, gstin: string, financialYear: string) => `docseries-${userId}-${series}-${gstin}-${financialYear}`,
  /** Issue 10: an invoice's share link (created, revoked), apart from the invoice so sharing never races a payment. */
  invoiceShare: (invoiceId: string) => `invoiceshare-${invoiceId}`,
  /** Issue 10: a customer advance (received, applied to invoices, applications reversed). */
  advance: (advanceId: string) => `advance-${advanceId}`,
  /** Issue 11: a business's members and invitations (businessId: the owner's user id). */
  team: (businessId: string) => `team-${businessId}`,
};
