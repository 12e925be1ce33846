/**
 * Issue 9: issuing a delivery challan (CGST Rule 55). Its number comes from a series of its
 * own ("delivery-challan", DC/26-27/0001), consecutive and unique per financial year (Rule
 * 55(1)(b)), apart from invoices and notes.
 */
import { customerStateCode, financialYearOf, indianDateOf, placeOfSupplyFor, type DeliveryChallanCreateInput } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { returnPeriodOf } from "@bahi/shared/returns";
import { DomainError, notFound, ValidationError, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { filedReturns } from "../gst/closedPeriods.ts";
import { handle, type CommandContext } from "../handling/decider.ts";
import { isId, recordId } from "../handling/ids.ts";
import { issueSeriesNumber, UNREGISTERED, voidSeriesNumber, type SeriesKey } from "../invoices/series.ts";
import { customerDecider } from "../parties/customer.ts";
import { assertNotArchived } from "../parties/archive.ts";
import { productDecider, productForInvoice } from "../products/product.ts";
import { decideDeliveryChallan, deliveryChallanDecider, type ChallanContext, type ChallanProduct } from "./deliveryChallan.ts";
import { readState } from "../handling/streamStates.ts";

export const DELIVERY_CHALLAN_SERIES = { series: "delivery-challan", prefix: "DC" } as const;

/**
 * Everything a request can be refused for is decided before the number is taken, so bad
 * input appends nothing; a failure after it voids the number, so none stands for a challan
 * that was never issued.
 */
export async function issueDeliveryChallan(
  store: EventStore,
  input: DeliveryChallanCreateInput,
  target: { userId: string; challanId: string; now: Date },
  context: CommandContext,
) {
  const { userId, challanId, now } = target;
  const user = await readState(store, streams.user(userId), userDecider);
  if (!user.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
  const businessState = user.profile.stateCode;
  if (!businessState) throw new ValidationError([{ path: ["customerId"], message: "Add your business's GSTIN or state in Settings before making delivery challans" }]);

  const customer = await readState(store, streams.customer(recordId(input.customerId, "Customer")), customerDecider);
  if (customer.status !== "active" || customer.ownerId !== userId) throw notFound("Customer");
  // Issue 10: an archived customer gets no new challan (400 PARTY_ARCHIVED; notes still correct old invoices).
  assertNotArchived(customer, "Customer");
  const products: ChallanProduct[] = [];
  for (const item of input.items) {
    const id = item.productId.toLowerCase();
    const product = isId(id) ? productForInvoice(await readState(store, streams.product(id), productDecider)) : null;
    if (!product || product.ownerId !== userId) throw notFound("Product");
    products.push(product);
  }

  const issueDate = input.issueDate ?? indianDateOf(now);
  const customerState = customerStateCode(customer);
  const toSez = customer.isSez === true && customer.gstNumber !== null;
  const ids: ChallanContext = {
    challanId,
    ownerId: userId,
    number: "",
    issueDate,
    now,
    gstCategory: user.profile.gstCategory,
    supplier: {
      name: user.profile.companyName ?? `${user.firstName} ${user.lastName}`,
      gstin: user.profile.gstNumber,
      address: user.profile.businessAddress,
      stateCode: businessState,
      pinCode: user.profile.pinCode ?? null,
    },
    customer: {
      id: customer.id,
      name: customer.name,
      gstin: customer.gstNumber,
      address: customer.address,
      email: customer.email,
      phone: customer.phone,
      stateCode: customerState ?? businessState,
      isSez: toSez,
      shippingAddress: customer.shippingAddress ?? null,
    },
    // Rule 55(1)(h): the place of supply, for an inter-state movement; the consignee's state.
    placeOfSupply: placeOfSupplyFor({ customerStateCode: customerState, customerGstin: customer.gstNumber, businessStateCode: businessState, chosen: null }),
    products,
  };
  decideDeliveryChallan(input, ids);
  await refuseFiledPeriod(store, userId, issueDate, "date a new challan in it");

  const key: SeriesKey = { userId, series: DELIVERY_CHALLAN_SERIES.series, gstin: user.profile.gstNumber ?? UNREGISTERED, financialYear: financialYearOf(issueDate) };
  const { number } = await issueSeriesNumber(store, { ...key, prefix: DELIVERY_CHALLAN_SERIES.prefix, documentId: challanId, documentDate: issueDate }, context);
  const challan = decideDeliveryChallan(input, { ...ids, number });
  try {
    const issued = await handle(store, streams.deliveryChallan(challanId), deliveryChallanDecider, { kind: "issue", challan }, context);
    return { challan, position: issued.position };
  } catch (error) {
    const reason = `delivery challan ${number} (${challanId}) was not issued: ${(error as Error).message}`.slice(0, 500);
    // Best effort, as for notes: the caller gets the error that stopped the challan, and a void
    // that fails too leaves its number reserved (no process sweep covers challans yet).
    await voidSeriesNumber(store, { ...key, documentId: challanId, reason }, context).catch(() => undefined);
    throw error;
  }
}

/**
 * GSTR-1 Table 13 lists the month's challans, cancelled ones too: once that month's GSTR-1 is
 * filed, a challan dated in it can be neither added nor cancelled (409).
 */
async function refuseFiledPeriod(store: EventStore, userId: string, issueDate: string, doing: string): Promise<void> {
  const period = returnPeriodOf(issueDate);
  if ((await filedReturns(store, userId, period, "sale")).includes("GSTR1")) {
    throw new DomainError("CONFLICT", `GSTR-1 for ${period.slice(0, 2)}/${period.slice(2)} is filed and lists that month's delivery challans: you cannot ${doing}`);
  }
}

/** POST /delivery-challans/{id}/cancel: the challan withdrawn (goods not sent); its number stays used. */
export async function cancelDeliveryChallan(store: EventStore, reason: string, target: { userId: string; challanId: string; now: Date }, context: CommandContext) {
  const { userId, challanId, now } = target;
  const state = await readState(store, streams.deliveryChallan(challanId), deliveryChallanDecider);
  if (state.status === "none" || state.challan.ownerId !== userId) throw notFound("Delivery challan");
  await refuseFiledPeriod(store, userId, state.challan.issueDate, `cancel ${state.challan.number}`);
  return handle(store, streams.deliveryChallan(challanId), deliveryChallanDecider, { kind: "cancel", ownerId: userId, reason, at: now.toISOString() }, context);
}
