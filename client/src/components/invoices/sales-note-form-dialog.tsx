import { formatPaise, indianDateOf, isMoneyString, roundHalfUp, toPaise, toThousandths, type Invoice } from "@bahi/shared/contract";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { useInvoices } from "../../api/invoices.ts";
import { REASON_OPTIONS, useCreateSalesNote, type SalesNoteKind, type SalesNoteReason } from "../../api/sales-notes.ts";
import { formatRupees } from "../../lib/format.ts";
import { periodFiledOf, type PeriodFiled } from "../../lib/period-filed.ts";
import { PeriodFiledDialog } from "../period-filed-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Field, fieldA11y } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const TITLES: Record<SalesNoteKind, string> = { credit: "Credit Note", debit: "Debit Note" };

interface LineDraft {
  /** The invoice the line comes from (issue 9: a note may cover several invoices of the customer). */
  invoiceId: string;
  invoiceNumber: string;
  productId: string;
  name: string;
  invoiced: number;
  quantity: string;
  price: string;
}

/** The taxable value of a line in paise, or null while its quantity or price cannot be read. */
function lineValue(line: LineDraft): number | null {
  // Issue 9: up to 3 decimals (2.5 KGS returned); the value as computeLine has it, in thousandths, half up.
  if (!/^\d+(\.\d{1,3})?$/.test(line.quantity.trim()) || !isMoneyString(line.price)) return null;
  return roundHalfUp(toThousandths(Number(line.quantity.trim()))! * toPaise(line.price), 1000);
}

/**
 * Issue 9, s.34: a credit or debit note against one invoice, prefilled with its lines. The
 * server applies the invoice's GST rates and heads (its place of supply) and checks the limits
 * (no more credit than the invoice's value less earlier notes, the 30 November deadline), so
 * the form shows the taxable value only and reports what the server says.
 */
/** An invoice's lines as note lines; each is sent with its invoice, so one product may come from several. */
function linesOf(invoice: Invoice): LineDraft[] {
  return invoice.items.map((item) => ({
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    productId: item.productId,
    name: item.product.name,
    invoiced: item.quantity,
    quantity: String(item.quantity),
    price: item.price,
  }));
}

export function SalesNoteFormDialog({ kind, invoice, onClose }: { kind: SalesNoteKind; invoice: Invoice; onClose: () => void }) {
  const create = useCreateSalesNote();
  const allInvoices = useInvoices();
  const [invoices, setInvoices] = useState<Invoice[]>([invoice]);
  // Other invoices to the same customer that a note can still adjust.
  const addable = (allInvoices.data ?? []).filter(
    (other) => other.customerId === invoice.customerId && (other.status as string) !== "cancelled" && !invoices.some((chosen) => chosen.id === other.id),
  );
  const [reason, setReason] = useState<SalesNoteReason | "">(kind === "credit" ? "sales_return" : "correction");
  const [issueDate, setIssueDate] = useState(() => indianDateOf(new Date()));
  const [lines, setLines] = useState<LineDraft[]>(() => linesOf(invoice));
  const [periodFiled, setPeriodFiled] = useState<PeriodFiled | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; issueDate?: string; lines?: string; form?: string }>({});
  const several = invoices.length > 1;
  const numbers = invoices.map((each) => each.invoiceNumber).join(", ");
  const title = `${TITLES[kind]} for ${numbers}`;

  function addInvoice(id: string) {
    const other = addable.find((each) => each.id === id);
    if (!other) return;
    setInvoices((current) => [...current, other]);
    setLines((current) => [...current, ...linesOf(other)]);
    setErrors((current) => ({ ...current, lines: undefined, form: undefined }));
  }

  const values = lines.map(lineValue);
  const taxable = values.every((value) => value !== null) ? values.reduce<number>((sum, value) => sum + (value ?? 0), 0) : null;

  function setLine(index: number, patch: Partial<LineDraft>) {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
    setErrors((current) => ({ ...current, lines: undefined, form: undefined }));
  }

  async function submit(reportInNextOpenPeriod = false) {
    const found: typeof errors = {};
    if (!reason) found.reason = "Reason is required";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) found.issueDate = "Date is required";
    const chosen = lines.filter((line) => line.quantity.trim() !== "0");
    if (values.some((value) => value === null)) found.lines = "Enter a quantity (up to 3 decimals, like 2.5) and a price for each line";
    else if (chosen.length === 0) found.lines = "Enter a quantity for at least one line";
    setErrors(found);
    if (Object.keys(found).length > 0 || !reason) return;
    try {
      const note = await create.mutateAsync({
        kind,
        body: {
          invoiceIds: invoices.map((each) => each.id),
          reason,
          issueDate,
          items: chosen.map((line) => ({ invoiceId: line.invoiceId, productId: line.productId, quantity: Number(line.quantity.trim()), price: formatPaise(toPaise(line.price)) })),
          ...(reportInNextOpenPeriod ? { reportInNextOpenPeriod } : {}),
        },
      });
      setPeriodFiled(null);
      toast({ title: `${TITLES[kind]} issued`, description: `${note.number} against ${numbers}.` });
      onClose();
    } catch (failure) {
      const filed = periodFiledOf(failure);
      if (filed) {
        // Not a failure yet: the user reports it in the next open month or changes the date.
        setPeriodFiled(filed);
        return;
      }
      setPeriodFiled(null);
      setErrors({ form: describeError(failure, `The ${TITLES[kind].toLowerCase()} could not be issued`) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {kind === "credit"
              ? `Reduces what ${invoice.customer.name} owes; a sales return brings the stock back.`
              : `Adds to what ${invoice.customer.name} owes, at the invoice's GST rates.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="sales-note-reason" label="Reason" required error={errors.reason}>
            <Select
              value={reason}
              onValueChange={(value) => {
                setReason(value as SalesNoteReason);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
            >
              <SelectTrigger {...fieldA11y("sales-note-reason", errors.reason)}>
                <SelectValue placeholder="Choose a reason" />
              </SelectTrigger>
              <SelectContent>
                {REASON_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <TextField id="sales-note-date" label="Date" type="date" required value={issueDate} error={errors.issueDate} onChange={(event) => setIssueDate(event.target.value)} />
        </div>
        {addable.length > 0 && (
          <Field id="sales-note-add-invoice" label="Add lines from another invoice" hint={`Other invoices to ${invoice.customer.name}; one note can cover several.`}>
            <Select value="" onValueChange={addInvoice}>
              <SelectTrigger {...fieldA11y("sales-note-add-invoice", undefined)}>
                <SelectValue placeholder="Choose an invoice" />
              </SelectTrigger>
              <SelectContent>
                {addable.map((other) => (
                  <SelectItem key={other.id} value={other.id}>
                    {other.invoiceNumber} · {formatRupees(other.total)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
        <div className="min-w-0 overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Item</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Invoiced</TableHead>
                <TableHead className="w-24 text-right">Qty</TableHead>
                <TableHead className="w-32 text-right">Price</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Taxable</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line, index) => (
                <TableRow key={`${line.invoiceId}-${line.productId}`}>
                  <TableCell className="whitespace-normal">
                    {line.name}
                    {several && <span className="block text-xs text-muted-foreground">{line.invoiceNumber}</span>}
                    {/* Phones drop the invoiced and taxable columns so the inputs keep their width. */}
                    <span className="block text-xs text-muted-foreground sm:hidden">Invoiced {line.invoiced}</span>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{line.invoiced}</TableCell>
                  <TableCell>
                    <Input
                      aria-label={`Qty ${index + 1}`}
                      inputMode="decimal"
                      className="min-w-16 text-right"
                      value={line.quantity}
                      onChange={(event) => setLine(index, { quantity: event.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <Input
                      aria-label={`Price ${index + 1}`}
                      inputMode="decimal"
                      className="min-w-24 text-right"
                      value={line.price}
                      onChange={(event) => setLine(index, { price: event.target.value })}
                    />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{values[index] === null ? "—" : formatRupees(formatPaise(values[index] ?? 0))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <p className="flex justify-between text-sm">
          <span className="text-muted-foreground">Taxable value (GST at the invoice's rates is added)</span>
          <span className="font-medium tabular-nums" aria-label="Taxable value">
            {taxable === null ? "—" : formatRupees(formatPaise(taxable))}
          </span>
        </p>
        {(errors.lines ?? errors.form) && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.lines ?? errors.form}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={create.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={create.isPending} onClick={() => void submit()}>
            {create.isPending ? "Issuing..." : `Issue ${TITLES[kind]}`}
          </Button>
        </DialogFooter>
      </DialogContent>
      <PeriodFiledDialog filed={periodFiled} pending={create.isPending} onConfirm={() => void submit(true)} onCancel={() => setPeriodFiled(null)} />
    </Dialog>
  );
}
