import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { describeError, fieldErrorsOf } from "../../api/errors.ts";
import { useGenerateEwayBill } from "../../api/gst.ts";
import { useInvoices } from "../../api/invoices.ts";
import { useProfile } from "../../api/profile.ts";
import { readSellerLocation } from "../../lib/einvoice.ts";
import {
  buildEwayBillBody,
  ewayBillFormSchema,
  ewayBillFormValues,
  formatValidity,
  TRANSPORT_MODES,
  VEHICLE_TYPES,
  type EwayBillFormOutput,
  type EwayBillFormValues,
} from "../../lib/eway-bill-form.ts";
import { formatRupees } from "../../lib/format.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { FormDialog } from "../form-dialog.tsx";
import { SelectField, type SelectOption } from "../ui/select-field.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const FORM_ID = "eway-bill-form";
const FIELDS = ["invoiceId", "dispatchPincode", "deliveryPincode", "distanceKm", "transportMode", "vehicleNumber", "vehicleType", "transporterId", "transporterName"] as const;

/** 'Generate E-Way Bill': Part A from the chosen invoice and the PIN codes, Part B the transport. */
export function EwayBillFormDialog({ onClose }: { onClose: () => void }) {
  const invoices = useInvoices();
  const generate = useGenerateEwayBill();
  const [dispatchPincode] = useState(() => readSellerLocation().pincode);
  const form = useForm<EwayBillFormValues, unknown, EwayBillFormOutput>({
    resolver: zodResolver(ewayBillFormSchema),
    defaultValues: ewayBillFormValues(dispatchPincode),
  });
  const { errors } = form.formState;
  // Issue 9: the PIN in the business profile fills the dispatch PIN (a typed one still wins).
  const profilePin = useProfile().data?.pinCode ?? null;
  useEffect(() => {
    if (profilePin && !form.getFieldState("dispatchPincode").isDirty) form.setValue("dispatchPincode", profilePin);
  }, [profilePin, form]);
  // Part A/B problems come without a field: listed above the buttons.
  const [problems, setProblems] = useState<string[]>([]);

  const invoiceOptions: SelectOption[] = (invoices.data ?? []).map((invoice) => ({
    value: invoice.id,
    label: `${invoice.invoiceNumber} · ${invoice.customer.name}`,
    hint: formatRupees(invoice.total, 0),
  }));

  async function onSubmit(values: EwayBillFormOutput) {
    setProblems([]);
    try {
      const bill = await generate.mutateAsync(buildEwayBillBody(values));
      toast({ title: `E-way bill ${bill.ewayBillNo} generated`, description: `Valid until ${formatValidity(bill.validUntil)}. Sandbox number: not filed with the NIC portal.` });
      onClose();
    } catch (error) {
      const applied = applyServerFieldErrors(error, form.setError, FIELDS);
      const rest = fieldErrorsOf(error).filter((problem) => !FIELDS.some((field) => field === problem.path));
      setProblems(rest.map((problem) => problem.message));
      if (applied === 0 && rest.length === 0) {
        toast({ title: "Failed to generate e-way bill", description: describeError(error, "An error occurred"), variant: "destructive" });
      }
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Generate E-Way Bill"
      description="For moving goods worth more than ₹50,000. Numbers are sandbox numbers until GSP credentials are configured."
      formId={FORM_ID}
      pending={generate.isPending}
      submitLabel="Generate E-Way Bill"
      pendingLabel="Generating..."
      className="sm:max-w-2xl"
    >
      <form id={FORM_ID} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="invoiceId"
          id="eway-invoice"
          label="Invoice"
          required
          className="sm:col-span-2"
          options={invoiceOptions}
          placeholder={invoices.isPending ? "Loading invoices..." : invoiceOptions.length === 0 ? "No invoices yet" : "Choose an invoice"}
          disabled={invoiceOptions.length === 0}
          error={errors.invoiceId?.message}
        />
        <TextField
          id="eway-dispatch-pin"
          label="Dispatch PIN"
          required
          inputMode="numeric"
          maxLength={6}
          error={errors.dispatchPincode?.message}
          {...form.register("dispatchPincode")}
        />
        <TextField
          id="eway-delivery-pin"
          label="Delivery PIN"
          required
          inputMode="numeric"
          maxLength={6}
          error={errors.deliveryPincode?.message}
          {...form.register("deliveryPincode")}
        />
        <TextField id="eway-distance" label="Distance (km)" required inputMode="numeric" error={errors.distanceKm?.message} {...form.register("distanceKm")} />
        <SelectField control={form.control} name="transportMode" id="eway-mode" label="Transport Mode" options={TRANSPORT_MODES} error={errors.transportMode?.message} />
        <TextField
          id="eway-vehicle"
          label="Vehicle Number"
          placeholder="MH12AB1234"
          autoCapitalize="characters"
          hint="Needed for road transport"
          error={errors.vehicleNumber?.message}
          {...form.register("vehicleNumber")}
        />
        <SelectField control={form.control} name="vehicleType" id="eway-vehicle-type" label="Vehicle Type" options={VEHICLE_TYPES} error={errors.vehicleType?.message} />
        <TextField id="eway-transporter-name" label="Transporter Name" error={errors.transporterName?.message} {...form.register("transporterName")} />
        <TextField
          id="eway-transporter-id"
          label="Transporter ID"
          placeholder="GSTIN or TRANSIN"
          autoCapitalize="characters"
          error={errors.transporterId?.message}
          {...form.register("transporterId")}
        />
        {problems.length > 0 && (
          <div role="alert" className="rounded-lg border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-red-900 sm:col-span-2">
            <p className="font-semibold">The e-way bill could not be generated:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </FormDialog>
  );
}
