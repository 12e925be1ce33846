import { createHash } from "node:crypto";
import { Router } from "express";
import { ewayBillCancelSchema, ewayBillCreateSchema, formatPaise, indianDateOf } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { ewayBillValidity, validateEwayBill, type TransportMode, type VehicleType } from "@bahi/shared/returns";
import { requireUserId, notFound, ValidationError } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { userDecider } from "../auth/user.ts";
import { ewayBillDecider, type Generated } from "./ewayBill.ts";
import { readState } from "../handling/streamStates.ts";

/**
 * SANDBOX numbering: 12 digits derived from the bill's id. Generating a real e-way bill goes
 * through the NIC system with GSP credentials, behind the same events.
 */
function sandboxEwayBillNo(id: string): string {
  const digits = BigInt(`0x${createHash("sha256").update(id).digest("hex").slice(0, 15)}`) % 10n ** 11n;
  return `1${digits.toString().padStart(11, "0")}`;
}

async function profilePinCode(deps: CommandDeps, userId: string): Promise<string | null> {
  const user = await readState(deps.eventStore, streams.user(userId), userDecider);
  return user.registered ? (user.profile.pinCode ?? null) : null;
}

export function ewayBillRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = ewayBillCreateSchema.parse(req.body);
    const invoiceState = await readState(deps.eventStore, streams.invoice(recordId(input.invoiceId, "Invoice")), invoiceDecider);
    if (invoiceState.status === "none" || invoiceState.invoice.ownerId !== userId) throw notFound("Invoice");
    const invoice = invoiceState.invoice;
    const now = deps.clock();
    const dispatchPincode = input.dispatchPincode || invoice.supplier.pinCode || (await profilePinCode(deps, userId)) || "";
    const check = validateEwayBill({
      supplierGstin: invoice.supplier.gstin ?? "URP",
      recipientGstin: invoice.customer.gstin ?? "URP",
      dispatchPincode,
      deliveryPincode: input.deliveryPincode,
      documentType: "INV",
      documentNumber: invoice.invoiceNumber,
      documentDate: indianDateOf(invoice.issueDate),
      consignmentValuePaise: invoice.totalPaise,
      hsnCodes: invoice.lines.map((line) => line.hsnCode ?? ""),
      reasonCode: input.reasonCode,
      transportMode: input.transportMode as TransportMode,
      distanceKm: input.distanceKm,
      vehicleNumber: input.vehicleNumber,
      vehicleType: input.vehicleType as VehicleType,
      transporterId: input.transporterId,
      transportDocumentNumber: input.transportDocumentNumber,
      transportDocumentDate: input.transportDocumentDate,
      today: now,
    });
    if (!check.valid) throw new ValidationError(check.problems.map((message) => ({ path: [], message })));
    const id = deps.newId();
    const validity = ewayBillValidity({ generatedAt: now, distanceKm: input.distanceKm, vehicleType: input.vehicleType as VehicleType });
    const bill: Generated = {
      ewayBillId: id,
      ownerId: userId,
      invoiceId: invoice.invoiceId,
      ewayBillNo: sandboxEwayBillNo(id),
      documentNumber: invoice.invoiceNumber,
      documentDate: indianDateOf(invoice.issueDate),
      documentType: "INV",
      transactionType: String(input.reasonCode),
      consignmentValuePaise: invoice.totalPaise,
      shipFromGstin: invoice.supplier.gstin ?? "URP",
      shipToGstin: invoice.customer.gstin ?? "URP",
      shipFromAddress: invoice.supplier.address,
      shipToAddress: invoice.customer.address,
      dispatchPincode,
      deliveryPincode: input.deliveryPincode,
      distanceKm: input.distanceKm,
      transportMode: input.transportMode,
      vehicleNumber: check.vehicleNumber,
      vehicleType: input.vehicleType,
      transporterId: input.transporterId,
      transporterName: input.transporterName,
      validUntil: validity.validUntil,
      generatedAt: now.toISOString(),
      sandbox: true,
    };
    const result = await handle(deps.eventStore, streams.ewayBill(id), ewayBillDecider, { kind: "generate", bill }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(201).json({ id, ewayBillNo: bill.ewayBillNo, validUntil: bill.validUntil, consignmentValue: formatPaise(bill.consignmentValuePaise), sandbox: true });
  });

  router.post("/:id/cancel", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = recordId(req.params.id, "E-way bill");
    const { reason } = ewayBillCancelSchema.parse(req.body);
    const now = deps.clock();
    const result = await handle(deps.eventStore, streams.ewayBill(id), ewayBillDecider, { kind: "cancel", ownerId: userId, reason, at: now }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.json({ id, status: "cancelled" });
  });

  return router;
}
