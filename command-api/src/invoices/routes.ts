import { Router } from "express";
import { z } from "zod";
import { dateField, indianDateOf, invoiceCancelSchema, invoiceCreateSchema, invoiceStatusSchema } from "@bahi/shared/contract";
import { invoiceView, streams } from "@bahi/shared/events";
import { requireUserId, ValidationError, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { indianMonth } from "../handling/month.ts";
import { runCreateInvoiceProcess } from "./createInvoiceProcess.ts";
import { draftInvoice } from "./draftInvoice.ts";
import { documentSeries, expectedDocumentType } from "./salesDocument.ts";
import { invoiceDecider } from "./invoice.ts";
import { cancelInvoice, reviseInvoice } from "./reviseInvoice.ts";
import { markPaidRoute, paymentRoutes } from "./paymentRoutes.ts";
import { assertInStock } from "./stockCheck.ts";
import { assertCustomerCanBeInvoiced } from "../parties/partyChecks.ts";
import { DEFAULT_INVOICE_PREFIX, invoiceSeriesKey, isFutureSeriesNumber, nextSeriesNumber, readSeries } from "./series.ts";
import { readState } from "../handling/streamStates.ts";

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** documentType (issue 9): "billOfSupply" asks for the bill-of-supply series' next number (Rule 49). */
const nextNumberQuery = z.object({
  issueDate: dateField("Issue date").optional(),
  documentType: z.enum(["taxInvoice", "billOfSupply"], { error: "Document type must be taxInvoice or billOfSupply" }).optional(),
});

/** The business's GSTIN and invoice prefix, from its own stream. */
async function numberingOf(eventStore: EventStore, userId: string): Promise<{ gstin: string | null; prefix: string; gstCategory: string | null }> {
  const user = await readState(eventStore, streams.user(userId), userDecider);
  if (!user.registered) return { gstin: null, prefix: DEFAULT_INVOICE_PREFIX, gstCategory: null };
  return { gstin: user.profile.gstNumber, prefix: user.profile.invoicePrefix ?? DEFAULT_INVOICE_PREFIX, gstCategory: user.profile.gstCategory };
}

export function invoiceRoutes(deps: CommandDeps): Router {
  const router = Router();

  /** The number an invoice dated issueDate (default today in India) would get now; nothing is taken. */
  router.get("/next-number", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const { issueDate, documentType: hint } = nextNumberQuery.parse(req.query);
    const { gstin, prefix: invoicePrefix, gstCategory } = await numberingOf(deps.eventStore, userId);
    const documentType = expectedDocumentType(gstCategory, hint);
    const { key, prefix } = documentSeries(documentType, invoiceSeriesKey(userId, gstin, issueDate ?? indianDateOf(deps.clock())), invoicePrefix);
    res.json({ number: await nextSeriesNumber(deps.eventStore, key, prefix), documentType });
  });

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = invoiceCreateSchema.parse(req.body);
    const now = deps.clock();
    const context = commandContext(req, userId, now);
    const invoiceId = deps.newId();
    const { draft, free } = await draftInvoice(deps.eventStore, userId, invoiceId, input, now);

    // No number typed: the series of the invoice's GSTIN and financial year gives the next one.
    const numbering = await numberingOf(deps.eventStore, userId);
    // Issue 9: a bill of supply numbers from its own series.
    const { key, prefix } = documentSeries(draft.documentType, invoiceSeriesKey(userId, numbering.gstin, draft.issueDate), numbering.prefix);
    const series = draft.invoiceNumber === "" ? { key, prefix } : null;
    if (!series && isFutureSeriesNumber(draft.invoiceNumber, prefix, key.financialYear, (await readSeries(deps.eventStore, key)).issued)) {
      throw new ValidationError([{ path: ["invoiceNumber"], message: `${draft.invoiceNumber} is a number the series will give later: leave the number empty to get it` }]);
    }

    // Issue 9: more than is in stock is a 409 before anything is taken (unless negative stock is allowed).
    await assertInStock(deps, { userId, items: draft.lines });
    // Issue 10: not to an archived customer; over the credit limit only when confirmed.
    await assertCustomerCanBeInvoiced(deps, { userId, customerId: input.customerId, totalPaise: draft.totalPaise, overCreditLimit: input.overCreditLimit });
    const created = await runCreateInvoiceProcess(deps.eventStore, { draft, free, month: indianMonth(now), series }, context);
    const invoice = created.state.status === "none" ? draft : created.state.invoice;
    sendPosition(res, created.position);
    res.status(201).json(invoiceView(invoice, "pending", null));
  });

  /** Issue 9: the create body again; the number stays and the server recomputes the figures. */
  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const invoiceId = recordId(req.params.id, "Invoice");
    const input = invoiceCreateSchema.parse(req.body);
    const now = deps.clock();
    // Issue 9: the invoice's current quantities count as available to its edit.
    await assertInStock(deps, { userId, items: input.items, invoiceId });
    // Issue 10: the credit limit as on create, counting what the edit adds (the new total less the
    // old one); moved to another customer, the whole total is the new customer's.
    const result = await reviseInvoice(deps.eventStore, input, { userId, invoiceId, now }, commandContext(req, userId, now), (current, revised) =>
      assertCustomerCanBeInvoiced(deps, {
        userId,
        customerId: revised.customer.id,
        totalPaise: sameId(current.customer.id, revised.customer.id) ? revised.totalPaise - current.totalPaise : revised.totalPaise,
        overCreditLimit: input.overCreditLimit,
        archivedAllowed: sameId(current.customer.id, revised.customer.id),
      }),
    );
    if (result.state.status === "none") throw new Error("A revised invoice exists");
    sendPosition(res, result.position);
    res.json({ ...invoiceView(result.state.invoice, result.state.status, result.state.paidAt), revisedAt: now.toISOString() });
  });

  router.post("/:id/cancel", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const invoiceId = recordId(req.params.id, "Invoice");
    const { reason } = invoiceCancelSchema.parse(req.body);
    const now = deps.clock();
    const result = await cancelInvoice(deps.eventStore, reason, { userId, invoiceId, now }, commandContext(req, userId, now));
    if (result.state.status === "none") throw new Error("A cancelled invoice exists");
    sendPosition(res, result.position);
    res.json({ ...invoiceView(result.state.invoice, "cancelled", result.state.paidAt), cancelledAt: now.toISOString(), cancelReason: reason });
  });

  // Issue 10: POST /:id/payments, and Mark Paid as a payment of the balance.
  paymentRoutes(router, deps);

  router.patch("/:id/status", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "Invoice");
    const { status } = invoiceStatusSchema.parse(req.body);
    const now = deps.clock();
    if (status === "paid") return void (await markPaidRoute(deps, req, res, { userId, invoiceId: id, now }));
    const result = await handle(
      deps.eventStore,
      streams.invoice(id),
      invoiceDecider,
      { kind: "changeStatus", ownerId: userId, to: status, at: now.toISOString() },
      commandContext(req, userId, now),
    );
    sendPosition(res, result.position);
    res.json({ id, status: result.state.status });
  });

  return router;
}
