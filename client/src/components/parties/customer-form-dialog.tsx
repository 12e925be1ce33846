import { customerInputSchema } from "@bahi/shared/contract";
import type { Customer, CustomerInput } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useCreateCustomer, useUpdateCustomer } from "../../api/customers.ts";
import { describeError } from "../../api/errors.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { FormDialog } from "../form-dialog.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

type CustomerFormInput = z.input<typeof customerInputSchema>;

const FIELDS = ["name", "email", "phone", "address", "gstNumber", "creditLimit"] as const;

function initialValues(customer: Customer | null): CustomerFormInput {
  return {
    name: customer?.name ?? "",
    email: customer?.email ?? "",
    phone: customer?.phone ?? "",
    address: customer?.address ?? "",
    gstNumber: customer?.gstNumber ?? "",
    creditLimit: customer && Number(customer.creditLimit) > 0 ? customer.creditLimit : "",
  };
}

interface CustomerFormDialogProps {
  /** The customer being edited, or null to add a new one. */
  customer: Customer | null;
  onClose: () => void;
}

/** Add or edit a customer. Mount it with a `key` per target so the form starts from the right values. */
export function CustomerFormDialog({ customer, onClose }: CustomerFormDialogProps) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const pending = create.isPending || update.isPending;
  const form = useForm<CustomerFormInput, unknown, CustomerInput>({
    resolver: zodResolver(customerInputSchema),
    defaultValues: initialValues(customer),
  });
  const { errors } = form.formState;

  async function onSubmit(input: CustomerInput) {
    try {
      if (customer) await update.mutateAsync({ id: customer.id, input });
      else await create.mutateAsync(input);
      toast({ title: customer ? "Customer updated successfully" : "Customer added successfully" });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: customer ? "Failed to update customer" : "Failed to add customer",
        description: describeError(error, "An error occurred"),
        variant: "destructive",
      });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={customer ? "Edit Customer" : "Add New Customer"}
      description={customer ? "Update this customer's details." : "Save a customer's contact and GST details."}
      formId="customer-form"
      pending={pending}
      submitLabel={customer ? "Update Customer" : "Add Customer"}
      pendingLabel={customer ? "Updating..." : "Adding..."}
    >
      <form id="customer-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <TextField id="customer-name" label="Name" required className="sm:col-span-2" placeholder="Sharma Garments" error={errors.name?.message} {...form.register("name")} />
        <TextField id="customer-email" label="Email" type="email" placeholder="accounts@sharma.in" error={errors.email?.message} {...form.register("email")} />
        <TextField id="customer-phone" label="Phone" type="tel" placeholder="+91 98765 43210" error={errors.phone?.message} {...form.register("phone")} />
        <TextareaField id="customer-address" label="Address" className="sm:col-span-2" rows={2} placeholder="Shop 12, MG Road, Pune 411001" error={errors.address?.message} {...form.register("address")} />
        <TextField id="customer-gstNumber" label="GST Number" placeholder="27AAPFU0939F1ZV" autoCapitalize="characters" error={errors.gstNumber?.message} {...form.register("gstNumber")} />
        <TextField id="customer-creditLimit" label="Credit Limit (₹)" type="number" min={0} step={0.01} inputMode="decimal" placeholder="0" error={errors.creditLimit?.message} {...form.register("creditLimit")} />
      </form>
    </FormDialog>
  );
}
