import PDFDocument from "pdfkit";
import { amountInWords, basisPointsToPercent, formatPaise, type SalesNoteReason } from "@bahi/shared/contract";
import type { SalesNoteDocument } from "@bahi/shared/read-models";
import { BOLD, collect, dateText, drawLogo, drawTable, grouped, REGULAR, registerFonts, rupee, stateText, type TableColumn } from "../invoices/pdfParts.ts";

/** The reason in words a customer reads on the note. */
export const NOTE_REASON_TEXT: Record<SalesNoteReason, string> = {
  sales_return: "Sales return (goods returned)",
  post_sale_discount: "Discount after sale",
  deficiency_in_service: "Deficiency in service",
  correction: "Correction of rate or value",
};

/** An original invoice as the note names it: Rule 53(1A)(h) asks for its number and date. */
export interface NoteOriginal {
  invoiceNumber: string;
  issueDate: string | null;
}

/**
 * A credit or debit note (s.34) with the particulars CGST Rule 53(1A) requires: the document's
 * nature, its number and date; the supplier's and the recipient's name, address, state and
 * GSTIN; the original invoice(s) with their dates; the place of supply; the lines with HSN,
 * quantity, taxable value and each head's rate and amount; the total in figures and words;
 * and the signature block. The figures are the note's as issued (its facts, in paise).
 */
export function notePdf(note: SalesNoteDocument, originals: NoteOriginal[], extras: { logo?: Buffer | null } = {}): Promise<Buffer> {
  const facts = note.facts;
  const title = facts.kind === "credit" ? "Credit Note" : "Debit Note";
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `${title} ${facts.number}` } });
  const done = collect(doc);
  registerFonts(doc);
  const money = formatPaise;

  const left = 40;
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 40;
  const half = width / 2 - 10;
  const rightX = left + width / 2 + 10;

  doc.font(BOLD).fontSize(16).fillColor("#000000").text(title.toUpperCase(), left, 36, { width, align: "center" });
  doc.font(REGULAR).fontSize(9).fillColor("#555555").text(`Issued under section 34 of the CGST Act`, { width, align: "center" }).fillColor("#000000");
  doc.moveDown(0.6);
  doc.y = Math.max(doc.y, drawLogo(doc, extras.logo, left, 36) + 8);

  // Supplier (left) and the note's own particulars (right).
  const top = doc.y;
  doc.font(BOLD).fontSize(11).text(facts.supplier.name, left, top, { width: half });
  doc.font(REGULAR).fontSize(9);
  if (facts.supplier.address) doc.text(facts.supplier.address, { width: half });
  if (facts.supplier.pinCode) doc.text(`PIN: ${facts.supplier.pinCode}`, { width: half });
  const supplierState = stateText(facts.supplier.stateCode);
  if (supplierState) doc.text(`State: ${supplierState}`, { width: half });
  doc.text(`GSTIN: ${facts.supplier.gstin ?? "Unregistered"}`, { width: half });
  const leftBottom = doc.y;

  doc.text(`${title} No: ${facts.number}`, rightX, top, { width: half });
  doc.text(`${title} Date: ${dateText(facts.issueDate)}`, { width: half });
  const against = originals.map((original) => (original.issueDate ? `${original.invoiceNumber} dated ${dateText(original.issueDate)}` : original.invoiceNumber));
  doc.text(`Against invoice${against.length > 1 ? "s" : ""}: ${against.join(", ")}`, { width: half });
  doc.text(`Place of Supply: ${stateText(facts.placeOfSupply)}`, { width: half });
  doc.text(`Reason: ${NOTE_REASON_TEXT[facts.reason]}`, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 10;

  // Recipient.
  const partyTop = doc.y;
  doc
    .moveTo(left, partyTop - 4)
    .lineTo(left + width, partyTop - 4)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke();
  doc.font(BOLD).fontSize(9).text("Recipient", left, partyTop, { width: half });
  doc.font(BOLD).text(facts.customer.name, { width: half });
  doc.font(REGULAR);
  if (facts.customer.address) doc.text(facts.customer.address, { width: half });
  const customerState = stateText(facts.customer.stateCode);
  if (customerState) doc.text(`State: ${customerState}`, { width: half });
  doc.text(`GSTIN: ${facts.customer.gstin ?? "Unregistered"}`, { width: half });
  doc.y += 10;

  // The lines: one column per head's rate and amount, as on the invoice.
  const intra = facts.taxKind === "intra";
  const state = facts.stateTaxLabel;
  const withCess = facts.lines.some((line) => line.cessPaise !== 0);
  const numberOf = new Map(originals.map((original, i) => [facts.invoiceIds[i], original.invoiceNumber]));
  type Line = (typeof facts.lines)[number];
  type Column = TableColumn<Line>;
  const halfRate = (line: Line) => `${String(Number(basisPointsToPercent(line.rateBasisPoints)) / 2)}%`;
  const columns: Column[] = [
    { title: "#", weight: 14, align: "left", cell: (_line, index) => String(index + 1) },
    { title: "Description", weight: intra ? 80 : 108, align: "left", cell: (line) => line.productName },
    ...(facts.invoiceIds.length > 1 ? [{ title: "Invoice", weight: 50, align: "left", cell: (line: Line) => numberOf.get(line.invoiceId) ?? "" } satisfies Column] : []),
    { title: "HSN/SAC", weight: 40, align: "left", cell: (line) => line.hsnCode ?? "-" },
    { title: "Qty", weight: 26, align: "right", cell: (line) => String(line.quantity) },
    { title: "Rate (₹)", weight: 48, align: "right", cell: (line) => grouped(money(line.pricePaise)) },
    { title: "Taxable value (₹)", weight: 56, align: "right", cell: (line) => grouped(money(line.taxablePaise)) },
    ...(intra
      ? ([
          { title: "CGST rate", weight: 30, align: "center", cell: halfRate },
          { title: "CGST (₹)", weight: 44, align: "right", cell: (line: Line) => grouped(money(line.cgstPaise)) },
          { title: `${state} rate`, weight: 30, align: "center", cell: halfRate },
          { title: `${state} (₹)`, weight: 44, align: "right", cell: (line: Line) => grouped(money(line.sgstPaise)) },
        ] satisfies Column[])
      : ([
          { title: "IGST rate", weight: 32, align: "center", cell: (line: Line) => `${basisPointsToPercent(line.rateBasisPoints)}%` },
          { title: "IGST (₹)", weight: 52, align: "right", cell: (line: Line) => grouped(money(line.igstPaise)) },
        ] satisfies Column[])),
    ...(withCess ? [{ title: "Cess (₹)", weight: 40, align: "right", cell: (line: Line) => grouped(money(line.cessPaise)) } satisfies Column] : []),
    { title: "Amount (₹)", weight: 56, align: "right", cell: (line) => grouped(money(line.amountPaise)) },
  ];
  drawTable(doc, columns, facts.lines, { left, width, bottom });
  doc.moveDown(0.6);

  // Totals.
  const totals: [string, number][] = [["Taxable value", facts.subtotalPaise]];
  if (intra) totals.push(["CGST", facts.cgstPaise], [state, facts.sgstPaise]);
  else totals.push(["IGST", facts.igstPaise]);
  if (facts.cessPaise !== 0) totals.push(["Cess", facts.cessPaise]);
  if ((facts.roundOffPaise ?? 0) !== 0) totals.push(["Round off", facts.roundOffPaise!]);
  totals.push([`${title} total`, facts.totalPaise]);
  if (doc.y + totals.length * 14 + 130 > bottom) {
    doc.addPage();
    doc.y = 40;
  }
  let y = doc.y;
  for (const [label, paise] of totals) {
    const last = label.endsWith("total");
    doc.font(last ? BOLD : REGULAR).fontSize(last ? 10 : 9);
    doc.text(label, left + width - 220, y, { width: 110 });
    doc.text(rupee(money(paise)), left + width - 110, y, { width: 110, align: "right" });
    y += 14;
  }
  doc.y = y + 8;
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(`Amount in words: ${amountInWords(facts.totalPaise)}`, left, doc.y, { width });
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
