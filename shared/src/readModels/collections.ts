/**
 * The read models' names and document shapes: the contract between the projector, which
 * writes them, and the read side and the workers, which read them.
 */
export const collections = {
  users: "users",
  customers: "customers",
  vendors: "vendors",
  products: "products",
  invoices: "invoices",
  expenses: "expenses",
  dashboards: "dashboards",
  gstReturns: "gstReturns",
  reconciliations: "reconciliations",
  ewayBills: "ewayBills",
  processes: "processes",
  voidedNumbers: "voidedNumbers",
  /** Issue 9: credit and debit notes (SalesNoteDocument). */
  salesNotes: "salesNotes",
  /** Issue 9: delivery challans (DeliveryChallanDocument). */
  deliveryChallans: "deliveryChallans",
  /** Issue 10: active invoice share links (ShareLinkDocument), kept under the token and under the invoice id. */
  shareLinks: "shareLinks",
  /** Issue 10: customer advances (CustomerAdvance, contract/advances.ts). */
  advances: "advances",
  /** Issue 12: which invoice each payment was recorded on (PaymentDocument), for a payment's history. */
  payments: "payments",
  /** Issue 11: one TeamDocument per business (id and owner: the business). */
  teams: "teams",
  /** Issue 11: one MembershipDocument per person in another's business (owner: the member). */
  memberships: "memberships",
} as const;
