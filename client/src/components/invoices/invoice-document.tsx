import {
  amountInWords,
  COMPOSITION_DECLARATION,
  formatPaise,
  formatQuantity,
  placeOfSupplyLabel,
  salesDocumentTitle,
  supplyNotes,
  TAXABILITY_LABELS,
  toPaise,
} from "@bahi/shared/contract";
import type { Invoice } from "@bahi/shared/contract";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { InvoiceStatusBadge } from "./invoice-status.tsx";
import { shipToOf } from "../../lib/delivery.ts";

function stateLabel(code: string | null): string | null {
  if (!code) return null;
  try {
    return placeOfSupplyLabel(code);
  } catch {
    return code;
  }
}

/** "-0.25" → "−₹0.25", "0.50" → "+₹0.50", none or zero → null (money strings are unsigned, so the sign is split off). */
function roundOffText(amount: string | undefined): string | null {
  if (!amount) return null;
  const negative = amount.startsWith("-");
  const magnitude = negative ? amount.slice(1) : amount;
  return paiseOf(magnitude) === 0 ? null : `${negative ? "−" : "+"}${formatRupees(magnitude)}`;
}

function paiseOf(amount: string): number {
  try {
    return toPaise(amount);
  } catch {
    return 0;
  }
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 text-base font-semibold text-foreground" : "flex justify-between text-muted-foreground"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * An invoice as the customer sees it (SPEC §2 preview, plus GST.md's tax invoice particulars):
 * supplier, number and dates, bill-to, place of supply, items with HSN and the tax split per
 * line, totals per tax head, amount in words and notes.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const inter = invoice.taxKind === "inter";
  const stateTax = invoice.stateTaxLabel;
  const hasCess = paiseOf(invoice.cessAmount) > 0;
  const placeOfSupply = stateLabel(invoice.placeOfSupply);
  // Issue 9: a bill of supply (composition, unregistered, or only exempt/nil/non-GST items) shows no tax.
  const noTax = invoice.documentType === "billOfSupply";
  const rateLabel = (item: Invoice["items"][number]) => (item.taxability && item.taxability !== "taxable" ? TAXABILITY_LABELS[item.taxability] : `${item.gstRate}%`);

  return (
    <article aria-label={`Invoice ${invoice.invoiceNumber}`} className="grid gap-6 text-sm">
      <div className="flex flex-col justify-between gap-4 sm:flex-row">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">{salesDocumentTitle(invoice.documentType, invoice.supplierRegistration)}</p>
          {invoice.supplierRegistration === "Composition" && <p className="text-xs text-muted-foreground">{COMPOSITION_DECLARATION}</p>}
          <p className="mt-1 text-base font-semibold text-foreground">{invoice.supplier.name}</p>
          {invoice.supplier.gstin && <p className="font-mono text-xs text-muted-foreground">GSTIN {invoice.supplier.gstin}</p>}
          {invoice.supplier.address && <p className="max-w-xs text-muted-foreground">{invoice.supplier.address}</p>}
          {invoice.supplier.pinCode && <p className="text-muted-foreground">PIN {invoice.supplier.pinCode}</p>}
          {invoice.supplier.stateCode && <p className="text-muted-foreground">State: {stateLabel(invoice.supplier.stateCode)}</p>}
        </div>
        <dl className="grid shrink-0 grid-cols-[auto_auto] content-start gap-x-4 gap-y-1 sm:text-right">
          <dt className="text-muted-foreground">{noTax ? "Bill No." : "Invoice No."}</dt>
          <dd className="font-semibold text-foreground">{invoice.invoiceNumber}</dd>
          <dt className="text-muted-foreground">Issue Date</dt>
          <dd>{formatIndianDate(invoice.issueDate)}</dd>
          {invoice.dueDate && (
            <>
              <dt className="text-muted-foreground">Due Date</dt>
              <dd>{formatIndianDate(invoice.dueDate)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
          {/* Issue 9: a corrected or withdrawn invoice says so on its face. */}
          {invoice.revisedAt && (
            <>
              <dt className="text-muted-foreground">Revised</dt>
              <dd>Revised on {formatIndianDate(invoice.revisedAt)}</dd>
            </>
          )}
          {invoice.status === "cancelled" && invoice.cancelledAt && (
            <>
              <dt className="text-muted-foreground">Cancelled</dt>
              <dd className="font-medium text-destructive">
                Cancelled on {formatIndianDate(invoice.cancelledAt)}
                {invoice.cancelReason ? ` (${invoice.cancelReason})` : ""}
              </dd>
            </>
          )}
        </dl>
      </div>

      <div className="grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">Bill To</p>
          <p className="mt-1 font-semibold text-foreground">{invoice.customer.name}</p>
          {invoice.customer.address && <p className="text-muted-foreground">{invoice.customer.address}</p>}
          {invoice.customer.gstNumber && <p className="font-mono text-xs text-muted-foreground">GSTIN {invoice.customer.gstNumber}</p>}
          {shipToOf(invoice) && (
            <>
              <p className="mt-3 text-xs font-medium tracking-wider text-muted-foreground uppercase">Ship To</p>
              <p className="text-muted-foreground">{shipToOf(invoice)}</p>
            </>
          )}
        </div>
        <div className="sm:text-right">
          <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">Place of Supply</p>
          <p className="mt-1 font-semibold text-foreground">{placeOfSupply}</p>
          <p className="text-muted-foreground">{noTax ? "No GST charged on this bill" : inter ? "Inter-state supply: IGST" : `Intra-state supply: CGST + ${stateTax}`}</p>
          <p className="text-muted-foreground">Tax payable on reverse charge: {invoice.reverseCharge ? "Yes" : "No"}</p>
          {/* Issue 9: the LUT declaration, the recipient's reverse-charge tax, the shipping bill. */}
          {supplyNotes(invoice, (paise) => formatRupees(formatPaise(paise))).map((note) => (
            <p key={note} className="mt-1 text-xs text-muted-foreground">
              {note}
            </p>
          ))}
        </div>
      </div>

      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Item</TableHead>
            <TableHead>HSN</TableHead>
            <TableHead className="text-right">Qty</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Taxable</TableHead>
            {!noTax && <TableHead className="text-right">GST</TableHead>}
            {noTax ? null : inter ? (
              <TableHead className="text-right">IGST</TableHead>
            ) : (
              <>
                <TableHead className="text-right">CGST</TableHead>
                <TableHead className="text-right">{stateTax}</TableHead>
              </>
            )}
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoice.items.map((item) => (
            <TableRow key={item.id}>
              <TableCell className="max-w-56 whitespace-normal font-medium">{item.product.name}</TableCell>
              <TableCell className="font-mono text-xs">{item.hsnCode ?? "—"}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity, item.unit ?? "NOS")}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRupees(item.price)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRupees(item.taxableValue)}</TableCell>
              {!noTax && <TableCell className="text-right tabular-nums">{rateLabel(item)}</TableCell>}
              {noTax ? null : inter ? (
                <TableCell className="text-right tabular-nums">{formatRupees(item.igstAmount)}</TableCell>
              ) : (
                <>
                  <TableCell className="text-right tabular-nums">{formatRupees(item.cgstAmount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatRupees(item.sgstAmount)}</TableCell>
                </>
              )}
              <TableCell className="text-right font-medium tabular-nums">{formatRupees(item.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <div className="flex flex-col-reverse justify-between gap-6 sm:flex-row">
        <div className="min-w-0 sm:max-w-sm">
          <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">Amount in words</p>
          <p className="mt-1 font-medium text-foreground">{amountInWords(paiseOf(invoice.total))}</p>
          {invoice.notes && (
            <>
              <p className="mt-4 text-xs font-medium tracking-wider text-muted-foreground uppercase">Notes</p>
              <p className="mt-1 whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
            </>
          )}
        </div>
        <dl aria-label="Invoice totals" className="grid w-full shrink-0 gap-1.5 sm:w-72">
          <TotalRow label="Subtotal" value={formatRupees(invoice.subtotal)} />
          {noTax ? null : inter ? (
            <TotalRow label="IGST" value={formatRupees(invoice.igstAmount)} />
          ) : (
            <>
              <TotalRow label="CGST" value={formatRupees(invoice.cgstAmount)} />
              <TotalRow label={stateTax} value={formatRupees(invoice.sgstAmount)} />
            </>
          )}
          {hasCess && <TotalRow label="Cess" value={formatRupees(invoice.cessAmount)} />}
          {!noTax && <TotalRow label="GST Amount" value={formatRupees(invoice.gstAmount)} />}
          {roundOffText(invoice.roundOff) && <TotalRow label="Round off" value={roundOffText(invoice.roundOff)!} />}
          <TotalRow label="Total" value={formatRupees(invoice.total)} strong />
        </dl>
      </div>
    </article>
  );
}
