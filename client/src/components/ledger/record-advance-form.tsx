import { indianDateOf, isMoneyString, toPaise, type PaymentMode } from "@bahi/shared/contract";
import { useState } from "react";
import { useRecordAdvance } from "../../api/advances.ts";
import { describeError } from "../../api/errors.ts";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";
import { PaymentModeField } from "../payment-mode-field.tsx";

/** Issue 10: money received from the customer before an invoice (applied to their invoices later). */
export function RecordAdvanceForm({ customer, onDone }: { customer: { id: string; name: string }; onDone: () => void }) {
  const record = useRecordAdvance(customer.id);
  const today = indianDateOf(new Date());
  const [amount, setAmount] = useState("");
  const [date, setDate] = useState(today);
  const [mode, setMode] = useState<PaymentMode>("upi");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);

  function problem(): string | null {
    const typed = amount.trim();
    if (!typed) return "Enter the amount received";
    if (!isMoneyString(typed)) return "Enter an amount like 5000 or 5000.50";
    if (toPaise(typed) === 0) return "The amount must be more than 0";
    return null;
  }

  async function save() {
    const found = problem();
    if (found) return setError(found);
    try {
      const saved = await record.mutateAsync({ amount: amount.trim(), date, mode, reference: reference.trim() });
      toast({ title: "Advance recorded", description: `${formatRupees(saved.amount)} from ${customer.name}, to apply to their invoices.` });
      onDone();
    } catch (caught) {
      setError(describeError(caught, "The advance could not be recorded"));
    }
  }

  return (
    <form
      aria-label="Record advance"
      className="grid gap-4 rounded-xl border p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-muted-foreground">Money {customer.name} paid before an invoice. Apply it from an invoice's Record Payment.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="advance-amount"
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
        <TextField id="advance-date" label="Date received" type="date" required value={date} max={today} onChange={(event) => setDate(event.target.value)} />
        <PaymentModeField id="advance-mode" value={mode} onChange={setMode} />
        <TextField id="advance-reference" label="Reference (optional)" placeholder="UPI ref, cheque number…" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={record.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Saving..." : "Save Advance"}
        </Button>
      </div>
    </form>
  );
}
