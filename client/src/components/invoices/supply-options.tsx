/**
 * Issue 9: the invoice form's choices for supplies that charge no tax to the customer:
 * reverse charge (a registered customer pays the GST itself) and exports or SEZ supplies under
 * the business's LUT, with the shipping bill of an export. Kept beside the react-hook-form state
 * of the dialog: the server checks every rule again (supplyTreatment.ts).
 */
import { lutValidOn, OTHER_COUNTRY, type Customer, type ExportDetails, type Invoice, type User } from "@bahi/shared/contract";
import { Label } from "../ui/label.tsx";
import { Switch } from "../ui/switch.tsx";
import { TextField } from "../ui/text-field.tsx";

export interface SupplyOptionsValue {
  reverseCharge: boolean;
  underLut: boolean;
  shippingBillNumber: string;
  shippingBillDate: string;
  portCode: string;
}

/** A new invoice starts ordinary; an edited one keeps its choices. */
export function initialSupplyOptions(invoice?: Invoice): SupplyOptionsValue {
  return {
    reverseCharge: invoice?.reverseCharge ?? false,
    underLut: invoice?.underLut ?? false,
    shippingBillNumber: invoice?.exportDetails?.shippingBillNumber ?? "",
    shippingBillDate: invoice?.exportDetails?.shippingBillDate ?? "",
    portCode: invoice?.exportDetails?.portCode ?? "",
  };
}

export interface SupplyContext {
  customer: Customer | null;
  /** The place of supply in effect ("96": an export). */
  placeOfSupply: string | null;
  profile: User | undefined;
  /** "YYYY-MM-DD" */
  issueDate: string;
}

/** Which switches apply to this customer and date, and what the body carries. */
export function supplyChoices(value: SupplyOptionsValue, context: SupplyContext) {
  const isExport = context.placeOfSupply === OTHER_COUNTRY;
  const toSez = context.customer?.isSez === true;
  const registered = Boolean(context.customer?.gstNumber) && !isExport;
  const lutNumber = context.profile ? lutValidOn(context.profile, context.issueDate) : null;
  const canLut = (isExport || toSez) && lutNumber !== null;
  const reverseCharge = registered && !toSez && value.reverseCharge;
  const underLut = canLut && value.underLut;
  const exportDetails: ExportDetails | null =
    isExport && (value.shippingBillNumber.trim() || value.shippingBillDate || value.portCode.trim())
      ? { shippingBillNumber: value.shippingBillNumber.trim() || null, shippingBillDate: value.shippingBillDate || null, portCode: value.portCode.trim() || null }
      : null;
  return {
    isExport,
    toSez,
    registered,
    canLut,
    lutNumber,
    chargesTax: !reverseCharge && !underLut,
    body: {
      ...(reverseCharge ? { reverseCharge: true } : {}),
      ...(underLut ? { underLut: true } : {}),
      ...(exportDetails ? { exportDetails } : {}),
    },
  };
}

function SwitchRow({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

export function SupplyOptions({ value, onChange, context }: { value: SupplyOptionsValue; onChange: (next: SupplyOptionsValue) => void; context: SupplyContext }) {
  const choices = supplyChoices(value, context);
  const set = (patch: Partial<SupplyOptionsValue>) => onChange({ ...value, ...patch });
  if (!choices.registered && !choices.isExport && !choices.toSez) return null;
  return (
    <fieldset aria-label="Tax on this supply" className="grid gap-3 rounded-lg border p-3">
      {choices.registered && !choices.toSez && (
        <SwitchRow
          id="invoice-reverseCharge"
          label="Reverse charge"
          hint="Turn on only when the law makes your customer pay this GST directly (for example goods transport or legal services). The invoice then charges no GST and says so."
          checked={value.reverseCharge}
          onChange={(checked) => set({ reverseCharge: checked })}
        />
      )}
      {(choices.isExport || choices.toSez) &&
        (choices.canLut ? (
          <SwitchRow
            id="invoice-underLut"
            label="Without IGST under LUT"
            hint={`Uses your Letter of Undertaking ${choices.lutNumber}: no IGST is charged and the invoice carries the LUT declaration.`}
            checked={value.underLut}
            onChange={(checked) => set({ underLut: checked })}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {choices.isExport ? "Exports" : "Sales to SEZ units"} carry IGST unless you add a Letter of Undertaking (LUT) valid on this date in Settings.
          </p>
        ))}
      {choices.isExport && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            id="invoice-shippingBillNumber"
            label="Shipping bill no."
            maxLength={20}
            value={value.shippingBillNumber}
            onChange={(event) => set({ shippingBillNumber: event.target.value })}
          />
          <TextField
            id="invoice-shippingBillDate"
            label="Shipping bill date"
            type="date"
            min={context.issueDate}
            value={value.shippingBillDate}
            onChange={(event) => set({ shippingBillDate: event.target.value })}
          />
          <TextField
            id="invoice-portCode"
            label="Port code"
            placeholder="INBOM4"
            maxLength={6}
            autoCapitalize="characters"
            value={value.portCode}
            onChange={(event) => set({ portCode: event.target.value.toUpperCase() })}
          />
          <p className="text-xs text-muted-foreground sm:col-span-3">Optional now: fill them in when customs gives you the shipping bill; GSTR-1 reports them.</p>
        </div>
      )}
    </fieldset>
  );
}
