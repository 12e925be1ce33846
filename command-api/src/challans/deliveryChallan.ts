/**
 * Issue 9: delivery challans (CGST Rule 55). The challan's particulars are decided here,
 * purely, from the business, the consignee and the products as they are now; the handler
 * (issueDeliveryChallan.ts) loads those and records the result. A challan moves no stock.
 */
import {
  challanStatesTax,
  computeInvoice,
  isRateValidOn,
  percentToBasisPoints,
  quantityUnitProblem,
  ratesValidOn,
  supplierRegistrationOf,
  toPaise,
  type DeliveryChallanCreateInput,
  type ProductTaxability,
} from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound, ValidationError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

export type DeliveryChallanFacts = EventData<"DeliveryChallanIssued">;
export type DeliveryChallanEvent = BahiEventOf<"DeliveryChallanIssued" | "DeliveryChallanCancelled">;
export type DeliveryChallanState =
  | { status: "none" }
  | { status: "issued"; challan: DeliveryChallanFacts }
  | { status: "cancelled"; challan: DeliveryChallanFacts; cancellation: EventData<"DeliveryChallanCancelled"> };
export type DeliveryChallanCommand = { kind: "issue"; challan: DeliveryChallanFacts } | { kind: "cancel"; ownerId: string; reason: string; at: string };

/** The challan's own stream: issued once, cancelled at most once (its number stays used). */
export const deliveryChallanDecider: Decider<DeliveryChallanCommand, DeliveryChallanEvent, DeliveryChallanState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    if (event.type === "DeliveryChallanIssued") return { status: "issued", challan: event.data };
    return state.status === "none" ? state : { status: "cancelled", challan: state.challan, cancellation: event.data };
  },
  decide(command, state) {
    if (command.kind === "issue") return state.status === "none" ? [{ type: "DeliveryChallanIssued", data: command.challan }] : [];
    if (state.status === "none" || state.challan.ownerId !== command.ownerId) throw notFound("Delivery challan");
    if (state.status === "cancelled") throw new DomainError("CONFLICT", `Delivery challan ${state.challan.number} is already cancelled`);
    const { challanId, ownerId, number } = state.challan;
    return [{ type: "DeliveryChallanCancelled", data: { challanId, ownerId, number, reason: command.reason, cancelledAt: command.at } }];
  },
};

/** The GST Compensation Cess ended with the 1 Feb 2026 notification (GST.md §2.2): none on later challans. */
const COMPENSATION_CESS_ENDED = "2026-02-01";

/** A product as a challan line needs it (from products/product.ts `productForInvoice`). */
export interface ChallanProduct {
  id: string;
  name: string;
  isActive: boolean;
  hsnCode: string | null;
  price: string;
  gstRate: string;
  cessBasisPoints: number;
  cessPerUnitMillirupees: number;
  taxability: ProductTaxability;
  unit: string;
}

export interface ChallanContext {
  challanId: string;
  ownerId: string;
  number: string;
  issueDate: string;
  now: Date;
  gstCategory: string | null | undefined;
  supplier: DeliveryChallanFacts["supplier"];
  customer: DeliveryChallanFacts["customer"];
  placeOfSupply: string;
  /** By the input's item order. */
  products: readonly ChallanProduct[];
}

const bad = (errors: { path: (string | number)[]; message: string }[]) => new ValidationError(errors);

/**
 * Rule 55(1)(e)-(g): each line names the goods (HSN, description), the quantity and the
 * taxable value (the given value per unit, else the product's price). Tax is stated only
 * where the goods travel for supply to the consignee and the business charges tax (a
 * composition or unregistered one never does); otherwise every head is zero.
 */
export function decideDeliveryChallan(input: DeliveryChallanCreateInput, context: ChallanContext): DeliveryChallanFacts {
  const { products } = context;
  const problems = input.items.flatMap((item, index) => {
    const product = products[index]!;
    if (!product.isActive) return [{ path: ["items", index, "productId"], message: `${product.name} is inactive: activate it in Inventory to send it` }];
    const unitProblem = quantityUnitProblem(item.quantity, product.unit, product.name);
    return unitProblem ? [{ path: ["items", index, "quantity"], message: unitProblem }] : [];
  });
  if (problems.length > 0) throw bad(problems);

  const statesTax = challanStatesTax(input.purpose) && supplierRegistrationOf(context.gstCategory) === "Regular";
  // A stated tax is at a rate in force on the challan's date (a product still at 12% after GST 2.0 is not).
  const rateProblems = input.items.flatMap((_item, index) => {
    const product = products[index]!;
    if (!statesTax || product.taxability !== "taxable" || isRateValidOn(product.gstRate, context.issueDate)) return [];
    return [
      {
        path: ["items", index, "productId"],
        message: `${product.name}'s GST rate ${product.gstRate}% is not in force on ${context.issueDate} (rates then: ${ratesValidOn(context.issueDate).join(", ")}): change the product's rate first`,
      },
    ];
  });
  if (rateProblems.length > 0) throw bad(rateProblems);
  const withCess = context.issueDate < COMPENSATION_CESS_ENDED;
  const lines = input.items.map((item, index) => {
    const product = products[index]!;
    return {
      quantity: item.quantity,
      pricePaise: toPaise(item.price ?? product.price),
      rateBasisPoints: product.taxability === "taxable" ? percentToBasisPoints(product.gstRate) : 0,
      cessBasisPoints: withCess ? product.cessBasisPoints : 0,
      cessPerUnitMillirupees: withCess ? product.cessPerUnitMillirupees : 0,
    };
  });
  let computed;
  try {
    // No rounding to the rupee: a challan is not a bill, nothing is paid against it.
    computed = computeInvoice(
      lines,
      { supplierState: context.supplier.stateCode, placeOfSupply: context.placeOfSupply, toSez: context.customer.isSez ?? false },
      { roundOff: false, chargesTax: statesTax },
    );
  } catch (error) {
    throw bad([{ path: ["items"], message: (error as Error).message }]);
  }
  return {
    challanId: context.challanId,
    ownerId: context.ownerId,
    number: context.number,
    issueDate: context.issueDate,
    purpose: input.purpose,
    notes: input.notes ?? null,
    supplier: context.supplier,
    customer: context.customer,
    placeOfSupply: context.placeOfSupply,
    taxKind: computed.taxKind,
    stateTaxLabel: computed.stateTaxLabel,
    lines: computed.lines.map((tax, index) => {
      const product = products[index]!;
      const line = lines[index]!;
      return {
        lineId: `${context.challanId}-${index + 1}`,
        productId: product.id,
        productName: product.name,
        hsnCode: product.hsnCode,
        quantity: input.items[index]!.quantity,
        unit: product.unit,
        pricePaise: line.pricePaise,
        rateBasisPoints: statesTax ? line.rateBasisPoints : 0,
        taxablePaise: tax.taxablePaise,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
        cessPaise: tax.cessPaise,
        ...(statesTax && line.cessBasisPoints ? { cessBasisPoints: line.cessBasisPoints } : {}),
        ...(statesTax && line.cessPerUnitMillirupees ? { cessPerUnitMillirupees: line.cessPerUnitMillirupees } : {}),
        amountPaise: tax.amountPaise,
      };
    }),
    subtotalPaise: computed.subtotalPaise,
    cgstPaise: computed.cgstPaise,
    sgstPaise: computed.sgstPaise,
    igstPaise: computed.igstPaise,
    cessPaise: computed.cessPaise,
    totalPaise: computed.totalPaise,
    statesTax,
    createdAt: context.now.toISOString(),
  };
}
