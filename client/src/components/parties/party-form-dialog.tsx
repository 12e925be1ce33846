import { customerInputSchema, customerStateCode, STATE_OPTIONS, stateCodeFromGstin, vendorInputSchema } from "@bahi/shared/contract";
import type { Customer, Vendor } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm, useWatch, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { useCreateCustomer, useUpdateCustomer } from "../../api/customers.ts";
import { describeError } from "../../api/errors.ts";
import { sameFormValues, useRecordRevision } from "../../api/record-revision.ts";
import { useCreateVendor, useUpdateVendor } from "../../api/vendors.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { FormDialog } from "../form-dialog.tsx";
import { StaleRecordNotice } from "../stale-record-notice.tsx";
import { CheckboxField } from "../ui/checkbox-field.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Customers and vendors are a business's contacts: one form serves both, the customer's
 * adding a credit limit and what the place of supply follows (state, shipping address, SEZ).
 * Every text the user sees stays per kind (SPEC §8's toasts).
 */
const KINDS = {
  customer: {
    label: "Customer",
    schema: customerInputSchema,
    useCreate: useCreateCustomer,
    useUpdate: useUpdateCustomer,
    newDescription: "Save a customer's contact and GST details.",
    placeholders: { name: "Sharma Garments", email: "accounts@sharma.in", address: "Shop 12, MG Road, Pune 411001", gstNumber: "27AAPFU0939F1ZV" },
    customerFields: true,
  },
  vendor: {
    label: "Vendor",
    schema: vendorInputSchema,
    useCreate: useCreateVendor,
    useUpdate: useUpdateVendor,
    newDescription: "Save a supplier's contact and GST details.",
    placeholders: { name: "Gupta Wholesale Suppliers", email: "sales@gupta.in", address: "Plot 4, Industrial Area, Ludhiana 141003", gstNumber: "03AABCG1234M1Z5" },
    customerFields: false,
  },
} as const;

type PartyValues = FieldValues & {
  name: string;
  email: string;
  phone: string;
  address: string;
  gstNumber: string;
  // A customer's only:
  creditLimit?: string;
  stateCode?: string;
  shippingAddress?: string;
  shippingStateCode?: string;
  isSez?: boolean;
};

const STATE_SELECT_OPTIONS = STATE_OPTIONS.map((state) => ({ value: state.code, label: state.label }));
/** The delivery state's "none": goods go to the customer's own state (a select cannot hold ""). */
const SAME_STATE = "same";
const DELIVERY_STATE_OPTIONS = [{ value: SAME_STATE, label: "Same as the customer's state" }, ...STATE_SELECT_OPTIONS.filter((state) => state.value !== "96")];

function initialValues(party: Customer | Vendor | null, customerFields: boolean): PartyValues {
  const values: PartyValues = {
    name: party?.name ?? "",
    email: party?.email ?? "",
    phone: party?.phone ?? "",
    address: party?.address ?? "",
    gstNumber: party?.gstNumber ?? "",
  };
  if (customerFields) {
    const customer = party && "creditLimit" in party ? party : null;
    const limit = customer?.creditLimit ?? "";
    values.creditLimit = limit && Number(limit) > 0 ? limit : "";
    // A customer saved before states were asked shows its GSTIN's state, or none to choose.
    values.stateCode = customer ? (customerStateCode(customer) ?? "") : "";
    values.shippingAddress = customer?.shippingAddress ?? "";
    values.shippingStateCode = customer?.shippingStateCode ?? SAME_STATE;
    values.isSez = customer?.isSez ?? false;
  }
  return values;
}

interface PartyFormDialogProps {
  kind: keyof typeof KINDS;
  /** The contact being edited, or null to add a new one. */
  party: Customer | Vendor | null;
  onClose: () => void;
}

/** Add or edit a customer or vendor. Mount it with a `key` per target so the form starts from the right values. */
export function PartyFormDialog({ kind, party, onClose }: PartyFormDialogProps) {
  const config = KINDS[kind];
  const noun = config.label.toLowerCase();
  // `kind` never changes for a mounted dialog, so these are always the same hooks.
  const create = config.useCreate();
  const update = config.useUpdate();
  const pending = create.isPending || update.isPending;
  const form = useForm<PartyValues>({
    resolver: ((values: PartyValues, context: unknown, options: never) =>
      (zodResolver(config.schema) as unknown as Resolver<PartyValues>)(
        values.shippingStateCode === SAME_STATE ? { ...values, shippingStateCode: "" } : values,
        context,
        options,
      )) as Resolver<PartyValues>,
    defaultValues: initialValues(party, config.customerFields),
  });
  const { errors, isDirty } = form.formState;
  // Issue 12: the save names the revision opened here; a 412 says the contact changed meanwhile.
  const revision = useRecordRevision<Customer | Vendor>(party ? `/api/${kind}s/${encodeURIComponent(party.id)}` : null, {
    onOpened: (fresh) => {
      const values = initialValues(fresh, config.customerFields);
      if (!isDirty && !sameFormValues(values, initialValues(party, config.customerFields))) form.reset(values);
    },
    onReload: (fresh) => form.reset(initialValues(fresh, config.customerFields)),
  });
  const fields: Path<PartyValues>[] = [
    "name",
    "email",
    "phone",
    "address",
    "gstNumber",
    ...(config.customerFields ? (["creditLimit", "stateCode", "shippingAddress", "shippingStateCode", "isSez"] as const) : []),
  ];
  const gstNumber = useWatch({ control: form.control, name: "gstNumber" }) ?? "";
  const hasGstin = gstNumber.trim() !== "";
  const gstinState = stateCodeFromGstin(gstNumber);

  // A valid GSTIN says where the customer is registered: the state follows it and is locked.
  // Only a registered person can be an SEZ unit or developer: no GSTIN, no SEZ.
  useEffect(() => {
    if (!config.customerFields) return;
    if (gstinState) form.setValue("stateCode", gstinState, { shouldValidate: form.formState.isSubmitted });
    if (!hasGstin) form.setValue("isSez", false);
  }, [config.customerFields, gstinState, hasGstin, form]);

  async function onSubmit(input: PartyValues) {
    try {
      // The resolver has already parsed the values with the kind's schema.
      if (party) await update.mutateAsync({ id: party.id, input: input as never, ifMatch: revision.etag });
      else await create.mutateAsync(input as never);
      toast({ title: party ? `${config.label} updated successfully` : `${config.label} added successfully` });
      onClose();
    } catch (error) {
      if (revision.refusedAsStale(error)) return;
      applyServerFieldErrors(error, form.setError, fields);
      toast({
        title: party ? `Failed to update ${noun}` : `Failed to add ${noun}`,
        description: describeError(error, "An error occurred"),
        variant: "destructive",
      });
    }
  }

  const id = (field: string) => `${kind}-${field}`;
  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={party ? `Edit ${config.label}` : `Add New ${config.label}`}
      description={party ? `Update this ${noun}'s details.` : config.newDescription}
      formId={id("form")}
      pending={pending}
      submitLabel={party ? `Update ${config.label}` : `Add ${config.label}`}
      pendingLabel={party ? "Updating..." : "Adding..."}
    >
      {revision.stale ? <StaleRecordNotice onReload={() => void revision.reload()} reloading={revision.reloading} /> : null}
      <form id={id("form")} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("name")}
          label="Name"
          required
          className="sm:col-span-2"
          placeholder={config.placeholders.name}
          error={errors.name?.message as string | undefined}
          {...form.register("name")}
        />
        <TextField
          id={id("email")}
          label="Email"
          type="email"
          placeholder={config.placeholders.email}
          error={errors.email?.message as string | undefined}
          {...form.register("email")}
        />
        <TextField id={id("phone")} label="Phone" type="tel" placeholder="+91 98765 43210" error={errors.phone?.message as string | undefined} {...form.register("phone")} />
        <TextareaField
          id={id("address")}
          label="Address"
          className="sm:col-span-2"
          rows={2}
          placeholder={config.placeholders.address}
          error={errors.address?.message as string | undefined}
          {...form.register("address")}
        />
        <TextField
          id={id("gstNumber")}
          label="GST Number"
          className={config.customerFields ? undefined : "sm:col-span-2"}
          placeholder={config.placeholders.gstNumber}
          autoCapitalize="characters"
          error={errors.gstNumber?.message as string | undefined}
          {...form.register("gstNumber")}
        />
        {config.customerFields ? (
          <>
            <SelectField
              control={form.control}
              name="stateCode"
              id={id("stateCode")}
              label="State"
              required={!hasGstin}
              disabled={gstinState !== null}
              placeholder="Select the customer's state"
              options={STATE_SELECT_OPTIONS}
              error={errors.stateCode?.message as string | undefined}
              hint={gstinState ? "From the GSTIN" : "Decides CGST + SGST or IGST on their invoices"}
            />
            {hasGstin && (
              <div className="sm:col-span-2">
                <Controller
                  control={form.control}
                  name="isSez"
                  render={({ field }) => (
                    <CheckboxField
                      id={id("isSez")}
                      label="SEZ unit or developer"
                      hint="Sales to it are zero-rated: IGST always, even within your state (s.16 IGST Act)"
                      checked={field.value === true}
                      onChange={field.onChange}
                    />
                  )}
                />
                {errors.isSez?.message ? <p className="mt-1 text-sm font-medium text-destructive">{errors.isSez.message as string}</p> : null}
              </div>
            )}
            <TextareaField
              id={id("shippingAddress")}
              label="Shipping Address"
              className="sm:col-span-2"
              rows={2}
              placeholder="Where goods are delivered, if not the address above"
              error={errors.shippingAddress?.message as string | undefined}
              {...form.register("shippingAddress")}
            />
            <SelectField
              control={form.control}
              name="shippingStateCode"
              id={id("shippingStateCode")}
              label="Goods delivered to"
              options={DELIVERY_STATE_OPTIONS}
              error={errors.shippingStateCode?.message as string | undefined}
              hint="Goods delivered to another state are taxed there (IGST)"
            />
            <TextField
              id={id("creditLimit")}
              label="Credit Limit (₹)"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="0"
              error={errors.creditLimit?.message as string | undefined}
              {...form.register("creditLimit")}
            />
          </>
        ) : null}
      </form>
    </FormDialog>
  );
}
