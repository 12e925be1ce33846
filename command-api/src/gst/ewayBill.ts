import { createHash } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import { formatPaise, indianDateOf, optionalDateField, optionalText, requiredText, safeString } from "@bahi/shared/contract";
import { streams, type BahiEventOf, type EventData } from "@bahi/shared/events";
import { ewayBillValidity, validateEwayBill, type TransportMode, type VehicleType } from "@bahi/shared/returns";
import { DomainError, notFound, requireUserId, ValidationError } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../http/context.ts";
import { fold, handle, type Decider } from "../http/decider.ts";
import { recordId } from "../http/ids.ts";
import { invoiceDecider } from "../invoices/invoice.ts";
import { userDecider } from "../auth/user.ts";

export type EwayBillEvent = BahiEventOf<"EwayBillGenerated" | "EwayBillCancelled">;
type Generated = EventData<"EwayBillGenerated">;
export type EwayBillState = { status: "none" } | { status: "active" | "cancelled"; bill: Generated };
export type EwayBillCommand =
  | { kind: "generate"; bill: Generated }
  | { kind: "cancel"; ownerId: string; reason: string; at: Date };

/** An e-way bill may be cancelled within 24 hours of its generation (GST.md §7). */
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export const ewayBillDecider: Decider<EwayBillCommand, EwayBillEvent, EwayBillState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "EwayBillGenerated":
        return { status: "active", bill: event.data };
      case "EwayBillCancelled":
        return state.status === "none" ? state : { ...state, status: "cancelled" };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "generate":
        if (state.status !== "none") throw new DomainError("CONFLICT", "This e-way bill already exists");
        return [{ type: "EwayBillGenerated", data: command.bill }];
      case "cancel":
        if (state.status === "none" || state.bill.ownerId !== command.ownerId) throw notFound("E-way bill");
        if (state.status === "cancelled") throw new DomainError("CONFLICT", `E-way bill ${state.bill.ewayBillNo} is already cancelled`);
        if (command.at.getTime() - Date.parse(state.bill.generatedAt) > CANCEL_WINDOW_MS) {
          throw new DomainError("CONFLICT", "An e-way bill can be cancelled only within 24 hours of its generation");
        }
        return [{ type: "EwayBillCancelled", data: { ewayBillId: state.bill.ewayBillId, ownerId: command.ownerId, reason: command.reason, cancelledAt: command.at.toISOString() } }];
    }
  },
};

const pincode = z.union([safeString("Pincode is required").max(20, "Pincode must be 6 digits"), z.number()], { error: "Pincode is required" }).transform(String);
export const ewayBillCreateSchema = z.object({
  invoiceId: requiredText("Invoice is required", 100),
  /** Absent: the PIN on the invoice, else the business's profile PIN (issue 9). */
  dispatchPincode: pincode.optional(),
  deliveryPincode: pincode,
  reasonCode: z.number().int().min(1).max(10).optional().default(1),
  transportMode: z.enum(["road", "rail", "air", "ship"], { error: "Transport mode must be road, rail, air or ship" }).optional().default("road"),
  distanceKm: z.number({ error: "Distance (km) is required" }).int("Distance must be a whole number of kilometres"),
  vehicleNumber: optionalText(20),
  vehicleType: z.enum(["regular", "odc"]).optional().default("regular"),
  transporterId: optionalText(20),
  transporterName: optionalText(100),
  transportDocumentNumber: optionalText(50),
  transportDocumentDate: optionalDateField("Transport document date"),
});

const cancelSchema = z.object({ reason: requiredText("Reason is required", 200) });

/**
 * SANDBOX numbering: 12 digits derived from the bill's id. Generating a real e-way bill goes
 * through the NIC system with GSP credentials, behind the same events.
 */
function sandboxEwayBillNo(id: string): string {
  const digits = BigInt(`0x${createHash("sha256").update(id).digest("hex").slice(0, 15)}`) % 10n ** 11n;
  return `1${digits.toString().padStart(11, "0")}`;
}

async function profilePinCode(deps: CommandDeps, userId: string): Promise<string | null> {
  const user = fold(userDecider, await deps.eventStore.readStream(streams.user(userId)));
  return user.registered ? (user.profile.pinCode ?? null) : null;
}

export function ewayBillRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = ewayBillCreateSchema.parse(req.body);
    const invoiceState = fold(invoiceDecider, await deps.eventStore.readStream(streams.invoice(recordId(input.invoiceId, "Invoice"))));
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
    const { reason } = cancelSchema.parse(req.body);
    const now = deps.clock();
    const result = await handle(deps.eventStore, streams.ewayBill(id), ewayBillDecider, { kind: "cancel", ownerId: userId, reason, at: now }, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.json({ id, status: "cancelled" });
  });

  return router;
}
