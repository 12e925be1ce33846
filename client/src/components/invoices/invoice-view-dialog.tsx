import { formatQuantity, type Invoice } from "@bahi/shared/contract";
import { Info } from "lucide-react";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { InvoiceStatusBadge } from "./invoice-status.tsx";

/**
 * The edit action on an invoice that can no longer change (issue 9): paid (a payment relied on
 * it) or cancelled. Unpaid ones open the invoice form instead. Shows what it says and why.
 */
export function InvoiceViewDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Invoice {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>Customer, status, items and total of this invoice.</DialogDescription>
        </DialogHeader>
        <p className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {invoice.status === "cancelled"
            ? "This invoice is cancelled and cannot be changed. Issue a new invoice instead."
            : invoice.status === "paid"
              ? "A paid invoice cannot be changed. Issue a credit or debit note to correct it."
              : "Part of this invoice has been paid, so it cannot be changed. Issue a credit or debit note to correct it."}
        </p>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <dt className="text-sm font-medium">Customer</dt>
            <dd className="rounded-lg border bg-muted/50 px-3 py-2 text-sm">{invoice.customer.name}</dd>
          </div>
          <div className="grid gap-2">
            <dt className="text-sm font-medium">Status</dt>
            <dd className="rounded-lg border bg-muted/50 px-3 py-2 text-sm">
              <InvoiceStatusBadge status={invoice.status} />
            </dd>
          </div>
        </dl>
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Item</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">GST</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoice.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="whitespace-normal">{item.product.name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity, item.unit ?? "NOS")}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRupees(item.price)}</TableCell>
                <TableCell className="text-right tabular-nums">{item.gstRate}%</TableCell>
                <TableCell className="text-right tabular-nums">{formatRupees(item.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="flex justify-between border-t pt-3 text-base font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatRupees(invoice.total)}</span>
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
