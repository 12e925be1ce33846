import type { profileSchema, ProfileInput } from "@bahi/shared/contract";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "../ui/text-field.tsx";

type ProfileForm = UseFormReturn<z.input<typeof profileSchema>, unknown, ProfileInput>;

/** The profile's LUT fields, for the form's field list and server errors. */
export const LUT_FIELDS = ["lutNumber", "lutValidFrom", "lutValidUntil"] as const;

/**
 * Issue 9: the Letter of Undertaking (form GST RFD-11) an exporter files each financial year to
 * export, or supply SEZ units, without paying IGST. Invoices can be made "under LUT" only on
 * dates it covers.
 */
export function LutFields({ form }: { form: ProfileForm }) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold text-foreground">Exports and SEZ: Letter of Undertaking</legend>
      <p className="-mt-1 text-sm text-muted-foreground sm:col-span-3">
        If you export or sell to SEZ units without charging IGST, enter the LUT you filed on the GST portal (form RFD-11). Leave empty if you charge IGST on such sales.
      </p>
      <TextField
        id="profile-lutNumber"
        label="LUT number (ARN)"
        placeholder="AD290326000123X"
        maxLength={20}
        autoCapitalize="characters"
        error={errors.lutNumber?.message}
        {...form.register("lutNumber")}
      />
      <TextField id="profile-lutValidFrom" label="Valid from" type="date" error={errors.lutValidFrom?.message} {...form.register("lutValidFrom")} />
      <TextField
        id="profile-lutValidUntil"
        label="Valid until"
        type="date"
        hint="Usually 31 March, the end of the financial year"
        error={errors.lutValidUntil?.message}
        {...form.register("lutValidUntil")}
      />
    </fieldset>
  );
}
