import { indianDateOf, isMoneyString, toPaise, type Invoice, type PaymentMode } from "@bahi/shared/contract";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { balanceOf, useRecordPayment } from "../../api/payments.ts";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";
import { ApplyAdvance } from "../ledger/apply-advance.tsx";
import { PaymentModeField } from "../payment-mode-field.tsx";

/**
 * Issue 10: money received against an invoice. The amount starts at what is still owed
 * (change it for a part payment); the server refuses more than that.
 */
export function InvoicePaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const balance = balanceOf(invoice);
  const record = useRecordPayment();
  const [amount, setAmount] = useState(balance);
  const [date, setDate] = useState(indianDateOf(new Date()));
  const [mode, setMode] = useState<PaymentMode>("upi");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);

  function problem(): string | null {
    const typed = amount.trim();
    if (!typed) return "Enter the amount received";
    if (!isMoneyString(typed)) return "Enter an amount like 500 or 500.50";
    if (toPaise(typed) === 0) return "The amount must be more than 0";
    if (toPaise(typed) > toPaise(balance)) return `Only ${formatRupees(balance)} is left to pay on this invoice`;
    if (!date) return "Enter the date you received it";
    return null;
  }

  async function save() {
    const found = problem();
    if (found) return setError(found);
    try {
      const paid = await record.mutateAsync({ id: invoice.id, body: { amount: amount.trim(), date, mode, reference: reference.trim() } });
      toast({
        title: "Payment recorded",
        description: paid.status === "paid" ? `${invoice.invoiceNumber} is fully paid.` : `${formatRupees(paid.balanceDue)} still to receive on ${invoice.invoiceNumber}.`,
      });
      onClose();
    } catch (caught) {
      setError(describeError(caught, "The payment could not be recorded"));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !record.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Record payment for {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>
            {invoice.customer.name} still owes <span className="font-medium text-foreground">{formatRupees(balance)}</span>
            {invoice.amountPaid && toPaise(invoice.amountPaid) > 0 ? ` (${formatRupees(invoice.amountPaid)} already received)` : ""}. For a part payment, change the amount.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            id="payment-amount"
            label="Amount received (₹)"
            required
            inputMode="decimal"
            value={amount}
            error={error ?? undefined}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(null);
            }}
          />
          <TextField id="payment-date" label="Date received" type="date" required value={date} max={indianDateOf(new Date())} onChange={(event) => setDate(event.target.value)} />
          <PaymentModeField id="payment-mode" value={mode} onChange={setMode} />
          <TextField
            id="payment-reference"
            label="Reference (optional)"
            placeholder="UPI ref, cheque number…"
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
          <ApplyAdvance invoice={invoice} onApplied={onClose} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={record.isPending} onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? "Saving..." : "Save Payment"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
