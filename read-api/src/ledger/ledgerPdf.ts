/** Issue 10: the customer's statement of account as a PDF (A4, Noto Sans for ₹). */
import PDFDocument from "pdfkit";
import type { CustomerLedger, LedgerEntry } from "@bahi/shared/contract";
import { BOLD, collect, drawTable, REGULAR, registerFonts, rupee, type TableColumn } from "../invoices/pdfParts.ts";

export interface StatementBusiness {
  name: string;
  gstin: string | null;
  address: string | null;
}

/** "2026-04-01" → "01 Apr 2026" (a calendar date, no time zone involved). */
const day = (iso: string) => {
  const [y, m, d] = iso.split("-");
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${d} ${months[Number(m) - 1]} ${y}`;
};
const blankZero = (amount: string) => (amount === "0.00" ? "" : rupee(amount));
/** A balance reads "₹1,180.00 Dr" (the customer owes) or "₹200.00 Cr" (we owe them). */
export const drCr = (amount: string) => (amount === "0.00" ? rupee(amount) : amount.startsWith("-") ? `${rupee(amount.slice(1))} Cr` : `${rupee(amount)} Dr`);

export function ledgerPdf(ledger: CustomerLedger, business: StatementBusiness): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Statement of account: ${ledger.customer.name}, ${ledger.from} to ${ledger.to}` } });
  const done = collect(doc);
  registerFonts(doc);
  const left = 40;
  const width = doc.page.width - 80;
  doc.font(BOLD).fontSize(16).text("Statement of account", left, 40, { width, align: "center" });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(11).text(business.name, left, doc.y, { width });
  doc.font(REGULAR).fontSize(9);
  if (business.gstin) doc.text(`GSTIN: ${business.gstin}`);
  if (business.address) doc.text(business.address, { width: width / 2 });
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(10).text("Customer", left, doc.y);
  doc.font(REGULAR).fontSize(10).text(ledger.customer.name);
  if (ledger.customer.gstNumber) doc.fontSize(9).text(`GSTIN: ${ledger.customer.gstNumber}`);
  doc.fontSize(9).text(`Period: ${day(ledger.from)} to ${day(ledger.to)}`);
  doc.moveDown(0.6);
  doc
    .font(BOLD)
    .fontSize(10)
    .text(`Opening balance: ${drCr(ledger.openingBalance)}`);
  doc.moveDown(0.4);
  const columns: TableColumn<LedgerEntry>[] = [
    { title: "Date", weight: 1.3, align: "left", cell: (e) => day(e.date) },
    { title: "Particulars", weight: 3.4, align: "left", cell: (e) => e.description },
    { title: "Ref.", weight: 1.6, align: "left", cell: (e) => e.number ?? "" },
    { title: "Debit", weight: 1.5, align: "right", cell: (e) => blankZero(e.debit) },
    { title: "Credit", weight: 1.5, align: "right", cell: (e) => blankZero(e.credit) },
    { title: "Balance", weight: 1.8, align: "right", cell: (e) => drCr(e.balance) },
  ];
  if (ledger.entries.length === 0) {
    doc.font(REGULAR).fontSize(9).text("No transactions in this period.", left, doc.y);
  } else {
    drawTable(doc, columns, ledger.entries, { left, width, bottom: doc.page.height - 60 });
  }
  doc.moveDown(0.6);
  if (doc.y > doc.page.height - 110) doc.addPage();
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font(BOLD)
      .fontSize(10)
      .text(label, left, y, { width: width - 160 });
    doc.text(value, left + width - 160, y, { width: 160, align: "right" });
    doc.moveDown(0.2);
  };
  total("Total debit", rupee(ledger.totalDebit));
  total("Total credit", rupee(ledger.totalCredit));
  total("Closing balance", drCr(ledger.closingBalance));
  doc.moveDown(1);
  doc.font(REGULAR).fontSize(8).fillColor("#555555").text("Dr: the customer owes this amount. Cr: the amount is owed to the customer.", left, doc.y, { width });
  doc.end();
  return done;
}
