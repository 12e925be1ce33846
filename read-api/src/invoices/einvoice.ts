import type { Request } from "express";
import type { Invoice } from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";
import { buildEInvoicePayload, EInvoiceError, irnForPayload, signedQrFields, SIGNED_QR_FIELDS } from "@bahi/shared/returns";

const NOT_REGISTERED =
  "This is the e-invoice Bahi would send: the schema 1.1 payload, the IRN the IRP will compute for it, and the fields its signed QR code carries. " +
  "Registering it with the Invoice Registration Portal needs GST Suvidha Provider (GSP) credentials, which are not configured, so the invoice has not been registered and has no acknowledgement yet.";

function text(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * GET /api/invoices/{id}/einvoice?sellerLocation=&sellerPincode=&buyerLocation=&buyerPincode=
 * The read models do not hold PIN codes, so the caller supplies them (the screen asks once).
 */
export function eInvoiceFor(invoice: Invoice, req: Request) {
  const missing = ["sellerLocation", "sellerPincode", "buyerLocation", "buyerPincode"].filter((name) => !text(req, name));
  if (missing.length > 0) {
    throw new ValidationError(missing.map((name) => ({ path: [name], message: `${name.replace(/([A-Z])/g, " $1").toLowerCase()} is required for an e-invoice` })));
  }
  try {
    const payload = buildEInvoicePayload(
      invoice,
      {
        gstin: invoice.supplier.gstin ?? "",
        legalName: invoice.supplier.name,
        address1: invoice.supplier.address ?? text(req, "sellerLocation"),
        location: text(req, "sellerLocation"),
        pincode: text(req, "sellerPincode"),
      },
      { location: text(req, "buyerLocation"), pincode: text(req, "buyerPincode") },
    );
    const irn = irnForPayload(payload);
    const qr = signedQrFields(payload, { irn, ackDate: "not registered" });
    return { registered: false, note: NOT_REGISTERED, irn, payload, qrFields: SIGNED_QR_FIELDS, qr, qrText: JSON.stringify(qr) };
  } catch (error) {
    if (error instanceof EInvoiceError) {
      const problems = error.problems.length > 0 ? error.problems : [error.message];
      throw new ValidationError(problems.map((message) => ({ path: [], message })));
    }
    throw error;
  }
}
