import { basisPointsToPercent, COMPOSITION_NO_ITC, indianDateOf, purchaseTax, stateCodeFromGstin, toPaise, type ExpenseInput } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { financialYearOf } from "@bahi/shared/returns";
import { notFound, ValidationError, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { reportingPeriodFor } from "../gst/closedPeriods.ts";
import { type CommandContext } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { vendorDecider } from "../parties/vendor.ts";
import { assertNotArchived } from "../parties/archive.ts";
import { expenseDecider, type ExpenseFields } from "./expense.ts";
import { issueSelfInvoiceNumber } from "./selfInvoice.ts";
import { readState } from "../handling/streamStates.ts";

/**
 * Where nothing says which states are involved (no GSTINs, no profile), the purchase is taken
 * as local: CGST + SGST. Any state code that is not a union territory gives that split.
 */
const LOCAL = "27";

const badRequest = (path: string, message: string) => new ValidationError([{ path: [path], message }]);

export interface PurchaseContext {
  eventStore: EventStore;
  userId: string;
  /** The expense being recorded or changed. */
  expenseId: string;
  context: CommandContext;
  /** Issue 10: the vendor the changed expense already names, which may stay though archived since. */
  currentVendorId?: string | null;
}

/** The bill a note is against: a live bill of this business, from the same vendor. */
async function noteTarget(eventStore: EventStore, userId: string, expenseId: string, input: ExpenseInput, vendorId: string | null): Promise<void> {
  if (input.documentType === "bill" || !input.againstExpenseId) return;
  const targetId = recordId(input.againstExpenseId, "Bill");
  if (targetId === expenseId) throw badRequest("againstExpenseId", "A note cannot be against itself");
  const bill = await readState(eventStore, streams.expense(targetId), expenseDecider);
  if (bill.status !== "active" || bill.ownerId !== userId) throw notFound("Bill");
  if ((bill.documentType ?? "bill") !== "bill") throw badRequest("againstExpenseId", "A credit or debit note must be against a bill, not another note");
  if ((bill.vendor?.id ?? null) !== vendorId) {
    throw badRequest("vendorId", `A note must come from the bill's vendor (${bill.vendor?.name ?? "no vendor"})`);
  }
}

/**
 * The facts a purchase document records (design §1): the vendor as it is now, the business's
 * GSTIN and state at recording time, the bill's GST (purchaseTax), the period it is reported in
 * (a filed period needs the user's confirmation, design §4) and, under reverse charge, the
 * self-invoice number. Every refusal comes before the number is issued, so a refused bill
 * leaves no gap in the series.
 */
export async function purchaseFacts(purchase: PurchaseContext, input: ExpenseInput): Promise<ExpenseFields> {
  const { eventStore, userId, expenseId } = purchase;
  let vendor: ExpenseFields["vendor"] = null;
  if (input.vendorId) {
    const state = await readState(eventStore, streams.vendor(recordId(input.vendorId, "Vendor")), vendorDecider);
    if (state.status !== "active" || state.ownerId !== userId) throw notFound("Vendor");
    // Issue 10: an archived vendor gets no new expense (400 PARTY_ARCHIVED); one already on it may stay.
    if (state.id.toLowerCase() !== purchase.currentVendorId?.toLowerCase()) assertNotArchived(state, "Vendor");
    vendor = { id: state.id, name: state.name, gstNumber: state.gstNumber };
  }
  await noteTarget(eventStore, userId, expenseId, input, vendor?.id ?? null);

  const user = await readState(eventStore, streams.user(userId), userDecider);
  const recipientGstin = user.registered ? user.profile.gstNumber : null;
  // Issue 9: a composition business claims no input tax credit (s.10(4)).
  const composition = user.registered && user.profile.gstCategory === "Composition";
  const businessStateCode = user.registered ? (user.profile.stateCode ?? (recipientGstin ? stateCodeFromGstin(recipientGstin) : null)) : null;
  const vendorState = vendor?.gstNumber ? stateCodeFromGstin(vendor.gstNumber) : null;
  const supplierState = vendorState ?? input.placeOfSupply ?? businessStateCode ?? LOCAL;
  const placeOfSupply = input.placeOfSupply ?? businessStateCode ?? supplierState;

  const amountPaise = toPaise(input.amount);
  const tax = purchaseTax({
    amountPaise,
    ratePercent: input.gstRate === null ? null : basisPointsToPercent(input.gstRate),
    date: input.vendorInvoiceDate ?? input.date,
    taxability: input.taxability,
    supplierHasGstin: Boolean(vendorState),
    reverseCharge: input.reverseCharge,
    supplierState,
    placeOfSupply,
    typedGstPaise: input.gstAmount,
  });
  if (!tax.ok) throw badRequest(tax.path, tax.message);

  // Only reverse-charge tax is a liability that moving the purchase delays; ITC costs nothing.
  const liability = input.reverseCharge ? { igst: tax.igstPaise, cgst: tax.cgstPaise, sgst: tax.sgstPaise } : { igst: 0, cgst: 0, sgst: 0 };
  const reportingPeriod = await reportingPeriodFor(eventStore, {
    userId,
    date: input.date,
    kind: "purchase",
    confirmed: input.reportInNextOpenPeriod,
    tax: liability,
    today: purchase.context.now,
  });

  const selfInvoiceNumber = input.reverseCharge
    ? await issueSelfInvoiceNumber(
        eventStore,
        { userId, financialYear: financialYearOf(indianDateOf(input.date)), expenseId, at: purchase.context.now.toISOString() },
        purchase.context,
      )
    : null;

  return {
    vendor,
    category: input.category,
    description: input.description,
    amountPaise,
    gstRateBasisPoints: tax.rateBasisPoints,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
    date: input.date,
    placeOfSupply,
    vendorInvoiceNumber: input.vendorInvoiceNumber,
    vendorInvoiceDate: input.vendorInvoiceDate ?? null,
    hsnCode: input.hsnCode,
    eligibleForItc: input.eligibleForItc && !composition,
    documentType: input.documentType,
    againstExpenseId: input.againstExpenseId ? input.againstExpenseId.toLowerCase() : null,
    taxability: input.taxability,
    reverseCharge: input.reverseCharge,
    reverseChargeService: input.reverseChargeService,
    selfInvoiceNumber,
    itcReason: composition ? COMPOSITION_NO_ITC : input.itcReason,
    isCapitalGoods: input.isCapitalGoods,
    reportingPeriod,
    recipientGstin,
    businessStateCode,
  };
}
