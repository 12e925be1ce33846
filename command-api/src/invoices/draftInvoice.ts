import { randomUUID } from "node:crypto";
import {
  computeInvoice,
  customerPlaceOfSupply,
  customerStateCode,
  describeFigureMismatch,
  dueDateProblem,
  invoiceFigureMismatches,
  isRateValidOn,
  indianDateOf,
  parseDiscount,
  placeOfSupplyFor,
  ratesValidOn,
  toPaise,
  type InvoiceCreateInput,
  type LineInput,
} from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { DomainError, notFound, ValidationError, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { isId, recordId } from "../handling/ids.ts";
import { customerDecider } from "../parties/customer.ts";
import { productDecider, productForInvoice } from "../products/product.ts";
import { quantityUnitErrors } from "../products/productUnit.ts";
import { reportingPeriodFor } from "../gst/closedPeriods.ts";
import type { InvoiceDraft } from "./invoice.ts";
import { recipientParticularsProblems } from "./recipientParticulars.ts";
import { supplyTreatment } from "./supplyTreatment.ts";
import { lineTaxabilityFact, salesDocument, salesDocumentFacts } from "./salesDocument.ts";
import { readState } from "../handling/streamStates.ts";

/** The GST Compensation Cess ended with the 1 Feb 2026 notification (GST.md §2.2): none on later supplies. */
const COMPENSATION_CESS_ENDED = "2026-02-01";

/** A 400 for rules the schema cannot see (rates by date, the server's figures). */
const badRequest = (errors: { path: (string | number)[]; message: string }[]) => new ValidationError(errors);

/** Looks up what the invoice needs from other aggregates' own streams and decides its figures. */
export async function draftInvoice(
  store: EventStore,
  userId: string,
  invoiceId: string,
  input: InvoiceCreateInput,
  now: Date,
): Promise<{ draft: InvoiceDraft; free: { limit: number } | null }> {
  const user = await readState(store, streams.user(userId), userDecider);
  if (!user.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
  const businessState = user.profile.stateCode;
  if (!businessState) {
    throw badRequest([{ path: ["placeOfSupply"], message: "Add your business's GSTIN or state in Settings before creating invoices" }]);
  }

  const issueDate = input.issueDate ?? now.toISOString();
  const dueProblem = dueDateProblem(issueDate, input.dueDate);
  if (dueProblem) throw badRequest([{ path: ["dueDate"], message: dueProblem }]);

  const customer = await readState(store, streams.customer(recordId(input.customerId, "Customer")), customerDecider);
  if (customer.status !== "active" || customer.ownerId !== userId) throw notFound("Customer");

  const productIds = [...new Set(input.items.map((item) => item.productId.toLowerCase()))];
  const products = new Map<string, NonNullable<ReturnType<typeof productForInvoice>>>();
  for (const id of productIds) {
    const product = isId(id) ? productForInvoice(await readState(store, streams.product(id), productDecider)) : null;
    if (!product || product.ownerId !== userId) throw notFound("Product");
    products.set(id, product);
  }
  const inactive = input.items.flatMap((item, index) => {
    const product = products.get(item.productId.toLowerCase())!;
    return product.isActive ? [] : [{ path: ["items", index, "productId"], message: `${product.name} is inactive: activate it in Inventory to invoice it` }];
  });
  if (inactive.length > 0) throw badRequest(inactive);
  // Issue 9: a fraction only of a measured unit (2.5 KGS, never 2.5 NOS).
  const unitErrors = quantityUnitErrors(input.items, (id) => products.get(id.toLowerCase())!);
  if (unitErrors.length > 0) throw badRequest(unitErrors);

  const rateErrors = input.items.flatMap((item, index) =>
    isRateValidOn(item.gstRate / 100, issueDate)
      ? []
      : [
          {
            path: ["items", index, "gstRate"],
            message: `GST rate ${item.gstRate / 100}% is not in force on ${indianDateOf(issueDate)} (rates then: ${ratesValidOn(issueDate).join(", ")})`,
          },
        ],
  );
  if (rateErrors.length > 0) throw badRequest(rateErrors);

  const cessErrors = input.items.flatMap((item, index) => {
    const product = products.get(item.productId.toLowerCase())!;
    const hasCess = product.cessBasisPoints > 0 || product.cessPerUnitMillirupees > 0;
    return hasCess && indianDateOf(issueDate) >= COMPENSATION_CESS_ENDED
      ? [
          {
            path: ["items", index, "productId"],
            message: `${product.name} carries compensation cess, which ended on 1 Feb 2026: remove the cess from the product to invoice it on ${indianDateOf(issueDate)}`,
          },
        ]
      : [];
  });
  if (cessErrors.length > 0) throw badRequest(cessErrors);

  // Customers saved before issue 9 have no state: their GSTIN's, else the business's (a local sale).
  const customerState = customerStateCode(customer);
  // s.16 IGST Act: a supply to an SEZ unit or developer is inter-state, so IGST, even within the state.
  const toSez = customer.isSez === true && customer.gstNumber !== null;
  // s.10(1)(a) IGST Act: goods are supplied where their movement ends, the customer's delivery state.
  const goods = [...products.values()].some((product) => product.kind === "goods");
  const placeOfSupply = placeOfSupplyFor({
    customerStateCode: customerPlaceOfSupply(customer, goods),
    customerGstin: customer.gstNumber,
    businessStateCode: businessState,
    chosen: input.placeOfSupply,
  });
  const supply = { supplierState: businessState, placeOfSupply, toSez };
  // Issue 9: reverse charge, LUT and shipping bill: refused (400) when the law does not allow them here.
  const treatment = supplyTreatment(input, { issueDate, placeOfSupply, customerGstin: customer.gstNumber, toSez, profile: user.profile });
  // Issue 9: a composition or unregistered business, or only untaxed lines: a bill of supply without tax (Rule 49).
  const document = salesDocument(
    user.profile.gstCategory,
    input.items.map((item) => ({ gstRate: item.gstRate, product: products.get(item.productId.toLowerCase())! })),
    { interState: toSez || placeOfSupply !== businessState },
  );
  let lines: LineInput[];
  try {
    lines = input.items.map((item) => ({
      quantity: item.quantity,
      pricePaise: toPaise(item.price),
      rateBasisPoints: item.gstRate,
      discount: parseDiscount(item.discount, item.discountType),
      cessBasisPoints: products.get(item.productId.toLowerCase())!.cessBasisPoints,
      cessPerUnitMillirupees: products.get(item.productId.toLowerCase())!.cessPerUnitMillirupees,
    }));
  } catch (error) {
    throw badRequest([{ path: ["items"], message: (error as Error).message }]);
  }
  let computed;
  try {
    // Profiles saved before issue 9 have no choice: round-off is on by default.
    computed = computeInvoice(lines, supply, { roundOff: user.profile.roundOff ?? true, chargesTax: treatment.chargesTax && document.chargesTax });
  } catch (error) {
    throw badRequest([{ path: ["items"], message: (error as Error).message }]);
  }
  const mismatches = invoiceFigureMismatches(input, computed);
  if (mismatches.length > 0) {
    throw badRequest(mismatches.map((m) => ({ path: m.field.split("."), message: describeFigureMismatch(m) })));
  }
  const particulars = recipientParticularsProblems({ name: customer.name, address: customer.address, gstin: customer.gstNumber, stateCode: customerState }, computed.subtotalPaise);
  if (particulars.length > 0) throw badRequest(particulars);

  // A sale dated in a filed period is reported in the next open one, once the user confirms (design §4).
  const reportingPeriod = await reportingPeriodFor(store, {
    userId,
    date: issueDate,
    kind: "sale",
    confirmed: input.reportInNextOpenPeriod === true,
    tax: { igst: computed.igstPaise, cgst: computed.cgstPaise, sgst: computed.sgstPaise },
    today: now,
  });

  const draft: InvoiceDraft = {
    invoiceId,
    ownerId: userId,
    invoiceNumber: input.invoiceNumber,
    issueDate,
    dueDate: input.dueDate ?? null,
    notes: input.notes,
    placeOfSupply,
    taxKind: computed.taxKind,
    stateTaxLabel: computed.stateTaxLabel,
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
    lines: computed.lines.map((line, index) => {
      const item = input.items[index]!;
      const product = products.get(item.productId.toLowerCase())!;
      return {
        lineId: randomUUID(),
        productId: product.id,
        productName: product.name,
        hsnCode: product.hsnCode,
        quantity: item.quantity,
        unit: product.unit,
        pricePaise: lines[index]!.pricePaise,
        rateBasisPoints: item.gstRate,
        discount: lines[index]!.discount ?? null,
        discountPaise: line.discountPaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        cessPaise: line.cessPaise,
        ...(lines[index]!.cessBasisPoints ? { cessBasisPoints: lines[index]!.cessBasisPoints } : {}),
        ...(lines[index]!.cessPerUnitMillirupees ? { cessPerUnitMillirupees: lines[index]!.cessPerUnitMillirupees } : {}),
        ...lineTaxabilityFact(document.taxabilities[index]),
        amountPaise: line.amountPaise,
      };
    }),
    subtotalPaise: computed.subtotalPaise,
    cgstPaise: computed.cgstPaise,
    sgstPaise: computed.sgstPaise,
    igstPaise: computed.igstPaise,
    cessPaise: computed.cessPaise,
    gstAmountPaise: computed.gstAmountPaise,
    ...(computed.roundOffPaise === 0 ? {} : { roundOffPaise: computed.roundOffPaise }),
    totalPaise: computed.totalPaise,
    createdAt: now.toISOString(),
    reportingPeriod,
    ...treatment.facts,
    ...salesDocumentFacts(document),
  };
  const free = user.invoiceLimit === null ? null : { limit: user.invoiceLimit };
  return { draft, free };
}
