import {
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
import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { describeError } from "../api/errors.ts";
import { useProfile, useUpdateProfile } from "../api/profile.ts";
import { ErrorState } from "../components/list-states.tsx";
import { LogoField } from "../components/setup/logo-field.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { TextField, TextareaField } from "../components/ui/text-field.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../lib/form-errors.ts";
import { seriesExample, todayInIndia } from "../lib/invoice-form.ts";
import { postponeSetup } from "../lib/setup.ts";

type FormInput = z.input<typeof profileSchema>;

const REGISTRATION_OPTIONS = GST_CATEGORIES.map((category) => ({
  value: category,
  label: category === "Regular" ? "Regular (I charge GST)" : category === "Composition" ? "Composition scheme (bill of supply, no GST charged)" : "Not registered for GST",
}));
const COMPOSITION_OPTIONS = COMPOSITION_CATEGORIES.map((category) => ({ value: category, label: COMPOSITION_RATES[category].label }));
const STATE_OPTIONS = Object.keys(STATE_NAMES)
  .filter((code) => code !== "99")
  .map((code) => ({ value: code, label: placeOfSupplyLabel(code) }));

/** Each step: its title, what it is for, and the fields it checks before moving on. */
const STEPS: readonly { title: string; description: string; fields: FieldPath<FormInput>[]; optional?: boolean }[] = [
  {
    title: "Business & GST",
    description: "Your name and GST registration decide what your bills say and which tax they charge.",
    fields: ["companyName", "gstNumber", "stateCode", "gstCategory", "compositionCategory"],
  },
  { title: "Address", description: "Every invoice must show where your business is.", fields: ["businessAddress", "pinCode"] },
  { title: "Logo", description: "Printed at the top left of your invoices. You can skip this.", fields: [], optional: true },
  {
    title: "Bank & UPI",
    description: "Printed on invoices with a QR code your customers can scan to pay. You can skip this.",
    fields: ["bankName", "bankAccountNumber", "bankIfsc", "upiId"],
    optional: true,
  },
  { title: "Invoice numbers", description: "Your invoices are numbered in order, starting again each financial year.", fields: ["invoicePrefix"] },
];

const FIELDS = [
  "companyName",
  "gstNumber",
  "stateCode",
  "gstCategory",
  "compositionCategory",
  "businessAddress",
  "pinCode",
  "bankName",
  "bankAccountNumber",
  "bankIfsc",
  "upiId",
  "invoicePrefix",
] as const;

/** The whole profile as stored: every save sends it all, so nothing the steps do not show is cleared. */
function initialValues(user: User): FormInput {
  return {
    companyName: user.companyName ?? "",
    phone: user.phone ?? "",
    gstNumber: user.gstNumber ?? "",
    businessAddress: user.businessAddress ?? "",
    businessType: user.businessType ?? null,
    gstCategory: user.gstCategory ?? "Regular",
    compositionCategory: user.compositionCategory ?? null,
    stateCode: user.stateCode ?? "",
    invoicePrefix: user.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    bankName: user.bankName ?? "",
    bankAccountNumber: user.bankAccountNumber ?? "",
    bankIfsc: user.bankIfsc ?? "",
    upiId: user.upiId ?? "",
    pinCode: user.pinCode ?? "",
  };
}

function Stepper({ step }: { step: number }) {
  return (
    <ol aria-label="Setup steps" className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {STEPS.map((each, index) => (
        <li key={each.title} aria-current={index === step ? "step" : undefined} className="flex items-center gap-2">
          <span
            className={
              index < step
                ? "flex size-6 items-center justify-center rounded-full bg-emerald-600 text-white"
                : index === step
                  ? "flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                  : "flex size-6 items-center justify-center rounded-full border text-xs text-muted-foreground"
            }
          >
            {index < step ? <Check aria-hidden="true" className="size-3.5" /> : index + 1}
          </span>
          <span className={index === step ? "font-medium text-foreground" : "hidden text-muted-foreground sm:inline"}>{each.title}</span>
        </li>
      ))}
    </ol>
  );
}

function SetupWizard({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const update = useUpdateProfile();
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, ProfileInput>({ resolver: zodResolver(profileSchema), defaultValues: initialValues(user) });
  const { errors } = form.formState;
  const gstNumber = useWatch({ control: form.control, name: "gstNumber" }) ?? "";
  const gstinState = stateCodeFromGstin(gstNumber);
  const hasGstin = gstNumber.trim() !== "";
  const category = useWatch({ control: form.control, name: "gstCategory" });
  const isComposition = category === "Composition";
  const prefix = (useWatch({ control: form.control, name: "invoicePrefix" }) ?? "").trim() || DEFAULT_INVOICE_PREFIX;
  const today = todayInIndia();
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;

  useEffect(() => {
    if (gstinState) form.setValue("stateCode", gstinState);
  }, [gstinState, form]);
  // Not registered for GST: no GSTIN goes with it (the state is chosen instead).
  useEffect(() => {
    if (category === "Unregistered") form.setValue("gstNumber", "");
  }, [category, form]);

  function later() {
    postponeSetup(user.id);
    navigate("/dashboard");
  }

  async function save(input: ProfileInput) {
    setProblem(null);
    // Documents need the address and PIN (Rule 46): the schema lets Settings clear them, this step does not.
    if (step === 1) {
      const missing = [
        !input.businessAddress && (["businessAddress", "Enter your business address"] as const),
        !input.pinCode && (["pinCode", "Enter your 6-digit PIN code"] as const),
      ].filter((each) => each !== false);
      missing.forEach(([field, message]) => form.setError(field, { type: "required", message }));
      if (missing.length > 0) return;
    }
    try {
      await update.mutateAsync({ ...input, stateCode: input.gstNumber ? input.gstNumber.slice(0, 2) : input.stateCode });
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS) === 0) setProblem(describeError(error, "Your details could not be saved. Try again."));
      return;
    }
    if (last) {
      toast({ title: "Your business is set up", description: "New invoices carry these details." });
      navigate("/invoices");
    } else {
      setStep(step + 1);
    }
  }

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <Stepper step={step} />
        <p className="text-xs font-medium text-muted-foreground">
          Step {step + 1} of {STEPS.length}
          {current.optional ? " · optional" : ""}
        </p>
        <h2 className="text-xl leading-tight font-semibold tracking-tight">{current.title}</h2>
        <CardDescription>{current.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          id="setup-form"
          noValidate
          onSubmit={form.handleSubmit(save, (invalid) => {
            // A field of another step (e.g. stored before a rule changed): say which, rather than do nothing.
            const elsewhere = Object.entries(invalid).find(([name]) => !current.fields.includes(name as FieldPath<FormInput>));
            if (elsewhere) setProblem(String(elsewhere[1]?.message ?? "Check your details"));
          })}
          className="grid gap-4 sm:grid-cols-2"
        >
          {step === 0 && (
            <>
              <TextField
                id="setup-companyName"
                label="Business name"
                className="sm:col-span-2"
                placeholder="Verma Traders"
                error={errors.companyName?.message}
                {...form.register("companyName")}
              />
              <SelectField
                control={form.control}
                name="gstCategory"
                id="setup-gstCategory"
                label="GST registration"
                options={REGISTRATION_OPTIONS}
                error={errors.gstCategory?.message}
                className="sm:col-span-2"
              />
              {isComposition && (
                <SelectField
                  control={form.control}
                  name="compositionCategory"
                  id="setup-compositionCategory"
                  label="What you do"
                  placeholder="Select what you do"
                  options={COMPOSITION_OPTIONS}
                  error={errors.compositionCategory?.message}
                  className="sm:col-span-2"
                />
              )}
              {/* Not registered: there is no GSTIN to ask for, only the state. */}
              {category !== "Unregistered" && (
                <TextField
                  id="setup-gstNumber"
                  label="GSTIN"
                  placeholder="27AAPFU0939F1ZV"
                  autoCapitalize="characters"
                  error={errors.gstNumber?.message}
                  hint={
                    hasGstin ? (gstinState ? `${placeOfSupplyLabel(gstinState)} · PAN ${panFromGstin(gstNumber)}` : undefined) : "Leave empty if you are not registered for GST"
                  }
                  {...form.register("gstNumber")}
                />
              )}
              {!hasGstin && (
                <SelectField
                  control={form.control}
                  name="stateCode"
                  id="setup-stateCode"
                  label="State"
                  required
                  placeholder="Select your state"
                  options={STATE_OPTIONS}
                  error={errors.stateCode?.message}
                />
              )}
              {hasGstin && errors.stateCode?.message && <p className="text-sm font-medium text-destructive sm:col-span-2">{errors.stateCode.message}</p>}
            </>
          )}
          {step === 1 && (
            <>
              <TextareaField
                id="setup-businessAddress"
                label="Business address"
                required
                className="sm:col-span-2"
                rows={3}
                placeholder="Shop 4, Station Road, Pune"
                error={errors.businessAddress?.message}
                {...form.register("businessAddress")}
              />
              <TextField
                id="setup-pinCode"
                label="PIN code"
                required
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                placeholder="411001"
                error={errors.pinCode?.message}
                hint="Also used for e-invoices and e-way bills"
                {...form.register("pinCode")}
              />
            </>
          )}
          {step === 2 && (
            <div className="sm:col-span-2">
              <LogoField logo={user.logo} />
            </div>
          )}
          {step === 3 && (
            <>
              <TextField id="setup-bankName" label="Bank name" placeholder="State Bank of India" error={errors.bankName?.message} {...form.register("bankName")} />
              <TextField
                id="setup-bankAccountNumber"
                label="Account number"
                inputMode="numeric"
                placeholder="30123456789"
                error={errors.bankAccountNumber?.message}
                {...form.register("bankAccountNumber")}
              />
              <TextField
                id="setup-bankIfsc"
                label="IFSC"
                placeholder="SBIN0001234"
                maxLength={11}
                autoCapitalize="characters"
                error={errors.bankIfsc?.message}
                {...form.register("bankIfsc")}
              />
              <TextField
                id="setup-upiId"
                label="UPI ID"
                placeholder="yourshop@okaxis"
                error={errors.upiId?.message}
                hint="Invoices carry a QR code to pay this UPI ID"
                {...form.register("upiId")}
              />
            </>
          )}
          {step === 4 && (
            <TextField
              id="setup-invoicePrefix"
              label="Invoice prefix"
              className="sm:col-span-2"
              placeholder={DEFAULT_INVOICE_PREFIX}
              maxLength={5}
              autoCapitalize="characters"
              error={errors.invoicePrefix?.message}
              hint={
                INVOICE_PREFIX_PATTERN.test(prefix)
                  ? `Your first invoice will be ${seriesExample(prefix, today)}, then ${seriesExample(prefix, today, 2)}`
                  : 'Up to 5 letters, digits or "-", starting with a letter'
              }
              {...form.register("invoicePrefix")}
            />
          )}
        </form>
        {problem && (
          <p role="alert" className="mt-4 rounded-lg border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-red-900">
            {problem}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={later}>
          Do this later
        </Button>
        <div className="flex w-full gap-3 sm:w-auto">
          {step > 0 && (
            <Button type="button" variant="outline" className="flex-1 sm:flex-none" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          )}
          <Button type="submit" form="setup-form" className="flex-1 sm:flex-none" disabled={update.isPending}>
            {update.isPending ? "Saving..." : last ? "Finish" : current.optional ? "Save and continue" : "Next"}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}

/** /setup (issue 9): the first-run setup of what every invoice prints, step by step; skippable. */
export function SetupPage() {
  const profile = useProfile();
  return (
    <>
      <div className="mx-auto mb-6 max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">Set up your business</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">A few details your invoices need. It takes about two minutes; you can change everything later in Settings.</p>
      </div>
      {profile.isPending ? (
        <Skeleton aria-busy="true" aria-label="Loading" className="mx-auto h-96 w-full max-w-2xl rounded-xl" />
      ) : profile.isError ? (
        <ErrorState title="Could not load your business profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <SetupWizard key={profile.data.id} user={profile.data} />
      )}
    </>
  );
}
