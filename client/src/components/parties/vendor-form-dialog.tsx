import { vendorInputSchema } from "@bahi/shared/contract";
import type { Vendor, VendorInput } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { describeError } from "../../api/errors.ts";
import { useCreateVendor, useUpdateVendor } from "../../api/vendors.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { FormDialog } from "../form-dialog.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

type VendorFormInput = z.input<typeof vendorInputSchema>;

const FIELDS = ["name", "email", "phone", "address", "gstNumber"] as const;

interface VendorFormDialogProps {
  /** The vendor being edited, or null to add a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}

/** Add or edit a vendor. Mount it with a `key` per target so the form starts from the right values. */
export function VendorFormDialog({ vendor, onClose }: VendorFormDialogProps) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const pending = create.isPending || update.isPending;
  const form = useForm<VendorFormInput, unknown, VendorInput>({
    resolver: zodResolver(vendorInputSchema),
    defaultValues: {
      name: vendor?.name ?? "",
      email: vendor?.email ?? "",
      phone: vendor?.phone ?? "",
      address: vendor?.address ?? "",
      gstNumber: vendor?.gstNumber ?? "",
    },
  });
  const { errors } = form.formState;

  async function onSubmit(input: VendorInput) {
    try {
      if (vendor) await update.mutateAsync({ id: vendor.id, input });
      else await create.mutateAsync(input);
      toast({ title: vendor ? "Vendor updated successfully" : "Vendor added successfully" });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: vendor ? "Failed to update vendor" : "Failed to add vendor",
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
      title={vendor ? "Edit Vendor" : "Add New Vendor"}
      description={vendor ? "Update this vendor's details." : "Save a supplier's contact and GST details."}
      formId="vendor-form"
      pending={pending}
      submitLabel={vendor ? "Update Vendor" : "Add Vendor"}
      pendingLabel={vendor ? "Updating..." : "Adding..."}
    >
      <form id="vendor-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <TextField id="vendor-name" label="Name" required className="sm:col-span-2" placeholder="Gupta Wholesale Suppliers" error={errors.name?.message} {...form.register("name")} />
        <TextField id="vendor-email" label="Email" type="email" placeholder="sales@gupta.in" error={errors.email?.message} {...form.register("email")} />
        <TextField id="vendor-phone" label="Phone" type="tel" placeholder="+91 98765 43210" error={errors.phone?.message} {...form.register("phone")} />
        <TextareaField id="vendor-address" label="Address" className="sm:col-span-2" rows={2} placeholder="Plot 4, Industrial Area, Ludhiana 141003" error={errors.address?.message} {...form.register("address")} />
        <TextField id="vendor-gstNumber" label="GST Number" className="sm:col-span-2" placeholder="03AABCG1234M1Z5" autoCapitalize="characters" error={errors.gstNumber?.message} {...form.register("gstNumber")} />
      </form>
    </FormDialog>
  );
}
