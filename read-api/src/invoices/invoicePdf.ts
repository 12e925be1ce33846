import PDFDocument from "pdfkit";
import { amountInWords, toPaise, type Invoice, type InvoiceItem } from "@bahi/shared/contract";
import { amountDue, BOLD, collect, dateText, deliveryAddress, drawQr, grouped, isCancelled, nonZero, REGULAR, registerFonts, rupee, stateText, upiPayUrl, type DocumentExtras } from "./pdfParts.ts";
import { thermalPdf } from "./thermalPdf.ts";

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
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Tax Invoice ${invoice.invoiceNumber}` } });
  const done = collect(doc);
  registerFonts(doc);

  const left = 40;
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 40;
  const half = width / 2 - 10;
  const rightX = left + width / 2 + 10;

  doc.font(BOLD).fontSize(16).fillColor("#000000").text("TAX INVOICE", left, 36, { width, align: "center" });
  if (isCancelled(invoice)) {
    const when = invoice.cancelledAt ? ` on ${dateText(invoice.cancelledAt)}` : "";
    doc.font(BOLD).fontSize(12).fillColor("#b91c1c").text(`CANCELLED${when}`, { width, align: "center" });
    if (invoice.cancelReason) doc.font(REGULAR).fontSize(9).text(`Reason: ${invoice.cancelReason}`, { width, align: "center" });
    doc.fillColor("#000000");
  } else if (invoice.revisedAt) {
    doc.font(REGULAR).fontSize(9).fillColor("#555555").text(`Revised on ${dateText(invoice.revisedAt)}`, { width, align: "center" }).fillColor("#000000");
  }
  doc.moveDown(0.6);

  // Supplier (left) and the invoice's own particulars (right).
  const top = doc.y;
  doc.font(BOLD).fontSize(11).text(invoice.supplier.name, left, top, { width: half });
  doc.font(REGULAR).fontSize(9);
  if (invoice.supplier.address) doc.text(invoice.supplier.address, { width: half });
  const supplierState = stateText(invoice.supplier.stateCode);
  if (supplierState) doc.text(`State: ${supplierState}`, { width: half });
  doc.text(`GSTIN: ${invoice.supplier.gstin ?? "Unregistered"}`, { width: half });
  const leftBottom = doc.y;

  doc.font(REGULAR).fontSize(9);
  doc.text(`Invoice No: ${invoice.invoiceNumber}`, rightX, top, { width: half });
  doc.text(`Invoice Date: ${dateText(invoice.issueDate)}`, { width: half });
  if (invoice.dueDate) doc.text(`Due Date: ${dateText(invoice.dueDate)}`, { width: half });
  doc.text(`Place of Supply: ${stateText(invoice.placeOfSupply)}`, { width: half });
  doc.text(`Tax payable on reverse charge: ${invoice.reverseCharge ? "Yes" : "No"}`, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 10;

  // Recipient, and the delivery address beside it where different.
  const shipTo = deliveryAddress(invoice, extras);
  const partyTop = doc.y;
  doc.moveTo(left, partyTop - 4).lineTo(left + width, partyTop - 4).lineWidth(0.5).strokeColor("#999999").stroke();
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
  type Column = { title: string; weight: number; align: "left" | "right" | "center"; cell: (item: InvoiceItem, index: number) => string };
  const columns: Column[] = [
    { title: "#", weight: 14, align: "left", cell: (_item, index) => String(index + 1) },
    { title: "Description", weight: intra ? 86 : 114, align: "left", cell: (item) => item.product.name },
    { title: "HSN/SAC", weight: 40, align: "left", cell: (item) => item.hsnCode ?? "-" },
    { title: "Qty", weight: 26, align: "right", cell: (item) => String(item.quantity) },
    { title: "Rate (₹)", weight: 48, align: "right", cell: (item) => grouped(item.price) },
    { title: "Discount", weight: 42, align: "right", cell: discountText },
    { title: "Taxable value (₹)", weight: 56, align: "right", cell: (item) => grouped(item.taxableValue) },
    ...(intra
      ? [
          { title: "CGST rate", weight: 30, align: "center", cell: (item: InvoiceItem) => halfRate(item.gstRate) },
          { title: "CGST (₹)", weight: 44, align: "right", cell: (item: InvoiceItem) => grouped(item.cgstAmount) },
          { title: `${state} rate`, weight: 30, align: "center", cell: (item: InvoiceItem) => halfRate(item.gstRate) },
          { title: `${state} (₹)`, weight: 44, align: "right", cell: (item: InvoiceItem) => grouped(item.sgstAmount) },
        ] satisfies Column[]
      : [
          { title: "IGST rate", weight: 32, align: "center", cell: (item: InvoiceItem) => `${item.gstRate}%` },
          { title: "IGST (₹)", weight: 52, align: "right", cell: (item: InvoiceItem) => grouped(item.igstAmount) },
        ] satisfies Column[]),
    ...(withCess ? [{ title: "Cess (₹)", weight: 40, align: "right", cell: (item: InvoiceItem) => grouped(item.cessAmount) } satisfies Column] : []),
    { title: "Amount (₹)", weight: 56, align: "right", cell: (item) => grouped(item.amount) },
  ];
  const scale = width / columns.reduce((sum, column) => sum + column.weight, 0);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(7.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.weight * scale - 4 })));
    if (doc.y + height + 6 > bottom) {
      doc.addPage();
      doc.y = 40;
      if (!bold) row(columns.map((column) => column.title), true);
      doc.font(bold ? BOLD : REGULAR).fontSize(7.5);
    }
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const w = columns[i]!.weight * scale;
      doc.text(cell, x + 2, y, { width: w - 4, align: columns[i]!.align });
      x += w;
    });
    doc.y = y + height + 4;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.3).strokeColor("#999999").stroke();
  };
  row(columns.map((column) => column.title), true);
  invoice.items.forEach((item, index) => row(columns.map((column) => column.cell(item, index)), false));
  doc.moveDown(0.6);

  // Totals on the right; bank details and the UPI QR on the left.
  const totals: [string, string][] = [["Taxable value", invoice.subtotal]];
  if (intra) totals.push(["CGST", invoice.cgstAmount], [state, invoice.sgstAmount]);
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
    doc.font(REGULAR).fontSize(7.5).text(`Scan to pay ${rupee(due!)} by UPI`, qrX - 10, blockTop + 92, { width: 110, align: "center" });
  }
  doc.y = Math.max(y, blockTop + (upi ? 110 : bankLines.length * 12 + 14)) + 8;

  doc.font(REGULAR).fontSize(9).text(`Amount in words: ${amountInWords(toPaise(invoice.total))}`, left, doc.y, { width });
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
