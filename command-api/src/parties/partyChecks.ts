/**
 * Issue 10: the rules about a party that need its documents: a customer or vendor named on
 * documents cannot be deleted (409 PARTY_HAS_DOCUMENTS: archive it instead), and an invoice
 * that takes a customer's balance over their credit limit needs the owner's confirmation
 * (409 CREDIT_LIMIT_EXCEEDED unless the body says `overCreditLimit: true`).
 *
 * Where the documents come from: for a deletion, the read models plus the log past their
 * checkpoints (documentsInTail), so it is exact without waiting for the projector; for the
 * credit limit, the invoices read model after it has applied everything recorded before the
 * request (the log's head), as the stock check does (invoices/stockCheck.ts).
 * A write-side counter (a per-party stream every invoice, note, challan and expense appends to)
 * would be race-proof but touches every document's creation and needs seeding for old
 * parties; the race it closes (deleting a customer in the same instant as invoicing them) is
 * rare for a small shop, and the document keeps its own copy of the customer's particulars
 * anyway. Same for the credit limit: two invoices in the same instant can both pass.
 */
import { customerBalancePaise, compareWirePositions, formatInr, formatPaise, overCreditLimit, type Expense } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { collections, type DeliveryChallanDocument, type SalesNoteDocument } from "@bahi/shared/read-models";
import { customerAdvances, customerDocuments, customerInvoices, DomainError, notFound, type ReadStore } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { recordId } from "../handling/ids.ts";
import { assertNotArchived } from "./archive.ts";
import { customerDecider } from "./customer.ts";
import { vendorDecider } from "./vendor.ts";
import { readState } from "../handling/streamStates.ts";

type Deps = Pick<CommandDeps, "eventStore" | "readStore" | "eventLog">;

/** How long a check waits for the read models to catch up before refusing to guess. */
const READ_MODELS_WAIT_MS = 3_000;

/** Every one of `names` has applied everything up to the log's head (now). */
async function readModelsCaughtUp(deps: Deps, names: readonly string[]): Promise<boolean> {
  const position = await deps.eventLog.head();
  if (position === null) return true;
  const passed = async (store: ReadStore) => {
    const checkpoints = await store.checkpoints();
    return names.every((name) => compareWirePositions(checkpoints[name] ?? null, position) >= 0);
  };
  const deadline = Date.now() + READ_MODELS_WAIT_MS;
  while (!(await passed(deps.readStore))) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function waitForReadModels(deps: Deps, names: readonly string[]): Promise<void> {
  if (!(await readModelsCaughtUp(deps, names))) {
    throw new DomainError("CONFLICT", "Your records are still being updated: try again in a moment");
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function refuseDeletion(name: string, counts: string[]): never {
  throw new DomainError("PARTY_HAS_DOCUMENTS", `${name} has ${counts.join(", ")}: archive it instead`);
}

/** The events that record a document naming a party: its kind, the read model it lands in, its id field. */
interface DocumentEvent {
  kind: string;
  collection: string;
  idField: string;
}

/**
 * The ids of documents naming `partyId` that their read models have not applied yet: the log
 * from the oldest of their checkpoints to its head, so a deletion neither waits for nor trusts
 * a projector that is behind or down. An event naming the party's id in any field counts.
 */
async function documentsInTail(
  deps: Deps,
  checkpoints: Readonly<Record<string, string | null>>,
  events: Readonly<Record<string, DocumentEvent>>,
  partyId: string,
  found: Map<string, Set<string>>,
): Promise<void> {
  const applied = (type: string) => checkpoints[events[type]!.collection] ?? null;
  let from = Object.keys(events)
    .map(applied)
    .reduce((oldest, position) => (compareWirePositions(position, oldest) < 0 ? position : oldest));
  const head = await deps.eventLog.head();
  const deadline = Date.now() + READ_MODELS_WAIT_MS;
  while (compareWirePositions(from, head) < 0) {
    const page = await deps.eventLog.readAll(from, 500);
    if (page.events.length === 0) {
      // A transaction still committing keeps the log's end back (EventLog.head): wait for it, never guess.
      if (Date.now() >= deadline) throw new DomainError("CONFLICT", "Your records are still being updated: try again in a moment");
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    for (const event of page.events) {
      const spec = events[event.type];
      if (!spec || compareWirePositions(event.position, applied(event.type)) <= 0) continue;
      if (!JSON.stringify(event.data).toLowerCase().includes(partyId)) continue;
      found.get(spec.kind)!.add(String((event.data as Record<string, unknown>)[spec.idField]));
    }
    from = page.checkpoint;
  }
}

const CUSTOMER_DOCUMENTS: Record<string, DocumentEvent> = {
  InvoiceCreated: { kind: "invoice", collection: collections.invoices, idField: "invoiceId" },
  InvoiceRevised: { kind: "invoice", collection: collections.invoices, idField: "invoiceId" },
  SalesNoteIssued: { kind: "note", collection: collections.salesNotes, idField: "noteId" },
  DeliveryChallanIssued: { kind: "challan", collection: collections.deliveryChallans, idField: "challanId" },
};
const VENDOR_DOCUMENTS: Record<string, DocumentEvent> = {
  ExpenseRecorded: { kind: "expense", collection: collections.expenses, idField: "expenseId" },
  ExpenseUpdated: { kind: "expense", collection: collections.expenses, idField: "expenseId" },
};

/** Before deleting a customer: none of their invoices, credit/debit notes or delivery challans may exist. */
export async function assertCustomerHasNoDocuments(deps: Deps, userId: string, customerId: string): Promise<void> {
  const customer = await readState(deps.eventStore, streams.customer(customerId), customerDecider);
  // Not there or not the user's: the deletion itself answers 404.
  if (customer.status !== "active" || customer.ownerId !== userId) return;
  const id = customerId.toLowerCase();
  // Checkpoints first: a document applied while the lists are read is then in a list or the tail, never in neither.
  const checkpoints = await deps.readStore.checkpoints();
  const [invoices, notes, challans] = await Promise.all([
    customerInvoices(deps.readStore, userId, id),
    customerDocuments<SalesNoteDocument>(deps.readStore, collections.salesNotes, userId, id),
    customerDocuments<DeliveryChallanDocument>(deps.readStore, collections.deliveryChallans, userId, id),
  ]);
  const found = new Map<string, Set<string>>([
    // Each read through the collection's customerId key: the customer's documents only.
    ["invoice", new Set(invoices.map((invoice) => invoice.id))],
    ["note", new Set(notes.map((note) => note.id))],
    ["challan", new Set(challans.map((challan) => challan.id))],
  ]);
  await documentsInTail(deps, checkpoints, CUSTOMER_DOCUMENTS, id, found);
  const count = (kind: string) => found.get(kind)!.size;
  const counts = [
    count("invoice") > 0 ? plural(count("invoice"), "invoice", "invoices") : null,
    count("note") > 0 ? plural(count("note"), "credit/debit note", "credit/debit notes") : null,
    count("challan") > 0 ? plural(count("challan"), "delivery challan", "delivery challans") : null,
  ].filter((entry): entry is string => entry !== null);
  if (counts.length > 0) refuseDeletion(customer.name, counts);
}

/** Before deleting a vendor: none of their expenses (purchases) may exist. */
export async function assertVendorHasNoDocuments(deps: Deps, userId: string, vendorId: string): Promise<void> {
  const vendor = await readState(deps.eventStore, streams.vendor(vendorId), vendorDecider);
  if (vendor.status !== "active" || vendor.ownerId !== userId) return;
  const id = vendorId.toLowerCase();
  const checkpoints = await deps.readStore.checkpoints();
  const expenses = (await deps.readStore.page<Expense>(collections.expenses, userId, { where: { vendorId: id } })).map((row) => row.data);
  const found = new Map([["expense", new Set(expenses.filter((expense) => expense.vendorId?.toLowerCase() === id).map((expense) => expense.id))]]);
  await documentsInTail(deps, checkpoints, VENDOR_DOCUMENTS, id, found);
  const count = found.get("expense")!.size;
  if (count > 0) refuseDeletion(vendor.name, [plural(count, "expense", "expenses")]);
}

/** The customer's balance from the invoices read model, caught up to now. */
export async function customerBalance(deps: Deps, userId: string, customerId: string): Promise<number> {
  await waitForReadModels(deps, [collections.invoices, collections.advances]);
  const [invoices, advances] = await Promise.all([customerInvoices(deps.readStore, userId, customerId), customerAdvances(deps.readStore, userId, customerId)]);
  return customerBalancePaise(invoices, customerId, advances);
}

/**
 * Before creating an invoice of `totalPaise` for the customer (or an edit adding `totalPaise`
 * to one, issue 10): 400 PARTY_ARCHIVED when the
 * customer is archived; 409 CREDIT_LIMIT_EXCEEDED (balance and limit in the body) when it
 * would take their balance over a credit limit the owner has not confirmed going over.
 */
export async function assertCustomerCanBeInvoiced(
  deps: Deps,
  request: { userId: string; customerId: string; totalPaise: number; overCreditLimit?: boolean; archivedAllowed?: boolean },
): Promise<void> {
  const customer = await readState(deps.eventStore, streams.customer(recordId(request.customerId, "Customer")), customerDecider);
  if (customer.status !== "active" || customer.ownerId !== request.userId) throw notFound("Customer");
  // An edit correcting an invoice of a customer archived since is allowed (as a note is).
  if (request.archivedAllowed !== true) assertNotArchived(customer, "Customer");
  // An edit that adds nothing (or lowers the total) never needs the confirmation.
  if (request.overCreditLimit === true || customer.creditLimitPaise <= 0 || request.totalPaise <= 0) return;
  const balance = await customerBalance(deps, request.userId, customer.id);
  const after = balance + request.totalPaise;
  if (!overCreditLimit(after, customer.creditLimitPaise)) return;
  throw new DomainError(
    "CREDIT_LIMIT_EXCEEDED",
    `This invoice takes what ${customer.name} owes you to ${formatInr(after)}, over their credit limit of ${formatInr(customer.creditLimitPaise)}. Confirm to create it anyway`,
    { balance: formatPaise(balance), creditLimit: formatPaise(customer.creditLimitPaise), balanceAfter: formatPaise(after) },
  );
}
