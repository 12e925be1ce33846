import PDFDocument from "pdfkit";
import type { Report } from "@bahi/shared/contract";

const inr = (rupees: number) => {
  const paise = Math.round(rupees * 100);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}Rs. ${new Intl.NumberFormat("en-IN").format(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
};

/** The period's P&L, sales and GST summary as a PDF (the Reports screen's Export PDF). */
export function reportPdf(report: Report, business: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${business}: report for ${report.label}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const line = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .text(label, 50, y, { width: 300 });
    doc.text(value, 350, y, { width: 195, align: "right" });
    doc.moveDown(0.3);
  };
  doc.font("Helvetica-Bold").fontSize(16).text(business);
  doc.font("Helvetica").fontSize(11).text(`Report for ${report.label} (${report.from} to ${report.to})`);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Profit & Loss");
  doc.moveDown(0.3);
  line("Income (invoice totals)", inr(report.totalIncome));
  line("Expenses", inr(report.totalExpenses));
  line(report.netProfit > 0 ? "Net profit" : "Loss", inr(report.netProfit), true);
  line("Profit margin", `${report.profitMargin.toFixed(1)}%`);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Sales summary");
  doc.moveDown(0.3);
  line("Invoices", String(report.invoiceCount));
  line("Revenue growth on the previous period", report.revenueGrowth === null ? "-" : `${report.revenueGrowth.toFixed(1)}%`);
  line("New customers", String(report.newCustomers));
  line("Average days to payment", report.averagePaymentDays === null ? "-" : String(report.averagePaymentDays));
  for (const month of report.revenueVsExpenses) line(`  ${month.month}: revenue / expenses`, `${inr(month.revenue)} / ${inr(month.expenses)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("GST summary");
  doc.moveDown(0.3);
  line("Output tax on invoices", inr(report.gst.outputTax));
  line("Input tax credit on eligible expenses", inr(report.gst.inputTax));
  line("Net GST payable", inr(report.gst.netPayable), true);
  doc.end();
  return done;
}
