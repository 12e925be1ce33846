import PDFDocument from "pdfkit";
import { amountInWords, formatPaise, formatQuantity, supplyNotes, toPaise, type Invoice } from "@bahi/shared/contract";
import { describedItem, documentDeclaration, documentTitle, isBillOfSupply, rateText } from "./documentKind.ts";
import {
  amountDue,
  BOLD,
  collect,
  dateText,
  deliveryAddress,
  drawQr,
  grouped,
  isCancelled,
  nonZero,
  REGULAR,
  registerFonts,
  rupee,
  stateText,
  upiPayUrl,
  type DocumentExtras,
} from "./pdfParts.ts";

/** 80 mm paper: 226 pt wide; the page is as long as the receipt. */
export const THERMAL_WIDTH = 226;
const MARGIN = 10;
const MAX_LENGTH = 14_400;

/**
 * The same Rule 46 particulars as the A4 invoice, stacked for an 80 mm receipt printer. It is
 * drawn twice: once on a very long page to measure, then on a page cut to that length.
 */
export async function thermalPdf(invoice: Invoice, extras: DocumentExtras): Promise<Buffer> {
  const measure = new PDFDocument({ size: [THERMAL_WIDTH, MAX_LENGTH], margin: MARGIN });
  const discarded = collect(measure);
  registerFonts(measure);
  const end = draw(measure, invoice, extras) + MARGIN;
  // PDF pages stop at 200 inches: a receipt longer than that runs on over full-length pages.
  const height = measure.bufferedPageRange().count > 1 ? MAX_LENGTH : end;
  measure.end();
  await discarded;

  const doc = new PDFDocument({ size: [THERMAL_WIDTH, Math.ceil(height)], margin: MARGIN, info: { Title: `${documentTitle(invoice)} ${invoice.invoiceNumber}` } });
  const done = collect(doc);
  registerFonts(doc);
  draw(doc, invoice, extras);
  doc.end();
  return done;
}

/** Draws the receipt from the top; returns where it ended. */
function draw(doc: PDFKit.PDFDocument, invoice: Invoice, extras: DocumentExtras): number {
  const left = MARGIN;
  const width = THERMAL_WIDTH - MARGIN * 2;
  const centre = (text: string, font = REGULAR, size = 8) => doc.font(font).fontSize(size).text(text, left, doc.y, { width, align: "center" });
  const line = (text: string, font = REGULAR, size = 7.5) => doc.font(font).fontSize(size).text(text, left, doc.y, { width });
  const pair = (label: string, value: string, font = REGULAR, size = 7.5) => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(size)
      .text(label, left, y, { width: width * 0.55 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.45, y, { width: width * 0.55, align: "right" });
    doc.y = Math.max(labelBottom, doc.y);
  };
  const rule = () => {
    doc.moveDown(0.2);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .dash(2, { space: 2 })
      .lineWidth(0.5)
      .strokeColor("#000000")
      .stroke()
      .undash();
    doc.moveDown(0.3);
  };

  doc.y = MARGIN;
  centre(invoice.supplier.name, BOLD, 10);
  if (invoice.supplier.address) centre(invoice.supplier.address, REGULAR, 7.5);
  const supplierState = stateText(invoice.supplier.stateCode);
  if (supplierState) centre(`State: ${supplierState}`, REGULAR, 7.5);
  centre(`GSTIN: ${invoice.supplier.gstin ?? "Unregistered"}`, REGULAR, 7.5);
  rule();
  centre(documentTitle(invoice).toUpperCase(), BOLD, 9);
  // Issue 9: Rule 5(1)(g)'s declaration on a composition supplier's bill of supply.
  const declaration = documentDeclaration(invoice);
  if (declaration) centre(declaration, REGULAR, 7);
  // Issue 9: the LUT declaration, the recipient's reverse-charge tax, the shipping bill.
  for (const note of supplyNotes(invoice, (paise) => rupee(formatPaise(paise)))) centre(note, REGULAR, 7);
  if (isCancelled(invoice)) {
    centre(`CANCELLED${invoice.cancelledAt ? ` on ${dateText(invoice.cancelledAt)}` : ""}`, BOLD, 9);
    if (invoice.cancelReason) centre(`Reason: ${invoice.cancelReason}`, REGULAR, 7);
  } else if (invoice.revisedAt) centre(`Revised on ${dateText(invoice.revisedAt)}`, REGULAR, 7);
  pair(isBillOfSupply(invoice) ? "Bill No" : "Invoice No", invoice.invoiceNumber);
  pair("Date", dateText(invoice.issueDate));
  if (invoice.dueDate) pair("Due", dateText(invoice.dueDate));
  line(`Place of Supply: ${stateText(invoice.placeOfSupply)}`);
  line(`Tax payable on reverse charge: ${invoice.reverseCharge ? "Yes" : "No"}`);
  rule();
  line(`Bill To: ${invoice.customer.name}`, BOLD);
  if (invoice.customer.address) line(invoice.customer.address, REGULAR, 7);
  const customerState = stateText(invoice.customer.stateCode);
  if (customerState) line(`State: ${customerState}`, REGULAR, 7);
  line(`GSTIN: ${invoice.customer.gstNumber ?? "Unregistered"}`, REGULAR, 7);
  const shipTo = deliveryAddress(invoice, extras);
  if (shipTo) line(`Ship To: ${shipTo}`, REGULAR, 7);
  rule();

  const intra = invoice.taxKind === "intra";
  const state = invoice.stateTaxLabel;
  invoice.items.forEach((item, index) => {
    line(`${index + 1}. ${describedItem(item)}`, BOLD);
    const discount = item.discount && Number(item.discount) !== 0 ? `, less ${item.discountType === "percentage" ? `${item.discount}%` : rupee(item.discount)}` : "";
    pair(`${formatQuantity(item.quantity, item.unit ?? "NOS")} × ${rupee(item.price)}${discount}`, rupee(item.amount));
    const half = `${String(Number(item.gstRate) / 2)}%`;
    // A bill of supply shows no heads; an untaxed line on a tax invoice says why instead.
    const heads =
      isBillOfSupply(invoice) || rateText(item, "") === "-"
        ? ""
        : intra
          ? ` · CGST ${half} ${grouped(item.cgstAmount)}, ${state} ${half} ${grouped(item.sgstAmount)}`
          : ` · IGST ${item.gstRate}% ${grouped(item.igstAmount)}`;
    const cess = toPaise(item.cessAmount) !== 0 ? `, Cess ${grouped(item.cessAmount)}` : "";
    line(`HSN/SAC ${item.hsnCode ?? "-"} · Taxable ${grouped(item.taxableValue)}${heads}${cess}`, REGULAR, 6.5);
    doc.moveDown(0.2);
  });
  rule();

  pair("Taxable value", rupee(invoice.subtotal));
  if (isBillOfSupply(invoice)) {
    // No tax heads on a bill of supply.
  } else if (intra) {
    pair("CGST", rupee(invoice.cgstAmount));
    pair(state, rupee(invoice.sgstAmount));
  } else pair("IGST", rupee(invoice.igstAmount));
  if (toPaise(invoice.cessAmount) !== 0) pair("Cess", rupee(invoice.cessAmount));
  const roundOff = invoice.roundOff ?? "0.00";
  if (nonZero(roundOff)) pair("Round off", rupee(roundOff));
  pair("Total", rupee(invoice.total), BOLD, 9);
  line(amountInWords(toPaise(invoice.total)), REGULAR, 6.5);
  rule();

  const due = amountDue(invoice);
  if (due && extras.upiId && toPaise(due) > 0) {
    const size = 110;
    const y = doc.y;
    drawQr(doc, upiPayUrl(extras.upiId, invoice.supplier.name, due, invoice.invoiceNumber), left + (width - size) / 2, y, size);
    doc.y = y + size + 2;
    centre(`Scan to pay ${rupee(due)} by UPI`, REGULAR, 7);
    centre(`UPI: ${extras.upiId}`, REGULAR, 7);
  }
  const bank = [extras.bankName, extras.bankAccountNumber && `A/c ${extras.bankAccountNumber}`, extras.bankIfsc && `IFSC ${extras.bankIfsc}`].filter(Boolean).join(" · ");
  if (bank) centre(bank, REGULAR, 7);
  if (invoice.notes) {
    doc.moveDown(0.3);
    line(invoice.notes, REGULAR, 7);
  }
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(7.5).text(`For ${invoice.supplier.name}`, left, doc.y, { width, align: "right" });
  doc.moveDown(1.5);
  doc.font(REGULAR).fontSize(7).text("Authorised signatory", left, doc.y, { width, align: "right" });
  return doc.y;
}
