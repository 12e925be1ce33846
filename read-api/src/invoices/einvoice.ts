import type { Request } from "express";
import type { Invoice } from "@bahi/shared/contract";
import { DomainError, ValidationError } from "@bahi/shared/server";
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
 * The seller's PIN defaults to the one on the invoice, else the profile's (issue 9); the rest
 * the caller supplies (the screen asks once).
 */
export function eInvoiceFor(invoice: Invoice, req: Request, profilePinCode: string | null = null) {
  // Issue 9: e-invoicing (Rule 48(4)) covers tax invoices; a bill of supply has none.
  if (invoice.documentType === "billOfSupply") throw new DomainError("CONFLICT", `${invoice.invoiceNumber} is a bill of supply: e-invoices are only for tax invoices`);
  const sellerPincode = text(req, "sellerPincode") || invoice.supplier.pinCode || profilePinCode || "";
  // Issue 9: an export buyer has no Indian PIN (the payload says 999999).
  const needed = invoice.placeOfSupply === "96" ? ["sellerLocation", "sellerPincode", "buyerLocation"] : ["sellerLocation", "sellerPincode", "buyerLocation", "buyerPincode"];
  const missing = needed.filter((name) => !(name === "sellerPincode" ? sellerPincode : text(req, name)));
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
        pincode: sellerPincode,
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
