import PDFDocument from "pdfkit";
import { amountInWords, placeOfSupplyLabel, toPaise, type Invoice } from "@bahi/shared/contract";

/** en-IN grouping without a currency glyph: the PDF's standard fonts have no ₹, so amounts read "Rs. 1,23,456.00". */
function rupees(amount: string): string {
  const [whole, fraction = "00"] = amount.split(".");
  const grouped = new Intl.NumberFormat("en-IN").format(BigInt(whole!));
  return `${grouped}.${fraction.padEnd(2, "0")}`;
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * A GST tax invoice with the particulars CGST Rule 46 requires (GST.md §8.1): supplier and
 * recipient with GSTINs and addresses, a serial number and date, place of supply with the
 * state's name, HSN, quantities, taxable values, rates and amounts per tax head, the total,
 * and the total in words.
 */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Tax Invoice ${invoice.invoiceNumber}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const left = 40;
  const width = doc.page.width - 80;
  doc.font("Helvetica-Bold").fontSize(16).text("TAX INVOICE", left, 40, { width, align: "center" });
  doc.moveDown(0.5);

  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).text(invoice.supplier.name, left, top, { width: width / 2 - 10 });
  doc.font("Helvetica").fontSize(9);
  if (invoice.supplier.address) doc.text(invoice.supplier.address, { width: width / 2 - 10 });
  doc.text(`GSTIN: ${invoice.supplier.gstin ?? "Unregistered"}`);
  if (invoice.supplier.stateCode) doc.text(`State: ${placeOfSupplyLabel(invoice.supplier.stateCode)}`);
  const leftBottom = doc.y;

  const rightX = left + width / 2 + 10;
  doc.font("Helvetica").fontSize(9);
  doc.text(`Invoice No: ${invoice.invoiceNumber}`, rightX, top, { width: width / 2 - 10 });
  doc.text(`Invoice Date: ${dateText(invoice.issueDate)}`);
  if (invoice.dueDate) doc.text(`Due Date: ${dateText(invoice.dueDate)}`);
  doc.text(`Place of Supply: ${placeOfSupplyLabel(invoice.placeOfSupply)}`);
  doc.text(`Reverse Charge: ${invoice.reverseCharge ? "Yes" : "No"}`);
  doc.y = Math.max(leftBottom, doc.y) + 12;

  doc.font("Helvetica-Bold").fontSize(10).text("Bill To", left);
  doc.font("Helvetica").fontSize(9).text(invoice.customer.name);
  if (invoice.customer.address) doc.text(invoice.customer.address);
  doc.text(`GSTIN: ${invoice.customer.gstNumber ?? "Unregistered"}`);
  doc.moveDown(0.8);

  const intra = invoice.taxKind === "intra";
  const state = invoice.stateTaxLabel;
  const columns = intra
    ? ["#", "Item", "HSN", "Qty", "Rate", "Taxable", "GST %", "CGST", state, "Amount"]
    : ["#", "Item", "HSN", "Qty", "Rate", "Taxable", "GST %", "IGST", "Amount"];
  const widths = intra ? [18, 120, 44, 30, 52, 60, 34, 50, 50, 57] : [18, 150, 48, 32, 56, 66, 36, 60, 49];
  const scale = width / widths.reduce((a, b) => a + b, 0);
  const colWidths = widths.map((w) => w * scale);
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const w = colWidths[i]!;
      const options = { width: w - 4, align: (i >= 3 && i !== 6 ? "right" : i === 6 ? "center" : "left") as "left" | "right" | "center" };
      height = Math.max(height, doc.heightOfString(cell, options));
      doc.text(cell, x + 2, y, options);
      x += w;
    });
    doc.y = y + height + 4;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.3).strokeColor("#999999").stroke();
  };
  row(columns, true);
  invoice.items.forEach((item, index) => {
    const base = [String(index + 1), item.product.name, item.hsnCode ?? "-", String(item.quantity), rupees(item.price), rupees(item.taxableValue), `${item.gstRate}%`];
    row(intra ? [...base, rupees(item.cgstAmount), rupees(item.sgstAmount), rupees(item.amount)] : [...base, rupees(item.igstAmount), rupees(item.amount)]);
  });

  doc.moveDown(0.5);
  const totals: [string, string][] = [["Taxable value", invoice.subtotal]];
  if (intra) totals.push(["CGST", invoice.cgstAmount], [state, invoice.sgstAmount]);
  else totals.push(["IGST", invoice.igstAmount]);
  if (toPaise(invoice.cessAmount) > 0) totals.push(["Cess", invoice.cessAmount]);
  totals.push(["Total", invoice.total]);
  for (const [label, amount] of totals) {
    const y = doc.y;
    doc.font(label === "Total" ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    doc.text(label, left + width - 220, y, { width: 110 });
    doc.text(`Rs. ${rupees(amount)}`, left + width - 110, y, { width: 110, align: "right" });
  }
  doc.moveDown(0.6);
  doc.font("Helvetica").fontSize(9).text(`Amount in words: ${amountInWords(toPaise(invoice.total))}`, left, doc.y, { width });
  if (invoice.notes) {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").text("Notes", left);
    doc.font("Helvetica").text(invoice.notes, { width });
  }
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).text(`For ${invoice.supplier.name}`, left, doc.y, { width, align: "right" });
  doc.moveDown(2);
  doc.text("Authorised Signatory", left, doc.y, { width, align: "right" });
  doc.end();
  return done;
}
