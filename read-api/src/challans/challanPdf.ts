import PDFDocument from "pdfkit";
import { basisPointsToPercent, CHALLAN_PURPOSE_TEXT, formatPaise } from "@bahi/shared/contract";
import type { DeliveryChallanDocument } from "@bahi/shared/read-models";
import { BOLD, collect, dateText, drawLogo, drawTable, grouped, REGULAR, registerFonts, rupee, stateText, type TableColumn } from "../invoices/pdfParts.ts";

/**
 * A delivery challan with the particulars CGST Rule 55(1) requires: its number and date; the
 * consigner's name, address and GSTIN; the consignee's name, address and GSTIN or state; the
 * goods' HSN, description, quantity and taxable value; the tax rate and amount where the
 * goods travel for supply to the consignee (`statesTax`); the place of supply for an
 * inter-state movement; and the signature block. Rule 55(2): printed in triplicate.
 */
export function challanPdf(challan: DeliveryChallanDocument, extras: { logo?: Buffer | null } = {}): Promise<Buffer> {
  const facts = challan.facts;
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Delivery Challan ${facts.number}` } });
  const done = collect(doc);
  registerFonts(doc);
  const money = formatPaise;

  const left = 40;
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 40;
  const half = width / 2 - 10;
  const rightX = left + width / 2 + 10;

  doc.font(BOLD).fontSize(16).fillColor("#000000").text("Delivery Challan", left, 36, { width, align: "center" });
  doc.font(REGULAR).fontSize(9).fillColor("#555555").text("Issued under Rule 55 of the CGST Rules — not a tax invoice", { width, align: "center" });
  doc.text("Original for consignee · Duplicate for transporter · Triplicate for consigner", { width, align: "center" }).fillColor("#000000");
  if (challan.status === "cancelled") {
    doc
      .font(BOLD)
      .fontSize(11)
      .fillColor("#b91c1c")
      .text(`CANCELLED${challan.cancelReason ? `: ${challan.cancelReason}` : ""}`, { width, align: "center" })
      .fillColor("#000000");
  }
  doc.moveDown(0.6);
  doc.y = Math.max(doc.y, drawLogo(doc, extras.logo, left, 36) + 8);

  // Consigner (left) and the challan's own particulars (right).
  const top = doc.y;
  doc.font(BOLD).fontSize(9).text("Consigner", left, top, { width: half });
  doc.font(BOLD).fontSize(11).text(facts.supplier.name, { width: half });
  doc.font(REGULAR).fontSize(9);
  if (facts.supplier.address) doc.text(facts.supplier.address, { width: half });
  if (facts.supplier.pinCode) doc.text(`PIN: ${facts.supplier.pinCode}`, { width: half });
  const supplierState = stateText(facts.supplier.stateCode);
  if (supplierState) doc.text(`State: ${supplierState}`, { width: half });
  doc.text(`GSTIN: ${facts.supplier.gstin ?? "Unregistered"}`, { width: half });
  const leftBottom = doc.y;

  doc.text(`Challan No: ${facts.number}`, rightX, top, { width: half });
  doc.text(`Challan Date: ${dateText(facts.issueDate)}`, { width: half });
  doc.text(`Purpose: ${CHALLAN_PURPOSE_TEXT[facts.purpose]}`, { width: half });
  if (facts.taxKind === "inter") doc.text(`Place of Supply: ${stateText(facts.placeOfSupply) ?? facts.placeOfSupply}`, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 10;

  // Consignee.
  const partyTop = doc.y;
  doc
    .moveTo(left, partyTop - 4)
    .lineTo(left + width, partyTop - 4)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke();
  doc.font(BOLD).fontSize(9).text("Consignee", left, partyTop, { width: half });
  doc.font(BOLD).text(facts.customer.name, { width: half });
  doc.font(REGULAR);
  if (facts.customer.address) doc.text(facts.customer.address, { width: half });
  const shipping = facts.customer.shippingAddress;
  if (shipping && shipping !== facts.customer.address) doc.text(`Deliver to: ${shipping}`, { width: half });
  const customerState = stateText(facts.customer.stateCode);
  if (customerState) doc.text(`State: ${customerState}`, { width: half });
  doc.text(`GSTIN: ${facts.customer.gstin ?? "Unregistered"}`, { width: half });
  doc.y += 10;

  // The goods: tax columns only when the challan states tax (Rule 55(1)(g)).
  const intra = facts.taxKind === "intra";
  const state = facts.stateTaxLabel;
  const withCess = facts.lines.some((line) => line.cessPaise !== 0);
  type Line = (typeof facts.lines)[number];
  type Column = TableColumn<Line>;
  const halfRate = (line: Line) => `${String(Number(basisPointsToPercent(line.rateBasisPoints)) / 2)}%`;
  const taxColumns: Column[] = !facts.statesTax
    ? []
    : intra
      ? [
          { title: "CGST rate", weight: 30, align: "center", cell: halfRate },
          { title: "CGST (₹)", weight: 44, align: "right", cell: (line) => grouped(money(line.cgstPaise)) },
          { title: `${state} rate`, weight: 30, align: "center", cell: halfRate },
          { title: `${state} (₹)`, weight: 44, align: "right", cell: (line) => grouped(money(line.sgstPaise)) },
        ]
      : [
          { title: "IGST rate", weight: 32, align: "center", cell: (line) => `${basisPointsToPercent(line.rateBasisPoints)}%` },
          { title: "IGST (₹)", weight: 52, align: "right", cell: (line) => grouped(money(line.igstPaise)) },
        ];
  const columns: Column[] = [
    { title: "#", weight: 14, align: "left", cell: (_line, index) => String(index + 1) },
    { title: "Description", weight: 110, align: "left", cell: (line) => line.productName },
    { title: "HSN/SAC", weight: 40, align: "left", cell: (line) => line.hsnCode ?? "-" },
    { title: "Qty", weight: 40, align: "right", cell: (line) => `${line.quantity} ${line.unit ?? "NOS"}` },
    { title: "Value/unit (₹)", weight: 48, align: "right", cell: (line) => grouped(money(line.pricePaise)) },
    { title: "Taxable value (₹)", weight: 56, align: "right", cell: (line) => grouped(money(line.taxablePaise)) },
    ...taxColumns,
    ...(facts.statesTax && withCess ? [{ title: "Cess (₹)", weight: 40, align: "right", cell: (line: Line) => grouped(money(line.cessPaise)) } satisfies Column] : []),
    ...(facts.statesTax ? [{ title: "Amount (₹)", weight: 56, align: "right", cell: (line: Line) => grouped(money(line.amountPaise)) } satisfies Column] : []),
  ];
  drawTable(doc, columns, facts.lines, { left, width, bottom });
  doc.moveDown(0.6);

  // Totals.
  const totals: [string, number][] = [["Taxable value", facts.subtotalPaise]];
  if (facts.statesTax) {
    if (intra) totals.push(["CGST", facts.cgstPaise], [state, facts.sgstPaise]);
    else totals.push(["IGST", facts.igstPaise]);
    if (facts.cessPaise !== 0) totals.push(["Cess", facts.cessPaise]);
    totals.push(["Value with tax", facts.totalPaise]);
  }
  if (doc.y + totals.length * 14 + 130 > bottom) {
    doc.addPage();
    doc.y = 40;
  }
  let y = doc.y;
  totals.forEach(([label, paise], i) => {
    const last = i === totals.length - 1;
    doc.font(last ? BOLD : REGULAR).fontSize(last ? 10 : 9);
    doc.text(label, left + width - 220, y, { width: 110 });
    doc.text(rupee(money(paise)), left + width - 110, y, { width: 110, align: "right" });
    y += 14;
  });
  doc.y = y + 8;
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(
      facts.statesTax ? "Tax is stated for information: it is charged on the tax invoice when the goods are sold." : "No tax is charged: the goods are not being sold.",
      left,
      doc.y,
      { width },
    );
  if (facts.notes) {
    doc.moveDown(0.6);
    doc.font(BOLD).text("Notes", left);
    doc.font(REGULAR).text(facts.notes, { width });
  }
  doc.moveDown(2);
  doc.font(BOLD).fontSize(9).text(`For ${facts.supplier.name}`, left, doc.y, { width, align: "right" });
  doc.moveDown(2.5);
  doc.font(REGULAR).text("Authorised signatory", left, doc.y, { width, align: "right" });
  doc.end();
  return done;
}
