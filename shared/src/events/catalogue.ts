import { z } from "zod";

/**
 * Every business event Bahi records, validated by a zod schema on the way in and upcast on
 * the way out. Names are past-tense facts (DESIGN.md "Event catalogue"); money is paise.
 */
const partyFields = {
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  gstNumber: z.string().nullable(),
};

/** Issue 9: a customer's state, shipping address and SEZ flag; absent on customers recorded before. */
const customerPlaceFields = {
  stateCode: z.string().nullable().optional(),
  shippingAddress: z.string().nullable().optional(),
  shippingStateCode: z.string().nullable().optional(),
  isSez: z.boolean().optional(),
};

/**
 * Issue 9: a quantity with at most 3 decimals (2.5 KGS); whole in every event recorded before.
 * Readers sum quantities in thousandths (contract/gst/uqc.ts), so totals never drift.
 */
const quantity = z.number().refine((q) => Number.isFinite(q) && Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6 * Math.max(1, Math.abs(q)), "at most 3 decimals");

const productFields = {
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string(),
  category: z.string(),
  pricePaise: z.number().int().nonnegative(),
  minStock: z.number().int().nonnegative(),
  gstRateBasisPoints: z.number().int().nonnegative(),
  hsnCode: z.string().nullable(),
  /** Issue 9, cess (GST.md §2.2): ad valorem basis points and a specific rupee amount per unit in thousandths; absent: none. */
  cessBasisPoints: z.number().int().nonnegative().optional(),
  cessPerUnitMillirupees: z.number().int().nonnegative().optional(),
  /** Issue 9: nil-rated, exempt or non-GST (rate 0); absent: taxable. */
  taxability: z.enum(["taxable", "nil", "exempt", "nonGst"]).optional(),
  /** Issue 9: the unit of measure, a UQC ("KGS"); absent on products recorded before: "NOS". */
  unit: z.string().optional(),
  /** Issue 9: goods (HSN) or services (SAC, 99…); absent on products recorded before: from the code. */
  kind: z.enum(["goods", "services"]).optional(),
  /** Issue 10: the barcode on the pack; absent when none (and on products recorded before). */
  barcode: z.string().optional(),
};

const expenseFields = {
  vendor: z.object({ id: z.string(), name: z.string(), gstNumber: z.string().nullable() }).nullable(),
  category: z.string(),
  description: z.string(),
  amountPaise: z.number().int().nonnegative(),
  gstRateBasisPoints: z.number().int().nonnegative(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  date: z.string(),
  placeOfSupply: z.string().nullable(),
  vendorInvoiceNumber: z.string().nullable(),
  vendorInvoiceDate: z.string().nullable(),
  hsnCode: z.string().nullable(),
  eligibleForItc: z.boolean(),
  // Issue 8 (purchase documents). Optional: older events read as a taxable bill, no reverse
  // charge, reported in its date's period, recorded without the business's GSTIN.
  documentType: z.enum(["bill", "credit_note", "debit_note"]).optional(),
  againstExpenseId: z.string().nullable().optional(),
  taxability: z.enum(["taxable", "nil", "exempt", "non-gst"]).optional(),
  reverseCharge: z.boolean().optional(),
  reverseChargeService: z.string().nullable().optional(),
  /** "RCM/26-27/0001", issued on the selfinvoice counter stream (s.31(3)(f)). */
  selfInvoiceNumber: z.string().nullable().optional(),
  itcReason: z.string().nullable().optional(),
  isCapitalGoods: z.boolean().optional(),
  /** "MMYYYY". */
  reportingPeriod: z.string().optional(),
  recipientGstin: z.string().nullable().optional(),
  businessStateCode: z.string().nullable().optional(),
};
/** Why a reservation or a quota slot was given back, for auditors (absent on older events). */
const releaseWhy = {
  reason: z.string().optional(),
  /** The process that gave it back: "createInvoice", "createProduct", "changeProductSku", "deleteProduct". */
  process: z.string().optional(),
};
/** Why a process gave up: the error code it answered with, or "STALE" when recovery fenced it. */
const abandonWhy = { reason: z.string(), code: z.string(), abandonedAt: z.string() };

/** What an update or a delete changed from, so projections subtract without remembering every expense. */
/**
 * A document kept in the BlobStore (content-addressed), named by an event instead of carried in
 * it. Older events of the same type carry the document inline; readers take either.
 */
const blobRef = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().nonnegative() });

const expenseBefore = z.object({
  date: z.string(),
  category: z.string(),
  amountPaise: z.number().int(),
  gstPaise: z.number().int(),
  /** A credit note's amount counts negative; absent on older events (a bill). */
  documentType: z.enum(["bill", "credit_note", "debit_note"]).optional(),
});

/** What an invoice said before a revision or cancellation, as the projections need it to take it back. */
const invoicePrevious = z.object({
  issueDate: z.string(),
  lines: z.array(z.object({ productId: z.string(), quantity: quantity.refine((q) => q > 0) })),
  subtotalPaise: z.number().int(),
  totalPaise: z.number().int(),
});

/** What an invoice says (InvoiceCreated); InvoiceRevised carries the same facts but the number and createdAt. */
const invoiceFacts = z.object({
  invoiceId: z.string(),
  ownerId: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  notes: z.string().nullable(),
  placeOfSupply: z.string(),
  taxKind: z.enum(["intra", "inter"]),
  stateTaxLabel: z.enum(["SGST", "UTGST"]),
  /** pinCode (issue 9): the business's PIN when invoiced; absent on older invoices. */
  supplier: z.object({ name: z.string(), gstin: z.string().nullable(), address: z.string().nullable(), stateCode: z.string(), pinCode: z.string().nullable().optional() }),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    gstin: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Issue 9: the customer's state and SEZ flag when invoiced; absent on older invoices. */
    stateCode: z.string().nullable().optional(),
    isSez: z.boolean().optional(),
    /** Issue 9: the delivery address when invoiced (Rule 46(o)); absent on older invoices. */
    shippingAddress: z.string().nullable().optional(),
  }),
  lines: z.array(
    z.object({
      lineId: z.string(),
      productId: z.string(),
      productName: z.string(),
      hsnCode: z.string().nullable(),
      quantity: quantity.refine((q) => q > 0),
      /** Issue 9: the product's unit (UQC) when invoiced; absent on older lines: "NOS". */
      unit: z.string().optional(),
      pricePaise: z.number().int().nonnegative(),
      rateBasisPoints: z.number().int().nonnegative(),
      discount: z.union([z.object({ type: z.literal("percentage"), basisPoints: z.number().int() }), z.object({ type: z.literal("amount"), paise: z.number().int() })]).nullable(),
      discountPaise: z.number().int(),
      taxablePaise: z.number().int(),
      cgstPaise: z.number().int(),
      sgstPaise: z.number().int(),
      igstPaise: z.number().int(),
      cessPaise: z.number().int(),
      /** Issue 9: the product's cess when invoiced, ad valorem and specific; absent: none. */
      cessBasisPoints: z.number().int().nonnegative().optional(),
      cessPerUnitMillirupees: z.number().int().nonnegative().optional(),
      /** Issue 9: the product's tax treatment when invoiced; absent: taxable. */
      taxability: z.enum(["taxable", "nil", "exempt", "nonGst"]).optional(),
      amountPaise: z.number().int(),
    }),
  ),
  subtotalPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  cessPaise: z.number().int(),
  gstAmountPaise: z.number().int(),
  /** Issue 9: the total's rounding to the rupee (−50…+49), already in totalPaise; absent: 0. */
  roundOffPaise: z.number().int().optional(),
  totalPaise: z.number().int(),
  createdAt: z.string(),
  /** Issue 8: "MMYYYY", the period it is reported in (a later one when its own was filed); absent: its issue date's. */
  reportingPeriod: z.string().optional(),
  /** Issue 9: the recipient pays the tax (no tax charged); absent on older invoices (false). */
  reverseCharge: z.boolean().optional(),
  /** Issue 9: export or SEZ supply without IGST under the LUT numbered lutNumber; absent on older invoices (false). */
  underLut: z.boolean().optional(),
  lutNumber: z.string().optional(),
  /** Issue 9: an export's shipping bill details; absent: none given. */
  exportDetails: z.object({ shippingBillNumber: z.string().nullable(), shippingBillDate: z.string().nullable(), portCode: z.string().nullable() }).nullable().optional(),
  /** Issue 9: a bill of supply (s.31(3)(c), Rule 49) charges no tax; absent on older invoices (a tax invoice). */
  documentType: z.enum(["taxInvoice", "billOfSupply"]).optional(),
  /** Issue 9: the business's registration when it issued the document; absent on older invoices (Regular). */
  supplierRegistration: z.enum(["Regular", "Composition", "Unregistered"]).optional(),
});

export const eventSchemas = {
  EmailReserved: z.object({ email: z.string(), userId: z.string() }),
  UserRegistered: z.object({
    userId: z.string(),
    email: z.string(),
    /** scrypt hash; lives only in the user's stream, never in a read model or a response. */
    passwordHash: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    subscriptionPlan: z.enum(["free", "professional", "enterprise"]),
    invoiceLimit: z.number().int(),
    registeredAt: z.string(),
  }),
  ProfileUpdated: z.object({
    userId: z.string(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    gstNumber: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessType: z.string().nullable(),
    gstCategory: z.string().nullable(),
    /** Issue 9: "manufacturer" | "trader" | "restaurant" | "services" for a Composition business; absent in older events (none). */
    compositionCategory: z.enum(["manufacturer", "trader", "restaurant", "services"]).nullable().optional(),
    stateCode: z.string().nullable(),
    panNumber: z.string().nullable(),
    /** Issue 8: absent in older events (no registration date given). */
    gstRegistrationDate: z.string().nullable().optional(),
    /** Issue 9: the invoice series' prefix; absent in older events (then "INV"). */
    invoicePrefix: z.string().optional(),
    /** Issue 9: invoice totals rounded to the rupee; absent in older events (then true). */
    roundOff: z.boolean().optional(),
    /** Issue 9: bank details for the invoice; absent in older events (none given). */
    bankName: z.string().nullable().optional(),
    bankAccountNumber: z.string().nullable().optional(),
    bankIfsc: z.string().nullable().optional(),
    upiId: z.string().nullable().optional(),
    /** Issue 9: the Letter of Undertaking; absent in older events (none filed). */
    lutNumber: z.string().nullable().optional(),
    lutValidFrom: z.string().nullable().optional(),
    lutValidUntil: z.string().nullable().optional(),
    /** Issue 9: the business's PIN code; absent in older events (none given). */
    pinCode: z.string().nullable().optional(),
    /** Issue 9: aggregate turnover last FY above ₹5 crore (6-digit HSN, Notification 78/2020); absent in older events (false). */
    turnoverAbove5Crore: z.boolean().optional(),
    /** Issue 9: sell more than is in stock (stock goes negative); absent in older events (false: refused). */
    allowNegativeStock: z.boolean().optional(),
    updatedAt: z.string(),
  }),
  /** Issue 9: the business's logo (PNG or JPEG) stored in the BlobStore; null: removed. */
  ProfileLogoChanged: z.object({
    userId: z.string(),
    logo: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().nonnegative(), contentType: z.enum(["image/png", "image/jpeg"]) }).nullable(),
    changedAt: z.string(),
  }),
  /** invoiceLimit null: unlimited. No payment is taken yet; the event records the choice. */
  /** The password hash recomputed at a stronger cost on a successful login (same password). */
  PasswordRehashed: z.object({ userId: z.string(), passwordHash: z.string(), rehashedAt: z.string() }),
  PlanChanged: z.object({ userId: z.string(), plan: z.enum(["free", "professional", "enterprise"]), invoiceLimit: z.number().int().nullable(), changedAt: z.string() }),
  CustomerAdded: z.object({
    customerId: z.string(),
    ownerId: z.string(),
    ...partyFields,
    ...customerPlaceFields,
    creditLimitPaise: z.number().int().nonnegative(),
    addedAt: z.string(),
  }),
  CustomerUpdated: z.object({
    customerId: z.string(),
    ownerId: z.string(),
    ...partyFields,
    ...customerPlaceFields,
    creditLimitPaise: z.number().int().nonnegative(),
    updatedAt: z.string(),
  }),
  CustomerDeleted: z.object({ customerId: z.string(), ownerId: z.string(), deletedAt: z.string() }),
  VendorAdded: z.object({ vendorId: z.string(), ownerId: z.string(), ...partyFields, addedAt: z.string() }),
  VendorUpdated: z.object({ vendorId: z.string(), ownerId: z.string(), ...partyFields, updatedAt: z.string() }),
  VendorDeleted: z.object({ vendorId: z.string(), ownerId: z.string(), deletedAt: z.string() }),
  /** Issue 10: an archived party keeps its documents but leaves the pickers (parties/archive.ts). */
  CustomerArchived: z.object({ customerId: z.string(), ownerId: z.string(), archivedAt: z.string() }),
  CustomerUnarchived: z.object({ customerId: z.string(), ownerId: z.string(), unarchivedAt: z.string() }),
  VendorArchived: z.object({ vendorId: z.string(), ownerId: z.string(), archivedAt: z.string() }),
  VendorUnarchived: z.object({ vendorId: z.string(), ownerId: z.string(), unarchivedAt: z.string() }),

  ProductAdded: z.object({
    productId: z.string(),
    ownerId: z.string(),
    ...productFields,
    openingStock: quantity.refine((q) => q >= 0),
    isActive: z.boolean(),
    addedAt: z.string(),
  }),
  ProductUpdated: z.object({ productId: z.string(), ownerId: z.string(), ...productFields, updatedAt: z.string() }),
  ProductActivated: z.object({ productId: z.string(), ownerId: z.string(), at: z.string() }),
  ProductDeactivated: z.object({ productId: z.string(), ownerId: z.string(), at: z.string() }),
  /** sku: the SKU the deletion frees (absent on deletions recorded before it was carried). */
  ProductDeleted: z.object({ productId: z.string(), ownerId: z.string(), deletedAt: z.string(), sku: z.string().optional() }),
  StockReceived: z.object({ productId: z.string(), ownerId: z.string(), quantity: quantity.refine((q) => q > 0), note: z.string().nullable(), receivedAt: z.string() }),
  StockAdjusted: z.object({ productId: z.string(), ownerId: z.string(), quantityDelta: quantity, reason: z.string(), adjustedAt: z.string() }),
  /** sku-{userId}-{SKU}: one product per SKU and business. */
  /** `process`: which process manager took it (createProduct, changeProductSku); absent in older events. */
  SkuReserved: z.object({ userId: z.string(), sku: z.string(), productId: z.string(), process: z.string().optional() }),
  SkuReleased: z.object({ userId: z.string(), sku: z.string(), productId: z.string(), ...releaseWhy }),
  /**
   * Process managers over several streams (command-api/src/processes): the intent is the
   * first fact on the aggregate's own stream; the commit or the fence (…Abandoned) follows at
   * the revision the intent left, so only one of them lands; compensations then a terminal fact.
   */
  ProductCreationStarted: z.object({ productId: z.string(), ownerId: z.string(), sku: z.string(), startedAt: z.string() }),
  ProductCreationAbandoned: z.object({ productId: z.string(), ownerId: z.string(), ...abandonWhy }),
  ProductCreationCompensated: z.object({ productId: z.string(), ownerId: z.string(), compensatedAt: z.string() }),
  ProductSkuChangeStarted: z.object({ productId: z.string(), ownerId: z.string(), fromSku: z.string(), toSku: z.string(), startedAt: z.string() }),
  ProductSkuChangeAbandoned: z.object({ productId: z.string(), ownerId: z.string(), fromSku: z.string(), toSku: z.string(), ...abandonWhy }),
  ProductSkuChangeCompleted: z.object({ productId: z.string(), ownerId: z.string(), fromSku: z.string(), toSku: z.string(), completedAt: z.string() }),
  ProductSkuChangeCompensated: z.object({ productId: z.string(), ownerId: z.string(), fromSku: z.string(), toSku: z.string(), compensatedAt: z.string() }),

  /** invoiceno-{userId}-{number}: one invoice per number and business. */
  InvoiceNumberReserved: z.object({ userId: z.string(), invoiceNumber: z.string(), invoiceId: z.string() }),
  InvoiceNumberReleased: z.object({ userId: z.string(), invoiceNumber: z.string(), invoiceId: z.string(), ...releaseWhy }),
  /** invoicequota-{userId}-{YYYYMM}: the free plan's monthly counter, one event per invoice. */
  InvoiceQuotaUsed: z.object({ userId: z.string(), month: z.string(), invoiceId: z.string(), limit: z.number().int().nullable() }),
  InvoiceQuotaReturned: z.object({ userId: z.string(), month: z.string(), invoiceId: z.string(), ...releaseWhy }),
  /** invoice-{id} revision 0: what the creation will hold (number, quota slot) before it holds it. */
  /**
   * `series` (issue 9): the number is the next of this series, issued after the intent
   * (invoiceNumber is then ""); absent: the number typed, in invoiceNumber.
   */
  InvoiceCreationStarted: z.object({
    invoiceId: z.string(),
    ownerId: z.string(),
    invoiceNumber: z.string(),
    quotaMonth: z.string().nullable(),
    startedAt: z.string(),
    /** kind (issue 9): the series it numbers from, "bill-of-supply"; absent: the invoice series. */
    series: z.object({ gstin: z.string(), financialYear: z.string(), kind: z.string().optional() }).optional(),
  }),
  InvoiceCreationAbandoned: z.object({ invoiceId: z.string(), ownerId: z.string(), ...abandonWhy }),
  InvoiceCreationCompensated: z.object({ invoiceId: z.string(), ownerId: z.string(), compensatedAt: z.string() }),
  InvoiceCreated: invoiceFacts,
  ExpenseRecorded: z.object({ expenseId: z.string(), ownerId: z.string(), ...expenseFields, recordedAt: z.string() }),
  ExpenseUpdated: z.object({ expenseId: z.string(), ownerId: z.string(), ...expenseFields, previous: expenseBefore, updatedAt: z.string() }),
  ExpenseDeleted: z.object({ expenseId: z.string(), ownerId: z.string(), previous: expenseBefore, deletedAt: z.string() }),
  /** selfinvoice-{userId}-{financialYear}: one consecutive series of reverse-charge self-invoices per year (s.31(3)(f)). */
  SelfInvoiceNumberIssued: z.object({
    userId: z.string(),
    /** "2026-27" */
    financialYear: z.string(),
    number: z.string(),
    sequence: z.number().int().positive(),
    expenseId: z.string(),
    issuedAt: z.string(),
  }),
  /**
   * docseries-{userId}-{series}-{gstin or "unregistered"}-{financialYear}: one consecutive
   * series of document numbers (Rule 46(b)); every sequence is issued once, then belongs to a
   * document or is voided (GSTR-1 Table 13 counts voids as cancelled). documentDate: the
   * document's issue date ("YYYY-MM-DD"), the period Table 13 reports it in.
   */
  DocumentNumberIssued: z.object({
    userId: z.string(),
    series: z.string(),
    gstin: z.string(),
    financialYear: z.string(),
    sequence: z.number().int().positive(),
    number: z.string(),
    documentId: z.string(),
    documentDate: z.string().optional(),
    issuedAt: z.string(),
  }),
  DocumentNumberVoided: z.object({
    userId: z.string(),
    series: z.string(),
    gstin: z.string(),
    financialYear: z.string(),
    sequence: z.number().int().positive(),
    number: z.string(),
    documentId: z.string(),
    documentDate: z.string().optional(),
    reason: z.string(),
    voidedAt: z.string(),
  }),
  GstReturnFilingRequested: z.object({ userId: z.string(), returnType: z.enum(["GSTR1", "GSTR3B"]), period: z.string(), requestedAt: z.string() }),
  GstReturnFiled: z.object({
    userId: z.string(),
    returnType: z.enum(["GSTR1", "GSTR3B"]),
    period: z.string(),
    arn: z.string(),
    /** The GSP adapter that accepted it; "sandbox" until a real GSP is configured. */
    filedVia: z.string(),
    filedAt: z.string(),
    totals: z.object({
      taxableValuePaise: z.number().int(),
      taxPaise: z.number().int(),
      invoiceValuePaise: z.number().int(),
      itcPaise: z.number().int(),
      netPayablePaise: z.number().int(),
      /** Issue 8 (absent in older events): paid with the return, and the credit the next GSTR-3B opens with. */
      interestPaise: z.number().int().optional(),
      lateFeePaise: z.number().int().optional(),
      creditCarriedForward: z.object({ igst: z.number().int(), cgst: z.number().int(), sgst: z.number().int(), cess: z.number().int() }).optional(),
    }),
    /** The return as filed, in the BlobStore. */
    returnJsonBlob: blobRef.optional(),
    /** Events recorded before blobs carry the return inline. */
    returnJson: z.unknown().optional(),
  }),
  GstReturnFilingFailed: z.object({ userId: z.string(), returnType: z.enum(["GSTR1", "GSTR3B"]), period: z.string(), reason: z.string(), failedAt: z.string() }),
  /** reconciliation-{userId}-{period}: the GSTR-2B the user downloaded from the portal, as uploaded. */
  Gstr2bUploaded: z.object({
    userId: z.string(),
    period: z.string(),
    /** The parsed GSTR-2B (only the fields reconciliation reads), in the BlobStore. */
    gstr2bBlob: blobRef.optional(),
    /** Events recorded before blobs carry the file inline, as uploaded. */
    gstr2b: z.unknown().optional(),
    invoiceCount: z.number().int(),
    uploadedAt: z.string(),
    /** The GSTIN the 2B is for (uploads before issue 8 lack it). */
    gstin: z.string().optional(),
    /** "MMYYYY": the period its ITC is reported in (first GSTR-3B not filed at the first upload of this period). */
    reportIn: z.string().optional(),
  }),
  /** reconciliation-{userId}-{period}: the user's word on a suggested match or mismatch. */
  ReconciliationMatchDecided: z.object({
    userId: z.string(),
    period: z.string(),
    expenseId: z.string(),
    portalKey: z.string(),
    decision: z.enum(["accepted", "rejected"]),
    decidedAt: z.string(),
  }),
  ReconciliationCompleted: z.object({
    userId: z.string(),
    period: z.string(),
    summary: z.object({
      matched: z.number().int(),
      mismatch: z.number().int(),
      missing_in_books: z.number().int(),
      missing_in_2b: z.number().int(),
      total: z.number().int(),
      /** Issue 8's statuses; `matched` is exact_match + accepted. */
      exact_match: z.number().int().optional(),
      suggested_match: z.number().int().optional(),
    }),
    /** The reconciliation rows, in the BlobStore. */
    rowsBlob: blobRef.optional(),
    /** Events recorded before blobs carry the rows inline. */
    rows: z.array(z.unknown()).optional(),
    completedAt: z.string(),
  }),
  EwayBillGenerated: z.object({
    ewayBillId: z.string(),
    ownerId: z.string(),
    invoiceId: z.string(),
    ewayBillNo: z.string(),
    documentNumber: z.string(),
    documentDate: z.string(),
    documentType: z.string(),
    transactionType: z.string(),
    consignmentValuePaise: z.number().int(),
    shipFromGstin: z.string(),
    shipToGstin: z.string(),
    shipFromAddress: z.string().nullable(),
    shipToAddress: z.string().nullable(),
    dispatchPincode: z.string(),
    deliveryPincode: z.string(),
    distanceKm: z.number().int(),
    transportMode: z.string(),
    vehicleNumber: z.string().nullable(),
    vehicleType: z.string(),
    transporterId: z.string().nullable(),
    transporterName: z.string().nullable(),
    validUntil: z.string(),
    generatedAt: z.string(),
    /** Generated by Bahi's sandbox, not by the NIC e-way bill system (that needs GSP credentials). */
    sandbox: z.boolean(),
  }),
  EwayBillCancelled: z.object({ ewayBillId: z.string(), ownerId: z.string(), reason: z.string(), cancelledAt: z.string() }),
  InvoiceMarkedPaid: z.object({ invoiceId: z.string(), ownerId: z.string(), paidAt: z.string(), amountPaise: z.number().int() }),
  /**
   * Issue 10: money received against an invoice, on the invoice's own stream so racing payments
   * are decided one after the other. `date` is the day received (India); mode null: Mark Paid,
   * which does not say how. `settles`: the balance is 0 after it.
   */
  InvoicePaymentRecorded: z.object({
    invoiceId: z.string(),
    ownerId: z.string(),
    paymentId: z.string(),
    amountPaise: z.number().int().positive(),
    date: z.string(),
    mode: z.enum(["upi", "cash", "cheque", "bank_transfer", "card"]).nullable(),
    reference: z.string().nullable(),
    settles: z.boolean(),
    recordedAt: z.string(),
    /** Issue 10: paid from this customer advance (absent: money received with the payment). */
    advanceId: z.string().optional(),
  }),
  /** Recorded by the daily overdue sweep, so the audit trail says when an invoice fell due. */
  InvoiceBecameOverdue: z.object({ invoiceId: z.string(), ownerId: z.string(), dueDate: z.string(), markedAt: z.string() }),
  /**
   * Issue 9: the invoice's facts replaced while it is unpaid and its period unfiled (the number
   * stays); `previous` is what the projections take back (stock, sales, outstanding).
   */
  InvoiceRevised: invoiceFacts.omit({ invoiceNumber: true, createdAt: true }).extend({ previous: invoicePrevious, revisedAt: z.string() }),
  /** Issue 9: the invoice withdrawn before payment and filing; its number stays used (GSTR-1 Table 13 `cancel`). */
  InvoiceCancelled: z.object({ invoiceId: z.string(), ownerId: z.string(), reason: z.string(), previous: invoicePrevious, cancelledAt: z.string() }),
  /**
   * Issue 9: a credit or debit note against issued invoices (s.34). Supplier, customer, place
   * of supply and tax heads come from the (first) original invoice; lines are invoice lines
   * plus the invoice each one adjusts. reportingPeriod "MMYYYY".
   */
  SalesNoteIssued: z.object({
    noteId: z.string(),
    ownerId: z.string(),
    kind: z.enum(["credit", "debit"]),
    number: z.string(),
    issueDate: z.string(),
    reason: z.enum(["sales_return", "post_sale_discount", "deficiency_in_service", "correction"]),
    invoiceIds: z.array(z.string()),
    invoiceNumbers: z.array(z.string()),
    notes: z.string().nullable(),
    // The parties, the place of supply and the money are an invoice's, taken from the original.
    ...invoiceFacts.pick({
      supplier: true,
      customer: true,
      placeOfSupply: true,
      taxKind: true,
      stateTaxLabel: true,
      subtotalPaise: true,
      cgstPaise: true,
      sgstPaise: true,
      igstPaise: true,
      cessPaise: true,
      roundOffPaise: true,
      totalPaise: true,
      createdAt: true,
    }).shape,
    lines: z.array(invoiceFacts.shape.lines.element.extend({ invoiceId: z.string() })),
    reportingPeriod: z.string(),
  }),
  /** invoicenotes-{invoiceId}: a note's share of one invoice's taxable value (what a later credit note may still take). */
  SalesNoteApplied: z.object({
    invoiceId: z.string(),
    ownerId: z.string(),
    noteId: z.string(),
    kind: z.enum(["credit", "debit"]),
    number: z.string(),
    taxablePaise: z.number().int(),
    appliedAt: z.string(),
  }),
  /** invoicenotes-{invoiceId}: an applied share given back because its note was not issued after all (a lost race, a failed write). */
  SalesNoteWithdrawn: z.object({ invoiceId: z.string(), ownerId: z.string(), noteId: z.string(), reason: z.string(), withdrawnAt: z.string() }),
  /**
   * Issue 9: a delivery challan (CGST Rule 55): goods moved without a sale, numbered in its own
   * series. Lines are invoice lines (value, and tax only when `statesTax`: Rule 55(1)(g)).
   */
  DeliveryChallanIssued: z.object({
    challanId: z.string(),
    ownerId: z.string(),
    number: z.string(),
    issueDate: z.string(),
    purpose: z.enum(["job_work", "supply_on_approval", "liquid_gas", "not_supply", "other"]),
    notes: z.string().nullable(),
    ...invoiceFacts.pick({
      supplier: true,
      customer: true,
      placeOfSupply: true,
      taxKind: true,
      stateTaxLabel: true,
      subtotalPaise: true,
      cgstPaise: true,
      sgstPaise: true,
      igstPaise: true,
      cessPaise: true,
      totalPaise: true,
      createdAt: true,
    }).shape,
    lines: z.array(invoiceFacts.shape.lines.element.omit({ discount: true, discountPaise: true, taxability: true })),
    statesTax: z.boolean(),
  }),
  /** Issue 9: a delivery challan withdrawn (goods not sent); its number stays used (GSTR-1 Table 13 `cancel`). */
  DeliveryChallanCancelled: z.object({ challanId: z.string(), ownerId: z.string(), number: z.string(), reason: z.string(), cancelledAt: z.string() }),
  InvoiceStatusChanged: z.object({
    invoiceId: z.string(),
    ownerId: z.string(),
    from: z.enum(["pending", "paid", "overdue", "partially_paid"]),
    to: z.enum(["pending", "paid", "overdue"]),
    changedAt: z.string(),
  }),
  /** Issue 10, invoiceshare-{invoiceId}: a link the customer opens without an account (/i/{token}); the token is 256 random bits. */
  InvoiceShareLinkCreated: z.object({ invoiceId: z.string(), ownerId: z.string(), token: z.string(), createdAt: z.string() }),
  /** Issue 10: the owner took the link back; it is a 404 from then on. */
  InvoiceShareLinkRevoked: z.object({ invoiceId: z.string(), ownerId: z.string(), token: z.string(), revokedAt: z.string() }),
  /** Issue 10, advance-{advanceId}: money received from a customer before an invoice (applied to invoices later). */
  CustomerAdvanceReceived: z.object({
    advanceId: z.string(),
    ownerId: z.string(),
    customerId: z.string(),
    amountPaise: z.number().int().positive(),
    date: z.string(),
    mode: z.enum(["upi", "cash", "cheque", "bank_transfer", "card"]),
    reference: z.string().nullable(),
    receivedAt: z.string(),
    /** Advance tax (s.13(2)): absent on older events (goods, no tax). Tax fields only on a taxed services advance. */
    supply: z.enum(["goods", "services"]).optional(),
    gstRateBasisPoints: z.number().int().nonnegative().optional(),
    placeOfSupply: z.string().optional(),
    taxablePaise: z.number().int().nonnegative().optional(),
    igstPaise: z.number().int().nonnegative().optional(),
    cgstPaise: z.number().int().nonnegative().optional(),
    sgstPaise: z.number().int().nonnegative().optional(),
  }),
  /** Issue 10: part of an advance reserved for an invoice; the invoice then records the payment (paymentId, advanceId). */
  CustomerAdvanceApplied: z.object({
    advanceId: z.string(),
    ownerId: z.string(),
    customerId: z.string(),
    invoiceId: z.string(),
    paymentId: z.string(),
    amountPaise: z.number().int().positive(),
    appliedAt: z.string(),
  }),
  /** Issue 10: the invoice refused the payment (its balance, its state): the reserved amount is back on the advance. */
  CustomerAdvanceApplicationReversed: z.object({
    advanceId: z.string(),
    ownerId: z.string(),
    paymentId: z.string(),
    amountPaise: z.number().int().positive(),
    reason: z.string(),
    reversedAt: z.string(),
  }),
  /**
   * Issue 11: a business's team, one stream per business (team-{businessId}), so single use of
   * an invitation and the plan's seats hold under races. Only the SHA-256 of the invitation's
   * secret is recorded: auditors read this log. `invitedBy` is the inviter's name as it was.
   */
  MemberInvited: z.object({
    businessId: z.string(),
    invitationId: z.string(),
    email: z.string(),
    role: z.enum(["accountant", "staff", "auditor"]),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: z.string(),
    invitedBy: z.string(),
    invitedAt: z.string(),
  }),
  InvitationRevoked: z.object({ businessId: z.string(), invitationId: z.string(), revokedAt: z.string() }),
  InvitationAccepted: z.object({
    businessId: z.string(),
    invitationId: z.string(),
    memberId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["accountant", "staff", "auditor"]),
    acceptedAt: z.string(),
  }),
  MemberRoleChanged: z.object({ businessId: z.string(), memberId: z.string(), role: z.enum(["accountant", "staff", "auditor"]), changedAt: z.string() }),
  MemberRemoved: z.object({ businessId: z.string(), memberId: z.string(), removedAt: z.string() }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A discriminated union of every event: `switch (event.type)` narrows `event.data`. */
export type BahiEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type BahiEventOf<T extends EventType> = Extract<BahiEvent, { type: T }>;

export const CURRENT_SCHEMA_VERSION = 1;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates an event before it is appended: a bug that would store a malformed fact fails loudly here. */
export function validateEvent<E extends BahiEvent>(event: E): E {
  const data = eventSchemas[event.type].parse(event.data);
  return { ...event, data } as E;
}

/**
 * Brings a stored event up to the current schema. Version 1 is the only one so far; when a
 * schema changes, the step from the old version goes here and stored events stay untouched.
 */
export function upcast(type: string, data: unknown, _schemaVersion: number): BahiEvent | null {
  if (!isEventType(type)) return null;
  return { type, data } as BahiEvent;
}
