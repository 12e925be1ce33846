import { customerPlaceOfSupply, formatInr, isMeasurableUnit, uqcLabel, salesDocumentTypeFor, STATE_OPTIONS, supplierRegistrationOf } from "@bahi/shared/contract";
import type { Customer, Invoice, Product, Supply } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleExclamationPoint, Plus, Trash } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Controller, useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { Link } from "wouter";
import { useCustomers } from "../../api/customers.ts";
import { describeError } from "../../api/errors.ts";
import { HttpError } from "../../api/http.ts";
import { useCreateInvoice, useNextInvoiceNumber, useReviseInvoice } from "../../api/invoices.ts";
import { sameFormValues, useRecordRevision } from "../../api/record-revision.ts";
import { invoiceFormValuesOf } from "../../lib/invoice-edit.ts";
import { useProducts } from "../../api/products.ts";
import { useProfile } from "../../api/profile.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { applyStockErrors } from "../../lib/stock-errors.ts";
import { stockText } from "../../lib/quantity.ts";
import { periodFiledOf, type PeriodFiled } from "../../lib/period-filed.ts";
import { PeriodFiledDialog } from "../period-filed-dialog.tsx";
import { CreditLimitDialog, creditLimitExceededOf, CustomerBalanceHint, type CreditLimitExceeded } from "./credit-limit.tsx";
import { FreeLimitDialog } from "./free-limit-dialog.tsx";
import { gstRateOptions, normalisePercent } from "../../lib/gst-rate-options.ts";
import {
  buildInvoiceBody,
  draftTotals,
  productCess,
  type TotalsOptions,
  emptyInvoiceRow,
  invoiceDateOrToday,
  invoiceFormSchema,
  readQuantity,
  todayInIndia,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from "../../lib/invoice-form.ts";
import { cn } from "../../lib/utils.ts";
import { FormDialog } from "../form-dialog.tsx";
import { StaleRecordNotice } from "../stale-record-notice.tsx";
import { initialSupplyOptions, supplyChoices, SupplyOptions } from "./supply-options.tsx";
import { SetupLink } from "../setup/setup-reminder.tsx";
import { InvoiceScanField } from "../barcode/invoice-scan-field.tsx";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

/** Every state and UT a sale can be placed in, 01–38, then 97 and exports (96). */
const PLACE_OF_SUPPLY_OPTIONS = STATE_OPTIONS.map((state) => ({ value: state.code, label: state.label }));

const TOP_FIELDS = ["customerId", "invoiceNumber", "issueDate", "dueDate", "placeOfSupply", "notes"] as const;
const ITEM_FIELDS = ["productId", "quantity", "price", "gstRate", "discount", "discountType"] as const;

function Notice({ children, tone = "amber" }: { children: ReactNode; tone?: "amber" | "red" }) {
  return (
    <div
      role="note"
      className={cn("flex gap-2 rounded-lg border px-3 py-2.5 text-sm", tone === "amber" ? "border-amber-200 bg-amber-50 text-amber-900" : "border-red-200 bg-red-50 text-red-900")}
    >
      <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

function TotalLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 text-base font-semibold text-foreground" : "flex justify-between text-sm text-muted-foreground"}>
      <dt>{label}</dt>
      <dd className="tabular-nums" aria-label={label}>
        {value}
      </dd>
    </div>
  );
}

/** One control of an item row; on small screens, where the column headings are hidden, it carries its own. */
function RowCell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid min-w-0 gap-1", className)}>
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground sm:hidden">
        {label}
      </span>
      {children}
    </div>
  );
}

interface ItemRowProps {
  index: number;
  form: ReturnType<typeof useForm<InvoiceFormValues, unknown, InvoiceFormOutput>>;
  products: readonly Product[];
  /** The invoice date ("YYYY-MM-DD"): it decides the GST rates on offer. */
  issueDate: string;
  /** The line total, or null while the row cannot be computed. */
  amount: string | null;
  canRemove: boolean;
  onRemove: () => void;
}

function ItemRow({ index, form, products, issueDate, amount, canRemove, onRemove }: ItemRowProps) {
  const n = index + 1;
  const row = useWatch({ control: form.control, name: `items.${index}` });
  const itemErrors = form.formState.errors.items?.[index];
  const messages = ITEM_FIELDS.map((field) => itemErrors?.[field]?.message).filter((message): message is string => Boolean(message));
  const errorId = `item-${n}-error`;
  /** The row's error line describes whichever of its controls is invalid. */
  const invalid = (field: (typeof ITEM_FIELDS)[number]) => (itemErrors?.[field] ? ({ "aria-invalid": true, "aria-describedby": errorId } as const) : {});
  // Inactive products are not offered, but a row keeps the one it already has.
  const offered = products.filter((product) => product.isActive || product.id === row?.productId);
  const rateOptions = gstRateOptions(issueDate, normalisePercent(row?.gstRate) || undefined);
  // Issue 9: a measured unit (KGS, LTR…) takes 2.5; a counted one (NOS, PCS…) whole numbers.
  const unit = products.find((product) => product.id === row?.productId)?.unit;

  function chooseProduct(productId: string) {
    const product = products.find((candidate) => candidate.id === productId);
    if (!product) return;
    form.setValue(`items.${index}.price`, product.price, { shouldValidate: form.formState.isSubmitted });
    // SPEC §2: the GST rate comes from the product, 18 when it has none.
    form.setValue(`items.${index}.gstRate`, normalisePercent(product.gstRate) || "18", { shouldValidate: form.formState.isSubmitted });
  }

  return (
    <li className="grid gap-2 rounded-lg border bg-muted/20 p-3 sm:border-0 sm:bg-transparent sm:p-0">
      <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[minmax(0,1fr)_4.5rem_7rem_5.5rem_8.5rem_7.5rem_2.25rem] sm:items-center">
        <RowCell label="Product" className="col-span-2 sm:col-span-1">
          <Controller
            control={form.control}
            name={`items.${index}.productId`}
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  chooseProduct(value);
                }}
              >
                <SelectTrigger aria-label={`Product ${n}`} {...invalid("productId")} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Select product" />
                </SelectTrigger>
                <SelectContent>
                  {offered.map((product) => (
                    <SelectItem key={product.id} value={product.id} hint={`${stockText(product.stock, product.unit)} in stock`}>
                      {product.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </RowCell>
        <RowCell label="Qty">
          <Input
            aria-label={`Qty ${n}`}
            type="number"
            min={0}
            step={unit && !isMeasurableUnit(unit) ? 1 : "any"}
            inputMode={unit && !isMeasurableUnit(unit) ? "numeric" : "decimal"}
            title={unit ? `Quantity in ${uqcLabel(unit)}` : undefined}
            {...invalid("quantity")}
            {...form.register(`items.${index}.quantity`, { setValueAs: readQuantity })}
          />
        </RowCell>
        <RowCell label="Price">
          <Input
            aria-label={`Price ${n}`}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0.00"
            {...invalid("price")}
            {...form.register(`items.${index}.price`)}
          />
        </RowCell>
        <RowCell label="GST (%)">
          <Controller
            control={form.control}
            name={`items.${index}.gstRate`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger aria-label={`GST (%) ${n}`} {...invalid("gstRate")} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="GST" />
                </SelectTrigger>
                <SelectContent>
                  {rateOptions.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </RowCell>
        <RowCell label="Discount">
          <div className="flex">
            <Input
              aria-label={`Discount ${n}`}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="0"
              className="rounded-r-none"
              {...invalid("discount")}
              {...form.register(`items.${index}.discount`)}
            />
            <Controller
              control={form.control}
              name={`items.${index}.discountType`}
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger aria-label={`Discount type ${n}`} ref={field.ref} onBlur={field.onBlur} className="w-14 shrink-0 rounded-l-none border-l-0 px-2">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="percentage">%</SelectItem>
                    <SelectItem value="amount">₹</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </div>
        </RowCell>
        <RowCell label="Amount" className="sm:text-right">
          {/* An incomplete row shows ₹0.00, muted, until it can be computed. */}
          <output
            aria-label={`Amount ${n}`}
            className={cn("flex h-10 items-center text-sm font-semibold tabular-nums sm:justify-end", amount === null && "text-muted-foreground/70")}
          >
            {amount ?? formatInr(0)}
          </output>
        </RowCell>
        {canRemove ? (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove item ${n}`} onClick={onRemove} className="justify-self-end hover:bg-red-50 hover:text-destructive">
            <Trash />
          </Button>
        ) : (
          <span aria-hidden="true" className="hidden sm:block" />
        )}
      </div>
      {messages.length > 0 && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {messages.join(". ")}
        </p>
      )}
    </li>
  );
}

/**
 * 'Create New Invoice' (SPEC §2, issue 9): customer, the number the series will give (or a typed
 * one), invoice and due dates, item rows that take price and GST rate from the product, the
 * place of supply from the customer's state, and live totals from the shared GST module, the
 * same figures the server recomputes and checks.
 */
/** Issue 10: on the Free plan with the month's invoices used, "Create Invoice" opens on the upgrade message, not the form. */
export function InvoiceFormDialog(props: { onClose: () => void; /** Issue 9: edit this invoice (its number stays). */ invoice?: Invoice }) {
  const profile = useProfile();
  // Decided once, as the dialog opens: the invoice that uses the last free one must not turn its own form into this message.
  const [atLimit, setAtLimit] = useState<number | false | null>(null);
  const limit = profile.data?.invoiceLimit;
  if (atLimit === null && profile.data) setAtLimit(!props.invoice && limit != null && profile.data.invoicesUsed >= limit ? limit : false);
  if (atLimit) return <FreeLimitDialog limit={atLimit} onClose={props.onClose} />;
  return <InvoiceFormBody {...props} />;
}

function InvoiceFormBody({ onClose, invoice }: { onClose: () => void; invoice?: Invoice }) {
  const customers = useCustomers();
  const products = useProducts();
  const profile = useProfile();
  const createInvoice = useCreateInvoice();
  const revise = useReviseInvoice();
  const create = invoice ? revise : createInvoice;
  const [periodFiled, setPeriodFiled] = useState<{ filed: PeriodFiled; values: InvoiceFormOutput } | null>(null);
  // Issue 10: an invoice over the customer's credit limit waits for the owner's confirmation.
  const [overLimit, setOverLimit] = useState<{ exceeded: CreditLimitExceeded; values: InvoiceFormOutput; reportInNextOpenPeriod: boolean } | null>(null);
  const schema = useMemo(() => invoiceFormSchema(), []);
  const form = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<InvoiceFormValues, unknown, InvoiceFormOutput>,
    defaultValues: invoice
      ? invoiceFormValuesOf(invoice)
      : {
          customerId: "",
          // Empty: the server gives the series' next number, which the field shows as its placeholder.
          invoiceNumber: "",
          issueDate: todayInIndia(),
          dueDate: "",
          placeOfSupply: "",
          notes: "",
          items: [emptyInvoiceRow()],
        },
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const { errors, isDirty } = form.formState;

  const businessState = profile.data?.stateCode ?? null;
  const customerList: readonly Customer[] = customers.data ?? [];
  const productList: readonly Product[] = products.data ?? [];
  const rows = useWatch({ control: form.control, name: "items" });
  const chosenPlace = useWatch({ control: form.control, name: "placeOfSupply" });
  const customerId = useWatch({ control: form.control, name: "customerId" });
  const typedNumber = useWatch({ control: form.control, name: "invoiceNumber" });
  // The invoice date picks the GST rates on offer and the series (its financial year).
  const issueDate = invoiceDateOrToday(useWatch({ control: form.control, name: "issueDate" }));
  // Issue 9: a composition or unregistered business, or only exempt/nil/non-GST items, makes a bill of supply (Rule 49).
  const registration = supplierRegistrationOf(profile.data?.gstCategory);
  const documentType = salesDocumentTypeFor(
    registration,
    (rows ?? []).flatMap((row) => (row?.productId ? [productList.find((p) => p.id === row.productId)?.taxability ?? "taxable"] : [])),
  );
  const nextNumber = useNextInvoiceNumber(invoice ? null : issueDate, documentType);
  const customer = customerList.find((candidate) => candidate.id === customerId) ?? null;
  // s.16 IGST Act: a supply to an SEZ unit or developer is inter-state whatever the states.
  const toSez = customer?.isSez === true;
  const placeOfSupply = chosenPlace || businessState;
  // Issue 9: reverse charge and LUT charge no tax; the shipping bill rides along (supply-options.tsx).
  const [supplyOptions, setSupplyOptions] = useState(() => initialSupplyOptions(invoice));
  // Issue 12: the save names the revision opened here; a 412 says the invoice changed meanwhile.
  const revision = useRecordRevision<Invoice>(invoice ? `/api/invoices/${encodeURIComponent(invoice.id)}` : null, {
    onOpened: (fresh) => {
      if (isDirty || !invoice) return;
      const values = invoiceFormValuesOf(fresh);
      if (!sameFormValues(values, invoiceFormValuesOf(invoice))) form.reset(values);
      setSupplyOptions(initialSupplyOptions(fresh));
    },
    onReload: (fresh) => {
      form.reset(invoiceFormValuesOf(fresh));
      setSupplyOptions(initialSupplyOptions(fresh));
    },
  });
  const supplyContext = { customer, placeOfSupply, profile: profile.data, issueDate };
  const choices = supplyChoices(supplyOptions, supplyContext);
  const supply: Supply | null = businessState && placeOfSupply ? { supplierState: businessState, placeOfSupply, ...(toSez ? { toSez } : {}) } : null;
  // Without the business's state the split cannot be known; the GST total is shown as if local.
  // Issue 9: the server rounds the total when the profile says so (on by default) and adds each product's cess.
  const totalsOptions: TotalsOptions = {
    roundOff: profile.data?.roundOff ?? true,
    chargesTax: documentType === "taxInvoice" && choices.chargesTax,
    cessOf: (productId) => {
      const product = productList.find((candidate) => candidate.id === productId);
      return product ? productCess(product) : undefined;
    },
  };
  const draft = draftTotals(rows, supply ?? { supplierState: placeOfSupply ?? "27", placeOfSupply: placeOfSupply ?? "27" }, totalsOptions);
  const { totals } = draft;
  const limitReached = !invoice && profile.data?.invoiceLimit != null && profile.data.invoicesUsed >= profile.data.invoiceLimit;

  function chooseCustomer(chosenId: string) {
    const chosen = customerList.find((candidate) => candidate.id === chosenId);
    if (!chosen) return;
    // Issue 9: where goods are delivered (the customer's delivery state, else its own state),
    // else for a customer saved before states were asked and without a GSTIN, the business's own.
    const place = customerPlaceOfSupply(chosen, true) ?? businessState ?? "";
    form.setValue("placeOfSupply", place, { shouldValidate: form.formState.isSubmitted });
  }

  async function submit(values: InvoiceFormOutput, reportInNextOpenPeriod: boolean, overCreditLimit = false) {
    if (!businessState) return;
    const place = values.placeOfSupply ?? businessState;
    const chosen = customerList.find((candidate) => candidate.id === values.customerId);
    try {
      const body = {
        ...buildInvoiceBody(values, { supplierState: businessState, placeOfSupply: place, ...(chosen?.isSez ? { toSez: true } : {}) }, new Date(), totalsOptions),
        ...choices.body,
      };
      const sent = { ...(reportInNextOpenPeriod ? { ...body, reportInNextOpenPeriod } : body), ...(overCreditLimit ? { overCreditLimit } : {}) };
      if (invoice) await revise.mutateAsync({ id: invoice.id, body: sent, ifMatch: revision.etag });
      else await createInvoice.mutateAsync(sent);
      setPeriodFiled(null);
      setOverLimit(null);
      toast({ title: invoice ? "Invoice updated successfully" : "Invoice created successfully" });
      onClose();
    } catch (error) {
      if (revision.refusedAsStale(error)) {
        setPeriodFiled(null);
        setOverLimit(null);
        return;
      }
      const filed = periodFiledOf(error);
      if (filed) {
        // Not a failure yet: the user chooses to report it later or to change the date.
        setPeriodFiled({ filed, values });
        return;
      }
      setPeriodFiled(null);
      const exceeded = creditLimitExceededOf(error);
      if (exceeded) {
        setOverLimit({ exceeded, values, reportInNextOpenPeriod });
        return;
      }
      setOverLimit(null);
      const fields = [...TOP_FIELDS, ...values.items.flatMap((_, index) => ITEM_FIELDS.map((field) => `items.${index}.${field}` as FieldPath<InvoiceFormValues>))];
      // Issue 9: "Only 3 in stock for …" (409) lands next to the item's quantity too.
      const placed = applyServerFieldErrors(error, form.setError, fields) + applyStockErrors(error, form.setError, fields);
      if (placed === 0 && error instanceof HttpError && error.status === 409 && /invoice number/i.test(error.errorBody?.message ?? "")) {
        form.setError("invoiceNumber", { type: "server", message: error.errorBody?.message ?? "Invoice number already exists" }, { shouldFocus: true });
      }
      toast({ title: invoice ? "Failed to update invoice" : "Failed to create invoice", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  const customerOptions = customerList.map((entry) => ({ value: entry.id, label: entry.name, hint: entry.gstNumber ?? undefined }));
  // Issue 10: an edited invoice's customer stays choosable after being archived (the picker lists live customers only).
  if (invoice && !customerList.some((entry) => entry.id === invoice.customerId))
    customerOptions.push({ value: invoice.customerId, label: invoice.customer.name, hint: invoice.customer.gstNumber ?? undefined });
  const inter = supply !== null && totals.taxKind === "inter";
  const numberHint = typedNumber?.trim() ? "A typed number is used as it is" : "Leave empty to take the next number";

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={invoice ? `Edit Invoice ${invoice.invoiceNumber}` : "Create New Invoice"}
      description={
        invoice ? "Correct this unpaid invoice: its number stays and the tax is worked out again." : "Bill a customer: GST is worked out per line from the place of supply."
      }
      formId="invoice-form"
      pending={create.isPending}
      submitLabel={invoice ? "Save Changes" : "Create Invoice"}
      pendingLabel={invoice ? "Saving..." : "Creating..."}
      submitDisabled={!businessState}
      className="sm:max-w-5xl"
    >
      {revision.stale ? <StaleRecordNotice onReload={() => void revision.reload()} reloading={revision.reloading} /> : null}
      <form id="invoice-form" noValidate onSubmit={form.handleSubmit((values) => submit(values, false))} className="grid gap-5">
        {profile.isError && (
          <Notice tone="red">
            Your business profile could not be loaded, so the tax on this invoice cannot be worked out.{" "}
            <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void profile.refetch()}>
              Try again
            </button>
          </Notice>
        )}
        {profile.isSuccess && !businessState && (
          <Notice>
            Add your business details before creating invoices: GST depends on whether a sale is within your state.{" "}
            <Link href="/settings" className="font-semibold underline underline-offset-2">
              Go to Settings
            </Link>{" "}
            or{" "}
            <Link href="/setup" className="font-semibold underline underline-offset-2">
              set up step by step
            </Link>
          </Notice>
        )}
        {profile.isSuccess && businessState && <SetupLink />}
        {limitReached && (
          <Notice tone="red">
            You have used all {profile.data?.invoiceLimit} free invoices this month.{" "}
            <Link href="/settings" className="font-semibold underline underline-offset-2">
              Upgrade to Professional
            </Link>{" "}
            for unlimited invoices.
          </Notice>
        )}

        {/* On a phone the two dates share a row; the customer and number take one each. */}
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1.1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)]">
          <SelectField
            className="col-span-2 sm:col-span-1"
            control={form.control}
            name="customerId"
            id="invoice-customer"
            label="Customer"
            required
            placeholder={customers.isPending ? "Loading customers..." : "Select customer"}
            options={customerOptions}
            error={errors.customerId?.message}
            onChosen={chooseCustomer}
            hint={
              customers.isSuccess && customerList.length === 0 ? (
                <Link href="/customers?add=1" className="text-primary underline">
                  Add a customer first
                </Link>
              ) : (
                <CustomerBalanceHint customerId={customerId} />
              )
            }
          />
          <TextField
            id="invoice-number"
            className="col-span-2 sm:col-span-1"
            label="Invoice Number"
            autoCapitalize="characters"
            placeholder={nextNumber.data ? `${nextNumber.data.number} (next)` : nextNumber.isPending ? "Next in your series" : "Leave empty for the next number"}
            hint={invoice ? "The number stays when an invoice is corrected" : numberHint}
            readOnly={invoice !== undefined}
            error={errors.invoiceNumber?.message}
            {...form.register("invoiceNumber")}
          />
          <TextField id="invoice-issueDate" label="Invoice Date" type="date" required error={errors.issueDate?.message} {...form.register("issueDate")} />
          <TextField id="invoice-dueDate" label="Due Date" type="date" min={issueDate} error={errors.dueDate?.message} {...form.register("dueDate")} />
        </div>

        <section aria-label="Items" className="grid gap-3">
          <div className="flex items-center justify-between">
            <Label asChild>
              <h3>Items</h3>
            </Label>
            {products.isSuccess && productList.length === 0 && (
              <Link href="/inventory?add=1" className="text-sm text-primary underline">
                Add a product first
              </Link>
            )}
          </div>
          <InvoiceScanField products={productList} form={form} items={items} />
          <div
            aria-hidden="true"
            className="hidden gap-2 px-0.5 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid sm:grid-cols-[minmax(0,1fr)_4.5rem_7rem_5.5rem_8.5rem_7.5rem_2.25rem]"
          >
            <span>Product</span>
            <span>Qty</span>
            <span>Price</span>
            <span>GST (%)</span>
            <span>Discount</span>
            <span className="text-right">Amount</span>
            <span />
          </div>
          <ul className="grid gap-3">
            {items.fields.map((field, index) => {
              const line = draft.lines[index];
              return (
                <ItemRow
                  key={field.id}
                  index={index}
                  form={form}
                  products={productList}
                  issueDate={issueDate}
                  amount={line ? formatInr(line.amountPaise) : null}
                  canRemove={items.fields.length > 1}
                  onRemove={() => items.remove(index)}
                />
              );
            })}
          </ul>
          {errors.items?.root?.message || errors.items?.message ? (
            <p className="text-sm font-medium text-destructive">{errors.items?.root?.message ?? errors.items?.message}</p>
          ) : null}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => items.append(emptyInvoiceRow())}>
              <Plus aria-hidden="true" />
              Add Item
            </Button>
          </div>
        </section>

        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid content-start gap-4">
            <SelectField
              control={form.control}
              name="placeOfSupply"
              id="invoice-placeOfSupply"
              label="Place of Supply"
              placeholder="Chosen from the customer"
              options={PLACE_OF_SUPPLY_OPTIONS}
              error={errors.placeOfSupply?.message}
              hint={
                supply && documentType === "billOfSupply"
                  ? "A bill of supply: no GST is charged"
                  : supply
                    ? toSez
                      ? "Supply to an SEZ: IGST applies (s.16 IGST Act)"
                      : inter
                        ? "Inter-state supply: IGST applies"
                        : `Intra-state supply: CGST + ${totals.stateTaxLabel} apply`
                    : "The customer's state, else your own state"
              }
            />
            <SupplyOptions value={supplyOptions} onChange={setSupplyOptions} context={supplyContext} />
            <TextareaField id="invoice-notes" label="Notes" rows={3} placeholder="Additional notes or terms..." error={errors.notes?.message} {...form.register("notes")} />
            {documentType === "billOfSupply" && (
              <p role="note" className="text-sm text-muted-foreground">
                {registration === "Composition"
                  ? "This is a bill of supply: as a composition business you do not charge GST to your customer. It will say so on the bill."
                  : registration === "Unregistered"
                    ? "Your business is not registered for GST, so this bill charges no GST."
                    : "Every item is nil rated, exempt or outside GST, so this is a bill of supply with no GST."}
              </p>
            )}
          </div>
          <dl aria-label="Invoice totals" className="grid content-start gap-2 self-start rounded-xl border bg-muted/40 p-4">
            {totals.discountPaise > 0 && <TotalLine label="Discount" value={`−${formatInr(totals.discountPaise)}`} />}
            <TotalLine label="Subtotal" value={formatInr(totals.subtotalPaise)} />
            {supply &&
              documentType === "taxInvoice" &&
              (inter ? (
                <TotalLine label="IGST" value={formatInr(totals.igstPaise)} />
              ) : (
                <>
                  <TotalLine label="CGST" value={formatInr(totals.cgstPaise)} />
                  <TotalLine label={totals.stateTaxLabel} value={formatInr(totals.sgstPaise)} />
                </>
              ))}
            {totals.cessPaise > 0 && <TotalLine label="Cess" value={formatInr(totals.cessPaise)} />}
            {documentType === "taxInvoice" && <TotalLine label="GST" value={formatInr(totals.gstAmountPaise)} />}
            {totals.roundOffPaise !== 0 && (
              <TotalLine label="Round off" value={totals.roundOffPaise < 0 ? `−${formatInr(-totals.roundOffPaise)}` : `+${formatInr(totals.roundOffPaise)}`} />
            )}
            <TotalLine label="Total" value={formatInr(totals.totalPaise)} strong />
          </dl>
        </div>
      </form>
      <PeriodFiledDialog
        filed={periodFiled?.filed ?? null}
        pending={create.isPending}
        onConfirm={() => periodFiled && void submit(periodFiled.values, true)}
        onCancel={() => setPeriodFiled(null)}
      />
      <CreditLimitDialog
        exceeded={overLimit?.exceeded ?? null}
        pending={create.isPending}
        onConfirm={() => overLimit && void submit(overLimit.values, overLimit.reportInNextOpenPeriod, true)}
        onCancel={() => setOverLimit(null)}
      />
    </FormDialog>
  );
}
