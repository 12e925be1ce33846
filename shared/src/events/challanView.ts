import { basisPointsToPercent, challanFollowUp, formatPaise, type DeliveryChallan } from "@bahi/shared/contract";
import type { EventData } from "./catalogue.ts";

/** A delivery challan as the API shows it, from the facts recorded when it was issued (and its cancellation, if any). */
export function deliveryChallanView(challan: EventData<"DeliveryChallanIssued">, cancelled: EventData<"DeliveryChallanCancelled"> | null = null): DeliveryChallan {
  const money = formatPaise;
  return {
    id: challan.challanId,
    userId: challan.ownerId,
    number: challan.number,
    issueDate: challan.issueDate,
    purpose: challan.purpose,
    status: cancelled ? "cancelled" : "issued",
    cancelReason: cancelled?.reason ?? null,
    cancelledAt: cancelled?.cancelledAt ?? null,
    followUp: cancelled ? null : challanFollowUp(challan.purpose, challan.issueDate),
    customer: {
      id: challan.customer.id,
      name: challan.customer.name,
      gstNumber: challan.customer.gstin,
      address: challan.customer.address,
      stateCode: challan.customer.stateCode ?? null,
    },
    supplier: challan.supplier,
    placeOfSupply: challan.placeOfSupply,
    taxKind: challan.taxKind,
    stateTaxLabel: challan.stateTaxLabel,
    statesTax: challan.statesTax,
    items: challan.lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unit: line.unit ?? "NOS",
      price: money(line.pricePaise),
      gstRate: basisPointsToPercent(line.rateBasisPoints),
      taxableValue: money(line.taxablePaise),
      cgstAmount: money(line.cgstPaise),
      sgstAmount: money(line.sgstPaise),
      igstAmount: money(line.igstPaise),
      cessAmount: money(line.cessPaise),
      amount: money(line.amountPaise),
    })),
    subtotal: money(challan.subtotalPaise),
    cgstAmount: money(challan.cgstPaise),
    sgstAmount: money(challan.sgstPaise),
    igstAmount: money(challan.igstPaise),
    cessAmount: money(challan.cessPaise),
    total: money(challan.totalPaise),
    notes: challan.notes,
    createdAt: challan.createdAt,
  };
}
