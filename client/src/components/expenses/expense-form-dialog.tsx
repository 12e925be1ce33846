import {
  EXPENSE_CATEGORIES,
  formatInr,
  formatPaise,
  indianDateOf,
  isMoneyString,
  ITC_DEFAULTS,
  placeOfSupplyLabel,
  PURCHASE_DOCUMENT_TYPES,
  STATE_NAMES,
  TAXABILITIES,
  toPaise,
} from "@bahi/shared/contract";
import type { Expense, ExpenseCategory, Vendor } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "wouter";
import { describeError } from "../../api/errors.ts";
import { useCreateExpense, useExpenses, useUpdateExpense } from "../../api/expenses.ts";
import { sameFormValues, useRecordRevision } from "../../api/record-revision.ts";
import { useProfile } from "../../api/profile.ts";
import { useVendors } from "../../api/vendors.ts";
import {
  buildExpenseBody,
  DOCUMENT_TYPE_LABELS,
  expenseFormSchema,
  expenseFormValues,
  expenseTaxPreview,
  hasPurchaseDetails,
  itcDefaultText,
  keptGstAmount,
  NONE,
  RCM_OPTIONS,
  TAXABILITY_LABELS,
  type ExpenseFormOutput,
  type ExpenseFormValues,
  type ExpenseTaxPreview,
} from "../../lib/expense-form.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { gstRateOptions, normalisePercent } from "../../lib/gst-rate-options.ts";
import { periodFiledOf, type PeriodFiled } from "../../lib/period-filed.ts";
import { cn } from "../../lib/utils.ts";
import { FormDialog } from "../form-dialog.tsx";
import { PeriodFiledDialog } from "../period-filed-dialog.tsx";
import { StaleRecordNotice } from "../stale-record-notice.tsx";
import { CheckboxField } from "../ui/checkbox-field.tsx";
import { Label } from "../ui/label.tsx";
import { SelectField, type SelectOption } from "../ui/select-field.tsx";
import { Switch } from "../ui/switch.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const FIELDS = [
  "vendorId",
  "category",
  "description",
  "amount",
  "date",
  "vendorInvoiceNumber",
  "vendorInvoiceDate",
  "placeOfSupply",
  "hsnCode",
  "documentType",
  "againstExpenseId",
  "taxability",
  "gstRate",
  "gstAmount",
  "reverseChargeService",
  "itcReason",
] as const;
const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((category) => ({ value: category, label: category }));
const PLACE_OPTIONS: SelectOption[] = [
  { value: NONE, label: "Not given" },
  ...Object.keys(STATE_NAMES)
    .filter((code) => code !== "99")
    .map((code) => ({ value: code, label: placeOfSupplyLabel(code) })),
];

function stateName(code: string): string {
  return STATE_NAMES[code] ?? code;
}

/** Says which heads apply and why, in the words of the states involved. */
function splitReason(preview: ExpenseTaxPreview): string {
  const heads = preview.taxKind === "inter" ? "IGST applies" : `CGST + ${preview.stateTaxLabel} apply`;
  const kind = preview.taxKind === "inter" ? "Inter-state purchase" : "Intra-state purchase";
  if (!preview.businessState) return `${kind}: ${heads}. Add your state in Settings so the split follows your business.`;
  const ours = stateName(preview.businessState);
  if (preview.basis === "vendor-gstin") return `${kind}: vendor's GSTIN is in ${stateName(preview.supplierState)}, your business in ${ours}. ${heads}.`;
  if (preview.basis === "place-of-supply") return `${kind}: place of supply ${stateName(preview.supplierState)}, your business in ${ours}. ${heads}.`;
  return `${kind}: no vendor GSTIN or place of supply, so taken as within ${ours}. ${heads}.`;
}

function SummaryLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 text-base font-semibold text-foreground" : "flex justify-between text-sm text-muted-foreground"}>
      <dt>{label}</dt>
      <dd className="tabular-nums" aria-label={label}>
        {value}
      </dd>
    </div>
  );
}

/** "2.5" for 5%'s halves, "9" for 18%'s. */
const halfOf = (ratePercent: string) => String(Number(ratePercent) / 2);

function TaxSummary({ preview }: { preview: ExpenseTaxPreview }) {
  const rate = preview.ratePercent;
  const rcm = preview.reverseCharge ? " payable by you" : "";
  return (
    <section aria-label="Expense summary" className="grid gap-2 rounded-xl border bg-muted/40 p-4 sm:col-span-2">
      <dl className="grid gap-2">
        <SummaryLine label="Base Amount" value={formatInr(preview.basePaise)} />
        {preview.gstPaise > 0 &&
          (preview.taxKind === "inter" ? (
            <SummaryLine label={`IGST (${rate}%)`} value={formatInr(preview.igstPaise)} />
          ) : (
            <>
              <SummaryLine label={`CGST (${halfOf(rate)}%)`} value={formatInr(preview.cgstPaise)} />
              <SummaryLine label={`${preview.stateTaxLabel} (${halfOf(rate)}%)`} value={formatInr(preview.sgstPaise)} />
            </>
          ))}
        <SummaryLine label={`GST (${rate}%)${rcm}`} value={formatInr(preview.gstPaise)} />
        <SummaryLine label={preview.reverseCharge ? "Total paid to supplier" : "Total"} value={formatInr(preview.totalPaise)} strong />
      </dl>
      {preview.noTaxReason ? <p className="text-xs font-medium text-amber-800">{preview.noTaxReason}.</p> : <p className="text-xs text-muted-foreground">{splitReason(preview)}</p>}
      {preview.reverseCharge && (
        <p className="text-xs text-muted-foreground">
          Reverse charge (s.9(3)): the supplier's bill carries no GST; you pay {formatInr(preview.gstPaise)} yourself in GSTR-3B 3.1(d) and a self-invoice is issued.
        </p>
      )}
    </section>
  );
}

interface ExpenseFormDialogProps {
  /** The expense being edited, or null to add a new one. */
  expense: Expense | null;
  onClose: () => void;
}

const DOCUMENT_OPTIONS: SelectOption[] = PURCHASE_DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] }));
const TAXABILITY_OPTIONS: SelectOption[] = TAXABILITIES.map((value) => ({ value, label: TAXABILITY_LABELS[value] }));
const RCM_SELECT_OPTIONS: SelectOption[] = [{ value: NONE, label: "Choose the notified supply" }, ...RCM_OPTIONS];

/** "GW/2026/0412 · 3 Oct 2026 · ₹1,000.00": a bill a note can adjust. */
function billLabel(bill: Expense): string {
  return [bill.vendorInvoiceNumber ?? bill.description, formatIndianDate(bill.date), formatRupees(bill.amount)].join(" · ");
}

/** The form's values for an expense (or a new one): its GST as recorded, kept when the rate would give it. */
function formValuesOf(expense: Expense | null, today: Date): ExpenseFormValues {
  const values = expenseFormValues(expense, today);
  if (!expense) return values;
  const recorded = expenseTaxPreview({
    amount: expense.amount,
    vendorGstin: expense.vendor?.gstNumber,
    placeOfSupply: expense.placeOfSupply,
    businessState: expense.businessStateCode,
    taxability: expense.taxability,
    gstRate: values.gstRate,
    reverseCharge: expense.reverseCharge,
    billDate: expense.vendorInvoiceDate ?? expense.date,
  });
  return { ...values, gstAmount: keptGstAmount(expense, recorded) };
}

/**
 * 'Add Expense' / edit: a supplier's bill (or a credit or debit note against one) at the bill's
 * rate, its GST as the bill shows it, reverse charge, and the input tax credit its category
 * allows. The figures are worked out as the server works them out. Mount it with a `key` per target.
 */
export function ExpenseFormDialog({ expense, onClose }: ExpenseFormDialogProps) {
  const vendors = useVendors();
  const profile = useProfile();
  const expenses = useExpenses();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const pending = create.isPending || update.isPending;
  const [today] = useState(() => new Date());
  const [detailsOpen, setDetailsOpen] = useState(() => hasPurchaseDetails(expense));
  const [periodFiled, setPeriodFiled] = useState<{ filed: PeriodFiled; values: ExpenseFormOutput } | null>(null);
  const detailsId = useId();
  const [defaultValues] = useState(() => formValuesOf(expense, today));
  const form = useForm<ExpenseFormValues, unknown, ExpenseFormOutput>({
    resolver: zodResolver(expenseFormSchema),
    defaultValues,
  });
  const { errors, isDirty } = form.formState;
  // Issue 12: the save names the revision opened here; a 412 says the expense changed meanwhile.
  const revision = useRecordRevision<Expense>(expense ? `/api/expenses/${encodeURIComponent(expense.id)}` : null, {
    onOpened: (fresh) => {
      const values = formValuesOf(fresh, today);
      if (!isDirty && !sameFormValues(values, formValuesOf(expense, today))) form.reset(values);
    },
    onReload: (fresh) => form.reset(formValuesOf(fresh, today)),
  });

  const vendorList: readonly Vendor[] = vendors.data ?? [];
  const [vendorId, amount, placeOfSupply, category, documentType, taxability, gstRate, gstAmount, reverseCharge, eligibleForItc, date, vendorInvoiceDate] = useWatch({
    control: form.control,
    name: ["vendorId", "amount", "placeOfSupply", "category", "documentType", "taxability", "gstRate", "gstAmount", "reverseCharge", "eligibleForItc", "date", "vendorInvoiceDate"],
  });
  const chosenVendor = vendorList.find((vendor) => vendor.id === vendorId);
  // A vendor deleted since keeps its name (and GSTIN) on the expense it was recorded with.
  const vendorGstin = chosenVendor ? chosenVendor.gstNumber : vendorId === expense?.vendorId ? expense?.vendor?.gstNumber : null;
  const businessState = profile.data?.stateCode ?? (profile.data?.gstNumber ? profile.data.gstNumber.slice(0, 2) : null);
  // The rate must be in force on the bill's own date (the vendor's invoice date, else the expense date).
  const billDate = vendorInvoiceDate || date || indianDateOf(today);
  const preview = expenseTaxPreview({ amount, vendorGstin, placeOfSupply, businessState, taxability, gstRate, reverseCharge, billDate, typedGst: gstAmount });
  const rateOptions = gstRateOptions(new Date(`${billDate}T12:00:00+05:30`), expense ? normalisePercent(expense.gstRate) || undefined : undefined);
  const itcDefault = category ? ITC_DEFAULTS[category as ExpenseCategory] : undefined;
  const overridden = itcDefault !== undefined && eligibleForItc !== itcDefault.eligible;
  const noGst = taxability !== "taxable" || (!vendorGstin && !reverseCharge);
  const typedGst = (gstAmount ?? "").trim() !== "";

  const vendorOptions: SelectOption[] = [
    { value: NONE, label: "No Vendor" },
    ...vendorList.map((vendor) => ({ value: vendor.id, label: vendor.name, hint: vendor.gstNumber ?? undefined })),
  ];
  if (expense?.vendorId && expense.vendor && !vendorList.some((vendor) => vendor.id === expense.vendorId)) {
    vendorOptions.push({ value: expense.vendorId, label: expense.vendor.name, hint: expense.vendor.gstNumber ?? undefined });
  }
  // A note adjusts a bill of the same vendor.
  const bills = (expenses.data ?? []).filter(
    (candidate) => candidate.documentType === "bill" && candidate.id !== expense?.id && (candidate.vendorId ?? NONE) === (vendorId ?? NONE),
  );
  const billOptions: SelectOption[] = [
    { value: NONE, label: bills.length === 0 ? "No bills from this vendor" : "Choose the bill" },
    ...bills.map((bill) => ({ value: bill.id, label: billLabel(bill) })),
  ];

  async function submit(values: ExpenseFormOutput, reportInNextOpenPeriod: boolean) {
    const body = buildExpenseBody(values);
    if (reportInNextOpenPeriod) body.reportInNextOpenPeriod = true;
    try {
      if (expense) await update.mutateAsync({ id: expense.id, input: body, ifMatch: revision.etag });
      else await create.mutateAsync(body);
      setPeriodFiled(null);
      toast({ title: expense ? "Expense updated successfully" : "Expense added successfully" });
      onClose();
    } catch (error) {
      if (revision.refusedAsStale(error)) return setPeriodFiled(null);
      const filed = periodFiledOf(error);
      if (filed) {
        // Not a failure yet: the user chooses to report it in the next open period or to change the date.
        setPeriodFiled({ filed, values });
        return;
      }
      setPeriodFiled(null);
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: expense ? "Failed to update expense" : "Failed to add expense",
        description: describeError(error, "An error occurred"),
        variant: "destructive",
      });
    }
  }

  function onSubmit(values: ExpenseFormOutput) {
    // The bill's rate and GST are checked here as the server will check them.
    if (preview?.error) {
      form.setError(preview.error.path, { type: "validate", message: preview.error.message }, { shouldFocus: true });
      return;
    }
    void submit(values, false);
  }

  // A field of the closed section that fails validation opens it, so its message can be seen.
  const detailErrors = errors.vendorInvoiceNumber || errors.vendorInvoiceDate || errors.placeOfSupply || errors.hsnCode;
  const showDetails = detailsOpen || Boolean(detailErrors);
  const rateError = errors.gstRate?.message ?? (preview?.error?.path === "gstRate" ? preview.error.message : undefined);
  const gstError = errors.gstAmount?.message ?? (preview?.error?.path === "gstAmount" ? preview.error.message : undefined);

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={expense ? "Edit Expense" : "Add Expense"}
      description={
        expense
          ? "Update this purchase. GST is worked out again from the amount and rate."
          : "Record a supplier's bill, or a credit or debit note against one, with the GST it shows."
      }
      formId="expense-form"
      pending={pending}
      submitLabel={expense ? "Update Expense" : "Add Expense"}
      pendingLabel={expense ? "Updating..." : "Adding..."}
      className="max-h-[92vh] overflow-y-auto sm:max-w-2xl"
    >
      {revision.stale ? <StaleRecordNotice onReload={() => void revision.reload()} reloading={revision.reloading} /> : null}
      <form id="expense-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="documentType" id="expense-documentType" label="Document Type" options={DOCUMENT_OPTIONS} error={errors.documentType?.message} />
        {documentType !== "bill" ? (
          <SelectField
            control={form.control}
            name="againstExpenseId"
            id="expense-againstExpenseId"
            label="Against Bill"
            required
            placeholder={expenses.isPending ? "Loading bills..." : "Choose the bill"}
            options={billOptions}
            error={errors.againstExpenseId?.message}
            hint={documentType === "credit_note" ? "A credit note reduces the bill's value and its ITC" : "A debit note adds to the bill's value"}
          />
        ) : (
          <div aria-hidden="true" className="hidden sm:block" />
        )}
        <SelectField
          control={form.control}
          name="vendorId"
          id="expense-vendor"
          label="Vendor"
          placeholder={vendors.isPending ? "Loading vendors..." : "No Vendor"}
          options={vendorOptions}
          error={errors.vendorId?.message}
          hint={
            vendors.isSuccess && vendorList.length === 0 ? (
              <Link href="/vendors" className="text-primary underline">
                Add your suppliers on the Vendors page
              </Link>
            ) : undefined
          }
        />
        <SelectField
          control={form.control}
          name="category"
          id="expense-category"
          label="Category"
          required
          placeholder="Select category"
          options={CATEGORY_OPTIONS}
          error={errors.category?.message}
          onChosen={(value) => {
            // A new category brings its own default; an override is the user's to make again.
            const next = ITC_DEFAULTS[value as ExpenseCategory];
            if (next) form.setValue("eligibleForItc", next.eligible);
            form.setValue("itcReason", "");
          }}
        />
        {itcDefault && (
          <div role="group" aria-label="Input tax credit" className="grid gap-3 rounded-xl border p-4 sm:col-span-2">
            <p className={cn("text-sm font-medium", itcDefault.eligible ? "text-emerald-800" : "text-red-800")}>{itcDefaultText(category)}</p>
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="eligibleForItc"
                render={({ field }) => <Switch id="expense-eligibleForItc" checked={field.value !== false} onCheckedChange={field.onChange} />}
              />
              <Label htmlFor="expense-eligibleForItc">Eligible for input tax credit</Label>
            </div>
            {overridden && (
              <TextField
                id="expense-itcReason"
                label="Reason for the override"
                required
                placeholder={itcDefault.eligible ? "Used for personal purposes" : "Vehicle used to transport goods (s.17(5)(a) exception)"}
                error={errors.itcReason?.message}
                {...form.register("itcReason")}
              />
            )}
          </div>
        )}
        <TextField
          id="expense-description"
          label="Description"
          required
          className="sm:col-span-2"
          placeholder="Office electricity bill for June"
          error={errors.description?.message}
          {...form.register("description")}
        />
        <TextField
          id="expense-amount"
          label="Amount (₹)"
          required
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          hint="Taxable value, before GST"
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <TextField id="expense-date" label="Date" required type="date" error={errors.date?.message} {...form.register("date")} />
        <SelectField control={form.control} name="taxability" id="expense-taxability" label="Taxability" options={TAXABILITY_OPTIONS} error={errors.taxability?.message} />
        <SelectField
          control={form.control}
          name="gstRate"
          id="expense-gstRate"
          label="GST Rate"
          options={rateOptions}
          disabled={taxability !== "taxable"}
          error={rateError}
          hint={taxability === "taxable" ? `Rates in force on ${formatIndianDate(billDate)}` : "No GST on this supply"}
        />
        <Controller
          control={form.control}
          name="gstAmount"
          render={({ field }) => {
            const differs = typedGst && preview !== null && preview.computedGstPaise !== toPaiseOrNull(field.value);
            return (
              <div className="grid content-start gap-1.5">
                <TextField
                  id="expense-gstAmount"
                  label="GST on the Bill (₹)"
                  inputMode="decimal"
                  disabled={noGst && !typedGst}
                  value={noGst && !typedGst ? "0.00" : field.value === "" && preview ? formatPaise(preview.computedGstPaise) : field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={gstError}
                  hint="As the bill shows it; worked out from the rate until you type it"
                />
                {differs && (
                  <button type="button" className="justify-self-start text-xs font-medium text-primary underline" onClick={() => field.onChange("")}>
                    Use {formatInr(preview.computedGstPaise)}
                  </button>
                )}
              </div>
            );
          }}
        />
        <div className="grid content-center gap-3">
          <Controller
            control={form.control}
            name="isCapitalGoods"
            render={({ field }) => (
              <CheckboxField id="expense-isCapitalGoods" label="Capital goods" hint="Machinery or equipment used over years" checked={field.value} onChange={field.onChange} />
            )}
          />
        </div>
        <div className="grid gap-3 rounded-xl border p-4 sm:col-span-2">
          <Controller
            control={form.control}
            name="reverseCharge"
            render={({ field }) => (
              <CheckboxField
                id="expense-reverseCharge"
                label="Reverse charge"
                hint="You pay the GST on this supply, not the supplier (s.9(3)/(4))"
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {reverseCharge && (
            <SelectField
              control={form.control}
              name="reverseChargeService"
              id="expense-reverseChargeService"
              label="Notified Supply"
              required
              placeholder="Choose the notified supply"
              options={RCM_SELECT_OPTIONS}
              error={errors.reverseChargeService?.message}
            />
          )}
        </div>

        {preview && <TaxSummary preview={preview} />}

        <div className="rounded-xl border sm:col-span-2">
          <button
            type="button"
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setDetailsOpen(!showDetails)}
            className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium text-foreground outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <span>
              Purchase details for input tax credit
              <span className="block text-xs font-normal text-muted-foreground">The vendor's invoice, as GSTR-2B will show it</span>
            </span>
            <ChevronDown aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", showDetails && "rotate-180")} />
          </button>
          {showDetails && (
            <div id={detailsId} role="group" aria-label="Purchase details for input tax credit" className="grid gap-4 border-t p-4 sm:grid-cols-2">
              <TextField
                id="expense-vendorInvoiceNumber"
                label="Vendor Invoice Number"
                placeholder="GW/2026/0412"
                error={errors.vendorInvoiceNumber?.message}
                {...form.register("vendorInvoiceNumber")}
              />
              <TextField id="expense-vendorInvoiceDate" label="Vendor Invoice Date" type="date" error={errors.vendorInvoiceDate?.message} {...form.register("vendorInvoiceDate")} />
              <SelectField
                control={form.control}
                name="placeOfSupply"
                id="expense-placeOfSupply"
                label="Place of Supply"
                placeholder="Not given"
                options={PLACE_OPTIONS}
                error={errors.placeOfSupply?.message}
                hint="Used when the vendor has no GSTIN"
              />
              <TextField
                id="expense-hsnCode"
                label="HSN/SAC Code"
                inputMode="numeric"
                placeholder="998599"
                hint="4, 6 or 8 digits"
                error={errors.hsnCode?.message}
                {...form.register("hsnCode")}
              />
            </div>
          )}
        </div>
      </form>
      <PeriodFiledDialog
        filed={periodFiled?.filed ?? null}
        pending={pending}
        onConfirm={() => periodFiled && void submit(periodFiled.values, true)}
        onCancel={() => setPeriodFiled(null)}
      />
    </FormDialog>
  );
}

function toPaiseOrNull(value: string): number | null {
  const text = value.trim();
  return isMoneyString(text) ? toPaise(text) : null;
}
