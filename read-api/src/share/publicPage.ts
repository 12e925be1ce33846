import QRCode from "qrcode";
import { formatQuantity, salesDocumentTitle, toPaise, type Invoice } from "@bahi/shared/contract";
import { describedItem } from "../invoices/documentKind.ts";
import { amountDue, dateText, rupee, stateText, upiPayUrl } from "../invoices/pdfParts.ts";

/** What the public page shows of the business beyond the invoice's own snapshot. */
export interface SharedExtras {
  bankName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  upiId: string | null;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STATUS_TEXT: Record<string, string> = { pending: "Awaiting payment", partially_paid: "Partly paid", overdue: "Overdue", paid: "Paid", cancelled: "Cancelled" };

function page(title: string, body: string): string {
  // No inline script or style: the page's own Content-Security-Policy allows neither.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/i/share.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Issue 10: the invoice as its customer sees it from a share link, without an account: the
 * business, the customer, the lines, the totals, what is due with a UPI QR for it, and the PDF.
 * Nothing else: no record ids, nothing of the business's other customers or documents.
 */
export async function sharedInvoicePage(invoice: Invoice, extras: SharedExtras, pdfHref: string): Promise<string> {
  const title = salesDocumentTitle(invoice.documentType, invoice.supplierRegistration);
  const due = amountDue(invoice);
  const upi = due && extras.upiId ? upiPayUrl(extras.upiId, invoice.supplier.name, due, invoice.invoiceNumber) : null;
  const qr = upi ? await QRCode.toString(upi, { type: "svg", errorCorrectionLevel: "M", margin: 2 }) : "";
  const lines = (parts: (string | null | undefined | false)[]) =>
    parts
      .filter(Boolean)
      .map((part) => `<p>${escape(part as string)}</p>`)
      .join("");
  const status = STATUS_TEXT[invoice.status] ?? invoice.status;
  const paid = (invoice as Partial<Pick<Invoice, "amountPaid">>).amountPaid;

  const totals: [string, string][] = [["Taxable value", invoice.subtotal]];
  if (invoice.documentType !== "billOfSupply") {
    if (invoice.taxKind === "intra") totals.push(["CGST", invoice.cgstAmount], [invoice.stateTaxLabel, invoice.sgstAmount]);
    else totals.push(["IGST", invoice.igstAmount]);
  }
  if (toPaise(invoice.cessAmount) !== 0) totals.push(["Cess", invoice.cessAmount]);
  if (invoice.roundOff && invoice.roundOff.replace(/^-/, "") !== "0.00") totals.push(["Round off", invoice.roundOff]);

  const items = invoice.items
    .map(
      (item) => `<tr>
<td><span class="item">${escape(describedItem(item))}</span><span class="muted">${escape(formatQuantity(item.quantity, item.unit ?? "NOS"))} × ${escape(rupee(item.price))}${item.hsnCode ? ` · HSN/SAC ${escape(item.hsnCode)}` : ""}</span></td>
<td class="num">${escape(rupee(item.amount))}</td>
</tr>`,
    )
    .join("\n");

  const bank = [
    extras.bankName && `Bank: ${extras.bankName}`,
    extras.bankAccountNumber && `A/c No: ${extras.bankAccountNumber}`,
    extras.bankIfsc && `IFSC: ${extras.bankIfsc}`,
    extras.upiId && `UPI: ${extras.upiId}`,
  ];

  const body = `<header class="card">
<p class="kind">${escape(title)}</p>
<h1>${escape(invoice.supplier.name)}</h1>
${lines([invoice.supplier.address, invoice.supplier.gstin ? `GSTIN: ${invoice.supplier.gstin}` : null])}
</header>
<section class="card summary" aria-label="Invoice summary">
<dl>
<div><dt>Number</dt><dd>${escape(invoice.invoiceNumber)}</dd></div>
<div><dt>Date</dt><dd>${escape(dateText(invoice.issueDate))}</dd></div>
${invoice.dueDate ? `<div><dt>Due date</dt><dd>${escape(dateText(invoice.dueDate))}</dd></div>` : ""}
<div><dt>Status</dt><dd><span class="status status-${escape(invoice.status)}">${escape(status)}</span></dd></div>
</dl>
<div class="due">
<p class="muted">${due ? "Amount due" : "Total"}</p>
<p class="amount">${escape(rupee(due ?? invoice.total))}</p>
</div>
</section>
<section class="card" aria-label="Billed to">
<h2>Billed to</h2>
<p class="strong">${escape(invoice.customer.name)}</p>
${lines([invoice.customer.address, stateText(invoice.customer.stateCode) && `State: ${stateText(invoice.customer.stateCode)}`, invoice.customer.gstNumber ? `GSTIN: ${invoice.customer.gstNumber}` : null])}
</section>
<section class="card" aria-label="Items">
<h2>Items</h2>
<table>
<tbody>
${items}
</tbody>
<tfoot>
${totals.map(([label, amount]) => `<tr><th scope="row">${escape(label)}</th><td class="num">${escape(rupee(amount))}</td></tr>`).join("\n")}
<tr class="total"><th scope="row">Total</th><td class="num">${escape(rupee(invoice.total))}</td></tr>
${paid && toPaise(paid) > 0 ? `<tr><th scope="row">Paid</th><td class="num">${escape(rupee(paid))}</td></tr>` : ""}
${due && due !== invoice.total ? `<tr class="total"><th scope="row">Balance due</th><td class="num">${escape(rupee(due))}</td></tr>` : ""}
</tfoot>
</table>
</section>
${
  upi
    ? `<section class="card pay" aria-label="Pay by UPI">
<h2>Pay ${escape(rupee(due!))} by UPI</h2>
<div class="qr" role="img" aria-label="UPI QR code for ${escape(rupee(due!))}">${qr}</div>
<p class="muted">Scan with any UPI app, or on this phone:</p>
<a class="button" href="${escape(upi)}">Open UPI app</a>
</section>`
    : ""
}
${bank.some(Boolean) && due ? `<section class="card" aria-label="Bank details"><h2>Bank details</h2>${lines(bank)}</section>` : ""}
<p class="actions"><a class="button secondary" href="${escape(pdfHref)}">Download PDF</a></p>
<p class="footer muted">Sent by ${escape(invoice.supplier.name)} with Bahi.</p>`;
  return page(`${title} ${invoice.invoiceNumber} from ${invoice.supplier.name}`, body);
}

export function notFoundPage(): string {
  return page(
    "Link not found",
    `<section class="card"><h1>This link does not work any more</h1><p>The business may have stopped sharing this invoice. Please ask them for a new link.</p></section>`,
  );
}

/** The page's stylesheet, served from /i/share.css (the page's policy allows no inline style). */
export const SHARE_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f4f5f7;color:#111827;line-height:1.45}
main{max-width:640px;margin:0 auto;padding:16px 12px 32px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px;margin-bottom:12px}
h1{font-size:1.35rem;margin:0 0 4px}
h2{font-size:1rem;margin:0 0 8px}
p{margin:0 0 2px}
.kind{text-transform:uppercase;letter-spacing:.06em;font-size:.75rem;color:#4b5563;font-weight:600}
.muted{color:#6b7280;font-size:.875rem}
.strong{font-weight:600}
dl{display:grid;grid-template-columns:1fr 1fr;gap:8px 12px;margin:0 0 12px}
dt{font-size:.75rem;color:#6b7280}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.due{border-top:1px solid #e5e7eb;padding-top:12px}
.amount{font-size:1.75rem;font-weight:700;font-variant-numeric:tabular-nums}
.status{display:inline-block;border-radius:999px;padding:1px 10px;font-size:.8rem;background:#fef3c7;color:#92400e}
.status-paid{background:#dcfce7;color:#166534}
.status-overdue{background:#fee2e2;color:#991b1b}
.status-cancelled{background:#e5e7eb;color:#374151}
table{width:100%;border-collapse:collapse}
td,th{padding:8px 0;border-bottom:1px solid #f0f1f3;vertical-align:top;text-align:left;font-weight:400}
.item{display:block;font-weight:600}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;padding-left:12px}
tfoot th,tfoot td{border-bottom:0;padding:4px 0}
tfoot .total th,tfoot .total td{font-weight:700;border-top:1px solid #e5e7eb;padding-top:8px}
.pay{text-align:center}
.qr{width:200px;height:200px;margin:8px auto}
.qr svg{width:100%;height:100%}
.button{display:inline-block;margin-top:8px;padding:10px 18px;border-radius:8px;background:#111827;color:#fff;text-decoration:none;font-weight:600}
.button.secondary{background:#fff;color:#111827;border:1px solid #d1d5db}
.actions{text-align:center;margin:16px 0}
.footer{text-align:center}
`;
