/**
 * Issue 10: customer advances. POST /customers/{id}/advances records money received before an
 * invoice; POST /customers/{id}/advances/{advanceId}/apply pays one of the customer's invoices
 * from it through the applyAdvance process (applyAdvanceProcess.ts).
 */
import { Router } from "express";
import {
  advanceApplySchema,
  advanceCreateSchema,
  advanceTaxOf,
  advanceTaxView,
  customerStateCode,
  formatPaise,
  indianDateOf,
  isRateValidOn,
  placeOfSupplyFor,
  ratesValidOn,
  supplierRegistrationOf,
  toPaise,
  type AdvanceCreateInput,
  type CustomerAdvance,
} from "@bahi/shared/contract";
import { streams, type EventData } from "@bahi/shared/events";
import { notFound, requireUserId, ValidationError, type EventStore } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { isOwnedActive } from "../handling/ownedRecord.ts";
import { notesPaiseOf, paidInvoiceView } from "../invoices/recordPayment.ts";
import { customerDecider } from "../parties/customer.ts";
import { userDecider } from "../auth/user.ts";
import { advanceDecider, remainingPaise, type AdvanceState } from "./advance.ts";
import { applyAdvance } from "./applyAdvanceProcess.ts";
import { readState } from "../handling/streamStates.ts";

/** The advance as GET /customers/{id}/advances shows it, from the write side's state. */
export function advanceView(state: AdvanceState): CustomerAdvance {
  if (state.status !== "received") throw new Error("An advance exists");
  const a = state.advance;
  const applied = a.amountPaise - remainingPaise(state);
  return {
    id: a.advanceId,
    userId: a.ownerId,
    customerId: a.customerId,
    amount: formatPaise(a.amountPaise),
    date: a.date,
    mode: a.mode,
    reference: a.reference,
    applied: formatPaise(applied),
    remaining: formatPaise(remainingPaise(state)),
    applications: [],
    receivedAt: a.receivedAt,
    ...advanceTaxView(a),
  };
}

type AdvanceTaxFacts = Pick<EventData<"CustomerAdvanceReceived">, "supply" | "gstRateBasisPoints" | "placeOfSupply" | "taxablePaise" | "igstPaise" | "cgstPaise" | "sgstPaise">;

/**
 * The tax of a new advance. Goods: none (Notification 66/2017-CT), and a rate is refused. Services:
 * tax on receipt (s.13(2) CGST Act) at a rate in force on the date received, split by the place of
 * supply (default the customer's state) — unless the business is composition or unregistered,
 * which charges no GST: then it is recorded without tax.
 */
async function advanceTaxFacts(
  store: EventStore,
  userId: string,
  input: AdvanceCreateInput,
  customer: { stateCode?: string | null; gstNumber: string | null },
  date: string,
): Promise<AdvanceTaxFacts> {
  const supply = input.supply ?? "goods";
  if (supply === "goods") {
    const errors = [
      ...(input.gstRate !== undefined ? [{ path: ["gstRate"], message: "An advance for goods carries no GST (Notification 66/2017-CT): leave the rate out" }] : []),
      ...(input.placeOfSupply ? [{ path: ["placeOfSupply"], message: "An advance for goods carries no GST: leave the place of supply out" }] : []),
    ];
    if (errors.length > 0) throw new ValidationError(errors);
    return { supply };
  }
  const user = await readState(store, streams.user(userId), userDecider);
  if (!user.registered) throw notFound("User");
  if (supplierRegistrationOf(user.profile.gstCategory) !== "Regular") return { supply };
  if (input.gstRate === undefined) throw new ValidationError([{ path: ["gstRate"], message: "GST rate is required for an advance for services" }]);
  const ratePercent = input.gstRate / 100;
  if (!isRateValidOn(ratePercent, date)) {
    throw new ValidationError([{ path: ["gstRate"], message: `GST rate ${ratePercent}% is not in force on ${date} (rates then: ${ratesValidOn(date).join(", ")})` }]);
  }
  // A nil-rated service carries no tax on its advance either (nothing for Table 11A).
  if (input.gstRate === 0) return { supply };
  const businessState = user.profile.stateCode;
  if (!businessState) throw new ValidationError([{ path: ["placeOfSupply"], message: "Add your business's GSTIN or state in Settings before recording an advance for services" }]);
  const placeOfSupply = placeOfSupplyFor({
    customerStateCode: customerStateCode(customer),
    customerGstin: customer.gstNumber,
    businessStateCode: businessState,
    chosen: input.placeOfSupply,
  });
  const tax = advanceTaxOf(toPaise(input.amount), input.gstRate, { supplierState: businessState, placeOfSupply });
  return { supply, gstRateBasisPoints: input.gstRate, placeOfSupply, ...tax };
}

export function advanceRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post("/:id/advances", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const customerId = recordId(req.params.id, "Customer");
    const input = advanceCreateSchema.parse(req.body);
    const now = deps.clock();
    const customer = await readState(deps.eventStore, streams.customer(customerId), customerDecider);
    if (!isOwnedActive(customer, userId)) throw notFound("Customer");
    const date = indianDateOf(input.date);
    if (date > indianDateOf(now)) throw new ValidationError([{ path: ["date"], message: "Date received cannot be in the future" }]);
    const facts: EventData<"CustomerAdvanceReceived"> = {
      advanceId: deps.newId(),
      ownerId: userId,
      customerId,
      amountPaise: toPaise(input.amount),
      date,
      mode: input.mode,
      reference: input.reference,
      receivedAt: now.toISOString(),
      ...(await advanceTaxFacts(deps.eventStore, userId, input, customer, date)),
    };
    const result = await handle(deps.eventStore, streams.advance(facts.advanceId), advanceDecider, { kind: "receive", facts }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(201).json(advanceView(result.state));
  });
  router.post("/:id/advances/:advanceId/apply", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const customerId = recordId(req.params.id, "Customer");
    const advanceId = recordId(req.params.advanceId, "Advance");
    const input = advanceApplySchema.parse(req.body);
    const now = deps.clock();
    const invoiceId = input.invoiceId.toLowerCase();
    const target = { userId, customerId, advanceId, invoiceId, paymentId: deps.newId(), amountPaise: toPaise(input.amount), now };
    // A refusal after the reservation still tells the client where the reversal stands, so its next read shows it.
    const result = await applyAdvance(deps.eventStore, target, commandContext(req, userId, now), (position) => sendPosition(res, position));
    sendPosition(res, result.position);
    res.status(201).json(paidInvoiceView(result.state, await notesPaiseOf(deps.eventStore, invoiceId)));
  });
  return router;
}
