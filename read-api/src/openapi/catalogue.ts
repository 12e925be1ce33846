/**
 * Issue 12: every operation the HTTP API offers, with the zod schemas its handlers parse. The
 * OpenAPI document (document.ts) is generated from this list; tests/api/openapi.test.ts walks
 * the mounted routers and fails when a route is missing here, or listed here but not mounted.
 *
 * The schemas are the ones the handlers use, imported from the shared contract. A few bodies
 * and queries are parsed by schemas local to a handler the read API may not import (the
 * command side's e-way bill, logo, reconciliation decision and next-number schemas; two of the
 * read side's queries): they are restated below. The test compares the e-way bill body with the
 * original (the one exported); the others are not exported where they live, and belong in the
 * contract beside the rest.
 */
import { z } from "zod";
import {
  ewayBillCancelSchema,
  ewayBillCreateSchema,
  advanceApplySchema,
  advanceCreateSchema,
  agingQuerySchema,
  changeRoleSchema,
  customerInputSchema,
  dateField,
  deliveryChallanCancelSchema,
  deliveryChallanCreateSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  HISTORY_PATHS,
  invoiceCancelSchema,
  invoiceCreateSchema,
  invoiceListQuerySchema,
  invoiceStatusSchema,
  inviteSchema,
  journalExportQuerySchema,
  journalQuerySchema,
  ledgerQuerySchema,
  loginSchema,
  pageQuerySchema,
  partyListQuerySchema,
  paymentCreateSchema,
  planChangeSchema,
  productActiveSchema,
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  profileSchema,
  registerSchema,
  REPORT_PERIODS,
  salesNoteCreateSchema,
  stockAdjustmentSchema,
  stockReceiptSchema,
  switchBusinessSchema,
  vendorInputSchema,
} from "@bahi/shared/contract";
import { gstr2bUploadSchema } from "@bahi/shared/returns";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** What a successful answer carries: JSON by default; files and pages name their type. */
export type Answer = "json" | "none" | "pdf" | "image" | "csv-or-jsonl" | "html";

export interface Operation {
  method: Method;
  /** OpenAPI path template: /api/customers/{id}. */
  path: string;
  summary: string;
  tag: string;
  description?: string;
  /** A JSON request body: [component name, schema as the handler parses it]. */
  body?: readonly [string, z.ZodType];
  query?: z.ZodObject;
  /** The success status; default 200 (201 for a create is said here). */
  status?: number;
  answer?: Answer;
  /** A schema for the answer, where the contract has one. */
  response?: readonly [string, z.ZodType];
  /** Answered without a session (login, health, this document). */
  public?: true;
  /** Takes `?asOf=` (issue 11: the screen as it was at a past moment). */
  asOf?: true;
  /** A list that pages with `?limit&cursor` (issue 10). */
  paged?: true;
}

// ---- Schemas the read API cannot import from their handlers (checked against them in the test) ----

/** command-api/src/profile/logoRoutes.ts logoUploadSchema: a data: URL of a PNG or JPEG, at most 200 KB decoded. */
export const logoUploadBody = z.object({
  image: z.string({ error: "Choose a PNG or JPEG image for the logo" }).max(4 * 1024 * 1024, "The logo must be at most 200 KB"),
});
/** command-api/src/gst/reconciliationRoutes.ts decisionBody */
export const reconciliationDecisionBody = z.object({
  expenseId: z.string({ error: "expenseId is required" }).min(1, "expenseId is required").max(100),
  portalKey: z.string({ error: "portalKey is required" }).min(1, "portalKey is required").max(400),
  decision: z.enum(["accept", "reject"], { error: 'decision must be "accept" or "reject"' }),
});
/** command-api/src/invoices/routes.ts nextNumberQuery */
export const nextNumberQuery = z.object({
  issueDate: dateField("Issue date").optional(),
  documentType: z.enum(["taxInvoice", "billOfSupply"], { error: "Document type must be taxInvoice or billOfSupply" }).optional(),
});
/** read-api/src/parties/routes.ts archivedQuery */
export const archivedQuery = z.object({
  archived: z.enum(["true", "false", "all"], { error: "archived must be true, false or all" }).optional(),
});
/** read-api/src/gst/cmp08Routes.ts cmp08Query */
export const cmp08Query = z.object({
  financialYear: z
    .string({ error: "Financial year must look like 2026-27" })
    .regex(/^\d{4}-\d{2}$/, "Financial year must look like 2026-27")
    .optional(),
  quarter: z.enum(["1", "2", "3", "4"], { error: "Quarter must be 1 (April–June), 2 (July–September), 3 (October–December) or 4 (January–March)" }).optional(),
});

// ---- Bodies and queries parsed by hand in their handlers ----

/** The return period as the GST portal writes it: MMYYYY. */
const period = z
  .string()
  .regex(/^\d{6}$/)
  .describe("Return period, MMYYYY (e.g. 042026)");
const periodBody = z.object({ period });
const gstr2bBody = z.object({ period, data: gstr2bUploadSchema.describe("The GSTR-2B JSON downloaded from the GST portal") });
const gstinBody = z.object({ gstin: z.string().max(20) });
const reportQuery = z.object({ period: z.enum(REPORT_PERIODS).optional().describe("Default this-month") });
const invoicePdfQuery = z.object({ layout: z.enum(["a4", "thermal"]).optional().describe("Default a4; thermal is a till receipt") });
const previewQuery = z.object({ type: z.enum(["GSTR1", "GSTR3B"]), period });
const searchQuery = z.object({ q: z.string().max(100).optional() });
const hsnQuery = z.object({ q: z.string().optional() });

/** Answers are JSON unless said otherwise; the contract types most of them in TypeScript only, so they go undescribed. */
const op = (method: Method, path: string, tag: string, summary: string, extra: Partial<Operation> = {}): Operation => ({ method, path, tag, summary, ...extra });

const partyOperations = (plural: "customers" | "vendors", label: string, body: readonly [string, z.ZodType]): Operation[] => [
  op("get", `/api/${plural}`, label + "s", `List ${plural}`, { query: partyListQuerySchema, paged: true }),
  op("post", `/api/${plural}`, label + "s", `Add a ${label.toLowerCase()}`, { body, status: 201 }),
  op("get", `/api/${plural}/{id}`, label + "s", `A ${label.toLowerCase()}`),
  op("put", `/api/${plural}/{id}`, label + "s", `Change a ${label.toLowerCase()}`, { body }),
  op("delete", `/api/${plural}/{id}`, label + "s", `Delete a ${label.toLowerCase()} that has no documents`, { status: 204, answer: "none" }),
  op("post", `/api/${plural}/{id}/archive`, label + "s", `Archive a ${label.toLowerCase()} (hidden from pickers)`),
  op("post", `/api/${plural}/{id}/unarchive`, label + "s", `Bring an archived ${label.toLowerCase()} back`),
];

const salesNoteOperations = (kind: "credit" | "debit"): Operation[] => {
  const tag = kind === "credit" ? "Credit notes" : "Debit notes";
  return [
    op("get", `/api/${kind}-notes`, tag, `List ${kind} notes`, { query: pageQuerySchema, paged: true }),
    op("post", `/api/${kind}-notes`, tag, `Issue a ${kind} note against one or more invoices`, { body: ["SalesNoteCreate", salesNoteCreateSchema], status: 201 }),
    op("get", `/api/${kind}-notes/{id}`, tag, `A ${kind} note`),
    op("get", `/api/${kind}-notes/{id}/pdf`, tag, `A ${kind} note as PDF`, { answer: "pdf" }),
  ];
};

/** Every record's history (issue 11), under the record's own URL. E-way bills also answer under /gst. */
const historyOperations: Operation[] = [...Object.values(HISTORY_PATHS), "/api/gst/ewaybills"].map((base) =>
  op("get", `${base}/{id}/history`, "History", `What happened to ${base.slice("/api/".length)} {id}: who changed what, when`),
);

export const OPERATIONS: readonly Operation[] = [
  // Operating it
  op("get", "/api/health", "Operations", "Health of this process and its stores", { public: true }),
  op("get", "/api/ready", "Operations", "Ready to take traffic (503 when not)", { public: true }),
  op("get", "/api/openapi.json", "Operations", "This document", { public: true }),
  op("get", "/api/docs", "Operations", "This document, rendered for a developer", { public: true, answer: "html" }),

  // Auth and the people in a business
  op("post", "/api/auth/register", "Auth", "Register a business and its owner; signs in", { body: ["Register", registerSchema], status: 201, public: true }),
  op("post", "/api/auth/login", "Auth", "Sign in: sets the session cookie", { body: ["Login", loginSchema], public: true }),
  op("post", "/api/auth/logout", "Auth", "Sign out: ends the session", { public: true, status: 204, answer: "none" }),
  op("get", "/api/auth/me", "Auth", "The signed-in user and their business's profile"),
  op("get", "/api/me", "Team", "Who I am: the businesses I belong to and my role in each"),
  op("post", "/api/me/business", "Team", "Work in another business I belong to", { body: ["SwitchBusiness", switchBusinessSchema] }),
  op("get", "/api/team", "Team", "Members and open invitations"),
  op("post", "/api/team/invitations", "Team", "Invite someone by email, with a role", { body: ["Invite", inviteSchema], status: 201 }),
  op("get", "/api/team/invitations/{token}", "Team", "What an invitation is for (before accepting)", { public: true }),
  op("post", "/api/team/invitations/{token}/accept", "Team", "Accept an invitation as the signed-in user"),
  op("delete", "/api/team/invitations/{id}", "Team", "Withdraw an invitation", { status: 204, answer: "none" }),
  op("patch", "/api/team/{memberId}", "Team", "Change a member's role", { body: ["ChangeRole", changeRoleSchema] }),
  op("delete", "/api/team/{memberId}", "Team", "Remove a member", { status: 204, answer: "none" }),

  // The business
  op("get", "/api/profile", "Business", "The business's profile"),
  op("put", "/api/profile", "Business", "Change the business's profile", { body: ["Profile", profileSchema] }),
  op("post", "/api/profile/plan", "Business", "Change the plan", { body: ["PlanChange", planChangeSchema] }),
  op("get", "/api/profile/logo", "Business", "The logo printed on documents", { answer: "image" }),
  op("put", "/api/profile/logo", "Business", "Upload the logo (a data: URL)", { body: ["LogoUpload", logoUploadBody] }),
  op("delete", "/api/profile/logo", "Business", "Remove the logo", { status: 204, answer: "none" }),

  ...partyOperations("customers", "Customer", ["CustomerInput", customerInputSchema]),
  op("get", "/api/customers/{id}/balance", "Customers", "What the customer owes"),
  op("get", "/api/customers/{id}/ledger", "Customers", "The customer's ledger over a range", { query: ledgerQuerySchema, asOf: true }),
  op("get", "/api/customers/{id}/ledger/pdf", "Customers", "The customer's ledger as PDF", { query: ledgerQuerySchema, asOf: true, answer: "pdf" }),
  op("get", "/api/customers/{id}/advances", "Advances", "Advances received from the customer"),
  op("post", "/api/customers/{id}/advances", "Advances", "Record an advance (a receipt voucher)", { body: ["AdvanceCreate", advanceCreateSchema], status: 201 }),
  op("post", "/api/customers/{id}/advances/{advanceId}/apply", "Advances", "Apply an advance to an invoice", { body: ["AdvanceApply", advanceApplySchema] }),
  ...partyOperations("vendors", "Vendor", ["VendorInput", vendorInputSchema]),

  // Products and stock
  op("get", "/api/products", "Products", "List products", { query: productListQuerySchema, paged: true, asOf: true }),
  op("post", "/api/products", "Products", "Add a product", { body: ["ProductCreate", productCreateSchema], status: 201 }),
  op("get", "/api/products/low-stock", "Products", "Products at or below their reorder level"),
  op("get", "/api/products/{id}", "Products", "A product"),
  op("put", "/api/products/{id}", "Products", "Change a product", { body: ["ProductUpdate", productUpdateSchema] }),
  op("patch", "/api/products/{id}/active", "Products", "Activate or deactivate a product", { body: ["ProductActive", productActiveSchema] }),
  op("delete", "/api/products/{id}", "Products", "Delete a product", { status: 204, answer: "none" }),
  op("post", "/api/products/{id}/stock", "Products", "Receive stock", { body: ["StockReceipt", stockReceiptSchema] }),
  op("post", "/api/products/{id}/stock-adjustments", "Products", "Adjust stock (count, damage, loss) with a reason", { body: ["StockAdjustment", stockAdjustmentSchema] }),

  // Invoices
  op("get", "/api/invoices", "Invoices", "List invoices", { query: invoiceListQuerySchema, paged: true, asOf: true }),
  op("post", "/api/invoices", "Invoices", "Issue an invoice", { body: ["InvoiceCreate", invoiceCreateSchema], status: 201 }),
  op("get", "/api/invoices/next-number", "Invoices", "The number the next invoice would get (nothing is taken)", { query: nextNumberQuery }),
  op("get", "/api/invoices/{id}", "Invoices", "An invoice"),
  op("put", "/api/invoices/{id}", "Invoices", "Revise an invoice", { body: ["InvoiceCreate", invoiceCreateSchema] }),
  op("post", "/api/invoices/{id}/cancel", "Invoices", "Cancel an invoice, with a reason", { body: ["InvoiceCancel", invoiceCancelSchema] }),
  op("patch", "/api/invoices/{id}/status", "Invoices", "Mark an invoice paid, pending or overdue", { body: ["InvoiceStatus", invoiceStatusSchema] }),
  op("post", "/api/invoices/{id}/payments", "Payments", "Record a payment against an invoice", { body: ["PaymentCreate", paymentCreateSchema], status: 201 }),
  op("get", "/api/invoices/{id}/pdf", "Invoices", "An invoice as PDF", { query: invoicePdfQuery, answer: "pdf" }),
  op("get", "/api/invoices/{id}/einvoice", "Invoices", "An invoice as the e-invoice schema's JSON (INV-01)"),
  op("get", "/api/invoices/{id}/share", "Sharing", "The invoice's share link, if it has one"),
  op("post", "/api/invoices/{id}/share", "Sharing", "Make a link the customer can open without signing in", {
    status: 201,
    description: "201 when a link is made; 200 with the existing link.",
  }),
  op("delete", "/api/invoices/{id}/share", "Sharing", "Revoke the share link", { status: 204, answer: "none" }),

  ...salesNoteOperations("credit"),
  ...salesNoteOperations("debit"),

  op("get", "/api/delivery-challans", "Delivery challans", "List delivery challans", { query: pageQuerySchema, paged: true }),
  op("post", "/api/delivery-challans", "Delivery challans", "Issue a delivery challan", { body: ["DeliveryChallanCreate", deliveryChallanCreateSchema], status: 201 }),
  op("get", "/api/delivery-challans/{id}", "Delivery challans", "A delivery challan"),
  op("get", "/api/delivery-challans/{id}/pdf", "Delivery challans", "A delivery challan as PDF", { answer: "pdf" }),
  op("post", "/api/delivery-challans/{id}/cancel", "Delivery challans", "Cancel a delivery challan", { body: ["DeliveryChallanCancel", deliveryChallanCancelSchema] }),

  // Expenses
  op("get", "/api/expenses", "Expenses", "List expenses", { query: expenseListQuerySchema, paged: true, asOf: true }),
  op("post", "/api/expenses", "Expenses", "Record an expense (a purchase bill)", { body: ["ExpenseInput", expenseInputSchema], status: 201 }),
  op("get", "/api/expenses/{id}", "Expenses", "An expense"),
  op("put", "/api/expenses/{id}", "Expenses", "Change an expense", { body: ["ExpenseInput", expenseInputSchema] }),
  op("delete", "/api/expenses/{id}", "Expenses", "Delete an expense", { status: 204, answer: "none" }),

  // GST
  op("get", "/api/gst/overview", "GST returns", "Which returns are due, filed or overdue"),
  op("get", "/api/gst/returns", "GST returns", "Returns filed or requested"),
  op("get", "/api/gst/returns/preview", "GST returns", "GSTR-1 or GSTR-3B as it would be filed now, with what would refuse it", { query: previewQuery, asOf: true }),
  op("get", "/api/gst/returns/{id}/json", "GST returns", "A filed return's JSON, as sent to the portal"),
  op("post", "/api/gst/file-gstr1", "GST returns", "File GSTR-1 for a period", {
    body: ["ReturnPeriod", periodBody],
    description: "200 with the ARN; 202 while the filing is still running; 422 when the portal refused it.",
  }),
  op("post", "/api/gst/file-gstr3b", "GST returns", "File GSTR-3B for a period", {
    body: ["ReturnPeriod", periodBody],
    description: "200 with the ARN; 202 while the filing is still running; 422 when the portal refused it.",
  }),
  op("get", "/api/gst/cmp08", "GST returns", "A composition business's quarterly CMP-08", { query: cmp08Query }),
  op("post", "/api/gst/gstr2b", "Reconciliation", "Upload the period's GSTR-2B from the portal", { body: ["Gstr2bUpload", gstr2bBody] }),
  op("post", "/api/gst/reconcile-purchases", "Reconciliation", "Match the period's purchase bills with its GSTR-2B", { body: ["ReturnPeriod", periodBody] }),
  op("get", "/api/gst/reconciliations/{period}", "Reconciliation", "A period's reconciliation: matches, mismatches, missing"),
  op("post", "/api/gst/reconciliations/{period}/decisions", "Reconciliation", "Accept or reject a suggested match", {
    body: ["ReconciliationDecision", reconciliationDecisionBody],
  }),
  op("get", "/api/gst/hsn", "HSN", "Search the HSN/SAC master", { query: hsnQuery }),
  op("get", "/api/gst/hsn/{code}", "HSN", "One HSN/SAC code and its rates"),
  op("get", "/api/gst/hsn-codes", "HSN", "The HSN/SAC codes this business's products can take"),
  op("post", "/api/gst/validate-gstin", "GST returns", "Check a GSTIN (format and check digit); names the party when it is one of ours", { body: ["GstinCheck", gstinBody] }),
  op("get", "/api/gst/ewaybills", "E-way bills", "List e-way bills", { query: pageQuerySchema, paged: true }),
  op("post", "/api/ewaybills", "E-way bills", "Generate an e-way bill for an invoice", { body: ["EwayBillCreate", ewayBillCreateSchema], status: 201 }),
  op("post", "/api/ewaybills/{id}/cancel", "E-way bills", "Cancel an e-way bill", { body: ["EwayBillCancel", ewayBillCancelSchema] }),

  // Figures
  op("get", "/api/dashboard/stats", "Reports", "The dashboard's figures", { asOf: true }),
  op("get", "/api/reports", "Reports", "Sales, purchases and GST over a period", { query: reportQuery, asOf: true }),
  op("get", "/api/reports/pdf", "Reports", "The report as PDF", { query: reportQuery, asOf: true, answer: "pdf" }),
  op("get", "/api/reports/aging", "Reports", "Receivables aging by customer and bucket", { query: agingQuerySchema }),
  op("get", "/api/search", "Search", "Invoices, customers and products matching a text", { query: searchQuery }),

  // The ledger (issue 11)
  op("get", "/api/ledger", "Ledger", "The journal of every recorded event, a page at a time", { query: journalQuerySchema }),
  op("get", "/api/ledger/export", "Ledger", "Export the journal as JSON Lines or CSV, with a manifest", { query: journalExportQuerySchema, answer: "csv-or-jsonl" }),
  op("get", "/api/ledger/verify", "Ledger", "Verify the hash chain of the business's events"),

  ...historyOperations,
];
