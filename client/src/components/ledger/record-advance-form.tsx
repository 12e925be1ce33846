import { formatPaise, indianDateOf, isMoneyString, placeOfSupplyLabel, ratesValidOn, STATE_NAMES, toPaise, type AdvanceSupply, type PaymentMode } from "@bahi/shared/contract";
import { useState } from "react";
import { useRecordAdvance } from "../../api/advances.ts";
import { describeError } from "../../api/errors.ts";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";
import { PaymentModeField } from "../payment-mode-field.tsx";
import { Field } from "../ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";

/** The customer's state: no place of supply is sent, the server defaults to it. */
const CUSTOMER_STATE = "customer";
const PLACES = Object.keys(STATE_NAMES).filter((code) => code !== "99");

/** Rates offered for a services advance received on `date`: the ones in force then, above 0%. */
const serviceRatesOn = (date: string) => ratesValidOn(date || new Date()).filter((rate) => rate > 0);

/** Issue 10: money received from the customer before an invoice (applied to their invoices later). */
export function RecordAdvanceForm({ customer, onDone }: { customer: { id: string; name: string }; onDone: () => void }) {
  const record = useRecordAdvance(customer.id);
  const today = indianDateOf(new Date());
  const [amount, setAmount] = useState("");
  const [date, setDate] = useState(today);
  const [mode, setMode] = useState<PaymentMode>("upi");
  const [reference, setReference] = useState("");
  const [supply, setSupply] = useState<AdvanceSupply>("goods");
  const [gstRate, setGstRate] = useState("18");
  const [placeOfSupply, setPlaceOfSupply] = useState(CUSTOMER_STATE);
  const rates = serviceRatesOn(date);
  const [error, setError] = useState<string | null>(null);

  function problem(): string | null {
    const typed = amount.trim();
    if (!typed) return "Enter the amount received";
    if (!isMoneyString(typed)) return "Enter an amount like 5000 or 5000.50";
    if (toPaise(typed) === 0) return "The amount must be more than 0";
    if (supply === "services" && !rates.includes(Number(gstRate))) return `Choose the GST rate in force on ${date}`;
    return null;
  }

  async function save() {
    const found = problem();
    if (found) return setError(found);
    try {
      const tax = supply === "services" ? { gstRate, ...(placeOfSupply !== CUSTOMER_STATE ? { placeOfSupply } : {}) } : {};
      const saved = await record.mutateAsync({ amount: amount.trim(), date, mode, reference: reference.trim(), supply, ...tax });
      const taxed = saved.taxableValue
        ? ` GST on it: ${formatRupees(formatPaise(toPaise(saved.igst ?? "0") + toPaise(saved.cgst ?? "0") + toPaise(saved.sgst ?? "0")))} (reported in GSTR-1 Table 11A).`
        : "";
      toast({ title: "Advance recorded", description: `${formatRupees(saved.amount)} from ${customer.name}, to apply to their invoices.${taxed}` });
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
        <TextField
          id="advance-reference"
          label="Reference (optional)"
          placeholder="UPI ref, cheque number…"
          maxLength={100}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <Field id="advance-supply" label="For" required hint={supply === "goods" ? "No GST on an advance for goods" : "GST is due on an advance for services when received"}>
          <Select value={supply} onValueChange={(next) => setSupply(next as AdvanceSupply)}>
            <SelectTrigger id="advance-supply" aria-label="For">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="goods">Goods</SelectItem>
              <SelectItem value="services">Services</SelectItem>
            </SelectContent>
          </Select>
        </Field>
        {supply === "services" && (
          <>
            <Field id="advance-gst-rate" label="GST rate" required>
              <Select value={gstRate} onValueChange={setGstRate}>
                <SelectTrigger id="advance-gst-rate" aria-label="GST rate">
                  <SelectValue placeholder="Choose the rate" />
                </SelectTrigger>
                <SelectContent>
                  {rates.map((rate) => (
                    <SelectItem key={rate} value={String(rate)}>
                      {rate}%
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="advance-place" label="Place of supply" required>
              <Select value={placeOfSupply} onValueChange={setPlaceOfSupply}>
                <SelectTrigger id="advance-place" aria-label="Place of supply">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={CUSTOMER_STATE}>Customer's state</SelectItem>
                  {PLACES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {placeOfSupplyLabel(code)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </>
        )}
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
