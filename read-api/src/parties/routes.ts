/**
 * Issue 10: which customers and vendors a list shows, and a customer's balance against their
 * credit limit (the invoice form shows it under the customer field).
 *
 * `?archived=`: absent or "false": live parties only (what the invoice and expense pickers
 * ask for, so old clients never offer an archived party); "true": archived ones only (the
 * page's collapsed "Archived" section); "all": both.
 */
import { Router, type Request } from "express";
import { z } from "zod";
import { customerBalancePaise, formatPaise, isRecordId, toPaise, type Customer, type CustomerBalance } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import { customerAdvances, customerInvoices, notFound, requireUserId, type ReadStore, type SessionCodec } from "@bahi/shared/server";

const archivedQuery = z.object({
  archived: z.enum(["true", "false", "all"], { error: "archived must be true, false or all" }).optional(),
});

/** Documents projected before archiving existed carry no flag: they are live. */
export function partiesShown<T extends { archived?: boolean }>(parties: T[], query: Request["query"]): T[] {
  const { archived = "false" } = archivedQuery.parse(query);
  const withFlag = parties.map((party) => ({ ...party, archived: party.archived === true }));
  return archived === "all" ? withFlag : withFlag.filter((party) => party.archived === (archived === "true"));
}

/** GET /customers/:id/balance. */
export function customerBalanceRoutes(deps: { readStore: ReadStore; sessions: SessionCodec }): Router {
  const router = Router();
  router.get("/:id/balance", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = req.params.id;
    const customer = isRecordId(id) ? await deps.readStore.get<Customer>(collections.customers, id.toLowerCase()) : null;
    if (!customer || customer.userId !== userId) throw notFound("Customer");
    const [invoices, advances] = await Promise.all([customerInvoices(deps.readStore, userId, customer.id), customerAdvances(deps.readStore, userId, customer.id)]);
    const body: CustomerBalance = {
      customerId: customer.id,
      balance: formatPaise(customerBalancePaise(invoices, customer.id, advances)),
      creditLimit: formatPaise(toPaise(customer.creditLimit)),
    };
    res.json(body);
  });
  return router;
}
