import PDFDocument from "pdfkit";
import { amountInWords, formatPaise, formatQuantity, supplyNotes, toPaise, type Invoice, type InvoiceItem } from "@bahi/shared/contract";
import {
  amountDue,
  BOLD,
  collect,
  dateText,
  deliveryAddress,
  drawLogo,
  drawTable,
  drawQr,
  LOGO_BOX,
  grouped,
  isCancelled,
  nonZero,
  REGULAR,
  registerFonts,
  rupee,
  stateText,
  upiPayUrl,
  type DocumentExtras,
  type TableColumn,
} from "./pdfParts.ts";
import { thermalPdf } from "./thermalPdf.ts";
import { describedItem, documentDeclaration, documentTitle, isBillOfSupply, rateText } from "./documentKind.ts";

export type { DocumentExtras } from "./pdfParts.ts";
export type InvoiceLayout = "a4" | "thermal";

export const discountText = (item: InvoiceItem) =>
  !item.discount || Number(item.discount) === 0 ? "-" : item.discountType === "percentage" ? `${item.discount}%` : grouped(item.discount);

/** Each head's rate on a line: CGST and SGST split the GST rate in half (GST.md §2.1). */
export const halfRate = (rate: string) => `${String(Number(rate) / 2)}%`;

/**
 * A GST tax invoice with every particular CGST Rule 46 requires (GST.md §8.1): supplier and
 * recipient with name, address, state (name and code) and GSTIN; the delivery address where it
 * differs; a serial number and date; HSN/SAC, description, quantity, rate, discount and taxable
 * value per line; each tax head's rate and amount; place of supply with the state's name;
 * whether tax is payable on reverse charge; the total in figures and words; and the signature
 * block. Bank details and a UPI QR for the amount due follow when the business gave them.
 */
export function invoicePdf(invoice: Invoice, extras: DocumentExtras = {}, layout: InvoiceLayout = "a4"): Promise<Buffer> {
  return layout === "thermal" ? thermalPdf(invoice, extras) : a4Pdf(invoice, extras);
}

function a4Pdf(invoice: Invoice, extras: DocumentExtras): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `${documentTitle(invoice)} ${invoice.invoiceNumber}` } });
  const done = collect(doc);
  registerFonts(doc);

  const left = 40;
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 40;
  const half = width / 2 - 10;
  const rightX = left + width / 2 + 10;

  // The title block stays centred on the page and clear of the logo in the top-left corner.
  const inset = extras.logo ? LOGO_BOX.width + 12 : 0;
  const titleWidth = width - 2 * inset;
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor("#000000")
    .text(documentTitle(invoice).toUpperCase(), left + inset, 36, { width: titleWidth, align: "center" });
  // Issue 9: Rule 5(1)(g)'s declaration on a composition supplier's bill of supply.
  const declaration = documentDeclaration(invoice);
  if (declaration) doc.font(REGULAR).fontSize(9).text(declaration, { width: titleWidth, align: "center" });
  // Issue 9: the LUT declaration, the recipient's reverse-charge tax, the shipping bill.
  for (const note of supplyNotes(invoice, (paise) => rupee(formatPaise(paise)))) doc.font(REGULAR).fontSize(8.5).text(note, { width: titleWidth, align: "center" });
  if (isCancelled(invoice)) {
    const when = invoice.cancelledAt ? ` on ${dateText(invoice.cancelledAt)}` : "";
    doc.font(BOLD).fontSize(12).fillColor("#b91c1c").text(`CANCELLED${when}`, { width: titleWidth, align: "center" });
    if (invoice.cancelReason) doc.font(REGULAR).fontSize(9).text(`Reason: ${invoice.cancelReason}`, { width: titleWidth, align: "center" });
    doc.fillColor("#000000");
  } else if (invoice.revisedAt) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor("#555555")
      .text(`Revised on ${dateText(invoice.revisedAt)}`, { width: titleWidth, align: "center" })
      .fillColor("#000000");
  }
  doc.moveDown(0.6);
  doc.y = Math.max(doc.y, drawLogo(doc, extras.logo, left, 36) + 8);

  // Supplier (left) and the invoice's own particulars (right).
  const top = doc.y;
  doc.font(BOLD).fontSize(11).text(invoice.supplier.name, left, top, { width: half });
  doc.font(REGULAR).fontSize(9);
  if (invoice.supplier.address) doc.text(invoice.supplier.address, { width: half });
  if (invoice.supplier.pinCode) doc.text(`PIN: ${invoice.supplier.pinCode}`, { width: half });
  const supplierState = stateText(invoice.supplier.stateCode);
  if (supplierState) doc.text(`State: ${supplierState}`, { width: half });
  doc.text(`GSTIN: ${invoice.supplier.gstin ?? "Unregistered"}`, { width: half });
  const leftBottom = doc.y;

  doc.font(REGULAR).fontSize(9);
  // Issue 9: a bill of supply is numbered and dated as a bill.
  const noun = isBillOfSupply(invoice) ? "Bill" : "Invoice";
  doc.text(`${noun} No: ${invoice.invoiceNumber}`, rightX, top, { width: half });
  doc.text(`${noun} Date: ${dateText(invoice.issueDate)}`, { width: half });
  if (invoice.dueDate) doc.text(`Due Date: ${dateText(invoice.dueDate)}`, { width: half });
  doc.text(`Place of Supply: ${stateText(invoice.placeOfSupply)}`, { width: half });
  doc.text(`Tax payable on reverse charge: ${invoice.reverseCharge ? "Yes" : "No"}`, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 10;

  // Recipient, and the delivery address beside it where different.
  const shipTo = deliveryAddress(invoice, extras);
  const partyTop = doc.y;
  doc
    .moveTo(left, partyTop - 4)
    .lineTo(left + width, partyTop - 4)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke();
  doc.font(BOLD).fontSize(9).text("Bill To", left, partyTop, { width: half });
  doc.font(BOLD).text(invoice.customer.name, { width: half });
  doc.font(REGULAR);
  if (invoice.customer.address) doc.text(invoice.customer.address, { width: half });
  const customerState = stateText(invoice.customer.stateCode);
  if (customerState) doc.text(`State: ${customerState}`, { width: half });
  doc.text(`GSTIN: ${invoice.customer.gstNumber ?? "Unregistered"}`, { width: half });
  const billBottom = doc.y;
  if (shipTo) {
    doc.font(BOLD).text("Ship To (delivery address)", rightX, partyTop, { width: half });
    doc.font(REGULAR).text(invoice.customer.name, { width: half }).text(shipTo, { width: half });
  }
  doc.y = Math.max(billBottom, doc.y) + 10;

  // The lines: one column per head's rate and amount.
  const intra = invoice.taxKind === "intra";
  const state = invoice.stateTaxLabel;
  const withCess = invoice.items.some((item) => toPaise(item.cessAmount) !== 0);
  type Column = TableColumn<InvoiceItem>;
  const columns: Column[] = [
    { title: "#", weight: 14, align: "left", cell: (_item, index) => String(index + 1) },
    // Issue 9: the quantity carries its unit ("2.5 KGS"), so Qty takes width from the description.
    { title: "Description", weight: intra ? 74 : 102, align: "left", cell: (item) => describedItem(item) },
    { title: "HSN/SAC", weight: 40, align: "left", cell: (item) => item.hsnCode ?? "-" },
    { title: "Qty", weight: 38, align: "right", cell: (item) => formatQuantity(item.quantity, item.unit ?? "NOS") },
    { title: "Rate (₹)", weight: 48, align: "right", cell: (item) => grouped(item.price) },
    { title: "Discount", weight: 42, align: "right", cell: discountText },
    { title: "Taxable value (₹)", weight: 56, align: "right", cell: (item) => grouped(item.taxableValue) },
    // Issue 9: a bill of supply has no tax columns; untaxed lines show "Exempt" and the like for a rate.
    ...(isBillOfSupply(invoice)
      ? []
      : intra
        ? ([
            { title: "CGST rate", weight: 30, align: "center", cell: (item: InvoiceItem) => rateText(item, halfRate(item.gstRate)) },
            { title: "CGST (₹)", weight: 44, align: "right", cell: (item: InvoiceItem) => grouped(item.cgstAmount) },
            { title: `${state} rate`, weight: 30, align: "center", cell: (item: InvoiceItem) => rateText(item, halfRate(item.gstRate)) },
            { title: `${state} (₹)`, weight: 44, align: "right", cell: (item: InvoiceItem) => grouped(item.sgstAmount) },
          ] satisfies Column[])
        : ([
            { title: "IGST rate", weight: 32, align: "center", cell: (item: InvoiceItem) => rateText(item, `${item.gstRate}%`) },
            { title: "IGST (₹)", weight: 52, align: "right", cell: (item: InvoiceItem) => grouped(item.igstAmount) },
          ] satisfies Column[])),
    ...(withCess ? [{ title: "Cess (₹)", weight: 40, align: "right", cell: (item: InvoiceItem) => grouped(item.cessAmount) } satisfies Column] : []),
    { title: "Amount (₹)", weight: 56, align: "right", cell: (item) => grouped(item.amount) },
  ];
  drawTable(doc, columns, invoice.items, { left, width, bottom });
  doc.moveDown(0.6);

  // Totals on the right; bank details and the UPI QR on the left.
  const totals: [string, string][] = [["Taxable value", invoice.subtotal]];
  if (isBillOfSupply(invoice)) {
    // No tax heads on a bill of supply: the total is the value of the goods or services.
  } else if (intra) totals.push(["CGST", invoice.cgstAmount], [state, invoice.sgstAmount]);
  else totals.push(["IGST", invoice.igstAmount]);
  if (toPaise(invoice.cessAmount) !== 0) totals.push(["Cess", invoice.cessAmount]);
  const roundOff = invoice.roundOff ?? "0.00";
  if (nonZero(roundOff)) totals.push(["Round off", roundOff]);
  totals.push(["Total", invoice.total]);
  const due = amountDue(invoice);
  const upi = due && extras.upiId && toPaise(due) > 0 ? upiPayUrl(extras.upiId, invoice.supplier.name, due, invoice.invoiceNumber) : null;
  const bankLines = [
    extras.bankName && `Bank: ${extras.bankName}`,
    extras.bankAccountNumber && `A/c No: ${extras.bankAccountNumber}`,
    extras.bankIfsc && `IFSC: ${extras.bankIfsc}`,
    extras.upiId && `UPI: ${extras.upiId}`,
  ].filter((line): line is string => Boolean(line));
  const blockHeight = Math.max(totals.length * 14, upi ? 110 : bankLines.length * 12 + 14);
  if (doc.y + blockHeight + 130 > bottom) {
    doc.addPage();
    doc.y = 40;
  }
  const blockTop = doc.y;
  let y = blockTop;
  for (const [label, amount] of totals) {
    doc.font(label === "Total" ? BOLD : REGULAR).fontSize(label === "Total" ? 10 : 9);
    doc.text(label, left + width - 220, y, { width: 110 });
    doc.text(rupee(amount), left + width - 110, y, { width: 110, align: "right" });
    y += 14;
  }
  if (bankLines.length > 0) {
    doc.font(BOLD).fontSize(9).text("Bank details", left, blockTop, { width: 170 });
    doc.font(REGULAR).fontSize(8.5);
    for (const line of bankLines) doc.text(line, { width: 170 });
  }
  if (upi) {
    const qrX = left + 180;
    drawQr(doc, upi, qrX, blockTop, 90);
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .text(`Scan to pay ${rupee(due!)} by UPI`, qrX - 10, blockTop + 92, { width: 110, align: "center" });
  }
  doc.y = Math.max(y, blockTop + (upi ? 110 : bankLines.length * 12 + 14)) + 8;

  doc
    .font(REGULAR)
    .fontSize(9)
    .text(`Amount in words: ${amountInWords(toPaise(invoice.total))}`, left, doc.y, { width });
  if (invoice.notes) {
    doc.moveDown(0.6);
    doc.font(BOLD).text("Notes", left);
    doc.font(REGULAR).text(invoice.notes, { width });
  }
  doc.moveDown(2);
  doc.font(BOLD).fontSize(9).text(`For ${invoice.supplier.name}`, left, doc.y, { width, align: "right" });
  doc.moveDown(2.5);
  doc.font(REGULAR).text("Authorised signatory", left, doc.y, { width, align: "right" });
  doc.end();
  return done;
}
