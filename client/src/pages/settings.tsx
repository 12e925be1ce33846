import {
  BUSINESS_TYPES,
  COMPOSITION_CATEGORIES,
  COMPOSITION_RATES,
  DEFAULT_INVOICE_PREFIX,
  GST_CATEGORIES,
  INVOICE_PREFIX_PATTERN,
  panFromGstin,
  placeOfSupplyLabel,
  profileSchema,
  STATE_NAMES,
  stateCodeFromGstin,
} from "@bahi/shared/contract";
import type { ProfileInput, User } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Building, Crown, Sparkles } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import type { z } from "zod";
import { describeError } from "../api/errors.ts";
import { useProfile, useUpdateProfile, useUpgradePlan } from "../api/profile.ts";
import { ErrorState } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../components/ui/alert-dialog.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonVariants } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { CheckboxField } from "../components/ui/checkbox-field.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { TextField, TextareaField } from "../components/ui/text-field.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../lib/form-errors.ts";
import { LogoField } from "../components/setup/logo-field.tsx";
import { LUT_FIELDS, LutFields } from "../components/settings/lut-fields.tsx";
import { seriesExample, todayInIndia } from "../lib/invoice-form.ts";
import { useAccess } from "../auth/access.tsx";
import { TeamSettings } from "../components/team/team-settings.tsx";

type ProfileFormInput = z.input<typeof profileSchema>;

const FIELDS = [
  "companyName",
  "phone",
  "gstNumber",
  "businessAddress",
  "businessType",
  "gstCategory",
  "compositionCategory",
  "stateCode",
  "gstRegistrationDate",
  "invoicePrefix",
  "bankName",
  "bankAccountNumber",
  "bankIfsc",
  "upiId",
  "pinCode",
  ...LUT_FIELDS,
] as const;
const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));
const GST_CATEGORY_OPTIONS = GST_CATEGORIES.map((category) => ({ value: category, label: category }));
/** Issue 9: a composition business's kind fixes its rate (Rule 7). */
const COMPOSITION_CATEGORY_OPTIONS = COMPOSITION_CATEGORIES.map((category) => ({ value: category, label: COMPOSITION_RATES[category].label }));
const STATE_OPTIONS = Object.keys(STATE_NAMES)
  .filter((code) => code !== "99")
  .map((code) => ({ value: code, label: placeOfSupplyLabel(code) }));

/** A yes/no choice of the profile; `fallback` is what a profile saved before the choice existed means. */
function ProfileSwitch({
  control,
  name,
  fallback,
  label,
  hint,
}: {
  control: Control<ProfileFormInput, unknown, ProfileInput>;
  name: "roundOff" | "turnoverAbove5Crore" | "allowNegativeStock";
  fallback: boolean;
  label: string;
  hint: string;
}) {
  return (
    <div className="sm:col-span-2">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <CheckboxField id={`profile-${name}`} label={label} hint={hint} checked={field.value ?? fallback} onChange={field.onChange} />}
      />
    </div>
  );
}

function initialValues(user: User): ProfileFormInput {
  return {
    companyName: user.companyName ?? "",
    phone: user.phone ?? "",
    gstNumber: user.gstNumber ?? "",
    businessAddress: user.businessAddress ?? "",
    businessType: user.businessType ?? null,
    gstCategory: user.gstCategory ?? null,
    compositionCategory: user.compositionCategory ?? null,
    stateCode: user.stateCode ?? "",
    gstRegistrationDate: user.gstRegistrationDate ?? "",
    invoicePrefix: user.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    bankName: user.bankName ?? "",
    bankAccountNumber: user.bankAccountNumber ?? "",
    bankIfsc: user.bankIfsc ?? "",
    upiId: user.upiId ?? "",
    roundOff: user.roundOff ?? true,
    turnoverAbove5Crore: user.turnoverAbove5Crore ?? false,
    allowNegativeStock: user.allowNegativeStock ?? false,
    pinCode: user.pinCode ?? "",
    lutNumber: user.lutNumber ?? "",
    lutValidFrom: user.lutValidFrom ?? "",
    lutValidUntil: user.lutValidUntil ?? "",
  };
}

/** `readOnly`: an auditor sees the profile as the business keeps it, with nothing to change (issue 11). */
function BusinessProfileForm({ user, readOnly = false }: { user: User; readOnly?: boolean }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: initialValues(user),
  });
  const { errors } = form.formState;
  const gstNumber = useWatch({ control: form.control, name: "gstNumber" }) ?? "";
  const gstinState = stateCodeFromGstin(gstNumber);
  const hasGstin = gstNumber.trim() !== "";
  const isComposition = useWatch({ control: form.control, name: "gstCategory" }) === "Composition";
  const prefix = (useWatch({ control: form.control, name: "invoicePrefix" }) ?? "").trim() || DEFAULT_INVOICE_PREFIX;
  const today = todayInIndia();

  // A valid GSTIN decides the state; keep the (hidden) state field in step so the two never disagree.
  useEffect(() => {
    if (gstinState) form.setValue("stateCode", gstinState);
  }, [gstinState, form]);

  async function onSubmit(input: ProfileInput) {
    // A GSTIN fixes the state: send the one it carries rather than a stale choice.
    const body: ProfileInput = { ...input, stateCode: input.gstNumber ? input.gstNumber.slice(0, 2) : input.stateCode };
    try {
      await update.mutateAsync(body);
      toast({ title: "Business profile saved", description: "New invoices use these details." });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({ title: "Failed to save business profile", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building aria-hidden="true" className="size-4 text-primary" />
          Business Profile
        </CardTitle>
        <CardDescription>Printed on your invoices. Your state decides whether a sale carries CGST and SGST or IGST.</CardDescription>
      </CardHeader>
      <CardContent>
        <form id="profile-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <fieldset disabled={readOnly} className="grid min-w-0 gap-4 sm:grid-cols-2">
            <TextField id="profile-companyName" label="Company Name" placeholder="Verma Traders" error={errors.companyName?.message} {...form.register("companyName")} />
            <TextField id="profile-phone" label="Phone" type="tel" placeholder="+91 98765 43210" error={errors.phone?.message} {...form.register("phone")} />
            <TextField
              id="profile-gstNumber"
              label="GSTIN"
              placeholder="27AAPFU0939F1ZV"
              autoCapitalize="characters"
              error={errors.gstNumber?.message}
              hint={hasGstin ? undefined : "Leave empty if your business is not registered for GST"}
              {...form.register("gstNumber")}
            />
            {hasGstin ? (
              <div className="grid content-start gap-2">
                <p className="text-sm leading-none font-medium">From your GSTIN</p>
                {gstinState ? (
                  <dl aria-label="From your GSTIN" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border bg-muted/50 px-3 py-2 text-sm">
                    <dt className="text-muted-foreground">State</dt>
                    <dd className="font-medium">{placeOfSupplyLabel(gstinState)}</dd>
                    <dt className="text-muted-foreground">PAN</dt>
                    <dd className="font-mono font-medium">{panFromGstin(gstNumber)}</dd>
                  </dl>
                ) : (
                  <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">A valid GSTIN shows your state and PAN here.</p>
                )}
              </div>
            ) : (
              <SelectField
                control={form.control}
                name="stateCode"
                id="profile-stateCode"
                label="State"
                required
                placeholder="Select your state"
                options={STATE_OPTIONS}
                error={errors.stateCode?.message}
              />
            )}
            <TextareaField
              id="profile-businessAddress"
              label="Business Address"
              className="sm:col-span-2"
              rows={2}
              placeholder="Shop 4, Station Road, Pune 411001"
              error={errors.businessAddress?.message}
              {...form.register("businessAddress")}
            />
            <TextField
              id="profile-pinCode"
              label="PIN Code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="411001"
              error={errors.pinCode?.message}
              hint="Printed with your address; e-invoices and e-way bills use it"
              {...form.register("pinCode")}
            />
            {!readOnly && <LogoField logo={user.logo} />}
            <SelectField
              control={form.control}
              name="businessType"
              id="profile-businessType"
              label="Business Type"
              placeholder="Select business type"
              options={BUSINESS_TYPE_OPTIONS}
              error={errors.businessType?.message}
            />
            <SelectField
              control={form.control}
              name="gstCategory"
              id="profile-gstCategory"
              label="GST Category"
              placeholder="Select GST category"
              options={GST_CATEGORY_OPTIONS}
              error={errors.gstCategory?.message}
            />
            {isComposition && (
              <SelectField
                control={form.control}
                name="compositionCategory"
                id="profile-compositionCategory"
                label="Composition business kind"
                placeholder="Select what you do"
                options={COMPOSITION_CATEGORY_OPTIONS}
                hint="Decides the tax you pay each quarter on CMP-08. You issue bills of supply and do not charge GST."
                error={errors.compositionCategory?.message}
              />
            )}
            {hasGstin && (
              <TextField
                id="profile-gstRegistrationDate"
                label="GST registration date"
                type="date"
                error={errors.gstRegistrationDate?.message}
                hint="The date of liability on your registration certificate: returns are due from its month"
                {...form.register("gstRegistrationDate")}
              />
            )}
            {hasGstin && errors.stateCode?.message && <p className="text-sm font-medium text-destructive sm:col-span-2">{errors.stateCode.message}</p>}
            <TextField
              id="profile-invoicePrefix"
              label="Invoice Prefix"
              placeholder={DEFAULT_INVOICE_PREFIX}
              maxLength={5}
              autoCapitalize="characters"
              error={errors.invoicePrefix?.message}
              hint={
                INVOICE_PREFIX_PATTERN.test(prefix)
                  ? `Invoices are numbered ${seriesExample(prefix, today)}, ${seriesExample(prefix, today, 2).split("/").pop()}, … each financial year`
                  : 'Up to 5 letters, digits or "-", starting with a letter'
              }
              {...form.register("invoicePrefix")}
            />
            <ProfileSwitch
              control={form.control}
              name="roundOff"
              fallback={true}
              label="Round invoice totals to the rupee"
              hint="50 paise and more go up, less go down; the difference shows as a Round off line"
            />
            <ProfileSwitch
              control={form.control}
              name="turnoverAbove5Crore"
              fallback={false}
              label="Turnover last year above ₹5 crore"
              hint="Your total sales across India in the last financial year. Above ₹5 crore, every product needs an HSN/SAC code of at least 6 digits; otherwise 4 digits are enough (Notification 78/2020)."
            />
            <ProfileSwitch
              control={form.control}
              name="allowNegativeStock"
              fallback={false}
              label="Allow selling more than in stock"
              hint="Off: an invoice for more than you have is stopped with “Only 3 in stock”. On: it is saved and the stock shows below zero until you receive more."
            />
            <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-foreground">Bank details on invoices</legend>
              <TextField id="profile-bankName" label="Bank Name" placeholder="State Bank of India" error={errors.bankName?.message} {...form.register("bankName")} />
              <TextField
                id="profile-bankAccountNumber"
                label="Account Number"
                inputMode="numeric"
                placeholder="30123456789"
                error={errors.bankAccountNumber?.message}
                {...form.register("bankAccountNumber")}
              />
              <TextField
                id="profile-bankIfsc"
                label="IFSC"
                placeholder="SBIN0001234"
                maxLength={11}
                autoCapitalize="characters"
                error={errors.bankIfsc?.message}
                {...form.register("bankIfsc")}
              />
              <TextField
                id="profile-upiId"
                label="UPI ID"
                placeholder="yourshop@okaxis"
                error={errors.upiId?.message}
                hint="Invoices carry a UPI QR code for the amount due"
                {...form.register("upiId")}
              />
            </fieldset>
            {hasGstin && <LutFields form={form} />}
          </fieldset>
        </form>
      </CardContent>
      {!readOnly && (
        <CardFooter className="justify-end">
          <Button type="submit" form="profile-form" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Profile"}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

/** `canUpgrade`: only the owner changes the plan (issue 11). */
function PlanCard({ user, canUpgrade }: { user: User; canUpgrade: boolean }) {
  const upgrade = useUpgradePlan();
  const [confirming, setConfirming] = useState(false);
  const limit = user.invoiceLimit;
  const used = user.invoicesUsed;
  const planName = user.subscriptionPlan === "free" ? "Free" : user.subscriptionPlan === "professional" ? "Professional" : "Enterprise";

  async function confirmUpgrade(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    try {
      await upgrade.mutateAsync();
      toast({ title: "Upgraded to Professional", description: "You can now create unlimited invoices." });
      setConfirming(false);
    } catch (error) {
      toast({ title: "Failed to upgrade plan", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <Card role="region" aria-label="Plan" className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-2">
            <Crown aria-hidden="true" className="size-4 text-amber-500" />
            Your Plan
          </span>
          <Badge variant={user.subscriptionPlan === "free" ? "secondary" : "success"}>{planName}</Badge>
        </CardTitle>
        <CardDescription>{user.subscriptionPlan === "free" ? "₹0 per month" : user.subscriptionPlan === "professional" ? "₹999 per month" : "₹2,999 per month"}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {limit === null ? (
          <>
            <p className="flex items-center gap-2 text-base font-semibold text-foreground">
              <BadgeCheck aria-hidden="true" className="size-5 text-emerald-600" />
              Unlimited invoices
            </p>
            <p className="text-sm text-muted-foreground">
              {used} {used === 1 ? "invoice" : "invoices"} created this month
            </p>
          </>
        ) : (
          <>
            <p className="text-base font-semibold text-foreground">
              {used} of {limit} invoices used this month
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Invoices used this month"
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={used}
            >
              <div className={used >= limit ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${Math.min(100, (used / Math.max(limit, 1)) * 100)}%` }} />
            </div>
            <p className="text-sm text-muted-foreground">The count starts again on the first of each month.</p>
          </>
        )}
      </CardContent>
      {user.subscriptionPlan === "free" && canUpgrade && (
        <CardFooter>
          <Button className="w-full" onClick={() => setConfirming(true)}>
            <Sparkles aria-hidden="true" />
            Upgrade to Professional
          </Button>
        </CardFooter>
      )}
      <AlertDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !upgrade.isPending) setConfirming(false);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Upgrade to Professional?</AlertDialogTitle>
            <AlertDialogDescription>₹999 per month: unlimited invoices, advanced inventory, financial reports and priority support.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={upgrade.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction className={buttonVariants()} disabled={upgrade.isPending} onClick={(event) => void confirmUpgrade(event)}>
              {upgrade.isPending ? "Upgrading..." : "Upgrade"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

/** /settings: the business profile that invoices print and tax by, and the subscription plan. */
export function SettingsPage() {
  const profile = useProfile();
  const access = useAccess();

  return (
    <>
      <PageHeader title="Settings" description={access?.canManageTeam ? "Your business profile, plan and team" : "Your business profile and plan"} />
      {profile.isPending ? (
        <div aria-busy="true" aria-label="Loading" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Skeleton className="h-96 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : profile.isError ? (
        <ErrorState title="Could not load your business profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <BusinessProfileForm key={profile.data.id} user={profile.data} readOnly={!access?.canEditSettings} />
          <div className="grid gap-6">
            <PlanCard user={profile.data} canUpgrade={access?.canChangePlan ?? false} />
            <Card>
              <CardHeader>
                <CardTitle>Account</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                  <dt className="text-muted-foreground">Name</dt>
                  <dd className="font-medium">
                    {(access?.person ?? profile.data).firstName} {(access?.person ?? profile.data).lastName}
                  </dd>
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="truncate font-medium">{(access?.person ?? profile.data).email}</dd>
                </dl>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
      {access?.canManageTeam && (
        <div className="mt-6">
          <TeamSettings />
        </div>
      )}
    </>
  );
}
