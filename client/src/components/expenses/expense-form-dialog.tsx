import { EXPENSE_CATEGORIES, EXPENSE_GST_RATE, formatInr, placeOfSupplyLabel, STATE_NAMES } from "@bahi/shared/contract";
import type { Expense, Vendor } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "wouter";
import { describeError } from "../../api/errors.ts";
import { useCreateExpense, useUpdateExpense } from "../../api/expenses.ts";
import { useProfile } from "../../api/profile.ts";
import { useVendors } from "../../api/vendors.ts";
import {
  buildExpenseBody,
  expenseFormSchema,
  expenseFormValues,
  expenseTaxPreview,
  hasPurchaseDetails,
  NONE,
  type ExpenseFormOutput,
  type ExpenseFormValues,
  type ExpenseTaxPreview,
} from "../../lib/expense-form.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { cn } from "../../lib/utils.ts";
import { FormDialog } from "../form-dialog.tsx";
import { Label } from "../ui/label.tsx";
import { SelectField, type SelectOption } from "../ui/select-field.tsx";
import { Switch } from "../ui/switch.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const FIELDS = ["vendorId", "category", "description", "amount", "date", "vendorInvoiceNumber", "vendorInvoiceDate", "placeOfSupply", "hsnCode"] as const;
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

function TaxSummary({ preview }: { preview: ExpenseTaxPreview }) {
  const half = EXPENSE_GST_RATE / 2;
  return (
    <section aria-label="Expense summary" className="grid gap-2 rounded-xl border bg-muted/40 p-4 sm:col-span-2">
      <dl className="grid gap-2">
        <SummaryLine label="Base Amount" value={formatInr(preview.basePaise)} />
        {preview.taxKind === "inter" ? (
          <SummaryLine label={`IGST (${EXPENSE_GST_RATE}%)`} value={formatInr(preview.igstPaise)} />
        ) : (
          <>
            <SummaryLine label={`CGST (${half}%)`} value={formatInr(preview.cgstPaise)} />
            <SummaryLine label={`${preview.stateTaxLabel} (${half}%)`} value={formatInr(preview.sgstPaise)} />
          </>
        )}
        <SummaryLine label={`GST (${EXPENSE_GST_RATE}%)`} value={formatInr(preview.gstPaise)} />
        <SummaryLine label="Total" value={formatInr(preview.totalPaise)} strong />
      </dl>
      <p className="text-xs text-muted-foreground">{splitReason(preview)}</p>
    </section>
  );
}

interface ExpenseFormDialogProps {
  /** The expense being edited, or null to add a new one. */
  expense: Expense | null;
  onClose: () => void;
}

/**
 * 'Add Expense' / edit: GST at 18% of the amount, split the way the server splits it, with the
 * purchase details input tax credit needs tucked into a section of their own. Mount it with a
 * `key` per target.
 */
export function ExpenseFormDialog({ expense, onClose }: ExpenseFormDialogProps) {
  const vendors = useVendors();
  const profile = useProfile();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const pending = create.isPending || update.isPending;
  const [today] = useState(() => new Date());
  const [detailsOpen, setDetailsOpen] = useState(() => hasPurchaseDetails(expense));
  const detailsId = useId();
  const form = useForm<ExpenseFormValues, unknown, ExpenseFormOutput>({
    resolver: zodResolver(expenseFormSchema),
    defaultValues: expenseFormValues(expense, today),
  });
  const { errors } = form.formState;

  const vendorList: readonly Vendor[] = vendors.data ?? [];
  const [vendorId, amount, placeOfSupply] = useWatch({ control: form.control, name: ["vendorId", "amount", "placeOfSupply"] });
  const chosenVendor = vendorList.find((vendor) => vendor.id === vendorId);
  // A vendor deleted since keeps its name (and GSTIN) on the expense it was recorded with.
  const vendorGstin = chosenVendor ? chosenVendor.gstNumber : vendorId === expense?.vendorId ? expense?.vendor?.gstNumber : null;
  const preview = expenseTaxPreview({ amount, vendorGstin, placeOfSupply, businessState: profile.data?.stateCode });

  const vendorOptions: SelectOption[] = [
    { value: NONE, label: "No Vendor" },
    ...vendorList.map((vendor) => ({ value: vendor.id, label: vendor.name, hint: vendor.gstNumber ?? undefined })),
  ];
  if (expense?.vendorId && expense.vendor && !vendorList.some((vendor) => vendor.id === expense.vendorId)) {
    vendorOptions.push({ value: expense.vendorId, label: expense.vendor.name, hint: expense.vendor.gstNumber ?? undefined });
  }

  async function onSubmit(values: ExpenseFormOutput) {
    const body = buildExpenseBody(values, preview?.gstPaise ?? 0);
    try {
      if (expense) await update.mutateAsync({ id: expense.id, input: body });
      else await create.mutateAsync(body);
      toast({ title: expense ? "Expense updated successfully" : "Expense added successfully" });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: expense ? "Failed to update expense" : "Failed to add expense",
        description: describeError(error, "An error occurred"),
        variant: "destructive",
      });
    }
  }

  // A field of the closed section that fails validation opens it, so its message can be seen.
  const detailErrors = errors.vendorInvoiceNumber || errors.vendorInvoiceDate || errors.placeOfSupply || errors.hsnCode;
  const showDetails = detailsOpen || Boolean(detailErrors);

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={expense ? "Edit Expense" : "Add Expense"}
      description={expense ? "Update this expense. GST is worked out again from the amount." : "Record a business expense: GST at 18% is worked out from the amount."}
      formId="expense-form"
      pending={pending}
      submitLabel={expense ? "Update Expense" : "Add Expense"}
      pendingLabel={expense ? "Updating..." : "Adding..."}
      className="sm:max-w-2xl"
    >
      <form id="expense-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
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
        <SelectField control={form.control} name="category" id="expense-category" label="Category" required placeholder="Select category" options={CATEGORY_OPTIONS} error={errors.category?.message} />
        <TextField id="expense-description" label="Description" required className="sm:col-span-2" placeholder="Office electricity bill for June" error={errors.description?.message} {...form.register("description")} />
        <TextField
          id="expense-amount"
          label="Amount (₹)"
          required
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          hint="Before GST"
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <TextField id="expense-date" label="Date" required type="date" error={errors.date?.message} {...form.register("date")} />

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
              <TextField id="expense-vendorInvoiceNumber" label="Vendor Invoice Number" placeholder="GW/2026/0412" error={errors.vendorInvoiceNumber?.message} {...form.register("vendorInvoiceNumber")} />
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
              <TextField id="expense-hsnCode" label="HSN/SAC Code" inputMode="numeric" placeholder="998599" hint="4, 6 or 8 digits" error={errors.hsnCode?.message} {...form.register("hsnCode")} />
              <div className="flex items-center gap-3 sm:col-span-2">
                <Controller
                  control={form.control}
                  name="eligibleForItc"
                  render={({ field }) => <Switch id="expense-eligibleForItc" checked={field.value !== false} onCheckedChange={field.onChange} />}
                />
                <Label htmlFor="expense-eligibleForItc">Eligible for input tax credit</Label>
              </div>
            </div>
          )}
        </div>
      </form>
    </FormDialog>
  );
}
