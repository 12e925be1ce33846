/**
 * Issue 10: a customer's statement of account. GET /customers/:id/ledger?from&to answers the
 * statement as JSON; /ledger/pdf the same as a PDF. The figures come from invoiceLedgerLines
 * (shared/contract/ledger.ts), the computation the balance and the credit-limit check use.
 */
import { Router, type Request } from "express";
import { buildLedger, customerLedgerLines, financialYearFirstDay, indianDateOf, isRecordId, ledgerQuerySchema, type Customer, type CustomerLedger } from "@bahi/shared/contract";
import { collections, type SalesNoteDocument, type UserDocument } from "@bahi/shared/read-models";
import { customerAdvances, customerDocuments, customerInvoices, notFound, requireUserId, ValidationError, type ReadStore, type SessionCodec } from "@bahi/shared/server";
import { ledgerPdf } from "./ledgerPdf.ts";

export interface LedgerDeps {
  readStore: ReadStore;
  sessions: SessionCodec;
  clock: () => Date;
}

/** The statement for the session's customer `req.params.id`; 400 on bad dates, 404 on a foreign or missing customer. */
export async function customerLedger(deps: LedgerDeps, req: Request): Promise<{ ledger: CustomerLedger; userId: string }> {
  const userId = requireUserId(deps.sessions, req);
  const query = ledgerQuerySchema.parse({ from: req.query.from, to: req.query.to });
  const id = req.params.id;
  const customer = isRecordId(id) ? await deps.readStore.get<Customer>(collections.customers, id.toLowerCase()) : null;
  if (!customer || customer.userId !== userId) throw notFound("Customer");
  const today = indianDateOf(deps.clock());
  const to = query.to ?? today;
  const from = query.from ?? financialYearFirstDay(to);
  if (from > to) throw new ValidationError([{ path: ["from"], message: `From date (${from}) cannot be after the to date (${to})` }]);
  const [invoices, notes, advances] = await Promise.all([
    customerInvoices(deps.readStore, userId, customer.id),
    customerDocuments<SalesNoteDocument>(deps.readStore, collections.salesNotes, userId, customer.id),
    customerAdvances(deps.readStore, userId, customer.id),
  ]);
  const noteDates = new Map(notes.map((note) => [note.id, { issueDate: note.issueDate, createdAt: note.createdAt }]));
  const lines = customerLedgerLines(invoices, customer.id, noteDates, advances);
  const ledger = buildLedger({ id: customer.id, name: customer.name, gstNumber: customer.gstNumber ?? null }, lines, from, to);
  return { ledger, userId };
}

/** GET /customers/:id/ledger and /customers/:id/ledger/pdf, mounted under /customers. */
export function customerLedgerRoutes(deps: LedgerDeps): Router {
  const router = Router();
  router.get("/:id/ledger", async (req, res) => {
    res.json((await customerLedger(deps, req)).ledger);
  });
  // Issue 10: the customer's advances, oldest first, with what is left on each.
  router.get("/:id/advances", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = req.params.id;
    const customer = isRecordId(id) ? await deps.readStore.get<Customer>(collections.customers, id.toLowerCase()) : null;
    if (!customer || customer.userId !== userId) throw notFound("Customer");
    res.json(await customerAdvances(deps.readStore, userId, customer.id));
  });
  router.get("/:id/ledger/pdf", async (req, res) => {
    const { ledger, userId } = await customerLedger(deps, req);
    const user = await deps.readStore.get<UserDocument>(collections.users, userId);
    const pdf = await ledgerPdf(ledger, {
      name: user?.companyName || [user?.firstName, user?.lastName].filter(Boolean).join(" ") || "Business",
      gstin: user?.gstNumber ?? null,
      address: user?.businessAddress ?? null,
    });
    const safeName = ledger.customer.name.replace(/[^A-Za-z0-9-]+/g, "_").slice(0, 40) || "customer";
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="statement-${safeName}-${ledger.from}-${ledger.to}.pdf"`);
    res.send(pdf);
  });
  return router;
}
