import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import QRCode from "qrcode";
import { STATE_NAMES, toPaise, type Invoice } from "@bahi/shared/contract";

const require = createRequire(import.meta.url);

/**
 * Noto Sans as full TrueType files: pdfkit's standard fonts have no ₹ (U+20B9), and
 * @fontsource's WOFF files split Latin and ₹ into different subsets, so one embedded TTF per
 * weight carries both.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function notoSans(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf")),
    bold: readFileSync(require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf")),
  };
  return fonts;
}

export const REGULAR = "NotoSans";
export const BOLD = "NotoSans-Bold";

export function registerFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = notoSans();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
}

/** What the document needs from the business beyond the invoice's own snapshot. */
export interface DocumentExtras {
  bankName?: string | null;
  bankAccountNumber?: string | null;
  bankIfsc?: string | null;
  upiId?: string | null;
  /** The recipient's delivery address when it differs from the billing address (Rule 46(o)). */
  shippingAddress?: string | null;
  /** Issue 9: the business's logo (PNG or JPEG bytes), drawn top-left. */
  logo?: Buffer | null;
}

/** The logo's box: about 40 mm × 20 mm (1 mm = 72/25.4 pt). */
export const LOGO_BOX = { width: 113, height: 57 };

/**
 * Draws the logo scaled to fit the box, keeping its proportions; returns the y below it (or
 * `y` when there is none). An image pdfkit cannot read is left out rather than failing the PDF.
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null | undefined, x: number, y: number): number {
  if (!logo) return y;
  try {
    // pdfkit's openImage is missing from its types: it parses once, so the size is known before drawing.
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(logo);
    const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height, 1);
    const height = image.height * scale;
    doc.image(image as unknown as Buffer, x, y, { width: image.width * scale, height });
    return y + height;
  } catch {
    return y;
  }
}

/** en-IN grouping: "1,23,456.00". */
export function grouped(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole, fraction = "00"] = amount.replace(/^-/, "").split(".");
  return `${negative ? "-" : ""}${new Intl.NumberFormat("en-IN").format(BigInt(whole!))}.${fraction.padEnd(2, "0")}`;
}

export const rupee = (amount: string) => (amount.startsWith("-") ? `-₹${grouped(amount.slice(1))}` : `₹${grouped(amount)}`);

export const dateText = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** "Maharashtra (27)": Rule 46 asks for the state's name and code. */
export function stateText(code: string | null | undefined): string | null {
  if (!code) return null;
  const name = code === "96" ? "Other Countries" : STATE_NAMES[code];
  return name ? `${name} (${code})` : code;
}

export const isCancelled = (invoice: Invoice) => (invoice.status as string) === "cancelled";

/**
 * What the customer still owes: the balance where the invoice carries one (payments, issue 10),
 * else the total; nothing on a paid or cancelled invoice, or once nothing is left.
 */
export function amountDue(invoice: Invoice): string | null {
  if (invoice.status === "paid" || isCancelled(invoice)) return null;
  const due = (invoice as Partial<Pick<Invoice, "balanceDue">>).balanceDue ?? invoice.total;
  return toPaise(due) > 0 ? due : null;
}

/** The delivery address, printed only where it differs from the billing address. */
export function deliveryAddress(invoice: Invoice, extras: DocumentExtras): string | null {
  const shipping = ((invoice.customer as { shippingAddress?: string | null }).shippingAddress ?? extras.shippingAddress ?? "").trim();
  if (!shipping) return null;
  const normal = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  return normal(shipping) === normal(invoice.customer.address) ? null : shipping;
}

/**
 * NPCI's UPI deep link for paying the amount due: payee address, payee name, amount with two
 * decimals, INR and a note naming the invoice. "@" stays literal: some UPI apps do not decode %40.
 */
export function upiPayUrl(upiId: string, payeeName: string, amount: string, invoiceNumber: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%40/g, "@");
  return `upi://pay?pa=${encode(upiId)}&pn=${encode(payeeName)}&am=${amount}&cu=INR&tn=${encode(`Invoice ${invoiceNumber}`)}`;
}

/** The QR drawn as vector squares (sharp at any zoom and printer), with the link on it for phones reading the PDF. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill("#ffffff");
  doc.fillColor("#000000");
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
  doc.link(x, y, size, size, text);
}

export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** A signed amount ("-0.46") is not zero; toPaise takes no sign. */
export const nonZero = (amount: string) => toPaise(amount.replace(/^-/, "")) !== 0;

/** A column of a document's line table: its share of the width and how each row fills it. */
export interface TableColumn<Row> {
  readonly title: string;
  readonly weight: number;
  readonly align: "left" | "right" | "center";
  readonly cell: (row: Row, index: number) => string;
}

/**
 * The line table of an invoice, a note or a challan: a bold header, a thin rule under each
 * row, and the header again at the top of every page the rows run onto.
 */
export function drawTable<Row>(doc: PDFKit.PDFDocument, columns: readonly TableColumn<Row>[], rows: readonly Row[], box: { left: number; width: number; bottom: number }): void {
  const { left, width, bottom } = box;
  const scale = width / columns.reduce((sum, column) => sum + column.weight, 0);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(7.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.weight * scale - 4 })));
    if (doc.y + height + 6 > bottom) {
      doc.addPage();
      doc.y = 40;
      if (!bold)
        row(
          columns.map((column) => column.title),
          true,
        );
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
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.3)
      .strokeColor("#999999")
      .stroke();
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  rows.forEach((item, index) =>
    row(
      columns.map((column) => column.cell(item, index)),
      false,
    ),
  );
}
