import type { Invoice } from "@bahi/shared/contract";
import { KeyRound, QrCode, ReceiptText, ScrollText } from "lucide-react";
import { useState } from "react";
import { useInvoices } from "../../api/invoices.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { EmptyState, ErrorState, TableSkeleton } from "../list-states.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { EInvoiceDialog } from "./e-invoice-dialog.tsx";

const POINTS = [
  {
    icon: ScrollText,
    title: "Who must e-invoice",
    text: "Businesses whose aggregate turnover in any financial year since 2017-18 exceeded ₹5 crore must report B2B invoices, credit and debit notes and exports to the Invoice Registration Portal (IRP).",
  },
  {
    icon: QrCode,
    title: "IRN and QR code",
    text: "The IRP answers each invoice with an Invoice Reference Number (IRN), an acknowledgement number and a signed QR code, which must be printed on the invoice. An e-invoice can be cancelled only within 24 hours.",
  },
  {
    icon: KeyRound,
    title: "Not connected yet",
    text: "Registering invoices with the IRP needs credentials from a GST Suvidha Provider (GSP). Bahi has none configured: it prepares each invoice's payload, IRN and QR fields, but does not register them.",
  },
] as const;

/** The invoices, each with the action that prepares its e-invoice. */
function EInvoiceInvoices() {
  const invoices = useInvoices();
  const [chosen, setChosen] = useState<Invoice | null>(null);
  const list = invoices.data ?? [];

  if (invoices.isError) return <ErrorState title="Could not load your invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />;
  if (!invoices.isPending && list.length === 0) {
    return <EmptyState icon={ReceiptText} title="No invoices yet" text="Create an invoice for a registered customer, then prepare its e-invoice here." />;
  }
  return (
    <Card role="region" aria-label="Invoices for e-invoicing" className="min-w-0">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>B2B invoices (customers with a GSTIN) can be e-invoiced</CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {invoices.isPending ? (
          <TableSkeleton rows={3} inset="none" />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Invoice</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Customer GSTIN</TableHead>
                <TableHead>Date</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((invoice) => (
                <TableRow key={invoice.id} aria-label={invoice.invoiceNumber}>
                  <TableCell className="font-medium text-foreground">{invoice.invoiceNumber}</TableCell>
                  <TableCell>{invoice.customer.name}</TableCell>
                  <TableCell className="font-mono text-xs">{invoice.customer.gstNumber ?? <span className="font-sans text-muted-foreground">B2C (none)</span>}</TableCell>
                  <TableCell>{formatIndianDate(invoice.issueDate)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatRupees(invoice.total)}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" aria-label={`E-invoice ${invoice.invoiceNumber}`} onClick={() => setChosen(invoice)}>
                      <QrCode aria-hidden="true" />
                      E-invoice
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {chosen && <EInvoiceDialog key={chosen.id} invoice={chosen} onClose={() => setChosen(null)} />}
    </Card>
  );
}

/** What e-invoicing is, plainly that Bahi does not register invoices with the IRP, and each invoice's e-invoice. */
export function EInvoiceInfo() {
  return (
    <div className="grid gap-6">
      <EInvoiceAbout />
      <EInvoiceInvoices />
    </div>
  );
}

function EInvoiceAbout() {
  return (
    <Card role="region" aria-label="E-Invoice">
      <CardHeader>
        <CardTitle>E-Invoice</CardTitle>
        <CardDescription>Electronic invoicing under GST: invoices registered with the government's IRP</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl border p-4">
            <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <h4 className="mt-3 text-sm font-semibold text-foreground">{title}</h4>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
