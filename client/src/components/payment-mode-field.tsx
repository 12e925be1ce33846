import { PAYMENT_MODE_LABELS, PAYMENT_MODES, type PaymentMode } from "@bahi/shared/contract";
import { Field } from "./ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select.tsx";

/** "Paid by": UPI, cash, cheque, bank transfer or card (a payment's or an advance's mode). */
export function PaymentModeField({ id, value, onChange }: { id: string; value: PaymentMode; onChange: (mode: PaymentMode) => void }) {
  return (
    <Field id={id} label="Paid by" required>
      <Select value={value} onValueChange={(next) => onChange(next as PaymentMode)}>
        <SelectTrigger id={id} aria-label="Paid by">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAYMENT_MODES.map((mode) => (
            <SelectItem key={mode} value={mode}>
              {PAYMENT_MODE_LABELS[mode]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
