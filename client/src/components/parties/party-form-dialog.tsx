import { customerInputSchema, vendorInputSchema } from "@bahi/shared/contract";
import type { Customer, Vendor } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { useCreateCustomer, useUpdateCustomer } from "../../api/customers.ts";
import { describeError } from "../../api/errors.ts";
import { useCreateVendor, useUpdateVendor } from "../../api/vendors.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { FormDialog } from "../form-dialog.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Customers and vendors are a business's contacts: one form serves both, the customer's
 * adding a credit limit. Every text the user sees stays per kind (SPEC §8's toasts).
 */
const KINDS = {
  customer: {
    label: "Customer",
    schema: customerInputSchema,
    useCreate: useCreateCustomer,
    useUpdate: useUpdateCustomer,
    newDescription: "Save a customer's contact and GST details.",
    placeholders: { name: "Sharma Garments", email: "accounts@sharma.in", address: "Shop 12, MG Road, Pune 411001", gstNumber: "27AAPFU0939F1ZV" },
    creditLimit: true,
  },
  vendor: {
    label: "Vendor",
    schema: vendorInputSchema,
    useCreate: useCreateVendor,
    useUpdate: useUpdateVendor,
    newDescription: "Save a supplier's contact and GST details.",
    placeholders: { name: "Gupta Wholesale Suppliers", email: "sales@gupta.in", address: "Plot 4, Industrial Area, Ludhiana 141003", gstNumber: "03AABCG1234M1Z5" },
    creditLimit: false,
  },
} as const;

type PartyValues = FieldValues & { name: string; email: string; phone: string; address: string; gstNumber: string; creditLimit?: string };

function initialValues(party: Customer | Vendor | null, withCreditLimit: boolean): PartyValues {
  const values: PartyValues = {
    name: party?.name ?? "",
    email: party?.email ?? "",
    phone: party?.phone ?? "",
    address: party?.address ?? "",
    gstNumber: party?.gstNumber ?? "",
  };
  if (withCreditLimit) {
    const limit = party && "creditLimit" in party ? party.creditLimit : "";
    values.creditLimit = limit && Number(limit) > 0 ? limit : "";
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
    resolver: zodResolver(config.schema) as unknown as Resolver<PartyValues>,
    defaultValues: initialValues(party, config.creditLimit),
  });
  const { errors } = form.formState;
  const fields: Path<PartyValues>[] = ["name", "email", "phone", "address", "gstNumber", ...(config.creditLimit ? (["creditLimit"] as const) : [])];

  async function onSubmit(input: PartyValues) {
    try {
      // The resolver has already parsed the values with the kind's schema.
      if (party) await update.mutateAsync({ id: party.id, input: input as never });
      else await create.mutateAsync(input as never);
      toast({ title: party ? `${config.label} updated successfully` : `${config.label} added successfully` });
      onClose();
    } catch (error) {
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
      <form id={id("form")} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <TextField id={id("name")} label="Name" required className="sm:col-span-2" placeholder={config.placeholders.name} error={errors.name?.message as string | undefined} {...form.register("name")} />
        <TextField id={id("email")} label="Email" type="email" placeholder={config.placeholders.email} error={errors.email?.message as string | undefined} {...form.register("email")} />
        <TextField id={id("phone")} label="Phone" type="tel" placeholder="+91 98765 43210" error={errors.phone?.message as string | undefined} {...form.register("phone")} />
        <TextareaField id={id("address")} label="Address" className="sm:col-span-2" rows={2} placeholder={config.placeholders.address} error={errors.address?.message as string | undefined} {...form.register("address")} />
        <TextField
          id={id("gstNumber")}
          label="GST Number"
          className={config.creditLimit ? undefined : "sm:col-span-2"}
          placeholder={config.placeholders.gstNumber}
          autoCapitalize="characters"
          error={errors.gstNumber?.message as string | undefined}
          {...form.register("gstNumber")}
        />
        {config.creditLimit ? (
          <TextField id={id("creditLimit")} label="Credit Limit (₹)" type="number" min={0} step={0.01} inputMode="decimal" placeholder="0" error={errors.creditLimit?.message as string | undefined} {...form.register("creditLimit")} />
        ) : null}
      </form>
    </FormDialog>
  );
}
